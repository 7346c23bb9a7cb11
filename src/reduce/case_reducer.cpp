#include "reduce/case_reducer.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "reduce/data_statements.hpp"
#include "reduce/ddmin.hpp"
#include "reduce/sql_edits.hpp"

namespace eriq {

namespace {

int count_x_references(const std::string& q) {
    int n = 0;
    for (std::size_t at = q.find("{x}"); at != std::string::npos; at = q.find("{x}", at + 3)) ++n;
    return n;
}

// One row of one INSERT statement, the unit the row pass removes.
struct RowRef {
    std::size_t statement;
    std::size_t row;
    bool operator==(const RowRef&) const = default;
};

class Reducer {
  public:
    Reducer(const StillInteresting& interesting, ReductionMeter& meter, const ReductionHints& hints)
        : hints_(hints), interesting_(interesting), meter_(meter) {}

    TestCase run(TestCase tc) {
        best_ = std::move(tc);
        for (int round = 0; round < 20 && !exhausted(); ++round) {
            const std::size_t before = size_of(best_);
            drop_statements();
            drop_rows();
            drop_columns();
            simplify_types();
            simplify_values();
            shrink_query(&TestCase::intermediate);
            shrink_query(&TestCase::referencing);
            shrink_query(&TestCase::outer);
            if (size_of(best_) >= before) break;
        }
        merge_inserts();
        return best_;
    }

  private:
    bool exhausted() { return meter_.exhausted(); }

    static std::size_t size_of(const TestCase& tc) {
        std::size_t n = tc.intermediate.size() + tc.referencing.size() + tc.outer.size();
        for (const auto& s : tc.schema) n += s.size();
        for (const auto& s : tc.rows) n += s.size();
        return n;
    }

    bool try_candidate(const TestCase& candidate) {
        if (exhausted()) return false;
        meter_.tested();
        if (!interesting_(candidate)) return false;
        best_ = candidate;
        meter_.accepted(best_);
        return true;
    }

    // Whole tables (with their indexes and rows), then single schema and row statements.
    void drop_statements() {
        for (std::size_t i = 0; i < best_.schema.size() && !exhausted();) {
            TestCase c = best_;
            c.schema.erase(c.schema.begin() + static_cast<long>(i));
            if (auto table = parse_create_table(best_.schema[i])) {
                std::erase_if(c.schema,
                              [&](const std::string& s) { return index_table(s) == table->name; });
                std::erase_if(c.rows, [&](const std::string& s) {
                    auto ins = parse_insert(s);
                    return ins && ins->name == table->name;
                });
            }
            if (!try_candidate(c)) ++i;
        }
        std::vector<std::string> rows = ddmin(
            best_.rows,
            [&](const std::vector<std::string>& kept) {
                TestCase c = best_;
                c.rows = kept;
                return try_candidate(c);
            },
            [&] { return exhausted(); });
        best_.rows = rows;
    }

    void drop_rows() {
        std::vector<std::optional<InsertStatement>> parsed;
        std::vector<RowRef> all;
        for (std::size_t s = 0; s < best_.rows.size(); ++s) {
            parsed.push_back(parse_insert(best_.rows[s]));
            if (!parsed.back()) continue;
            for (std::size_t r = 0; r < parsed.back()->rows.size(); ++r) all.push_back({s, r});
        }
        auto build = [&](const std::vector<RowRef>& kept) {
            TestCase c = best_;
            c.rows.clear();
            for (std::size_t s = 0; s < parsed.size(); ++s) {
                if (!parsed[s]) {
                    c.rows.push_back(best_.rows[s]);
                    continue;
                }
                InsertStatement ins = *parsed[s];
                ins.rows.clear();
                for (const RowRef& ref : kept)
                    if (ref.statement == s) ins.rows.push_back(parsed[s]->rows[ref.row]);
                if (!ins.rows.empty()) c.rows.push_back(ins.sql());
            }
            return c;
        };
        if (all.size() < 2) return;
        ddmin(
            all, [&](const std::vector<RowRef>& kept) { return try_candidate(build(kept)); },
            [&] { return exhausted(); });
    }

    void drop_columns() {
        for (std::size_t s = 0; s < best_.schema.size() && !exhausted(); ++s) {
            auto table = parse_create_table(best_.schema[s]);
            if (!table) continue;
            for (std::size_t col = table->items.size(); col-- > 0 && !exhausted();) {
                auto current = parse_create_table(best_.schema[s]);
                if (!current || col >= current->items.size() || current->items.size() < 2 ||
                    !is_column_definition(current->items[col]))
                    continue;
                // INSERT values line up with the column definitions only: a PRIMARY KEY or
                // INDEX item has no value of its own.
                const auto columns_before = [&](std::size_t end) {
                    return static_cast<std::size_t>(std::count_if(
                        current->items.begin(), current->items.begin() + static_cast<long>(end),
                        [](const std::string& item) { return is_column_definition(item); }));
                };
                const std::size_t width = columns_before(current->items.size());
                const std::size_t value = columns_before(col);
                TestCase c = best_;
                current->items.erase(current->items.begin() + static_cast<long>(col));
                c.schema[s] = current->sql();
                bool consistent = true;
                for (auto& row_sql : c.rows) {
                    auto ins = parse_insert(row_sql);
                    if (!ins || ins->name != current->name) continue;
                    if (ins->has_column_list) consistent = false;
                    for (auto& values : ins->rows) {
                        if (values.size() != width)
                            consistent = false;
                        else
                            values.erase(values.begin() + static_cast<long>(value));
                    }
                    row_sql = ins->sql();
                }
                if (consistent) try_candidate(c);
            }
        }
    }

