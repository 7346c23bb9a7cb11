#pragma once
// One generated (or hand-written) test case: database D, intermediate query I
// and referencing query Q(x). In Q every reference to x is the placeholder {x}.
#include <cstdint>
#include <string>
#include <vector>

#include "model/case_features.hpp"
#include "model/choice_sequence.hpp"

namespace eriq {

struct OutputColumn {
    std::string name;    // vc_N
    std::string family;  // type family the generator built it with
};

struct TestCase {
    std::string dialect;
    std::uint64_t seed = 0;           // seed of the database round this case belongs to
    int index = 0;                    // position of the intermediate query I in that round
    int query_index = 0;              // position of Q among the queries generated for that I
    std::vector<std::string> schema;  // CREATE TABLE / CREATE INDEX statements
    std::vector<std::string> rows;    // INSERT statements
    std::string intermediate;         // I
    std::string referencing;          // Q, with {x} for each reference to x
    // A case in a correlated position: the outer query, with {Q} where the representation's
    // query goes (e.g. SELECT ... FROM t0 AS s0 WHERE EXISTS ({Q})); I may reference the
    // outer query's columns, so only representations marked `correlated` run. Empty: Q is
    // the top-level query.
    std::string outer;
    std::vector<OutputColumn> columns;  // I's output columns
    int x_references = 1;               // how many times Q references x
    // Q ends in ORDER BY and its order is compared too (the key values' sequence); a case
    // file says so with `ordered = true`.
    bool ordered = false;
    // Hand-written cases only: session statements (SET ...) run before the schema, and the
    // representations to run (empty: all of the rules).
    std::vector<std::string> session;
    std::vector<std::string> representations;
    // Representations this case cannot compare (the grammar's @skip_representation: a
    // construct whose documented behaviour differs in them); they are skipped like a rule's.
    std::vector<std::string> skip_representations;
    CaseFeatures features;   // what generated it (empty for hand-written cases)
    ChoiceSequence choices;  // the draws that derived I and Q (empty: hand-written)
};

}  // namespace eriq
