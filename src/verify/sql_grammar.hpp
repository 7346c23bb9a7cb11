#pragma once
// PEGTL rules of the SQL subset in sql_ast.hpp. Only the rules; sql_parse.cpp selects the nodes
// of the parse tree and turns them into the syntax tree.
#include <tao/pegtl.hpp>

#include "verify/limits.hpp"

namespace eriq::verify::sql {

namespace pg = tao::pegtl;

// Rule, counted as one nesting level (limits.hpp): every recursive rule goes through one, so
// deep nesting is refused before it can exhaust the stack.
template <typename Rule>
struct guarded {
    using rule_t = guarded;
    using subs_t = pg::type_list<Rule>;

    template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&... st) {
        NestingLevel level;
        check_deadline();
        return Control<Rule>::template match<A, M, Action, Control>(in, st...);
    }
};

struct sp : pg::star<pg::space> {};
// Each element followed by optional white space.
template <typename... R>
struct ws_seq : pg::seq<pg::seq<R, sp>...> {};

struct ident_first : pg::sor<pg::alpha, pg::one<'_', '$'>> {};
struct ident_rest : pg::sor<pg::alnum, pg::one<'_', '$'>> {};
template <typename Text>
struct kw : pg::seq<Text, pg::not_at<ident_rest>> {};

#define ERIQ_SQL_KEYWORD(rule, text) \
    struct rule : kw<TAO_PEGTL_ISTRING(text)> {};
ERIQ_SQL_KEYWORD(k_select, "SELECT")
ERIQ_SQL_KEYWORD(k_from, "FROM")
ERIQ_SQL_KEYWORD(k_where, "WHERE")
ERIQ_SQL_KEYWORD(k_group, "GROUP")
ERIQ_SQL_KEYWORD(k_by, "BY")
ERIQ_SQL_KEYWORD(k_having, "HAVING")
ERIQ_SQL_KEYWORD(k_order, "ORDER")
ERIQ_SQL_KEYWORD(k_union, "UNION")
ERIQ_SQL_KEYWORD(k_intersect, "INTERSECT")
ERIQ_SQL_KEYWORD(k_except, "EXCEPT")
ERIQ_SQL_KEYWORD(k_join, "JOIN")
ERIQ_SQL_KEYWORD(k_inner, "INNER")
ERIQ_SQL_KEYWORD(k_left, "LEFT")
ERIQ_SQL_KEYWORD(k_right, "RIGHT")
ERIQ_SQL_KEYWORD(k_full, "FULL")
ERIQ_SQL_KEYWORD(k_outer, "OUTER")
ERIQ_SQL_KEYWORD(k_cross, "CROSS")
ERIQ_SQL_KEYWORD(k_on, "ON")
ERIQ_SQL_KEYWORD(k_as, "AS")
ERIQ_SQL_KEYWORD(k_and, "AND")
ERIQ_SQL_KEYWORD(k_or, "OR")
ERIQ_SQL_KEYWORD(k_not, "NOT")
ERIQ_SQL_KEYWORD(k_in, "IN")
ERIQ_SQL_KEYWORD(k_is, "IS")
ERIQ_SQL_KEYWORD(k_null, "NULL")
ERIQ_SQL_KEYWORD(k_like, "LIKE")
ERIQ_SQL_KEYWORD(k_between, "BETWEEN")
ERIQ_SQL_KEYWORD(k_case, "CASE")
ERIQ_SQL_KEYWORD(k_when, "WHEN")
ERIQ_SQL_KEYWORD(k_then, "THEN")
ERIQ_SQL_KEYWORD(k_else, "ELSE")
ERIQ_SQL_KEYWORD(k_end, "END")
ERIQ_SQL_KEYWORD(k_exists, "EXISTS")
ERIQ_SQL_KEYWORD(k_distinct, "DISTINCT")
ERIQ_SQL_KEYWORD(k_all, "ALL")
ERIQ_SQL_KEYWORD(k_values, "VALUES")
ERIQ_SQL_KEYWORD(k_offset, "OFFSET")
ERIQ_SQL_KEYWORD(k_fetch, "FETCH")
ERIQ_SQL_KEYWORD(k_limit, "LIMIT")
ERIQ_SQL_KEYWORD(k_cast, "CAST")
ERIQ_SQL_KEYWORD(k_true, "TRUE")
ERIQ_SQL_KEYWORD(k_false, "FALSE")
ERIQ_SQL_KEYWORD(k_asc, "ASC")
ERIQ_SQL_KEYWORD(k_desc, "DESC")
#undef ERIQ_SQL_KEYWORD

