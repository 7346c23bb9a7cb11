// The SQL types of sql_ast.hpp: their names and the declared types each one stands for.
#include <set>

#include "verify/sql_ast.hpp"

namespace eriq::verify {

const char* sql_type_name(SqlType t) {
    switch (t) {
        case SqlType::Null:
            return "NULL";
        case SqlType::Int:
            return "integer";
        case SqlType::Bool:
            return "boolean";
        case SqlType::String:
            return "string";
        case SqlType::Temporal:
            return "date/time";
        case SqlType::Other:
            return "unmodelled type";
        case SqlType::Any:
            return "untyped";
    }
    return "?";
}

SqlType declared_type(const std::string& name) {
    static const std::set<std::string> integers = {"INT",      "INTEGER", "BIGINT",
                                                   "SMALLINT", "TINYINT", "MEDIUMINT"};
    static const std::set<std::string> strings = {
        "VARCHAR", "CHAR", "CHARACTER", "TEXT", "STRING", "CLOB", "NVARCHAR", "NCHAR", "VARCHAR2"};
    static const std::set<std::string> temporals = {"DATE", "TIME", "TIMESTAMP", "DATETIME"};
    if (integers.count(name)) return SqlType::Int;
    if (strings.count(name)) return SqlType::String;
    if (name == "BOOLEAN" || name == "BOOL") return SqlType::Bool;
    if (temporals.count(name)) return SqlType::Temporal;
    return SqlType::Other;
}

}  // namespace eriq::verify
