#pragma once
// What a SQL text does to database objects, read from the leading keywords of each of
// its ';'-separated statements: which table or view it creates, drops or writes. The
// workspace ledger uses it to keep eriq inside the objects it created. Reads (SELECT,
// WITH, VALUES, SET, ...) yield nothing.
#include <string>
#include <string_view>
#include <vector>

#include "util/sql_tokens.hpp"

namespace eriq {

struct ObjectName {
    std::string schema;  // empty when the name is not qualified
    std::string name;
    bool quoted = false;  // written as "name", `name` or [name]
};

enum class TargetAction {
    Create,           // CREATE [OR REPLACE] TABLE|VIEW, CREATE TABLE ... AS
    CreateTemporary,  // CREATE TEMP|TEMPORARY TABLE|VIEW
    Drop,             // DROP TABLE|VIEW
    DropTemporary,    // DROP TEMPORARY TABLE (MySQL: never touches a base table)
    Write,            // INSERT, REPLACE, UPDATE, DELETE, TRUNCATE, ALTER, CREATE INDEX ON, RENAME,
                      // ANALYZE
    Other,            // CREATE or DROP of anything else (DATABASE, SCHEMA, FUNCTION, ...)
};

struct StatementTarget {
    TargetAction action;
    ObjectName object;  // for Other: object.name is the kind of object, e.g. "DATABASE"
};

// `lexis`: the lexical rules of the DBMS that runs `sql` (util/sql_tokens.hpp).
std::vector<StatementTarget> statement_targets(std::string_view sql,
                                               const SqlLexis& lexis = SqlLexis::standard());

}  // namespace eriq
