#include "gen/database_generator.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "catalog/sql_template.hpp"
#include "gen/rng.hpp"
#include "gen/sql_text.hpp"
#include "gen/value_generator.hpp"

namespace eriq {
namespace {

struct ColumnPlan {
    const TypeInfo* type = nullptr;
    bool not_null = false;
    bool unique = false;
    bool key = false;  // part of the primary key
};

class DatabaseBuilder {
  public:
    DatabaseBuilder(const dsl::Grammar& g, const Dialect& d, std::uint64_t seed)
        : g_(g), d_(d), rng_(seed) {}

    GeneratedDatabase build(std::uint64_t seed) {
        GeneratedDatabase db;
        db.seed = seed;
        for (const auto& t : d_.types)
            type_weights_.push_back(t.weight * g_.knob("family_" + t.family, 1.0));

        const int tables = table_count();
        // At most one big table: joins of two would multiply their sizes.
        const bool with_big =
            !d_.fill_table.empty() && rng_.chance(g_.knob("big_table_share", 0.03));
        const int big_index = with_big ? static_cast<int>(rng_.below(tables)) : -1;
        std::vector<std::string> statistics;
        for (int ti = 0; ti < tables; ++ti) {
            const bool big = ti == big_index;
            TableInfo table;
            table.name = fmt::format("t{}", ti);
            table.filled_server_side = big;
            const int rows = big ? big_row_count() : small_row_count();
            std::vector<ColumnPlan> plan = plan_columns(big, rows);
            db.schema.push_back(create_table(table, plan));
            add_indexes(table, plan, db.schema);
            if (big) {
                db.rows.push_back(fill_big(table, plan, rows));
                table.row_count = rows;
            } else if (rows > 0) {
                std::string insert = insert_small(table, plan, rows);
                if (!insert.empty()) db.rows.push_back(std::move(insert));
            }
            if (!d_.analyze.empty() && (big || rng_.chance(g_.knob("analyze", 0.3))))
                statistics.push_back(replace_all(d_.analyze, "{table}", table.name));
            db.tables.push_back(std::move(table));
        }
        for (auto& s : statistics) db.rows.push_back(std::move(s));
        return db;
    }

  private:
    int knob_int(const char* name, int fallback) const {
        return static_cast<int>(g_.knob(name, fallback));
    }

    // Usually one or two tables; with more_tables_share up to tables_max.
    int table_count() {
        const int lo = knob_int("tables_min", 1);
        const int hi = knob_int("tables_max", 2);
        const int usual_hi = std::min(hi, std::max(lo, 2));
        const bool more = rng_.chance(g_.knob("more_tables_share", 0.2));
        return static_cast<int>(rng_.range(lo, more ? hi : usual_hi));
    }

    int small_row_count() {
        if (rng_.chance(g_.knob("empty_table_share", 0.0))) return 0;
        return static_cast<int>(rng_.range(knob_int("rows_min", 5), knob_int("rows_max", 20)));
    }

    // Log-uniform, skewed to the small end: random joins cost rows^k, so the largest sizes
    // must stay rare.
    int big_row_count() {
        const double lo = std::max(1.0, g_.knob("big_rows_min", 100));
        const double hi = std::max(lo, g_.knob("big_rows_max", 1000));
        const double u = rng_.unit();
        return static_cast<int>(std::lround(lo * std::pow(hi / lo, u * u * u)));
    }

    const TypeInfo& pick_type() {
        int idx = rng_.weighted(type_weights_);
        if (idx < 0) throw std::runtime_error("no column type has a positive weight");
        return d_.types[static_cast<std::size_t>(idx)];
    }

    // The largest value an integer type holds, judged from its declared values; big tables
    // number key columns 0..rows-1, which needs the type to hold them (YEAR does not).
    static bool holds_sequence(const TypeInfo& t, int rows) {
        if (t.family != "int" || t.random.kind != "int" || t.random.min > 0) return false;
        double top = t.random.max;
        for (const auto& v : t.values) {
            char* end = nullptr;
            double x = std::strtod(v.c_str(), &end);
            if (end != v.c_str() && *end == '\0') top = std::max(top, x);
        }
        return top >= rows;
    }

    std::vector<ColumnPlan> plan_columns(bool big, int rows) {
        const int cols =
            static_cast<int>(rng_.range(knob_int("columns_min", 1), knob_int("columns_max", 4)));
        std::vector<ColumnPlan> plan;
        for (int ci = 0; ci < cols; ++ci) {
            ColumnPlan c;
            c.type = &pick_type();
            c.not_null = rng_.chance(g_.knob("not_null", 0.15));
            c.unique = c.type->indexable && rng_.chance(g_.knob("unique", 0.1));
            // A big table's unique values come from the sequence number.
            if (big && c.unique && !holds_sequence(*c.type, rows)) c.unique = false;
            plan.push_back(c);
        }
        if (rng_.chance(g_.knob("primary_key", 0.3))) choose_key(plan, big, rows);
        return plan;
    }

