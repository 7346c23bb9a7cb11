#pragma once
// A rough cost of a case before it runs, so that one unlucky derivation cannot eat a
// campaign's budget: the number of row combinations its FROM clauses can produce. Each
// reference to a table of D multiplies by the table's rows (at least 1: an outer join keeps
// the other side), each reference to x in Q by I's estimate. Nested and correlated subqueries
// count like joins, which is also what a correlated subquery costs when it runs per row.
// A case over the grammar knob `case_cost_max_thousands` (times a thousand; 0: no cap) is not
// generated: the derivation is redrawn.
#include <string>

#include "gen/database_generator.hpp"

namespace eriq {

// Row combinations of one query; `x_rows` is what each {x} reference stands for.
double estimated_rows(const std::string& sql, const GeneratedDatabase& db, double x_rows = 1);

}  // namespace eriq
