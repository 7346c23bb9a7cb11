#include "exec/sqlite_error_kind.hpp"

#include <cctype>
#include <sstream>
#include <vector>

namespace eriq {

namespace {

// Removes "..." '...' `...` and (...) spans: they hold names, literals and numbers.
std::string strip_quoted(std::string_view text) {
    std::string out;
    char closing = 0;
    int depth = 0;
    for (char c : text) {
        if (closing != 0) {
            if (c == closing) closing = 0;
        } else if (depth > 0) {
            if (c == '(') ++depth;
            if (c == ')') --depth;
        } else if (c == '"' || c == '\'' || c == '`') {
            closing = c;
        } else if (c == '(') {
            // "abs()" names a function: drop the name along with its parentheses.
            while (!out.empty() && out.back() != ' ') out.pop_back();
            depth = 1;
        } else {
            out += c;
        }
    }
    return out;
}

// Keeps the stable part around a ':' ("no such table: x" -> "no such table",
// "near "x": syntax error" -> "syntax error").
std::string_view stable_clause(std::string_view text) {
    std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) return text;
    std::string_view head = text.substr(0, colon);
    std::size_t first = head.find_first_not_of(' ');
    std::size_t last = head.find_last_not_of(' ');
    std::string_view trimmed =
        first == std::string_view::npos ? "" : head.substr(first, last - first + 1);
    if (trimmed.empty() || trimmed == "near") return text.substr(colon + 1);
    return head;
}

bool looks_like_name(const std::string& word) {
    for (char c : word) {
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '[') return true;
    }
    return false;
}

}  // namespace

std::string sqlite_error_kind(std::string_view message) {
    std::string stripped = strip_quoted(message);
    std::istringstream in{std::string(stable_clause(stripped))};
    std::vector<std::string> words;
    for (std::string word; in >> word;) {
        if (word == "-") break;  // what follows " - " details the values involved
        if (!looks_like_name(word)) words.push_back(word);
    }
    // "table keepme already exists": the object's name sits between kind and verb.
    if (words.size() == 4 && words[2] == "already" && words[3] == "exists") {
        words.erase(words.begin() + 1);
    }

    std::string kind = "sqlite:";
    for (const std::string& word : words) {
        std::size_t extra = (kind.size() > 7 ? 1 : 0) + word.size();
        if (kind.size() + extra > kMaxErrorKind) break;
        if (kind.size() > 7) kind += ' ';
        kind += word;
    }
    if (kind.size() == 7) kind += "error";
    return kind;
}

}  // namespace eriq
