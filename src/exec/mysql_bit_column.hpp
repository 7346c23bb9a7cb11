#pragma once
// Decoding one BIT-typed column of a MariaDB/MySQL text-protocol result. A BIT column of a
// table (also a temporary or UNION result table) sends its value as big-endian bytes, exactly
// (M+7)/8 of them; an expression typed BIT(M) (IF, IFNULL, COALESCE, CASE, GREATEST over a BIT
// column in MariaDB 10.11) sends the same value as decimal text. The field metadata does not
// say which: expressions carry BINARY_FLAG, but so does a UNION column that sends bytes. The
// column's payloads decide where one of them can only be one format; only when every payload
// could be both (one digit for BIT(8), e.g. "7" = 0x37) does BINARY_FLAG break the tie.
#include <string>
#include <string_view>

namespace eriq {

class BitColumnWire {
  public:
    BitColumnWire(unsigned long bits, bool binary_flag) : bits_(bits), binary_flag_(binary_flag) {}

    // Feeds one non-NULL payload of the column as evidence.
    void observe(std::string_view payload);
    // True when the column's payloads are read as decimal text.
    bool decimal_text() const;
    // The number a payload holds, as decimal text.
    std::string value_text(std::string_view payload) const;

  private:
    unsigned long bits_;
    bool binary_flag_;
    bool saw_bytes_ = false;
    bool saw_text_ = false;
};

}  // namespace eriq
