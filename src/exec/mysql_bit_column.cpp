#include "exec/mysql_bit_column.hpp"

#include <algorithm>
#include <cstdint>

namespace eriq {

namespace {

bool all_digits(std::string_view payload) {
    return !payload.empty() &&
           std::all_of(payload.begin(), payload.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::uint64_t big_endian_value(std::string_view payload) {
    std::uint64_t v = 0;
    for (char c : payload) v = (v << 8) | static_cast<unsigned char>(c);
    return v;
}

}  // namespace

void BitColumnWire::observe(std::string_view payload) {
    if (!all_digits(payload)) {
        saw_bytes_ = true;  // decimal text is never anything but digits
        return;
    }
    const bool wrong_length = payload.size() != (bits_ + 7) / 8;
    const bool too_large = bits_ > 0 && bits_ < 64 && big_endian_value(payload) >> bits_ != 0;
    if (wrong_length || too_large) saw_text_ = true;
}

bool BitColumnWire::decimal_text() const {
    if (saw_bytes_) return false;
    if (saw_text_) return true;
    return binary_flag_;
}

std::string BitColumnWire::value_text(std::string_view payload) const {
    if (decimal_text() && all_digits(payload)) {
        const std::size_t first = payload.find_first_not_of('0');
        return first == std::string_view::npos ? "0" : std::string(payload.substr(first));
    }
    return std::to_string(big_endian_value(payload));
}

}  // namespace eriq
