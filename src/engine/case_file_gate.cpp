#include "engine/case_file_gate.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include "util/load_error.hpp"
#include "util/toml_file.hpp"

namespace eriq {

void check_case_statements(const std::string& path, const GateRules& gate) {
    const toml::table doc = parse_toml_file(path);
    auto check = [&](const char* key, const toml::node& n) {
        const std::string sql = n.value_or(std::string());
        const GateDecision decision = gate_statement(sql, gate);
        std::string problem;
        if (decision.refusal)
            problem = decision.refusal->reason;
        else if ((decision.kind == StatementKind::Session) != (std::string_view(key) == "session"))
            problem = std::string_view(key) == "session"
                          ? "is not a session statement (SET, RESET or PRAGMA)"
                          : "is a session statement: put it under 'session'";
        if (problem.empty()) return;
        const toml::source_position at = n.source().begin;
        throw LoadError(path, at.line, at.column, fmt::format("'{}' {}", key, problem));
    };
    for (const char* key : {"session", "schema", "rows"})
        if (const toml::array* items = doc[key].as_array())
            for (const toml::node& item : *items) check(key, item);
    for (const char* key : {"intermediate", "referencing", "outer"})
        if (const toml::node* n = doc.get(key)) check(key, *n);
}

}  // namespace eriq