    void choose_key(std::vector<ColumnPlan>& plan, bool big, int rows) {
        std::vector<std::size_t> candidates;
        for (std::size_t i = 0; i < plan.size(); ++i)
            if (plan[i].type->indexable && (!big || holds_sequence(*plan[i].type, rows)))
                candidates.push_back(i);
        if (candidates.empty()) return;
        const std::size_t first = candidates[rng_.below(candidates.size())];
        plan[first].key = true;
        plan[first].unique = false;
        if (!rng_.chance(g_.knob("composite_key_share", 0.3))) return;
        std::vector<std::size_t> second;
        for (std::size_t i = 0; i < plan.size(); ++i)
            if (i != first && plan[i].type->indexable) second.push_back(i);
        if (second.empty()) return;
        plan[second[rng_.below(second.size())]].key = true;
    }

    std::string create_table(TableInfo& table, const std::vector<ColumnPlan>& plan) {
        const DdlTemplates& ddl = d_.ddl;
        int keys = 0;
        for (const auto& c : plan) keys += c.key ? 1 : 0;
        std::vector<std::string> definitions;
        std::vector<std::string> key_names;
        for (std::size_t ci = 0; ci < plan.size(); ++ci) {
            const ColumnPlan& c = plan[ci];
            ColumnInfo col{fmt::format("c{}", ci), c.type->family, c.type->name,
                           c.not_null || c.key, c.unique};
            definitions.push_back(fill_named(
                ddl.column, {{"column", col.name},
                             {"type", c.type->name},
                             {"primary_key", c.key && keys == 1 ? ddl.column_primary_key : ""},
                             {"not_null", c.not_null && !c.key ? ddl.column_not_null : ""},
                             {"unique", c.unique ? ddl.column_unique : ""}}));
            if (c.key) key_names.push_back(col.name);
            table.columns.push_back(std::move(col));
        }
        const std::string key =
            keys > 1 ? fill_named(ddl.table_primary_key, {{"columns", joined(key_names)}})
                     : std::string();
        table.primary_key = std::move(key_names);
        return fill_named(
            ddl.create_table,
            {{"table", table.name}, {"columns", joined(definitions)}, {"primary_key", key}});
    }

    std::string joined(const std::vector<std::string>& parts) const {
        std::string out;
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (i) out += d_.ddl.separator;
            out += parts[i];
        }
        return out;
    }

    std::string create_index(const TableInfo& table, int k, const std::string& keys) const {
        return fill_named(d_.ddl.create_index, {{"index", fmt::format("i_{}_{}", table.name, k)},
                                                {"table", table.name},
                                                {"keys", keys}});
    }

    void add_indexes(const TableInfo& table, const std::vector<ColumnPlan>& plan,
                     std::vector<std::string>& schema) {
        if (!rng_.chance(g_.knob("index_share", 0.4))) return;
        std::vector<std::size_t> indexable;
        for (std::size_t i = 0; i < plan.size(); ++i)
            if (plan[i].type->indexable) indexable.push_back(i);
        if (indexable.empty()) return;
        const int count = static_cast<int>(rng_.range(1, knob_int("indexes_max", 2)));
        for (int k = 0; k < count; ++k) {
            if (auto expr = expression_key(table, plan, indexable)) {
                schema.push_back(create_index(
                    table, k, fill_named(d_.ddl.index_expression, {{"expression", *expr}})));
                continue;
            }
            std::vector<std::size_t> pool = indexable;
            const auto width = static_cast<std::size_t>(
                rng_.range(1, std::min<std::int64_t>(2, static_cast<std::int64_t>(pool.size()))));
            std::vector<std::string> parts;
            for (std::size_t w = 0; w < width; ++w) {
                const std::size_t at = rng_.below(pool.size());
                const std::string& column = table.columns[pool[at]].name;
                const bool desc = rng_.chance(g_.knob("index_desc_share", 0.2));
                parts.push_back(fill_named(desc ? d_.ddl.index_key_desc : d_.ddl.index_key,
                                           {{"column", column}}));
                pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(at));
            }
            schema.push_back(create_index(table, k, joined(parts)));
        }
    }

    // An indexed expression over one column, where the dialect lists templates for its family.
    std::optional<std::string> expression_key(const TableInfo& table,
                                              const std::vector<ColumnPlan>& plan,
                                              const std::vector<std::size_t>& indexable) {
        if (d_.index_expressions.empty() || !rng_.chance(g_.knob("expression_index", 0.3)))
            return std::nullopt;
        std::vector<std::size_t> fits;
        for (std::size_t i : indexable)
            if (d_.index_expressions.count(plan[i].type->family)) fits.push_back(i);
        if (fits.empty()) return std::nullopt;
        const std::size_t col = fits[rng_.below(fits.size())];
        const auto& templates = d_.index_expressions.at(plan[col].type->family);
        return fill_template(rng_.pick(templates), {table.columns[col].name});
    }

    std::string literal_for(const ColumnPlan& c, double boundary) {
        return make_literal(*c.type, rng_, boundary, !(c.not_null || c.key), g_.literals);
    }

