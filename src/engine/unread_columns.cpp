#include "engine/unread_columns.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "engine/finding_reducer.hpp"

namespace eriq {

namespace {

std::string upper(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

// One select item: the token range [first, last) of its text among the tokens of I.
struct ItemSpan {
    std::size_t first = 0, last = 0;
    std::string alias;  // the name given with AS, empty when none
    std::string name;   // the item's last word: its alias or a column's last part
    std::string shown;  // the alias or column name, empty for an unnamed expression
};

struct SelectArm {
    std::vector<ItemSpan> items;
};

class IntermediateReader {
  public:
    IntermediateReader(const std::string& sql, const SqlLexis& lexis)
        : tokens_(scan_sql(sql, lexis)) {}

    // The arms of I, or nullopt when I is not a compound of plain SELECTs.
    std::optional<std::vector<SelectArm>> arms() {
        std::vector<SelectArm> out;
        std::size_t k = next_significant(0);
        for (;;) {
            if (word(k) != "SELECT") return std::nullopt;
            k = next_significant(k + 1);
            if (word(k) == "DISTINCT" || word(k) == "ALL") k = next_significant(k + 1);
            SelectArm arm;
            if (!read_items(k, arm)) return std::nullopt;
            if (!out.empty() && arm.items.size() != out.front().items.size()) return std::nullopt;
            out.push_back(std::move(arm));
            k = arm_end(k);
            if (k >= tokens_.size()) break;
            k = next_significant(k + 1);  // past UNION / INTERSECT / EXCEPT
            if (word(k) == "ALL" || word(k) == "DISTINCT") k = next_significant(k + 1);
        }
        return out;
    }

    const std::vector<SqlToken>& tokens() const { return tokens_; }

  private:
    std::string word(std::size_t k) const {
        return k < tokens_.size() && tokens_[k].kind == SqlTokenKind::Word ? upper(tokens_[k].text)
                                                                           : std::string();
    }
    bool symbol(std::size_t k, char c) const {
        return k < tokens_.size() && tokens_[k].kind == SqlTokenKind::Symbol &&
               tokens_[k].text.size() == 1 && tokens_[k].text[0] == c;
    }
    std::size_t next_significant(std::size_t k) const {
        while (k < tokens_.size() && !tokens_[k].significant()) ++k;
        return k;
    }
    static bool ends_items(const std::string& w) {
        static const std::set<std::string> words{"FROM",      "WHERE",  "GROUP",  "HAVING",
                                                 "ORDER",     "LIMIT",  "WINDOW", "UNION",
                                                 "INTERSECT", "EXCEPT", "OFFSET", "FETCH"};
        return words.count(w) > 0;
    }
    static bool compound_word(const std::string& w) {
        return w == "UNION" || w == "INTERSECT" || w == "EXCEPT";
    }

    // Reads the items from `k` to the select list's end; sets `k` there.
    bool read_items(std::size_t& k, SelectArm& arm) {
        int depth = 0;
        ItemSpan item{k, k, "", "", ""};
        for (; k < tokens_.size(); ++k) {
            if (symbol(k, '(')) ++depth;
            if (symbol(k, ')') && --depth < 0) return false;
            if (depth == 0 && (symbol(k, ',') || ends_items(word(k)) || symbol(k, ';'))) {
                if (!close(item, k, arm)) return false;
                if (!symbol(k, ',')) return true;
                item = ItemSpan{k + 1, k + 1, "", "", ""};
            }
        }
        return depth == 0 && close(item, k, arm);
    }

    // Ends `item` before token `end`: finds its significant span, alias and name.
    bool close(ItemSpan item, std::size_t end, SelectArm& arm) {
        std::vector<std::size_t> sig;
        for (std::size_t i = item.first; i < end; ++i)
            if (tokens_[i].significant()) sig.push_back(i);
        if (sig.empty()) return false;
        item.first = sig.front();  // the span leaves the whitespace around the item in place
        item.last = sig.back() + 1;
        const SqlToken& last = tokens_[sig.back()];
        const bool named =
            last.kind == SqlTokenKind::Word || last.kind == SqlTokenKind::QuotedIdentifier;
        std::string last_name = last.kind == SqlTokenKind::QuotedIdentifier
                                    ? unquoted_identifier(last.text)
                                    : std::string(last.text);
        if (sig.size() >= 2 && named && word(sig[sig.size() - 2]) == "AS") item.alias = last_name;
        // The name Q would read: the alias, a column's last part, or an alias written
        // without AS; a trailing keyword (x IS NULL) only makes the check more cautious.
        if (named) item.name = last_name;
        // A name a reader sees: the alias, or a bare or qualified column (t.c).
        bool column = named;
        for (std::size_t i = 0; column && i < sig.size(); ++i)
            column = i % 2 == 0 ? tokens_[sig[i]].kind == SqlTokenKind::Word ||
                                      tokens_[sig[i]].kind == SqlTokenKind::QuotedIdentifier
                                : symbol(sig[i], '.');
        item.shown = !item.alias.empty() || column ? item.name : std::string();
        arm.items.push_back(std::move(item));
        return true;
    }

    // The index of the compound keyword that ends the arm starting at `k`, or the end.
    std::size_t arm_end(std::size_t k) const {
        int depth = 0;
        for (; k < tokens_.size(); ++k) {
            if (symbol(k, '(')) ++depth;
            if (symbol(k, ')')) --depth;
            if (depth == 0 && compound_word(word(k))) return k;
        }
        return tokens_.size();
    }

    std::vector<SqlToken> tokens_;
};

// The names the readers use (words and quoted names, upper-cased); nullopt when a reader
// holds a '*', which reads every column.
std::optional<std::set<std::string>> names_read(const std::vector<std::string>& readers,
                                                const SqlLexis& lexis) {
    std::set<std::string> names;
    for (const std::string& reader : readers)
        for (const SqlToken& t : scan_sql(reader, lexis)) {
            if (t.kind == SqlTokenKind::Symbol && t.text == "*") return std::nullopt;
            if (t.kind == SqlTokenKind::Word) names.insert(upper(t.text));
            if (t.kind == SqlTokenKind::QuotedIdentifier)
                names.insert(upper(unquoted_identifier(t.text)));
        }
    return names;
}

}  // namespace

std::optional<UnreadColumns> unread_columns(const std::string& intermediate,
                                            const std::vector<std::string>& readers,
                                            const SqlLexis& lexis) {
    IntermediateReader reader(intermediate, lexis);
    const auto arms = reader.arms();
    const auto read = names_read(readers, lexis);
    if (!arms || !read) return std::nullopt;
    UnreadColumns out;
    const auto& first = arms->front().items;
    for (std::size_t i = 0; i < first.size(); ++i) {
        const std::string& name = first[i].name;
        if (!name.empty() && read->count(upper(name))) continue;
        out.positions.push_back(i);
        out.names.push_back(first[i].shown.empty() ? "column " + std::to_string(i + 1)
                                                   : first[i].shown);
    }
    return out;
}

std::optional<std::string> null_columns(const std::string& intermediate,
                                        const std::vector<std::size_t>& positions,
                                        const SqlLexis& lexis) {
    IntermediateReader reader(intermediate, lexis);
    const auto arms = reader.arms();
    if (!arms) return std::nullopt;
    // Replacement text per first token of a replaced item; tokens inside it are dropped.
    std::vector<std::pair<ItemSpan, std::string>> edits;
    for (std::size_t a = 0; a < arms->size(); ++a)
        for (std::size_t p : positions) {
            if (p >= (*arms)[a].items.size()) return std::nullopt;
            const ItemSpan& item = (*arms)[a].items[p];
            std::string text = "NULL";
            if (a == 0)
                text += " AS " +
                        (item.alias.empty() ? "eriq_unread_" + std::to_string(p + 1) : item.alias);
            edits.emplace_back(item, text);
        }
    std::string out;
    const auto& tokens = reader.tokens();
    for (std::size_t k = 0; k < tokens.size();) {
        auto edit = std::find_if(edits.begin(), edits.end(),
                                 [&](const auto& e) { return e.first.first == k; });
        if (edit != edits.end()) {
            out += edit->second;
            k = edit->first.last;
            continue;
        }
        out += tokens[k].text;
        ++k;
    }
    return out;
}

UnreadCheckRun check_unread_columns(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                                    const TestCase& reduced) {
    UnreadCheckRun run;
    std::vector<std::string> readers{reduced.referencing};
    if (!reduced.outer.empty()) readers.push_back(reduced.outer);
    const auto unread = unread_columns(reduced.intermediate, readers, dialect.gate.lexis);
    if (!unread) return run;
    if (unread->positions.empty()) {
        run.check.state = UnreadColumnsCheck::State::NoneUnread;
        return run;
    }
    const auto nulled = null_columns(reduced.intermediate, unread->positions, dialect.gate.lexis);
    if (!nulled) return run;
    run.ran = reduced;
    run.ran.intermediate = *nulled;
    run.outcome = run_case_alone(backend, dialect, rules, run.ran, "unread");
    if (run.outcome.verdict == Verdict::ServerFault) return run;
    run.check.columns = unread->names;
    run.check.state = run.outcome.verdict == Verdict::Consistent
                          ? UnreadColumnsCheck::State::Explained
                          : UnreadColumnsCheck::State::NotExplained;
    return run;
}

}  // namespace eriq