struct keyword
    : pg::sor<k_select, k_from, k_where, k_group, k_by, k_having, k_order, k_union, k_intersect,
              k_except, k_join, k_inner, k_left, k_right, k_full, k_outer, k_cross, k_on, k_as,
              k_and, k_or, k_not, k_in, k_is, k_null, k_like, k_between, k_case, k_when, k_then,
              k_else, k_end, k_exists, k_distinct, k_all, k_values, k_offset, k_fetch, k_limit,
              k_cast, k_true, k_false, k_asc, k_desc> {};
struct ident_chars : pg::seq<ident_first, pg::star<ident_rest>> {};
struct ident : pg::seq<pg::not_at<keyword>, ident_chars> {};
struct comma : pg::seq<pg::one<','>, sp> {};

struct expr;
struct query;

// Literals
struct int_lit : pg::seq<pg::plus<pg::digit>, pg::not_at<pg::one<'.'>>> {};
struct dec_lit : pg::seq<pg::plus<pg::digit>, pg::one<'.'>, pg::star<pg::digit>> {};
struct str_lit
    : pg::seq<pg::one<'\''>, pg::star<pg::sor<pg::string<'\'', '\''>, pg::not_one<'\''>>>,
              pg::one<'\''>> {};
struct true_lit : k_true {};
struct false_lit : k_false {};
struct null_lit : k_null {};

// CAST(e AS type), CASE, EXISTS, function calls, column references
struct type_name : pg::seq<ident_chars, sp,
                           pg::opt<ws_seq<pg::one<'('>, pg::plus<pg::digit>,
                                          pg::opt<comma, pg::plus<pg::digit>, sp>, pg::one<')'>>>> {
};
struct cast_expr : ws_seq<k_cast, pg::one<'('>, expr, k_as, type_name, pg::one<')'>> {};
struct when_clause : ws_seq<k_when, expr, k_then, expr> {};
struct else_clause : ws_seq<k_else, expr> {};
struct case_operand : pg::seq<pg::not_at<k_when>, expr> {};
struct case_expr
    : ws_seq<k_case, pg::opt<case_operand>, pg::plus<when_clause>, pg::opt<else_clause>, k_end> {};
struct exists_expr : ws_seq<k_exists, pg::one<'('>, query, pg::one<')'>> {};
struct subquery_expr : ws_seq<pg::one<'('>, pg::at<k_select>, query, pg::one<')'>> {};
struct star_arg : pg::one<'*'> {};
struct distinct_flag : k_distinct {};
struct function_name : ident_chars {};
struct function_call
    : ws_seq<function_name, pg::one<'('>, pg::opt<distinct_flag>,
             pg::opt<pg::sor<ws_seq<star_arg>, pg::list<expr, comma>>>, pg::one<')'>> {};
struct k_for : kw<TAO_PEGTL_ISTRING("FOR")> {};
struct k_substring : kw<TAO_PEGTL_ISTRING("SUBSTRING")> {};
struct k_trim : kw<TAO_PEGTL_ISTRING("TRIM")> {};
struct substring_call : ws_seq<k_substring, pg::one<'('>, expr, k_from, expr,
                               pg::opt<k_for, sp, expr>, pg::one<')'>> {};
