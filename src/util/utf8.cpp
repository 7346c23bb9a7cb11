#include "util/utf8.hpp"

namespace eriq {

namespace {

bool is_continuation(unsigned char c) {
    return (c & 0xC0) == 0x80;
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view s, std::size_t pos) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[pos + i]); };
    const unsigned char lead = byte(0);
    if (lead < 0x80) return 1;

    std::size_t length = 0;
    // Bounds of the second byte exclude overlong forms, surrogates and > U+10FFFF.
    unsigned char second_min = 0x80;
    unsigned char second_max = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) second_min = 0xA0;
        if (lead == 0xED) second_max = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) second_min = 0x90;
        if (lead == 0xF4) second_max = 0x8F;
    } else {
        return 0;
    }
    if (pos + length > s.size()) return 0;
    if (byte(1) < second_min || byte(1) > second_max) return 0;
    for (std::size_t i = 2; i < length; ++i) {
        if (!is_continuation(byte(i))) return 0;
    }
    return length;
}

bool is_valid_utf8(std::string_view s) {
    std::size_t pos = 0;
    while (pos < s.size()) {
        const std::size_t length = utf8_sequence_length(s, pos);
        if (length == 0) return false;
        pos += length;
    }
    return true;
}

}  // namespace eriq
