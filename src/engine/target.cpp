#include "engine/target.hpp"

#include <cctype>

#include <fmt/format.h>

#include "engine/grammar_rules_check.hpp"
#include "engine/rule_soundness_gate.hpp"
#include "gen/case_generator.hpp"

namespace eriq {

TypeFamilies type_families_of(const Dialect& dialect) {
    TypeFamilies families;
    for (const TypeInfo& type : dialect.types) {
        std::string name = type.name.substr(0, type.name.find('('));
        for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        families.emplace(name, type.family);
    }
    return families;
}

Target load_target(const RunOptions& o, bool need_grammar) {
    Target t;
    t.dialect = load_dialect(resolve_data_path(
        o.dialect_file.empty() ? fmt::format("dialects/{}.toml", o.dialect) : o.dialect_file));
    t.rules = load_rules(resolve_data_path(o.rules_file));
    check_rules_for_dialect(t.rules, t.dialect);
    check_rule_soundness(t.rules, t.dialect, stderr, SoundnessCache::from_environment());
    if (need_grammar) {
        t.grammar = dsl::load_grammar(resolve_data_path(
            o.grammar_file.empty() ? fmt::format("grammars/{}.toml", t.dialect.name)
                                   : o.grammar_file));
        for (const auto& [k, v] : o.recorded_knobs)
            if (t.grammar.knobs.count(k)) dsl::override_knob(t.grammar, k, v);
        if (!o.weights_file.empty()) dsl::override_knobs_from_file(t.grammar, o.weights_file);
        for (const auto& [k, v] : o.weights) dsl::override_knob(t.grammar, k, v);
        check_grammar(t.grammar, t.dialect);
        check_grammar_representations(t.grammar, t.rules);
    }
    t.connection = ConnectionSpec::parse(o.connect.empty() ? t.dialect.default_connect : o.connect);
    if (!o.server_log.empty() && t.connection.driver != "mysql")
        throw std::invalid_argument(
            "--server-log: only MySQL-protocol servers (MariaDB, MySQL) have a log eriq reads");
    if (t.connection.driver != t.dialect.driver)
        throw std::invalid_argument(
            fmt::format("dialect {} uses the {} driver, but --connect names {}", t.dialect.name,
                        t.dialect.driver, t.connection.driver));
    t.backend_options.statement_timeout = o.statement_timeout;
    t.backend_options.gate = t.dialect.gate;
    t.backend_options.exclusive_workspace = true;
    t.backend_options.session_init = t.dialect.session_statements(o.session_profile);
    if (!o.session_profile.empty() && o.session_profile != t.dialect.session_profile)
        t.chosen_profile_statements = t.dialect.session_profiles.at(o.session_profile);
    if (!t.dialect.create_database.empty())
        t.backend_options.create_database = t.dialect.create_database;
    t.backend_options.allow_foreign_objects = o.allow_foreign_objects;
    t.backend_options.server_log = o.server_log;
    if (o.driver_libraries.size() > 1)
        throw std::invalid_argument("--driver-library: only replay runs on several libraries");
    if (!o.driver_libraries.empty()) t.backend_options.driver_library = o.driver_libraries.front();
    // A library that cannot be used fails here, before an output folder or a worker exists.
    if (!o.dry_run || !t.backend_options.driver_library.empty())
        t.library = load_driver_library(t.connection.driver, t.backend_options.driver_library);
    return t;
}

ReportContext report_context(const Target& t, const std::string& server_version,
                             const std::string& redacted_connection) {
    ReportContext ctx{t.dialect.name,
                      t.dialect.driver,
                      server_version,
                      redacted_connection,
                      t.backend_options.session_init,
                      {},
                      t.library.path,
                      t.library.source_id};
    ctx.grouping.type_families = type_families_of(t.dialect);
    ctx.grouping.side_depends_on_q = side_depends_on_q(t.rules);
    return ctx;
}

}  // namespace eriq
