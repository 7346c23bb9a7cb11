// Builds the syntax tree from PEGTL's parse tree of sql_grammar.hpp: the selector below keeps the
// nodes the conversion functions read; each function handles one rule. Expressions are
// converted in sql_convert_expr.cpp, tables and queries here.
#include "verify/sql_parse.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "verify/limits.hpp"
#include "verify/sql_convert.hpp"
#include "verify/sql_grammar.hpp"

namespace eriq::verify {
namespace sql_convert {
namespace {

namespace pg = tao::pegtl;
using namespace sql;

std::string alias_of(const Node& n) {
    for (const auto& c : n.children)
        if (c->is_type<alias>() || c->is_type<as_alias>()) return upper(c->string());
    return "";
}

TableRef conv_table_primary(const Node& n) {
    TableRef t;
    t.alias = alias_of(n);
    if (n.is_type<base_table>()) {
        t.kind = TableRef::Kind::Base;
        t.name = upper(n.children.at(0)->string());
        if (t.alias.empty()) t.alias = t.name;
    } else if (n.is_type<derived_table>()) {
        t.kind = TableRef::Kind::Derived;
        t.sub = conv_query(*n.children.at(0));
    } else {
        t.kind = TableRef::Kind::Values;
        for (const auto& row : n.children) {
            if (!row->is_type<values_row>()) continue;
            std::vector<Expr> values;
            for (const auto& v : row->children) values.push_back(conv_expr(*v));
            t.rows.push_back(std::move(values));
        }
    }
    return t;
}

// table_primary join_clause*: folds the joins left to right.
TableRef conv_join_sequence(const Node& n) {
    TableRef acc = conv_table_primary(*n.children.at(0));
    for (size_t i = 1; i < n.children.size(); ++i) {
        const Node& j = *n.children[i];
        const Node& kind = *j.children.at(0);
        TableRef join;
        join.kind = TableRef::Kind::Join;
        join.left = std::make_shared<TableRef>(std::move(acc));
        if (kind.is_type<cross_join>()) {
            join.join = TableRef::Join::Cross;
            join.right = std::make_shared<TableRef>(conv_table_primary(*j.children.at(1)));
        } else {
            join.join = kind.is_type<left_join>()    ? TableRef::Join::Left
                        : kind.is_type<right_join>() ? TableRef::Join::Right
                        : kind.is_type<full_join>()  ? TableRef::Join::Full
                                                     : TableRef::Join::Inner;
            join.right = std::make_shared<TableRef>(conv_join_sequence(*j.children.at(1)));
            join.on = conv_expr(*j.children.at(2));
            join.has_on = true;
        }
        acc = std::move(join);
    }
    return acc;
}

Select conv_select(const Node& n) {
    Select s;
    for (const auto& c : n.children) {
        if (c->is_type<distinct_flag>()) {
            s.distinct = true;
        } else if (c->is_type<select_item>()) {
            SelectItem item;
            const Node& first = *c->children.at(0);
            if (first.is_type<star_item>()) {
                item.star = true;
            } else if (first.is_type<qualified_star>()) {
                item.star = true;
                std::string q = first.string();
                item.qualifier = upper(q.substr(0, q.find('.')));
            } else {
                item.expr = conv_expr(first);
                item.alias = alias_of(*c);
            }
            s.items.push_back(std::move(item));
        } else if (c->is_type<from_item>()) {
            s.from.push_back(conv_join_sequence(*c));
        } else if (c->is_type<where_clause>()) {
            s.has_where = true;
            s.where = conv_expr(*c->children.at(0));
        } else if (c->is_type<group_by>()) {
            for (const auto& g : c->children) s.group_by.push_back(conv_expr(*g));
        } else if (c->is_type<having_clause>()) {
            s.has_having = true;
            s.having = conv_expr(*c->children.at(0));
        }
    }
    return s;
}

std::shared_ptr<const Query> conv_term(const Node& n) {
    if (n.is_type<select_core>()) {
        auto q = std::make_shared<Query>();
        q->select = conv_select(n);
        return q;
    }
    return conv_query(n);  // parenthesized query
}

}  // namespace

std::shared_ptr<const Query> conv_query(const Node& n) {
    std::shared_ptr<const Query> acc;
    size_t i = 0;
    acc = conv_term(*n.children.at(i++));
    bool ordered = false, limited = false;
    while (i < n.children.size()) {
        const Node& c = *n.children[i];
        if (c.is_type<set_op>()) {
            auto q = std::make_shared<Query>();
            const Node& op = *c.children.at(0);
            q->kind = op.is_type<union_op>()       ? Query::Kind::Union
                      : op.is_type<intersect_op>() ? Query::Kind::Intersect
                                                   : Query::Kind::Except;
            q->all = c.children.size() > 1 && c.children[1]->is_type<all_flag>();
            q->left = acc;
            q->right = conv_term(*n.children.at(i + 1));
            acc = q;
            i += 2;
        } else {
            if (c.is_type<order_by>()) ordered = true;
            if (c.is_type<limit_clause>()) limited = true;
            ++i;
        }
    }
    if (ordered || limited) {
        auto q = std::make_shared<Query>(*acc);
        q->ordered = ordered;
        q->limited = limited;
        acc = q;
    }
    return acc;
}

}  // namespace sql_convert

namespace {

namespace pg = tao::pegtl;
using namespace sql;
using sql_convert::Node;

template <typename Rule>
using selector = pg::parse_tree::selector<
    Rule,
    pg::parse_tree::store_content::on<
        int_lit, dec_lit, str_lit, true_lit, false_lit, null_lit, type_name, cast_expr, when_clause,
        else_clause, case_operand, case_expr, exists_expr, subquery_expr, star_arg, distinct_flag,
        function_name, function_call, paren_expr, qualifier, column_name, column_ref, ident, neg_op,
        unary, mul_op, mul_expr, add_op, add_expr, not_flag, cmp_op, is_null_sfx, cmp_sfx,
        in_query_sfx, in_list_sfx, between_sfx, like_sfx, comparison, not_op, not_expr, and_expr,
        expr, alias, as_alias, is_bool_sfx, substring_call, trim_call, trim_side, star_item,
        qualified_star, select_item, table_name, values_row, values_table, derived_table,
        base_table, inner_join, left_join, right_join, full_join, cross_join, join_clause, join_rhs,
        from_item, where_clause, group_by, having_clause, select_core, union_op, intersect_op,
        except_op, all_flag, set_op, order_by, limit_clause, query>>;

template <typename Top>
std::unique_ptr<Node> parse_tree_of(std::string_view text) {
    if (text.size() > kMaxQueryBytes)
        throw Unsupported(fmt::format("query longer than {} bytes", kMaxQueryBytes));
    reset_term_count();
    pg::memory_input in(text.data(), text.size(), "sql");
    try {
        auto root = pg::parse_tree::parse<Top, selector>(in);
        if (!root) throw ParseError("syntax error");
        return root;
    } catch (const pg::parse_error& e) {
        if (e.positions().empty()) throw ParseError("syntax error");
        const pg::position& at = e.positions().front();
        std::string_view rest = text.substr(std::min(at.byte, text.size()), 20);
        throw ParseError(
            fmt::format("syntax error at {}:{}{}", at.line, at.column,
                        rest.empty() ? " (end of the query)" : fmt::format(" near '{}'", rest)));
    }
}

}  // namespace

Query parse_query(std::string_view text) {
    auto root = parse_tree_of<statement>(text);
    if (!root->children.empty()) {
        const Node& top = *root->children.front();
        if (top.is_type<query>()) return *sql_convert::conv_query(top);
    }
    throw ParseError("syntax error");
}

Expr parse_expression(std::string_view text) {
    auto root = parse_tree_of<expression>(text);
    return sql_convert::conv_expr(*root->children.at(0));
}

}  // namespace eriq::verify
