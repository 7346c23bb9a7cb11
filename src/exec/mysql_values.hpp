#pragma once
// Reading libmariadb's text-protocol results into eriq's values: each field's type picks the
// value's kind (BIT read as the number it holds, binary strings as bytes, JSON by format).
#include <mysql.h>

#include "exec/result_fingerprint.hpp"
#include "model/result_set.hpp"

namespace eriq {

// Replaces `out`'s columns and appends its rows from a stored result.
void read_result(MYSQL_RES* result, ResultSet& out);
// Hashes each value as read_result() would build it, straight from the row buffers. Both
// need a stored result (mysql_store_result): a BIT column is read twice (mysql_bit_column.hpp).
void fingerprint_result(MYSQL_RES* result, FingerprintBuilder& builder);

}  // namespace eriq