    // Rows whose key tuple or UNIQUE value repeats an earlier row are drawn again, and
    // dropped after a few tries (an ENUM has only so many values).
    std::string insert_small(TableInfo& table, const std::vector<ColumnPlan>& plan, int rows) {
        const double boundary = g_.knob("boundary_share", 0.5);
        std::set<std::string> keys_seen;
        std::vector<std::set<std::string>> unique_seen(plan.size());
        std::vector<std::string> accepted_rows;
        for (int r = 0; r < rows; ++r) {
            for (int attempt = 0; attempt < 8; ++attempt) {
                std::vector<std::string> values;
                std::string key;
                for (const auto& c : plan) {
                    values.push_back(literal_for(c, boundary));
                    if (c.key) key += literal_identity(values.back()) + "\x1f";
                }
                bool fresh = key.empty() || !keys_seen.count(key);
                for (std::size_t ci = 0; fresh && ci < plan.size(); ++ci)
                    if (plan[ci].unique && values[ci] != "NULL" &&
                        unique_seen[ci].count(literal_identity(values[ci])))
                        fresh = false;
                if (!fresh) continue;
                if (!key.empty()) keys_seen.insert(key);
                for (std::size_t ci = 0; ci < plan.size(); ++ci)
                    if (plan[ci].unique && values[ci] != "NULL")
                        unique_seen[ci].insert(literal_identity(values[ci]));
                accepted_rows.push_back(fill_named(d_.ddl.row, {{"values", joined(values)}}));
                break;
            }
        }
        table.row_count = static_cast<int>(accepted_rows.size());
        if (accepted_rows.empty()) return std::string();
        return fill_named(d_.ddl.insert, {{"table", table.name}, {"rows", joined(accepted_rows)}});
    }

    // INSERT ... SELECT over the sequence n = 0..rows-1: key and unique columns number the
    // rows, every other column cycles through a few literals of its type.
    std::string fill_big(const TableInfo& table, const std::vector<ColumnPlan>& plan, int rows) {
        static const int kStrides[] = {1, 3, 7, 11, 13, 17, 19, 23};
        const double boundary = g_.knob("boundary_share", 0.5);
        bool key_numbered = false;
        int numbered = 0;
        std::string columns;
        for (std::size_t ci = 0; ci < plan.size(); ++ci) {
            const ColumnPlan& c = plan[ci];
            std::string expr;
            const bool number_it =
                c.unique || (c.key && !key_numbered && holds_sequence(*c.type, rows));
            if (number_it) {
                expr = numbered++ % 2 == 0 ? "n" : fmt::format("({} - n)", rows - 1);
                key_numbered = key_numbered || c.key;
            } else {
                const int k = static_cast<int>(rng_.range(2, 8));
                const int stride = kStrides[rng_.below(std::size(kStrides))];
                expr = fmt::format("CASE (n * {}) % {}", stride, k);
                for (int v = 0; v + 1 < k; ++v)
                    expr += fmt::format(" WHEN {} THEN {}", v, literal_for(c, boundary));
                expr += fmt::format(" ELSE {} END", literal_for(c, boundary));
            }
            columns += (ci ? ", " : "") + expr;
        }
        std::string sql = replace_all(d_.fill_table, "{table}", table.name);
        sql = replace_all(sql, "{count}", std::to_string(rows));
        return replace_all(sql, "{columns}", columns);
    }

    const dsl::Grammar& g_;
    const Dialect& d_;
    Rng rng_;
    std::vector<double> type_weights_;
};

bool parses_as_number(const std::string& s, double& out) {
    if (s.empty() || std::isspace(static_cast<unsigned char>(s.front()))) return false;
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    return end != s.c_str() && *end == '\0';
}

}  // namespace

std::string literal_identity(const std::string& literal) {
    std::string s = literal;
    const bool bit = s.size() >= 3 && (s[0] == 'b' || s[0] == 'B') && s[1] == '\'';
    const bool hex = s.size() >= 3 && (s[0] == 'x' || s[0] == 'X') && s[1] == '\'';
    if (bit || hex) {
        std::string digits = s.substr(2, s.size() - 3);
        if (bit) digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
        for (auto& ch : digits)
            ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        return (bit ? "bit:" : "hex:") + digits;
    }
    if (s.size() >= 2 && s.front() == '\'' && s.back() == '\'')
        s = replace_all(s.substr(1, s.size() - 2), "''", "'");
    while (!s.empty() && s.back() == ' ') s.pop_back();
    for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (s == "true") s = "1";
    if (s == "false") s = "0";
    double number = 0;
    if (parses_as_number(s, number)) return fmt::format("num:{:.15g}", number == 0 ? 0 : number);
    return "str:" + s;
}

GeneratedDatabase generate_database(const dsl::Grammar& g, const Dialect& dialect,
                                    std::uint64_t seed) {
    return DatabaseBuilder(g, dialect, seed).build(seed);
}

}  // namespace eriq
