#pragma once
// The loaded, validated inputs of a run: dialect, grammar (with weight
// overrides applied), rules and the connection to use.
#include <string>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "engine/data_path.hpp"
#include "engine/options.hpp"
#include "exec/backend.hpp"
#include "report/group_signature.hpp"
#include "report/report_writer.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

struct Target {
    Dialect dialect;
    dsl::Grammar grammar;
    RuleSet rules;
    ConnectionSpec connection;
    BackendOptions backend_options;
    // The client library loaded for the target (SQLite: --driver-library or the system's);
    // empty for a dry run that names none.
    DriverLibraryInfo library;
    // --session-profile when it names another profile than the dialect's own: its
    // statements, which every report's case.toml then carries (`session`) for its replay.
    std::vector<std::string> chosen_profile_statements;
};

// Loads everything, and the driver library (a dry run only the one it names); throws LoadError /
// std::invalid_argument / DriverLibraryError with a clear message.
Target load_target(const RunOptions& options, bool need_grammar = true);

// What the report files of a finding on this target need to know about it.
// The dialect's type names without parameters, upper-cased, to their families (grouping).
TypeFamilies type_families_of(const Dialect& dialect);

ReportContext report_context(const Target& t, const std::string& server_version,
                             const std::string& redacted_connection);

}  // namespace eriq
