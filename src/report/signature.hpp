#pragma once
// Pieces of the finding signature (see finding_signature in report_writer.hpp).
#include <cstdint>
#include <string>
#include <string_view>

namespace eriq {

// The SQL with string and number literals replaced by ?, generated names
// (t3, c12, vc_0, q1, s2) reduced to their prefix (t, c, vc_, q, s) and runs of
// whitespace collapsed to one space, so repeats of one bug look alike.
std::string sql_shape(std::string_view sql);

// FNV-1a 64-bit hash as 16 lowercase hex digits.
std::string fnv1a64_hex(std::string_view data);

}  // namespace eriq
