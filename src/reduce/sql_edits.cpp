#include "reduce/sql_edits.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>

#include "reduce/sql_text_splice.hpp"
#include "util/sql_tokens.hpp"

namespace eriq {

namespace {

// {x} is not a SQL token: while editing it is this word, so no edit splits it.
constexpr std::string_view kXReference = "{x}";
constexpr std::string_view kXWord = "eriq_x_reference_";

struct Token {
    SqlTokenKind kind;
    std::string upper;  // the text upper-cased
    std::size_t begin;  // byte offsets into the SQL text
    std::size_t end;
    int depth;          // parentheses open before this token
    std::size_t match;  // for '(' and ')': the index of the other one
};

bool is_any(const Token& t, std::initializer_list<std::string_view> words) {
    return std::any_of(words.begin(), words.end(),
                       [&](std::string_view w) { return t.upper == w; });
}

const std::initializer_list<std::string_view> kClauseStarts = {
    "WHERE",  "GROUP",  "HAVING", "ORDER",     "LIMIT",
    "OFFSET", "WINDOW", "UNION",  "INTERSECT", "EXCEPT"};
const std::initializer_list<std::string_view> kJoinStarts = {
    "JOIN", "LEFT", "RIGHT", "FULL", "INNER", "CROSS", "NATURAL", "STRAIGHT_JOIN"};
const std::initializer_list<std::string_view> kListBoundaries = {
    "SELECT", "DISTINCT", "ALL",  "FROM", "WHERE",  "BY",    "HAVING",    "LIMIT",  "VALUES",
    "ON",     "USING",    "JOIN", "SET",  "WINDOW", "UNION", "INTERSECT", "EXCEPT", "OFFSET"};
const std::initializer_list<std::string_view> kPredicateBoundaries = {
    "WHERE",  "ON",    "HAVING", "WHEN",  "THEN",  "ELSE",      "END",    "AND", "OR",
    "SELECT", "GROUP", "ORDER",  "LIMIT", "UNION", "INTERSECT", "EXCEPT", "NOT"};
const std::initializer_list<std::string_view> kNotFunctions = {
    "IN", "EXISTS", "AS",   "FROM", "JOIN", "VALUES", "OVER", "AND", "OR",   "NOT",    "WHERE",
    "ON", "SELECT", "THEN", "ELSE", "WHEN", "USING",  "ANY",  "ALL", "SOME", "LATERAL"};

class EditFinder {
  public:
    explicit EditFinder(const std::string& sql) : sql_(sql) {
        std::size_t offset = 0;
        std::vector<std::size_t> open;
        for (const SqlToken& t : scan_sql(sql_)) {
            const std::size_t begin = offset;
            offset += t.text.size();
            if (!t.significant()) continue;
            Token token{t.kind, std::string(t.text),           begin,
                        offset, static_cast<int>(open.size()), 0};
            for (char& c : token.upper)
                c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            if (token.kind == SqlTokenKind::Symbol && token.upper == "(") {
                open.push_back(tokens_.size());
            } else if (token.kind == SqlTokenKind::Symbol && token.upper == ")" && !open.empty()) {
                token.depth = static_cast<int>(open.size()) - 1;
                token.match = open.back();
                tokens_[open.back()].match = tokens_.size();
                open.pop_back();
            }
            tokens_.push_back(std::move(token));
        }
        balanced_ = open.empty();
    }

