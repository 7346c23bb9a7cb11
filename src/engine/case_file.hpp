#pragma once
// Hand-written test cases (`eriq-gen --case FILE`), a TOML file:
//
//   dialect = "mariadb"                    # optional; --dialect wins when given
//   schema = ["CREATE TABLE t0 (c0 INT, c1 INT)"]
//   rows = ["INSERT INTO t0 VALUES (2,NULL),(4,NULL)"]
//   intermediate = "SELECT DISTINCT c1 AS vc_0, c0 / NULLIF(1, 0) AS vc_1 FROM t0"
//   referencing = "SELECT * FROM x"        # x is the intermediate result
//
// Every table reference `x` in `referencing` is replaced by each
// representation's spelling (given the alias x when it has none); literals,
// quoted identifiers and comments are left alone. `schema` holds only CREATE
// TABLE/INDEX, `rows` only INSERT and ANALYZE, I and Q one SELECT or WITH each.
#include <string>
#include <vector>

#include "engine/options.hpp"
#include "model/test_case.hpp"
#include "util/sql_tokens.hpp"

namespace eriq {

// Turns the references to x in a hand-written Q into {x} placeholders;
// returns the count in *references. `lexis`: the lexical rules of the engine that runs Q.
std::string mark_x_references(const std::string& q, int* references,
                              const SqlLexis& lexis = SqlLexis::standard());
// Turns each word Q of a hand-written outer query into the {Q} placeholder; the count in
// *placeholders.
std::string mark_q_placeholder(const std::string& outer, int* placeholders,
                               const SqlLexis& lexis = SqlLexis::standard());

// The case file's `dialect` key ("" when absent or not a string), read before the dialect
// and so the lexical rules the rest is read with are known.
std::string case_file_dialect(const std::string& path);

// Loads a case file, reading its SQL with `lexis`; throws LoadError (file:line:col).
// `dialect` receives the file's dialect key ("" when absent).
TestCase load_case_file(const std::string& path, std::string* dialect,
                        const SqlLexis& lexis = SqlLexis::standard());

// Checks the names in the case's `representations` and `skip_representations` against
// `known` (the rules' representations and their optimizer variants); throws LoadError at
// the offending entry of `path`.
void check_case_representations(const std::string& path, const TestCase& tc,
                                const std::vector<std::string>& known);

// Runs one case through every representation and prints each variant's SQL,
// normalized rows and the verdict. Exit code: 1 inconsistent, 0 consistent
// (or a documented benign difference), 3 discarded (a variant failed), 4 the
// connection to the server was lost.
int run_case_file(RunOptions options, bool dialect_given);

}  // namespace eriq
