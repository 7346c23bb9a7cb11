#include "util/session_statement.hpp"

#include <set>
#include <string>
#include <vector>

#include "util/ascii_case.hpp"

namespace eriq {
namespace {

class SessionParse {
  public:
    SessionParse(std::string_view sql, const GateRules& rules) : sql_(sql), rules_(rules) {
        for (const SqlToken& t : scan_sql(sql, rules.lexis))
            if (t.significant()) tokens_.push_back(t);
    }

    std::optional<GateRefusal> refusal() {
        const std::string head = word(0);
        if (head == "RESET") return reset();
        if (head == "PRAGMA") return pragma();
        at_ = 1;
        for (;;) {
            if (auto r = assignment()) return r;
            if (at_ >= tokens_.size()) return std::nullopt;
            ++at_;  // the ',' before the next assignment
        }
    }

  private:
    std::optional<GateRefusal> assignment() {
        static const std::set<std::string> server_wide{"GLOBAL", "PERSIST", "PERSIST_ONLY"};
        if (server_wide.count(word(at_)))
            return refuse(at_, "changes a server-wide setting (" + word(at_) + ")");
        if (word(at_) == "SESSION" || word(at_) == "LOCAL") ++at_;
        if (symbol(at_, "@")) {
            if (!symbol(at_ + 1, "@")) return refuse(at_, "sets a user variable");
            at_ += 2;
            if (server_wide.count(word(at_)) && symbol(at_ + 1, "."))
                return refuse(at_, "changes a server-wide setting (@@" + word(at_) + ")");
            if ((word(at_) == "SESSION" || word(at_) == "LOCAL") && symbol(at_ + 1, ".")) at_ += 2;
        }
        const std::size_t name_at = at_;
        std::string name;
        bool operator_optional = false;
        if (word(at_) == "NAMES") {
            name = "names";
            operator_optional = true;
            ++at_;
        } else if (word(at_) == "TIME" && word(at_ + 1) == "ZONE") {
            name = "timezone";
            operator_optional = true;
            at_ += 2;
        } else if (word(at_) == "CHARACTER" && word(at_ + 1) == "SET") {
            name = "character set";
            operator_optional = true;
            at_ += 2;
        } else {
            name = dotted_name();
        }
        if (name.empty()) return refuse(name_at, "does not name a setting");
        if (word(name_at) == "PASSWORD" || word(name_at) == "ROLE" ||
            word(name_at) == "AUTHORIZATION")
            return refuse(name_at, "changes an account (" + word(name_at) + ")");
        if (!setting_allowed(name, rules_.session_settings))
            return refuse(name_at, "changes '" + name +
                                       "', which is not on the dialect's session_settings list");
        if (symbol(at_, "=") || word(at_) == "TO") {
            ++at_;
        } else if (symbol(at_, ":") && symbol(at_ + 1, "=")) {
            at_ += 2;
        } else if (!operator_optional) {
            return refuse(std::min(at_, tokens_.size() - 1), "has no '=' after the setting");
        }
        const std::size_t value_at = at_;
        if (auto r = value()) return r;
        if (name == "sql_mode" && rules_.lexis.double_quoted_strings)
            return quoting_mode_refusal(value_at);
        return std::nullopt;
    }

    // On the MySQL family, modes that change how quotes and backslashes read would make the
    // server see other statements than the gate's lexer did.
    std::optional<GateRefusal> quoting_mode_refusal(std::size_t from) const {
        for (std::size_t i = from; i < at_; ++i) {
            const std::string text = ascii_upper(tokens_[i].text);
            for (const char* mode : {"ANSI_QUOTES", "NO_BACKSLASH_ESCAPES", "ANSI"})
                if (text.find(mode) != std::string::npos)
                    return refuse(i, std::string("sets the sql_mode ") + mode +
                                         ", which changes how the server reads quotes");
        }
        return std::nullopt;
    }