struct trim_side : pg::sor<TAO_PEGTL_ISTRING("BOTH"), TAO_PEGTL_ISTRING("LEADING"),
                           TAO_PEGTL_ISTRING("TRAILING")> {};
struct trim_call : ws_seq<k_trim, pg::one<'('>, pg::opt<trim_side, sp>,
                          pg::opt<pg::not_at<k_from>, expr>, k_from, expr, pg::one<')'>> {};
struct paren_expr : ws_seq<pg::one<'('>, pg::list<expr, comma>, pg::one<')'>> {};
struct column_name : ident_chars {};
struct qualifier : ident {};
struct column_ref : pg::sor<pg::seq<qualifier, pg::one<'.'>, column_name>, ident> {};

// Rule, with this thread's deadline checked on the way in (limits.hpp).
template <typename Rule>
struct timed {
    using rule_t = timed;
    using subs_t = pg::type_list<Rule>;

    template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput, typename... States>
    [[nodiscard]] static bool match(ParseInput& in, States&&... st) {
        check_deadline();
        return Control<Rule>::template match<A, M, Action, Control>(in, st...);
    }
};

struct primary
    : timed<pg::seq<pg::sor<cast_expr, case_expr, exists_expr, subquery_expr, substring_call,
                            trim_call, paren_expr, dec_lit, int_lit, str_lit, true_lit, false_lit,
                            null_lit, function_call, column_ref>,
                    sp>> {};
struct neg_op : pg::one<'-'> {};
struct unary : pg::seq<pg::opt<neg_op, sp>, primary> {};
struct mul_op : pg::one<'*', '/', '%'> {};
struct mul_expr : pg::seq<unary, pg::star<mul_op, sp, unary>> {};
struct add_op : pg::sor<pg::string<'|', '|'>, pg::one<'+', '-'>> {};
struct add_expr : pg::seq<mul_expr, pg::star<add_op, sp, mul_expr>> {};

// Predicates after an operand
struct not_flag : k_not {};
struct cmp_op : pg::sor<pg::string<'<', '>'>, pg::string<'<', '='>, pg::string<'>', '='>,
                        pg::string<'!', '='>, pg::one<'=', '<', '>'>> {};
struct is_null_sfx : ws_seq<k_is, pg::opt<not_flag>, k_null> {};
struct is_bool_sfx : ws_seq<k_is, pg::opt<not_flag>, pg::sor<true_lit, false_lit>> {};
struct cmp_sfx : ws_seq<cmp_op, add_expr> {};
struct in_query_sfx
    : ws_seq<pg::opt<not_flag>, k_in, pg::one<'('>, pg::at<k_select>, query, pg::one<')'>> {};
struct in_list_sfx
    : ws_seq<pg::opt<not_flag>, k_in, pg::one<'('>, pg::list<expr, comma>, pg::one<')'>> {};
struct between_sfx : ws_seq<pg::opt<not_flag>, k_between, add_expr, k_and, add_expr> {};
struct like_sfx : ws_seq<pg::opt<not_flag>, k_like, add_expr> {};
struct comparison
    : pg::seq<add_expr, pg::opt<pg::sor<is_null_sfx, is_bool_sfx, cmp_sfx, in_query_sfx,
                                        in_list_sfx, between_sfx, like_sfx>>> {};
struct not_op : k_not {};
struct not_expr : pg::sor<pg::seq<not_op, sp, guarded<not_expr>>, comparison> {};
struct and_expr : pg::seq<not_expr, pg::star<k_and, sp, not_expr>> {};
struct or_expr : pg::seq<and_expr, pg::star<k_or, sp, and_expr>> {};
struct expr : guarded<or_expr> {};

