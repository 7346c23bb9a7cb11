#include "oracle/order_spec.hpp"

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

std::vector<std::size_t> key_columns(const std::vector<OrderKey>& keys,
                                     const std::vector<std::string>& result_columns) {
    std::vector<std::size_t> out;
    for (const OrderKey& key : keys) {
        if (key.ordinal > 0 && static_cast<std::size_t>(key.ordinal) <= result_columns.size()) {
            out.push_back(static_cast<std::size_t>(key.ordinal - 1));
            continue;
        }
        std::size_t found = result_columns.size();
        for (std::size_t c = 0; c < result_columns.size(); ++c) {
            if (ascii_lower(result_columns[c]) != ascii_lower(key.expression)) continue;
            if (found != result_columns.size()) return out;  // ambiguous: two columns so named
            found = c;
        }
        if (found == result_columns.size()) return out;
        out.push_back(found);
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
