#include "catalog/gate_rules_reader.hpp"

#include <fmt/format.h>

#include "catalog/toml_fields.hpp"
#include "util/statement_gate.hpp"

namespace eriq {
namespace {

class GateRulesReader : TomlFields {
  public:
    GateRulesReader(const std::string& file, Dialect& d) : TomlFields(file), d_(d) {}

    void read(const toml::table& root) {
        d_.gate.lexis = SqlLexis::for_driver(d_.driver);
        if (auto* n = root.get("session_settings"))
            d_.gate.session_settings = texts(*n, "session_settings");
        if (auto* n = root.get("forbidden_functions"))
            d_.gate.forbidden_functions = texts(*n, "forbidden_functions");
        if (auto* n = root.get("catalog_name_prefixes"))
            d_.gate.forbidden_name_prefixes = texts(*n, "catalog_name_prefixes");
        if (auto* n = root.get("session_init")) check_session_list(*n);
        if (auto* n = root.get("session_profiles"))
            if (const toml::table* profiles = n->as_table())
                for (auto&& [name, list] : *profiles) check_session_list(list);
        for (const toml::table* variant : tables_of(root, "optimizer_variant"))
            for (const char* key : {"setup", "teardown"})
                if (auto* n = variant->get(key)) check_session_list(*n);
        if (const toml::table* deoptimized = root["deoptimized"].as_table())
            for (const char* key : {"setup", "teardown"})
                if (auto* n = deoptimized->get(key)) check_session_list(*n);
        if (auto* n = root.get("create_database")) {
            if (auto refusal = create_database_refusal(d_.create_database, d_.gate.lexis))
                fail(n->source(), "'create_database' " + refusal->reason);
        }
    }

  private:
    // Each entry must be a session statement the gate lets through.
    void check_session_list(const toml::node& list) const {
        const toml::array* items = list.as_array();
        if (!items) return;  // the typed readers already failed on a non-array
        for (const toml::node& item : *items) {
            const std::string sql = item.value_or(std::string());
            const GateDecision decision = gate_statement(sql, d_.gate);
            if (decision.refusal)
                fail(item.source(), fmt::format("the session statement '{}' {}", excerpt(sql),
                                                decision.refusal->reason));
            if (decision.kind != StatementKind::Session)
                fail(item.source(), fmt::format("'{}' is not a session statement: only SET, "
                                                "RESET and PRAGMA of the dialect's "
                                                "session_settings may run here",
                                                excerpt(sql)));
        }
    }

    static std::string excerpt(const std::string& sql) {
        return sql.size() <= 80 ? sql : sql.substr(0, 77) + "...";
    }

    Dialect& d_;
};

}  // namespace

void read_gate_rules(const toml::table& root, const std::string& file, Dialect& d) {
    GateRulesReader(file, d).read(root);
}

}  // namespace eriq
