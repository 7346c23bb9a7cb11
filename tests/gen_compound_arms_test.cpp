// SQLite compound intermediates: every output column of every UNION arm is a CAST to one
// type, so the arms never give a column different affinities (which affinity the
// compound column then has is undefined, and eriq reported that as a finding).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "generation_fixture.hpp"
#include "util/ascii_case.hpp"
#include "util/sql_tokens.hpp"

using namespace eriq;

namespace {

// The output aliases (vc_N) at the top level of `sql` whose expression is not a whole
// CAST(...): each alias must follow the ')' that closes a CAST( at the top level.
std::vector<std::string> uncast_outputs(const std::string& sql) {
    std::vector<SqlToken> tokens;
    for (const SqlToken& t : scan_sql(sql))
        if (t.significant()) tokens.push_back(t);
    std::vector<std::string> uncast;
    std::vector<std::size_t> open;  // positions of the '(' still open
    std::size_t last_closed_open = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const SqlToken& t = tokens[i];
        if (t.kind == SqlTokenKind::Symbol && t.text == "(") open.push_back(i);
        if (t.kind == SqlTokenKind::Symbol && t.text == ")" && !open.empty()) {
            last_closed_open = open.back();
            open.pop_back();
        }
        if (!open.empty() || i < 2 || t.kind != SqlTokenKind::Word || !t.text.starts_with("vc_"))
            continue;
        if (ascii_upper(std::string(tokens[i - 1].text)) != "AS") continue;
        const bool closes_cast =
            tokens[i - 2].text == ")" && last_closed_open > 0 &&
            ascii_upper(std::string(tokens[last_closed_open - 1].text)) == "CAST" &&
            (last_closed_open < 2 || tokens[last_closed_open - 2].text == "SELECT" ||
             tokens[last_closed_open - 2].text == "," ||
             ascii_upper(std::string(tokens[last_closed_open - 2].text)) == "DISTINCT");
        if (!closes_cast) uncast.emplace_back(t.text);
    }
    return uncast;
}

}  // namespace

TEST_CASE("the check finds an output that is not a whole CAST", "[gen]") {
    CHECK(uncast_outputs("SELECT CAST(a AS TEXT) AS vc_0 FROM t UNION SELECT CAST(b AS TEXT) "
                         "AS vc_0 FROM t")
              .empty());
    CHECK(uncast_outputs("SELECT CAST(a AS TEXT) AS vc_0 FROM t UNION SELECT b AS vc_0 FROM t") ==
          std::vector<std::string>{"vc_0"});
    CHECK(uncast_outputs("SELECT 1 + CAST(a AS TEXT) AS vc_0 FROM t") ==
          std::vector<std::string>{"vc_0"});
}

TEST_CASE("SQLite UNION arms cast every output column to one type", "[gen]") {
    auto loaded = test::load("sqlite");
    int compounds = 0;
    for (const TestCase& tc : test::generate(loaded, 11, 600)) {
        if (tc.intermediate.find(" UNION ") == std::string::npos) continue;
        const auto uncast = uncast_outputs(tc.intermediate);
        if (uncast.empty() && tc.intermediate.find("UNION") != std::string::npos) ++compounds;
        INFO(tc.intermediate);
        CHECK(uncast.empty());
    }
    // The grammar's union weight makes compounds common; the check must have run.
    CHECK(compounds >= 20);
}