    std::vector<std::string> candidates() {
        if (!balanced_) return {};
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            const Token& t = tokens_[i];
            if (t.kind == SqlTokenKind::Word) {
                if (is_any(t, kClauseStarts)) clause(i);
                if (is_any(t, {"UNION", "INTERSECT", "EXCEPT"})) set_operation(i);
                if (is_any(t, kJoinStarts) && (i == 0 || !is_any(tokens_[i - 1], kJoinStarts))) {
                    join(i);
                    simpler_join_kind(i);
                }
                if (is_any(t, {"AND", "OR"})) operands(i);
                if (is_any(t, {"DISTINCT", "ALL", "NOT"})) replace(i, i, "");
                if (t.upper == "CASE") case_expression(i);
                // A select item's alias, which only the first arm of a compound (or Q's
                // references) may need.
                if (t.upper == "AS" && i + 2 < tokens_.size() &&
                    tokens_[i + 1].kind == SqlTokenKind::Word &&
                    is_any(tokens_[i + 2], {",", "FROM"}))
                    replace(i, i + 1, "");
            }
            if (t.kind == SqlTokenKind::Symbol && t.upper == "(") parentheses(i);
            if (t.kind == SqlTokenKind::Symbol && t.upper == ",") list_item_after(i);
            if (t.kind == SqlTokenKind::Number && t.upper != "0" && t.upper != "1") {
                replace(i, i, "0");
                replace(i, i, "1");
            }
            if (t.kind == SqlTokenKind::String && t.end - t.begin > 2) replace(i, i, "''");
        }
        list_items_first();
        compound_columns();
        std::vector<std::string> out(found_.begin(), found_.end());
        std::stable_sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) {
            return a.size() < b.size();
        });
        return out;
    }

  private:
    // Replaces tokens first..last (inclusive) by `text`, with single spaces around it.
    void replace(std::size_t first, std::size_t last, std::string_view text) {
        std::string candidate = replaced(first, last, text);
        if (candidate != sql_) found_.insert(std::move(candidate));
    }
    std::string replaced(std::size_t first, std::size_t last, std::string_view text) const {
        std::string candidate = trim_right(sql_.substr(0, tokens_[first].begin));
        append_spaced(candidate, text);
        append_spaced(candidate, trim_left(sql_.substr(tokens_[last].end)));
        return candidate;
    }

    // The last token of the run starting at `from` at depth `depth`, ending before a
    // token for which `stop` holds at that depth, a ')' closing it, or the end.
    template <class Stop>
    std::size_t run_end(std::size_t from, int depth, Stop&& stop) const {
        std::size_t last = from;
        for (std::size_t j = from + 1; j < tokens_.size(); ++j) {
            const Token& t = tokens_[j];
            if (t.depth < depth) break;  // the ')' closing this level
            if (t.depth == depth && (stop(t) || t.upper == ";")) break;
            last = j;
        }
        return last;
    }

    void clause(std::size_t i) {
        const int d = tokens_[i].depth;
        replace(i, run_end(i, d, [](const Token& t) { return is_any(t, kClauseStarts); }), "");
    }

    void set_operation(std::size_t i) {
        const int d = tokens_[i].depth;
        // Keep the left arm: drop this operator and every arm after it.
        replace(i, run_end(i, d, [](const Token&) { return false; }), "");
        // Keep the right arm: drop everything before it in this parenthesis level.
        std::size_t first = i;
        while (first > 0 && tokens_[first - 1].depth >= d) --first;
        std::size_t last = i;
        if (last + 1 < tokens_.size() && is_any(tokens_[last + 1], {"ALL", "DISTINCT"})) ++last;
        replace(first, last, "");
    }

    void join(std::size_t i) {
        const int d = tokens_[i].depth;
        std::size_t last = run_end(i, d, [&](const Token& t) {
            return t.upper == "," || is_any(t, kClauseStarts) ||
                   (is_any(t, kJoinStarts) && &t != &tokens_[i] && !is_join_modifier_of(t, i));
        });
        replace(i, last, "");
    }
    // RIGHT or FULL JOIN -> LEFT JOIN -> JOIN: reductions of one bug then end on the simplest
    // join kind that still shows it, and group together. (LEFT( is MariaDB's string function,
    // so JOIN must follow.)
    void simpler_join_kind(std::size_t i) {
        std::size_t last = i;
        if (last + 1 < tokens_.size() && tokens_[last + 1].upper == "OUTER") ++last;
        if (last + 1 >= tokens_.size() || tokens_[last + 1].upper != "JOIN") return;
        if (is_any(tokens_[i], {"RIGHT", "FULL"})) replace(i, last, "LEFT");
        if (tokens_[i].upper == "LEFT") replace(i, last, "");
    }
    bool is_join_modifier_of(const Token& t, std::size_t start) const {
        // LEFT OUTER JOIN: the words after `start` up to JOIN belong to it.
        for (std::size_t j = start; j < tokens_.size(); ++j) {
            if (&tokens_[j] == &t) return true;
            if (tokens_[j].upper == "JOIN") return false;
        }
        return false;
    }

    void operands(std::size_t i) {
        const int d = tokens_[i].depth;
        auto boundary = [](const Token& t) {
            return t.upper == "," || is_any(t, kPredicateBoundaries);
        };
        std::size_t first = i;
        while (first > 0) {
            const Token& prev = tokens_[first - 1];
            if (prev.depth < d || (prev.depth == d && boundary(prev))) break;
            --first;
        }
        if (first < i) replace(first, i, "");     // drop the left operand and the operator
        replace(i, run_end(i, d, boundary), "");  // drop the operator and the right operand
    }

    void case_expression(std::size_t i) {
        int nested = 0;
        for (std::size_t j = i; j < tokens_.size(); ++j) {
            if (tokens_[j].upper == "CASE") ++nested;
            if (tokens_[j].upper == "END" && --nested == 0) {
                replace(i, j, "NULL");
                replace(i, j, "0");
                return;
            }
        }
    }

    void parentheses(std::size_t open) {
        const std::size_t close = tokens_[open].match;
        if (close <= open) return;
        const bool subquery = open + 1 < close && is_any(tokens_[open + 1], {"SELECT", "WITH"});
        std::size_t first = open;
        if (open > 0 && tokens_[open - 1].kind == SqlTokenKind::Word &&
            !is_any(tokens_[open - 1], kNotFunctions))
            first = open - 1;  // a function call
        if (open > 0 && is_any(tokens_[open - 1], {"EXISTS"})) first = open - 1;
        if (first > 0 && tokens_[first - 1].upper == "NOT") --first;
        // A compound's output column types come from the CASTs around its arms' select
        // items; without them the case may show another cause (a type difference between
        // the arms) under the same groups.
        if (compound_output_cast(first, close)) return;
        replace(first, close, "NULL");
        replace(first, close, "0");
        if (subquery) {
            derived_to_table(open, close);
            return;
        }
        // Unwrap: the call or parentheses become one of their arguments.
        std::size_t item_start = open + 1;
        for (std::size_t j = open + 1; j <= close; ++j) {
            const bool ends = j == close || (tokens_[j].depth == tokens_[open].depth + 1 &&
                                             tokens_[j].upper == ",");
            if (!ends) continue;
            std::size_t item_end = j;
            // CAST(x AS type) unwraps to x.
            if (first + 1 == open && tokens_[first].upper == "CAST")
                for (std::size_t k = item_start; k < j; ++k)
                    if (tokens_[k].depth == tokens_[open].depth + 1 && tokens_[k].upper == "AS")
                        item_end = k;
            if (item_start < item_end) {
                std::string inner =
                    sql_.substr(tokens_[item_start].begin,
                                tokens_[item_end - 1].end - tokens_[item_start].begin);
                replace(first, close, inner);
            }
            item_start = j + 1;
        }
    }

    // A derived table "(SELECT s1.c1 AS vc_0 FROM t0 AS s1) AS s2" becomes the table it
    // reads, "t0 AS s2"; the outer query's s2.vc_0 becomes s2.c1.
    void derived_to_table(std::size_t open, std::size_t close) {
        if (open == 0 || !is_any(tokens_[open - 1], {"FROM", "JOIN", ","}) ||
            close + 1 >= tokens_.size() || tokens_[close + 1].kind != SqlTokenKind::Word)
            return;
        const std::size_t alias = tokens_[close + 1].upper == "AS" ? close + 2 : close + 1;
        if (alias >= tokens_.size()) return;
        std::size_t from = open + 1;
        while (from + 1 < close &&
               !(tokens_[from].depth == tokens_[open].depth + 1 && tokens_[from].upper == "FROM"))
            ++from;
        if (from + 1 >= close || tokens_[from + 1].kind != SqlTokenKind::Word) return;
        std::string candidate = replaced(open, close, text_of(from + 1));
        // Select items "[q.]column AS name": the outer query's alias.name becomes alias.column.
        auto item_start = [&](std::size_t k) {
            return is_any(tokens_[k], {"SELECT", "DISTINCT", ","});
        };
        for (std::size_t j = open + 2; j + 2 < from; ++j)
            if (tokens_[j].depth == tokens_[open].depth + 1 && tokens_[j + 1].upper == "AS" &&
                tokens_[j].kind == SqlTokenKind::Word &&
                (item_start(j - 1) || (tokens_[j - 1].upper == "." && item_start(j - 3))))
                candidate = rename_qualified(std::move(candidate), text_of(alias), text_of(j + 2),
                                             text_of(j));
        if (candidate != sql_) found_.insert(std::move(candidate));
    }

    std::string text_of(std::size_t i) const {
        return sql_.substr(tokens_[i].begin, tokens_[i].end - tokens_[i].begin);
    }

    bool compound_output_cast(std::size_t first, std::size_t close) const {
        if (tokens_[first].upper != "CAST" || tokens_[first].depth != 0 || first == 0) return false;
        const bool compound = std::any_of(tokens_.begin(), tokens_.end(), [](const Token& t) {
            return t.depth == 0 && is_any(t, {"UNION", "INTERSECT", "EXCEPT"});
        });
        const bool item_start = is_any(tokens_[first - 1], {"SELECT", "DISTINCT", "ALL", ","});
        const bool item_end =
            close + 1 == tokens_.size() || is_any(tokens_[close + 1], {"AS", ",", "FROM"});
        return compound && item_start && item_end;
    }

    // A top-level compound's arms must keep one column count: removes the k-th output
    // column from every arm at once.
    void compound_columns() {
        std::vector<std::vector<std::pair<std::size_t, std::size_t>>> arms;  // item token ranges
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            if (tokens_[i].depth != 0 || tokens_[i].upper != "SELECT") continue;
            std::size_t first = i + 1;
            if (first < tokens_.size() && is_any(tokens_[first], {"DISTINCT", "ALL"})) ++first;
            auto& items = arms.emplace_back();
            std::size_t item_start = first;
            for (std::size_t j = first; j <= tokens_.size(); ++j) {
                const bool end = j == tokens_.size() ||
                                 (tokens_[j].depth == 0 &&
                                  (is_any(tokens_[j], {"FROM", "UNION", "INTERSECT", "EXCEPT",
                                                       "WHERE", "ORDER", "LIMIT"}) ||
                                   tokens_[j].upper == ";"));
                if (end || (tokens_[j].depth == 0 && tokens_[j].upper == ",")) {
                    if (j > item_start) items.emplace_back(item_start, j - 1);
                    item_start = j + 1;
                }
                if (end) break;
            }
        }
        if (arms.size() < 2) return;
        const std::size_t n = arms.front().size();
        if (n < 2 || std::any_of(arms.begin(), arms.end(),
                                 [&](const auto& items) { return items.size() != n; }))
            return;
        for (std::size_t k = 0; k < n; ++k) {
            std::string candidate;
            std::size_t copied = 0;  // byte offset copied up to
            for (const auto& items : arms) {
                // The item with the comma after it, or for the last one the comma before it.
                const std::size_t from = k + 1 < n ? items[k].first : items[k - 1].second + 1;
                const std::size_t to = k + 1 < n ? items[k + 1].first - 1 : items[k].second;
                candidate += sql_.substr(copied, tokens_[from].begin - copied);
                copied = tokens_[to].end;
            }
            candidate += sql_.substr(copied);
            found_.insert(collapse_spaces(candidate));
        }
    }

    // Removes the list item after a comma, with the comma.
    void list_item_after(std::size_t comma) {
        const int d = tokens_[comma].depth;
        std::size_t last = run_end(comma, d, [](const Token& t) {
            return t.upper == "," || is_any(t, kListBoundaries) || is_any(t, kClauseStarts) ||
                   is_any(t, kJoinStarts);
        });
        if (last > comma) replace(comma, last, "");
    }

    // Removes the first item of each list, with the comma after it.
    void list_items_first() {
        for (std::size_t comma = 0; comma < tokens_.size(); ++comma) {
            if (tokens_[comma].upper != ",") continue;
            const int d = tokens_[comma].depth;
            std::size_t first = comma;
            while (first > 0) {
                const Token& prev = tokens_[first - 1];
                if (prev.depth < d ||
                    (prev.depth == d && (prev.upper == "," || is_any(prev, kListBoundaries))))
                    break;
                --first;
            }
            if (first < comma && (first == 0 || tokens_[first - 1].upper != ","))
                replace(first, comma, "");
        }
    }

    std::string sql_;
    std::vector<Token> tokens_;
    bool balanced_ = true;
    std::set<std::string> found_;
};

}  // namespace

std::vector<std::string> sql_edit_candidates(const std::string& sql) {
    const std::string words = replace_all_text(sql, kXReference, kXWord);
    std::vector<std::string> out;
    for (std::string& candidate : EditFinder(words).candidates())
        out.push_back(replace_all_text(std::move(candidate), kXWord, kXReference));
    return out;
}

}  // namespace eriq
