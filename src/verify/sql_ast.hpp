#pragma once
// Syntax tree of the SQL subset eriq-prove reads (the Calcite rewrite pairs): SELECT/FROM/WHERE,
// joins, GROUP BY/HAVING, DISTINCT, set operations, VALUES, CASE, CAST, subqueries.
#include <memory>
#include <string>
#include <vector>

namespace eriq::verify {

struct Query;

// The type of an SQL value as the prover models it. Values of different types are never
// compared, combined or converted implicitly: such an expression is refused as unsupported.
// Null is the NULL literal (it takes any type); Other a declared type the prover does not model
// (DECIMAL, FLOAT, ...): such values may be passed on and tested for NULL, nothing else; Any an
// untyped column (predicate classification without a schema), read as an integer as before.
enum class SqlType { Null, Int, Bool, String, Temporal, Other, Any };
const char* sql_type_name(SqlType t);
// The type of a declared column type (INT, VARCHAR, BOOLEAN, DATE, ...), Other when unknown.
SqlType declared_type(const std::string& upper_type_name);

struct Expr {
    enum class Kind {
        Column,  // qualifier.name (qualifier may be empty)
        Slot,    // a resolved input column: index (only in the algebra, never parsed)
        Int,     // integer literal: number
        Str,     // string literal: name holds the text
        Bool,    // TRUE/FALSE: number 1/0
        Null,    // NULL
        Neg,     // -arg
        Not,     // NOT arg
        And,
        Or,
        Compare,    // op: = <> < <= > >=
        Arith,      // op: + - * / % ||
        IsNull,     // negated: IS NOT NULL
        InList,     // args[0] IN (args[1..])
        InQuery,    // args IN (sub)
        Exists,     // EXISTS (sub)
        Subquery,   // scalar (sub)
        Between,    // args[0] BETWEEN args[1] AND args[2]
        Like,       // args[0] LIKE args[1]
        Case,       // WHEN/THEN pairs, then an optional ELSE (has_else)
        Cast,       // CAST(args[0] AS name)
        Function,   // name(args)
        Aggregate,  // name(args) or name(*) (star); distinct
        Row,        // (a, b, ...)
    };
    Kind kind = Kind::Null;
    std::string op;    // operator, or the column's qualifier
    std::string name;  // column/function/type name, string literal text
    long long number = 0;
    bool negated = false;
    bool distinct = false;
    bool star = false;
    bool has_else = false;
    std::vector<Expr> args;
    std::shared_ptr<const Query> sub;
};

struct SelectItem {
    bool star = false;      // * or qualifier.*
    std::string qualifier;  // for qualifier.*
    Expr expr;
    std::string alias;
};

struct TableRef {
    enum class Kind { Base, Derived, Values, Join };
    enum class Join { Inner, Left, Right, Full, Cross };
    Kind kind = Kind::Base;
    std::string name;  // base table
    std::string alias;
    std::shared_ptr<const Query> sub;     // derived table
    std::vector<std::vector<Expr>> rows;  // VALUES
    Join join = Join::Inner;
    std::shared_ptr<const TableRef> left, right;
    Expr on;
    bool has_on = false;
};

struct Select {
    bool distinct = false;
    std::vector<SelectItem> items;
    std::vector<TableRef> from;
    bool has_where = false;
    Expr where;
    std::vector<Expr> group_by;
    bool has_having = false;
    Expr having;
};

struct Query {
    enum class Kind { Select, Union, Intersect, Except };
    Kind kind = Kind::Select;
    Select select;
    bool all = false;  // UNION ALL
    std::shared_ptr<const Query> left, right;
    bool ordered = false;  // ORDER BY (no effect on a bag without a limit)
    bool limited = false;  // OFFSET/FETCH/LIMIT
};

}  // namespace eriq::verify