    // "c0 DECIMAL(10, 2) NOT NULL" -> "c0 INT": each column tries the dialect's simple types in
    // their order, whatever their length, and stops at the one it already has, so reductions of
    // one bug end on the same types (and group together) instead of on the shortest spelling.
    void simplify_types() {
        for (std::size_t s = 0; s < best_.schema.size() && !exhausted(); ++s) {
            auto table = parse_create_table(best_.schema[s]);
            if (!table) continue;
            for (std::size_t col = 0; col < table->items.size() && !exhausted(); ++col) {
                for (const std::string& type : hints_.simple_types) {
                    auto current = parse_create_table(best_.schema[s]);
                    if (!current || col >= current->items.size() ||
                        !is_column_definition(current->items[col]))
                        break;
                    const std::string& item = current->items[col];
                    const std::string name = item.substr(0, item.find_first_of(" \t\n"));
                    const std::string simpler = name + " " + type;
                    if (item == simpler) break;
                    current->items[col] = simpler;
                    TestCase c = best_;
                    c.schema[s] = current->sql();
                    if (try_candidate(c)) break;
                }
            }
        }
    }

    void simplify_values() {
        for (std::size_t s = 0; s < best_.rows.size() && !exhausted(); ++s) {
            auto ins = parse_insert(best_.rows[s]);
            if (!ins) continue;
            for (std::size_t r = 0; r < ins->rows.size(); ++r) {
                for (std::size_t v = 0; v < ins->rows[r].size() && !exhausted(); ++v) {
                    for (const char* simpler : {"NULL", "0", "''"}) {
                        auto current = parse_insert(best_.rows[s]);
                        if (!current || r >= current->rows.size() || v >= current->rows[r].size())
                            break;
                        const std::string& value = current->rows[r][v];
                        if (value == "NULL" || value == simpler) break;
                        if (value.size() <= 2 && std::string(simpler) != "NULL") continue;
                        current->rows[r][v] = simpler;
                        TestCase c = best_;
                        c.rows[s] = current->sql();
                        if (try_candidate(c)) break;
                    }
                }
            }
        }
    }

    void shrink_query(std::string TestCase::*field) {
        bool shrunk = true;
        while (shrunk && !exhausted()) {
            shrunk = false;
            for (std::string& candidate : sql_edit_candidates(best_.*field)) {
                TestCase c = best_;
                c.*field = std::move(candidate);
                if (field == &TestCase::referencing) {
                    c.x_references = count_x_references(c.referencing);
                    if (c.x_references == 0) continue;
                }
                // The outer query keeps its one {Q}.
                if (field == &TestCase::outer && c.outer.find("{Q}") == std::string::npos) continue;
                if (try_candidate(c)) {
                    shrunk = true;
                    break;
                }
                if (exhausted()) return;
            }
        }
    }

    // One INSERT per table: fewer statements to read, the same rows.
    void merge_inserts() {
        TestCase c = best_;
        c.rows.clear();
        std::map<std::string, std::size_t> first_for_table;
        for (const std::string& sql : best_.rows) {
            auto ins = parse_insert(sql);
            if (!ins || ins->has_column_list) {
                c.rows.push_back(sql);
                continue;
            }
            auto [it, fresh] = first_for_table.emplace(ins->name, c.rows.size());
            if (fresh) {
                c.rows.push_back(sql);
                continue;
            }
            InsertStatement merged = *parse_insert(c.rows[it->second]);
            merged.rows.insert(merged.rows.end(), ins->rows.begin(), ins->rows.end());
            c.rows[it->second] = merged.sql();
        }
        if (c.rows.size() < best_.rows.size()) {
            meter_.tested();
            if (interesting_(c)) best_ = c;  // equivalent SQL; checked all the same
        }
    }

    const ReductionHints& hints_;
    const StillInteresting& interesting_;
    ReductionMeter& meter_;
    TestCase best_;
};

}  // namespace

std::size_t case_statements(const TestCase& tc) {
    return tc.schema.size() + tc.rows.size() + 2;
}

TestCase reduce_case(TestCase tc, const StillInteresting& interesting,
                     const ReductionBudget& budget, ReductionStats* stats,
                     const ReductionProgress& progress, const ReductionHints& hints) {
    ReductionMeter meter(budget, stats, progress);
    TestCase out = Reducer(interesting, meter, hints).run(std::move(tc));
    meter.exhausted();  // final elapsed time
    return out;
}

}  // namespace eriq
