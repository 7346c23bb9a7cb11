#include "oracle/order_spec.hpp"

#include <algorithm>
#include <cstdlib>

#include "util/ascii_case.hpp"
#include "util/sql_tokens.hpp"

namespace eriq {
namespace {

bool is_word(const SqlToken& t, const char* word) {
    return t.kind == SqlTokenKind::Word && ascii_upper(t.text) == word;
}

bool ends_order_by(const SqlToken& t) {
    return is_word(t, "LIMIT") || is_word(t, "OFFSET") || is_word(t, "FETCH");
}

// One key from its significant tokens: the expression, then ASC/DESC, then NULLS FIRST/LAST.
OrderKey parse_key(std::vector<const SqlToken*> tokens) {
    OrderKey key;
    if (tokens.size() >= 2 && is_word(*tokens[tokens.size() - 2], "NULLS")) {
        key.nulls_first = is_word(*tokens.back(), "FIRST");
        tokens.resize(tokens.size() - 2);
    }
    if (!tokens.empty() && (is_word(*tokens.back(), "ASC") || is_word(*tokens.back(), "DESC"))) {
        key.descending = is_word(*tokens.back(), "DESC");
        tokens.pop_back();
    }
    for (const SqlToken* t : tokens) {
        if (!key.expression.empty() && t->kind != SqlTokenKind::Symbol &&
            key.expression.back() != '.' && key.expression.back() != '(')
            key.expression += ' ';
        key.expression += t->text;
    }
    if (tokens.size() == 1 && tokens.front()->kind == SqlTokenKind::Number)
        key.ordinal = std::atoi(key.expression.c_str());
    return key;
}

}  // namespace

bool OrderKey::nulls_come_first(NullOrder dialect_default) const {
    if (nulls_first) return *nulls_first;
    return (dialect_default == NullOrder::Low) != descending;
}

std::string OrderKey::describe(NullOrder dialect_default) const {
    return expression + (descending ? " DESC" : " ASC") +
           (nulls_come_first(dialect_default) ? " NULLS FIRST" : " NULLS LAST");
}

std::vector<OrderKey> trailing_order_keys(const std::string& query) {
    const std::vector<SqlToken> all = scan_sql(query);
    std::vector<const SqlToken*> tokens;
    for (const SqlToken& t : all)
        if (t.significant()) tokens.push_back(&t);
    // The last ORDER BY at parenthesis depth 0.
    int depth = 0;
    std::size_t start = tokens.size();
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
        if (tokens[i]->text == "(") ++depth;
        if (tokens[i]->text == ")") --depth;
        if (depth == 0 && is_word(*tokens[i], "ORDER") && is_word(*tokens[i + 1], "BY"))
            start = i + 2;
    }
    std::vector<OrderKey> keys;
    if (start >= tokens.size()) return keys;
    std::vector<const SqlToken*> current;
    depth = 0;
    for (std::size_t i = start; i < tokens.size(); ++i) {
        const SqlToken& t = *tokens[i];
        if (t.text == "(") ++depth;
        if (t.text == ")" && --depth < 0) return {};  // the ORDER BY of a window or subquery
        if (depth == 0 && (ends_order_by(t) || t.text == ";")) break;
        if (depth == 0 && t.text == ",") {
            keys.push_back(parse_key(std::move(current)));
            current.clear();
            continue;
        }
        current.push_back(&t);
    }
    if (!current.empty()) keys.push_back(parse_key(std::move(current)));
    return keys;
}

namespace {

// The significant tokens of `query`.
std::vector<const SqlToken*> significant(const std::vector<SqlToken>& all) {
    std::vector<const SqlToken*> out;
    for (const SqlToken& t : all)
        if (t.significant()) out.push_back(&t);
    return out;
}

// Words that end an expression, so never an alias after it.
bool ends_expression(const SqlToken& t) {
    for (const char* w : {"END", "NULL", "TRUE", "FALSE", "UNKNOWN"})
        if (is_word(t, w)) return true;
    return false;
}

SelectItem parse_item(std::vector<const SqlToken*> tokens) {
    SelectItem item;
    if (tokens.size() >= 2 && is_word(*tokens[tokens.size() - 2], "AS")) {
        item.alias = std::string(tokens.back()->text);
        tokens.resize(tokens.size() - 2);
    } else if (tokens.size() >= 2 && tokens.back()->kind == SqlTokenKind::Word &&
               !ends_expression(*tokens.back()) &&
               (tokens[tokens.size() - 2]->kind == SqlTokenKind::Word ||
                tokens[tokens.size() - 2]->text == ")")) {
        item.alias = std::string(tokens.back()->text);  // SELECT expr alias
        tokens.pop_back();
    }
    item.expression = parse_key(std::move(tokens)).expression;
    return item;
}

bool same_name(const std::string& a, const std::string& b) {
    return !a.empty() && ascii_lower(a) == ascii_lower(b);
}

}  // namespace

