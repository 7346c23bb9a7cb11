#pragma once
// A dialect file (dialects/<name>.toml) in memory: the driver, connection
// defaults, type table with value domains, function catalogue, capabilities,
// representation spellings and documented benign differences. Pure data.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "catalog/benign_pattern.hpp"
#include "catalog/ddl_templates.hpp"
#include "util/statement_gate.hpp"

namespace eriq {

// Type families used by the generator. "bool" is the family of predicates.
inline const std::vector<std::string>& all_families() {
    static const std::vector<std::string> f{"int",  "float", "decimal", "string", "temporal",
                                            "json", "bit",   "spatial", "bool"};
    return f;
}

// How random values of a type are drawn beyond its listed boundary values.
struct RandomSpec {
    std::string
        kind;  // "int", "float", "decimal", "string", "date", "datetime", "time", "json", "none"
    double min = 0, max = 0;  // numeric range
    int length = 0;           // max string length
    int scale = 0;            // decimal places
};

struct TypeInfo {
    std::string name;    // SQL spelling used in CREATE TABLE, e.g. "DECIMAL(10,2)"
    std::string family;  // one of all_families()
    double weight = 1;
    std::vector<std::string> values;  // SQL literals incl. boundaries (NULL, '', 0, -1, max, min)
    RandomSpec random;
    bool indexable = true;  // may be a key, UNIQUE or index column (not TEXT/BLOB/JSON in MySQL)
};

// A function or operator of the catalogue. Argument/result families may be a
// family name, "T" (any family, all T equal) or "N" (a numeric family, all N equal).
struct FunctionSig {
    std::string name;  // spelling used in generated SQL
    std::string key;   // upper-case name for lookups (nondeterministic list, grammar references)
    std::vector<std::string> args;
    std::string returns;
    std::string tmpl;       // e.g. "({0} + {1})"; empty means NAME({0}, {1}, ...)
    bool variadic = false;  // the last argument may repeat 1..3 times
    bool aggregate = false;
    bool distinct_ok = false;  // aggregate accepts DISTINCT
    double weight = 1;
};

// A difference the DBMS documents as intended; cases matching it are counted, not reported.
struct BenignDifference {
    std::string reason;
    std::string query_regex;                   // matched (case-insensitive) against Q and I
    BenignPattern pattern;                     // query_regex compiled
    std::vector<std::string> representations;  // the odd ones out this explains
    std::size_t line = 0, column = 0;          // of `representations` in the dialect file
    // Optional narrowing: a pattern the case's data (its INSERT statements) must contain, and
    // the release from which on the DBMS no longer shows the difference.
    std::string rows_regex;  // empty: any data
    BenignPattern rows_pattern;
    // And a pattern I itself must contain, where query_regex names a construct of Q (the
    // function that shows the difference) and this one the column of I that causes it.
    std::string intermediate_regex;  // empty: any I
    BenignPattern intermediate_pattern;
    std::string before_version;  // empty: every release
};

// An error that one representation may raise while another of the same I does not, without
// a bug: e.g. an evaluation error whose occurrence depends on which rows an expression is
// evaluated for (SQL leaves the evaluation order to the implementation), or a limit of one
// form. Such a case is discarded under the error's kind; any other error raised by only some
// representations is a finding (pattern error_only_in_<REPR>).
struct ExpectedError {
    std::string reason;
    std::string error_regex;                   // matched (case-insensitive) against "kind: message"
    BenignPattern pattern;                     // error_regex compiled
    std::vector<std::string> representations;  // which may raise it alone; empty: any
    std::size_t line = 0, column = 0;          // of the entry in the dialect file
};

// Dialect override of a representation rule's SQL templates; unset parts keep the rule's.
struct RepresentationSpelling {
    std::size_t line = 0, column = 0;  // of [representation.NAME] in the dialect file
    std::optional<std::vector<std::string>> setup;
    std::optional<std::string> x;
    std::optional<std::string> query;
    std::optional<std::vector<std::string>> teardown;
    std::optional<bool> disabled;
};

// A representation run under another optimizer setting that keeps results the same: one
// more equivalent representation, named REPR[name] (e.g. VIEW[derived_merge=off]).
struct OptimizerVariant {
    std::string name;                          // e.g. "derived_merge=off"
    std::vector<std::string> representations;  // the representations it varies; empty: all
    std::vector<std::string> setup;            // session statements run before the query
    std::vector<std::string> teardown;         // restore the setting; always run after it
    // SQLite: optimizations turned off with sqlite3_test_control(SQLITE_TESTCTRL_OPTIMIZATIONS)
    // for the query (0: none).
    std::uint64_t sqlite_optimizations_off = 0;
    std::size_t line = 0, column = 0;  // of the entry in the dialect file
};

struct Dialect {
    std::string name;
    std::string file;             // path it was loaded from
    std::string driver;           // "sqlite", "duckdb", "mysql", "postgres"
    std::string default_connect;  // e.g. "sqlite::memory:"
    std::vector<std::string> session_init;
    // What the statement gate lets through on this dialect: its lexical rules, the session
    // settings SET may change, forbidden functions and catalogue names (util/statement_gate.hpp).
    GateRules gate;
    // Where NULLs sort in an ascending ORDER BY without NULLS FIRST/LAST: "low" (first) or
    // "high" (last).
    std::string null_order = "low";
    // Named lists of session statements run after session_init (e.g. the sql_mode); the
    // campaign runs under `session_profile` unless --session-profile names another.
    std::map<std::string, std::vector<std::string>> session_profiles;
    std::string session_profile;
    std::vector<OptimizerVariant> optimizer_variants;
    // [deoptimized]: the session statements that switch every optimizer off at once, for the
    // de-optimized reference of a finding (engine/deoptimized_reference.hpp); when absent, the
    // optimizer variants' setups together.
    std::optional<OptimizerVariant> deoptimized;
    std::string create_database;  // with {db}
    std::string analyze;          // statistics statement with {table}, may be empty
    // Fills a big table server-side: {table}, {columns} (expressions of the sequence number n,
    // 0..count-1) and {count}; empty means the dialect gets no big tables.
    std::string fill_table;
    // Expression-index templates per family, each with {0} for the column; empty means the
    // dialect has no expression indexes.
    std::map<std::string, std::vector<std::string>> index_expressions;
    DdlTemplates ddl;  // how D's CREATE TABLE / CREATE INDEX / INSERT are spelled

    std::vector<TypeInfo> types;
    std::vector<FunctionSig> functions;      // scalar functions and operators
    std::vector<FunctionSig> aggregates;     // aggregate functions
    std::set<std::string> nondeterministic;  // upper-case names never generated
    std::map<std::string, bool> capabilities;
    std::map<std::string, std::string> order_tiebreak;  // family -> template with {0}
    std::map<std::string, RepresentationSpelling> representations;
    std::vector<BenignDifference> benign;
    std::vector<ExpectedError> expected_errors;

    bool has(const std::string& capability) const {
        auto it = capabilities.find(capability);
        return it != capabilities.end() && it->second;
    }
    std::vector<const TypeInfo*> types_of(const std::string& family) const;
    // session_init followed by the statements of session profile `profile` ("": the
    // dialect's session_profile). Throws std::invalid_argument for an unknown profile.
    std::vector<std::string> session_statements(const std::string& profile = "") const;
};

// Loads and validates a dialect file with the files it includes (catalog/dialect_document.hpp).
// Throws LoadError ("file:line:col: message", the file being the one the problem is written in).
Dialect load_dialect(const std::string& path);

}  // namespace eriq
