#pragma once
// Text helpers for the SQL edits: splicing a replacement into a statement with the spacing
// a person would write, and renaming qualified column references.
#include <string>
#include <string_view>

namespace eriq {

std::string replace_all_text(std::string s, std::string_view from, std::string_view to);
std::string trim_right(std::string s);
std::string trim_left(const std::string& s);
// Appends `part` with one space before it, none after '(' or before ')' and ','.
void append_spaced(std::string& out, std::string_view part);
std::string collapse_spaces(const std::string& s);
// "qualifier.from" -> "qualifier.to" wherever the name ends there (vc_1 is not vc_10).
std::string rename_qualified(std::string s, const std::string& qualifier, const std::string& from,
                             const std::string& to);

}  // namespace eriq