    // A literal value, up to the end or the ',' that starts the next assignment.
    std::optional<GateRefusal> value() {
        const std::size_t start = at_;
        for (; at_ < tokens_.size(); ++at_) {
            const SqlToken& t = tokens_[at_];
            if (symbol(at_, ",") && at_ > start && starts_assignment(at_ + 1)) return std::nullopt;
            const bool literal = t.kind == SqlTokenKind::String || t.kind == SqlTokenKind::Number ||
                                 t.kind == SqlTokenKind::QuotedIdentifier ||
                                 (t.kind == SqlTokenKind::Word && !symbol(at_ + 1, "("));
            const bool joiner =
                symbol(at_, ",") || symbol(at_, "-") || symbol(at_, "+") || symbol(at_, ".");
            if (!literal && !joiner)
                return refuse(
                    at_, "sets a value that is not a literal, at '" + std::string(t.text) + "'");
        }
        if (at_ == start) return refuse(tokens_.size() - 1, "sets no value");
        return std::nullopt;
    }

    bool starts_assignment(std::size_t i) const {
        if (symbol(i, "@")) return true;
        std::size_t k = i;
        if (word(k) == "SESSION" || word(k) == "LOCAL" || word(k) == "GLOBAL") ++k;
        while (k + 1 < tokens_.size() && symbol(k + 1, ".")) k += 2;
        return symbol(k + 1, "=") || word(k + 1) == "TO" || symbol(k + 1, ":");
    }

    std::optional<GateRefusal> reset() {
        at_ = 1;
        const std::string name = dotted_name();
        if (name.empty()) return refuse(0, "does not name a setting");
        if (!setting_allowed(name, rules_.session_settings))
            return refuse(1, "resets '" + name +
                                 "', which is not on the dialect's "
                                 "session_settings list");
        if (at_ < tokens_.size()) return refuse(at_, "holds more than one setting name");
        return std::nullopt;
    }

    std::optional<GateRefusal> pragma() {
        at_ = 1;
        if (symbol(at_ + 1, ".")) {
            if (word(at_) != "MAIN")
                return refuse(at_, "names the schema " + std::string(tokens_[at_].text) +
                                       ", outside eriq's database");
            at_ += 2;
        }
        const std::size_t name_at = at_;
        const std::string name = word(at_).empty() ? "" : ascii_lower(tokens_[at_].text);
        if (name.empty()) return refuse(0, "does not name a pragma");
        if (!setting_allowed(name, rules_.session_settings))
            return refuse(name_at, "changes '" + name +
                                       "', which is not on the dialect's session_settings list");
        ++at_;
        if (at_ == tokens_.size()) return std::nullopt;
        const bool parenthesized = symbol(at_, "(");
        if (!parenthesized && !symbol(at_, "=")) return refuse(at_, "has no '=' after the pragma");
        ++at_;
        if (parenthesized) {
            if (tokens_.empty() || !symbol(tokens_.size() - 1, ")"))
                return refuse(at_, "does not close its '('");
            tokens_.pop_back();
        }
        return value();
    }

    std::string dotted_name() {
        std::string name;
        while (at_ < tokens_.size()) {
            const SqlToken& t = tokens_[at_];
            if (t.kind == SqlTokenKind::Word)
                name += ascii_lower(t.text);
            else if (t.kind == SqlTokenKind::QuotedIdentifier)
                name += ascii_lower(unquoted_identifier(t.text));
            else
                break;
            ++at_;
            if (!symbol(at_, ".")) break;
            name += '.';
            ++at_;
        }
        return name;
    }

    std::string word(std::size_t i) const {
        if (i >= tokens_.size() || tokens_[i].kind != SqlTokenKind::Word) return "";
        return ascii_upper(tokens_[i].text);
    }
    bool symbol(std::size_t i, std::string_view s) const {
        return i < tokens_.size() && tokens_[i].kind == SqlTokenKind::Symbol &&
               tokens_[i].text == s;
    }
    GateRefusal refuse(std::size_t i, std::string reason) const {
        const std::size_t offset =
            i < tokens_.size() ? static_cast<std::size_t>(tokens_[i].text.data() - sql_.data()) : 0;
        return GateRefusal{std::move(reason), offset};
    }

    std::string_view sql_;
    const GateRules& rules_;
    std::vector<SqlToken> tokens_;
    std::size_t at_ = 0;
};

}  // namespace

std::optional<GateRefusal> session_statement_refusal(std::string_view sql, const GateRules& rules) {
    return SessionParse(sql, rules).refusal();
}

}  // namespace eriq