// SELECT list
struct alias : ident {};
struct as_alias : ident_chars {};  // after AS any name goes (Calcite writes AS CASE)
struct star_item : pg::one<'*'> {};
struct qualified_star : pg::seq<ident_chars, pg::one<'.'>, pg::one<'*'>> {};
struct select_item
    : pg::sor<ws_seq<qualified_star>, ws_seq<star_item>,
              pg::seq<expr, pg::opt<pg::sor<pg::seq<k_as, sp, as_alias>, alias>, sp>>> {};
struct select_list : pg::list<select_item, comma> {};

// FROM
struct table_name : ident {};
struct table_alias : pg::seq<pg::sor<pg::seq<k_as, sp, as_alias>, alias>, sp> {};
struct values_row : ws_seq<pg::one<'('>, pg::list<expr, comma>, pg::one<')'>> {};
struct values_table : ws_seq<pg::one<'('>, k_values, pg::opt<pg::list<values_row, comma>>,
                             pg::one<')'>, table_alias> {};
struct derived_table : ws_seq<pg::one<'('>, query, pg::one<')'>, table_alias> {};
struct base_table : pg::seq<table_name, sp, pg::opt<table_alias>> {};
struct table_primary : pg::sor<values_table, derived_table, base_table> {};
struct inner_join : ws_seq<pg::opt<k_inner>, k_join> {};
struct left_join : ws_seq<k_left, pg::opt<k_outer>, k_join> {};
struct right_join : ws_seq<k_right, pg::opt<k_outer>, k_join> {};
struct full_join : ws_seq<k_full, pg::opt<k_outer>, k_join> {};
struct cross_join : ws_seq<k_cross, k_join> {};
struct join_kind : pg::sor<inner_join, left_join, right_join, full_join> {};
struct join_rhs;
struct join_clause
    : pg::sor<pg::seq<cross_join, table_primary>, ws_seq<join_kind, join_rhs, k_on, expr>> {};
// A join's right side may hold joins of its own: A JOIN B JOIN C ON c1 ON c2.
struct join_rhs : guarded<pg::seq<table_primary, pg::star<join_clause>>> {};
struct from_item : pg::seq<table_primary, pg::star<join_clause>> {};
struct from_clause : ws_seq<k_from, pg::list<from_item, comma>> {};

struct where_clause : ws_seq<k_where, expr> {};
struct group_by : ws_seq<k_group, k_by, pg::list<expr, comma>> {};
struct having_clause : ws_seq<k_having, expr> {};
struct select_core
    : ws_seq<k_select, pg::opt<pg::sor<distinct_flag, k_all>>, select_list, pg::opt<from_clause>,
             pg::opt<where_clause>, pg::opt<group_by>, pg::opt<having_clause>> {};

// Set operations, ORDER BY, limits
struct query_term : pg::sor<select_core, ws_seq<pg::one<'('>, query, pg::one<')'>>> {};
struct union_op : k_union {};
struct intersect_op : k_intersect {};
struct except_op : k_except {};
struct all_flag : k_all {};
struct set_op
    : ws_seq<pg::sor<union_op, intersect_op, except_op>, pg::opt<pg::sor<all_flag, k_distinct>>> {};
struct order_key : pg::seq<expr, pg::opt<pg::sor<k_asc, k_desc>, sp>> {};
struct order_by : ws_seq<k_order, k_by, pg::list<order_key, comma>> {};
struct limit_clause
    : pg::seq<pg::sor<k_offset, k_fetch, k_limit>, pg::star<pg::sor<pg::alnum, pg::space>>> {};
struct query : guarded<pg::seq<query_term, pg::star<set_op, query_term>, pg::opt<order_by>,
                               pg::opt<limit_clause>>> {};
// must<>: a statement that stops early is an error at the place where it stopped.
struct statement : pg::seq<sp, pg::must<query>, pg::opt<pg::one<';'>, sp>, pg::must<pg::eof>> {};
// A lone expression (predicate checks, tests)
struct expression : pg::seq<sp, expr, pg::eof> {};

}  // namespace eriq::verify::sql