std::vector<SelectItem> top_level_select_items(const std::string& query) {
    const std::vector<SqlToken> all = scan_sql(query);
    const std::vector<const SqlToken*> tokens = significant(all);
    // The first SELECT at depth 0 (a WITH clause's queries are inside parentheses).
    int depth = 0;
    std::size_t i = 0;
    for (; i < tokens.size(); ++i) {
        if (tokens[i]->text == "(") ++depth;
        if (tokens[i]->text == ")") --depth;
        if (depth == 0 && is_word(*tokens[i], "SELECT")) break;
    }
    std::vector<SelectItem> items;
    if (i >= tokens.size()) return items;
    ++i;
    if (i < tokens.size() && (is_word(*tokens[i], "DISTINCT") || is_word(*tokens[i], "ALL"))) ++i;
    std::vector<const SqlToken*> current;
    for (depth = 0; i < tokens.size(); ++i) {
        const SqlToken& t = *tokens[i];
        if (t.text == "(") ++depth;
        if (t.text == ")") --depth;
        if (depth == 0 && (is_word(t, "FROM") || is_word(t, "WHERE") || is_word(t, "UNION") ||
                           is_word(t, "ORDER") || is_word(t, "LIMIT") || t.text == ";"))
            break;
        if (depth == 0 && t.text == ",") {
            items.push_back(parse_item(std::move(current)));
            current.clear();
            continue;
        }
        current.push_back(&t);
    }
    if (!current.empty()) items.push_back(parse_item(std::move(current)));
    return items;
}

std::optional<std::size_t> key_column(const OrderKey& key, const std::vector<SelectItem>& items,
                                      const std::vector<std::string>& result_columns) {
    if (key.ordinal > 0)
        return static_cast<std::size_t>(key.ordinal) <= result_columns.size()
                   ? std::optional<std::size_t>(static_cast<std::size_t>(key.ordinal - 1))
                   : std::nullopt;
    // The select list names the output positions when it has one item per column: an alias
    // first (as the engines resolve ORDER BY names), then an item written as the key.
    if (items.size() == result_columns.size()) {
        for (const bool by_alias : {true, false}) {
            std::optional<std::size_t> found;
            for (std::size_t c = 0; c < items.size(); ++c) {
                if (!same_name(by_alias ? items[c].alias : items[c].expression, key.expression))
                    continue;
                if (found) return std::nullopt;  // ambiguous
                found = c;
            }
            if (found) return found;
        }
    }
    const std::size_t dot = key.expression.rfind('.');
    const bool qualified = dot != std::string::npos && key.ordinal == 0;
    const bool star = std::any_of(items.begin(), items.end(), [](const SelectItem& item) {
        return item.expression == "*" ||
               (item.expression.size() > 2 && item.expression.ends_with(".*"));
    });
    if (qualified && !star) return std::nullopt;
    const std::string name = qualified ? key.expression.substr(dot + 1) : key.expression;
    std::optional<std::size_t> found;
    for (std::size_t c = 0; c < result_columns.size(); ++c) {
        if (!same_name(result_columns[c], name)) continue;
        if (found) return std::nullopt;  // ambiguous: two columns so named
        found = c;
    }
    return found;
}

std::vector<std::string> output_names(const std::vector<SelectItem>& items) {
    std::vector<std::string> names;
    for (const SelectItem& item : items) {
        const std::size_t dot = item.expression.rfind('.');
        names.push_back(!item.alias.empty()        ? item.alias
                        : dot == std::string::npos ? item.expression
                                                   : item.expression.substr(dot + 1));
    }
    return names;
}

std::vector<std::size_t> key_columns(const std::vector<OrderKey>& keys,
                                     const std::vector<SelectItem>& items,
                                     const std::vector<std::string>& result_columns) {
    std::vector<std::size_t> out;
    for (const OrderKey& key : keys) {
        const std::optional<std::size_t> column = key_column(key, items, result_columns);
        if (!column) break;
        out.push_back(*column);
    }
    return out;
}

KeySequence key_sequence(const std::vector<std::vector<Value>>& rows,
                         const std::vector<std::size_t>& columns, const NormalizationRules& rules) {
    KeySequence out;
    out.reserve(rows.size());
    for (const auto& row : rows) {
        NormRow keys;
        for (std::size_t c : columns) keys.push_back(normalize_value(row[c], rules));
        out.push_back(std::move(keys));
    }
    return out;
}

}  // namespace eriq
