#pragma once
// Reading libpq's text results into eriq's values: each column's type OID picks the value's
// kind (booleans as 1/0, bytea decoded from hex).
#include <libpq-fe.h>

#include "exec/result_fingerprint.hpp"
#include "model/result_set.hpp"

namespace eriq {

// Replaces `out`'s columns and rows with the tuples of `result`.
void read_tuples(const PGresult* result, ResultSet& out);
// Hashes each value as it arrives; a value's text stands for it (bytea stays hex, a
// boolean t/f), which is all a fingerprint needs: equal values, equal text.
void fingerprint_tuples(const PGresult* result, FingerprintBuilder& builder);

}  // namespace eriq
