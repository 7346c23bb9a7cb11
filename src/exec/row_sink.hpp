#pragma once
// Where a backend puts the rows of the first statement with result columns: built as
// rows, or only fingerprinted from the driver's values, or (both null) dropped.
#include "exec/result_fingerprint.hpp"
#include "model/result_set.hpp"

namespace eriq {

struct RowSink {
    ResultSet* rows = nullptr;
    FingerprintBuilder* fingerprint = nullptr;
    bool wanted() const { return rows != nullptr || fingerprint != nullptr; }
};

}  // namespace eriq
