#pragma once
// The statement gate's rules, shared by the loaders (which refuse a file's statement with
// file:line:col before anything runs) and the backends (which check every statement again
// before it is sent, exec/driver_backend.hpp). A statement passes only when it is one
// statement, of a kind eriq sends (a query; CREATE, DROP or a write of a table, view or
// index; ANALYZE of a table; a session setting on the dialect's list), and names nothing the
// dialect forbids. Which objects it may create, drop or write is the workspace ledger's
// decision (exec/workspace_ledger.hpp); which schemas exist is the backend's.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/sql_tokens.hpp"

namespace eriq {

struct GateRules {
    SqlLexis lexis;
    // Settings SET, RESET and PRAGMA may change, ASCII case-insensitive; "enable_*" matches
    // every name with that prefix. A session statement naming anything else is refused.
    std::vector<std::string> session_settings;
    // Functions that read or write outside the database, wait, or act on other sessions
    // (LOAD_FILE, pg_read_file, read_csv, ...), ASCII case-insensitive.
    std::vector<std::string> forbidden_functions;
    // Name prefixes that reach the server's catalogues without a schema (PostgreSQL's pg_
    // relations are found through the search path).
    std::vector<std::string> forbidden_name_prefixes;
};

enum class StatementKind {
    Query,    // SELECT, WITH, VALUES, TABLE
    Object,   // CREATE, DROP, INSERT, REPLACE, UPDATE, DELETE, TRUNCATE, ALTER, ANALYZE
    Session,  // SET, RESET, PRAGMA
};

struct GateRefusal {
    std::string reason;      // completes "the statement ...": e.g. "holds more than one statement"
    std::size_t offset = 0;  // where in the statement text the problem starts
};

struct GateDecision {
    StatementKind kind = StatementKind::Query;
    std::optional<GateRefusal> refusal;
};

// Decides `sql` by `rules`; `sql` is one statement as it will be sent.
GateDecision gate_statement(std::string_view sql, const GateRules& rules);

// The qualifiers of the dotted names in `sql` (the `s` of s.t and s.t.c), as written and with
// quotes removed, for the backend's check against the server's other schemas.
std::vector<std::string> name_qualifiers(std::string_view sql, const SqlLexis& lexis);

// A create_database template must be CREATE DATABASE|SCHEMA [IF NOT EXISTS] {db} options.
std::optional<GateRefusal> create_database_refusal(std::string_view sql, const SqlLexis& lexis);

// Whether `name` is on `settings` (ASCII case-insensitive, "prefix*" entries match prefixes).
bool setting_allowed(std::string_view name, const std::vector<std::string>& settings);

}  // namespace eriq
