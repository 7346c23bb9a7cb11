#include "reduce/data_statements.hpp"

#include <cctype>

#include "util/ascii_case.hpp"
#include "util/sql_tokens.hpp"

namespace eriq {

namespace {

std::string trim(std::string_view s) {
    std::size_t b = 0;
    std::size_t e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

std::string unquote(std::string_view name) {
    if (name.size() >= 2 && (name.front() == '"' || name.front() == '`' || name.front() == '['))
        return std::string(name.substr(1, name.size() - 2));
    return std::string(name);
}

// Splits text between offsets [from, to) at commas outside parentheses and literals.
std::vector<std::string> split_top_level(const std::string& sql, std::size_t from, std::size_t to) {
    std::vector<std::string> parts;
    int depth = 0;
    std::size_t start = from;
    std::size_t offset = 0;
    for (const SqlToken& t : scan_sql(sql)) {
        const std::size_t begin = offset;
        offset += t.text.size();
        if (begin < from || begin >= to || t.kind != SqlTokenKind::Symbol) continue;
        if (t.text == "(") ++depth;
        if (t.text == ")") --depth;
        if (t.text == "," && depth == 0) {
            parts.push_back(trim(std::string_view(sql).substr(start, begin - start)));
            start = begin + 1;
        }
    }
    parts.push_back(trim(std::string_view(sql).substr(start, to - start)));
    return parts;
}

struct Located {
    std::vector<SqlToken> tokens;
    std::vector<std::size_t> offsets;
};

Located locate(const std::string& sql) {
    Located l;
    std::size_t offset = 0;
    for (const SqlToken& t : scan_sql(sql)) {
        if (t.significant()) {
            l.tokens.push_back(t);
            l.offsets.push_back(offset);
        }
        offset += t.text.size();
    }
    return l;
}

// The index of the ')' matching the '(' at `open`, or 0.
std::size_t matching(const Located& l, std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < l.tokens.size(); ++i) {
        if (l.tokens[i].kind != SqlTokenKind::Symbol) continue;
        if (l.tokens[i].text == "(") ++depth;
        if (l.tokens[i].text == ")" && --depth == 0) return i;
    }
    return 0;
}

}  // namespace

std::string TableStatement::sql() const {
    std::string out = head;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out + tail;
}

std::optional<TableStatement> parse_create_table(const std::string& sql) {
    Located l = locate(sql);
    std::size_t i = 0;
    auto word = [&](std::string_view w) {
        if (i < l.tokens.size() && ascii_upper(l.tokens[i].text) == w) return ++i, true;
        return false;
    };
    if (!word("CREATE")) return std::nullopt;
    word("TEMPORARY") || word("TEMP");
    if (!word("TABLE")) return std::nullopt;
    if (word("IF")) {
        if (!word("NOT") || !word("EXISTS")) return std::nullopt;
    }
    if (i + 1 >= l.tokens.size() || l.tokens[i + 1].text != "(") return std::nullopt;
    TableStatement t;
    t.name = ascii_lower(unquote(l.tokens[i].text));
    const std::size_t open = i + 1;
    const std::size_t close = matching(l, open);
    if (close == 0) return std::nullopt;
    t.head = sql.substr(0, l.offsets[open] + 1);
    t.items = split_top_level(sql, l.offsets[open] + 1, l.offsets[close]);
    t.tail = sql.substr(l.offsets[close]);
    return t;
}

std::string InsertStatement::sql() const {
    std::string out = head;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        out += r ? ", (" : " (";
        for (std::size_t v = 0; v < rows[r].size(); ++v) out += (v ? ", " : "") + rows[r][v];
        out += ")";
    }
    return out;
}

std::optional<InsertStatement> parse_insert(const std::string& sql) {
    Located l = locate(sql);
    if (l.tokens.empty() || ascii_upper(l.tokens[0].text) != "INSERT") return std::nullopt;
    InsertStatement ins;
    std::size_t values = 0;
    for (std::size_t i = 1; i < l.tokens.size(); ++i) {
        const std::string u = ascii_upper(l.tokens[i].text);
        if (u == "VALUES") {
            values = i;
            break;
        }
        if (u == "(") ins.has_column_list = true;
        if (u == "INTO" && i + 1 < l.tokens.size())
            ins.name = ascii_lower(unquote(l.tokens[i + 1].text));
    }
    if (values == 0 || ins.name.empty()) return std::nullopt;
    ins.head = sql.substr(0, l.offsets[values] + l.tokens[values].text.size());
    std::size_t i = values + 1;
    while (i < l.tokens.size()) {
        if (l.tokens[i].text != "(") return std::nullopt;
        const std::size_t close = matching(l, i);
        if (close == 0) return std::nullopt;
        ins.rows.push_back(split_top_level(sql, l.offsets[i] + 1, l.offsets[close]));
        i = close + 1;
        if (i < l.tokens.size() && l.tokens[i].text == ",")
            ++i;
        else if (i < l.tokens.size())
            return std::nullopt;  // ON DUPLICATE KEY ..., RETURNING ...
    }
    if (ins.rows.empty()) return std::nullopt;
    return ins;
}

std::optional<std::string> index_table(const std::string& sql) {
    Located l = locate(sql);
    if (l.tokens.size() < 4 || ascii_upper(l.tokens[0].text) != "CREATE") return std::nullopt;
    bool index = false;
    for (std::size_t i = 1; i + 1 < l.tokens.size(); ++i) {
        const std::string u = ascii_upper(l.tokens[i].text);
        if (u == "INDEX") index = true;
        if (index && u == "ON") return ascii_lower(unquote(l.tokens[i + 1].text));
    }
    return std::nullopt;
}

bool is_column_definition(const std::string& item) {
    std::string first = ascii_upper(item.substr(0, item.find_first_of(" (\t\n")));
    return !(first == "PRIMARY" || first == "UNIQUE" || first == "CONSTRAINT" ||
             first == "FOREIGN" || first == "CHECK" || first == "KEY" || first == "INDEX" ||
             first == "FULLTEXT" || first == "SPATIAL");
}

}  // namespace eriq
