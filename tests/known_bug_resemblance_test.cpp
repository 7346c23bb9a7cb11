#include <catch2/catch.hpp>

#include <cstdio>

#include "engine/known_bug_features.hpp"
#include "report/known_bug_resemblance.hpp"
#include "report/triage_page.hpp"

using namespace eriq;

namespace {

using Split = std::vector<std::vector<std::string>>;

KnownBug known(const std::string& id, const std::string& pattern, std::vector<std::string> features,
               const std::string& dialect = "mariadb") {
    KnownBug b;
    b.id = id;
    b.dialect = dialect;
    b.group_signature = "g" + id;
    b.pattern = pattern;
    b.status = "new";
    b.case_features = std::move(features);
    return b;
}

TriageGroup group(const std::string& grouping_pattern, std::vector<std::string> features) {
    TriageGroup g;
    g.dialect = "mariadb";
    g.features = {"pattern:" + grouping_pattern};
    g.features.insert(g.features.end(), features.begin(), features.end());
    return g;
}

}  // namespace

TEST_CASE("a pattern's split leaves out variants, error kinds and skipped representations",
          "[triage][resemblance]") {
    CHECK(split_of("VIEW=CTE=DERIVED=CTE[no_push_down]≠TEMPT=CTE_MAT") ==
          Split{{"CTE", "DERIVED", "VIEW"}, {"CTE_MAT", "TEMPT"}});
    CHECK(split_of("CTE=CTE_MAT=CTE_NOT_MAT≠DERIVED(VIEW_SKIP)(TEMPT_SKIP)") ==
          Split{{"CTE", "CTE_MAT", "CTE_NOT_MAT"}, {"DERIVED"}});
    CHECK(split_of("TEMPT=DERIVED≠VIEW!mariadb:1267") == Split{{"DERIVED", "TEMPT"}, {"VIEW"}});
    CHECK(split_of("VIEW=CTE=DERIVED≠TEMPT (order)") ==
          Split{{"(order)"}, {"CTE", "DERIVED", "VIEW"}, {"TEMPT"}});
    CHECK(split_of("error_only_in_VIEW") == Split{{"error_only_in_VIEW"}});
    CHECK(split_of("VIEW=CTE=DERIVED≠CTE_MAT (order)(TEMPT_SKIP)") ==
          Split{{"(order)"}, {"CTE", "DERIVED", "VIEW"}, {"CTE_MAT"}});
}

TEST_CASE("two splits agree on the representations both name", "[triage][resemblance]") {
    // A grouping pattern leaves out the CTE, whose side depends on Q; the listed one does not.
    CHECK(same_split(split_of("TEMPT=CTE_MAT≠VIEW=DERIVED"),
                     split_of("VIEW=CTE=DERIVED≠TEMPT=CTE_MAT")));
    CHECK_FALSE(same_split(split_of("TEMPT=DERIVED≠VIEW"), split_of("VIEW=CTE=DERIVED≠TEMPT")));
    CHECK_FALSE(same_split(split_of("error_only_in_VIEW"), split_of("VIEW=CTE=DERIVED≠TEMPT")));
    CHECK(same_split(split_of("error_only_in_VIEW"), split_of("error_only_in_VIEW")));
    CHECK_FALSE(same_split(split_of("error_only_in_VIEW"), split_of("error_only_in_TEMPT")));
}

TEST_CASE("an unknown group resembles the known bug it shares most features with",
          "[triage][resemblance]") {
    const std::vector<KnownBug> bugs = {
        known("json-truncated", "VIEW=CTE=DERIVED≠TEMPT",
              {"pattern:VIEW=CTE=DERIVED≠TEMPT", "function:JSON_ARRAY_APPEND", "function:MAX",
               "type:json"}),
        known(
            "semijoin-empty", "VIEW=CTE=DERIVED≠TEMPT",
            {"pattern:VIEW=CTE=DERIVED≠TEMPT", "construct:subquery", "function:COUNT", "type:int"}),
        known("other-dialect", "VIEW=CTE=DERIVED≠TEMPT",
              {"function:JSON_ARRAY_APPEND", "function:MAX", "type:json", "q:construct:WHERE"},
              "sqlite")};
    // One feature more than the known case, the same split: 4 of 5 shared (the split is one).
    const TriageGroup g = group("VIEW=DERIVED≠TEMPT", {"function:JSON_ARRAY_APPEND", "function:MAX",
                                                       "type:json", "q:construct:WHERE"});
    const auto r = nearest_known_bug(g, bugs);
    REQUIRE(r);
    CHECK(r->id == "json-truncated");
    CHECK(r->shared == 4);
    CHECK(r->of == 5);

    SECTION("too little in common is no resemblance") {
        const TriageGroup far = group("VIEW=DERIVED≠TEMPT", {"function:ST_X", "type:geometry"});
        CHECK_FALSE(nearest_known_bug(far, bugs));
    }
    SECTION("a group already known, and a server fault, get none") {
        TriageGroup known_group = g;
        known_group.known_id = "json-truncated";
        CHECK_FALSE(nearest_known_bug(known_group, bugs));
        TriageGroup fault = g;
        fault.crash_frames = {"Item_func_json_extract::read_json"};
        CHECK_FALSE(nearest_known_bug(fault, bugs));
    }
    SECTION("known bugs of another dialect do not count") {
        TriageGroup sqlite = g;
        sqlite.dialect = "sqlite";
        const auto s = nearest_known_bug(sqlite, bugs);
        REQUIRE(s);
        CHECK(s->id == "other-dialect");
    }
}

TEST_CASE("features most known bugs have say little about which one a group is",
          "[triage][resemblance]") {
    // Seed 36 on MariaDB: counted plainly, every group that was a new bug resembled some
    // known bug through common leftovers like type:int and Q's WHERE.
    std::vector<KnownBug> bugs;
    for (const char* function : {"LPAD", "REPEAT", "CONCAT_WS", "STD"})
        bugs.push_back(known(function, "VIEW=CTE=DERIVED≠TEMPT",
                             {"pattern:VIEW=CTE=DERIVED≠TEMPT", std::string("function:") + function,
                              "type:int", "q:construct:WHERE"}));
    const TriageGroup md5 =
        group("VIEW=DERIVED≠TEMPT", {"function:MD5", "type:int", "q:construct:WHERE"});
    CHECK_FALSE(nearest_known_bug(md5, bugs));  // 3 of 5 features, but only the common ones
    const TriageGroup repeat =
        group("VIEW=DERIVED≠TEMPT", {"function:REPEAT", "type:int", "q:construct:WHERE"});
    const auto r = nearest_known_bug(repeat, bugs);
    REQUIRE(r);
    CHECK(r->id == "REPEAT");
    CHECK(r->share == Approx(1.0));
}

// The repository's own list: every logic-bug entry's case gets features, and a group made
// of an entry's own case resembles that entry or one with the very same features.
TEST_CASE("each known bug's case resembles its own entry", "[triage][resemblance][known]") {
    std::vector<KnownBug> bugs = load_known_bugs(ERIQ_SOURCE_DIR "/known-bugs");
    add_known_bug_case_features(bugs);
    std::size_t checked = 0;
    for (const KnownBug& b : bugs) {
        if (b.pattern == "server_fault" || b.case_file.empty()) continue;
        INFO(b.id);
        REQUIRE_FALSE(b.case_features.empty());
        TriageGroup g;
        g.dialect = b.dialect;
        g.features = b.case_features;
        const auto r = nearest_known_bug(g, bugs);
        REQUIRE(r);
        CHECK(r->shared == r->of);
        ++checked;
    }
    CHECK(checked >= 40);
}

TEST_CASE("triage text, JSON and page show the resemblance of a group not known",
          "[triage][resemblance]") {
    const std::vector<KnownBug> bugs = {
        known("json-truncated", "VIEW=CTE=DERIVED≠TEMPT",
              {"function:JSON_ARRAY_APPEND", "type:json"}),
        known("other", "VIEW=CTE=DERIVED≠TEMPT", {"function:LPAD", "type:int"})};
    Triage t;
    t.groups.push_back(group("VIEW=DERIVED≠TEMPT", {"function:JSON_ARRAY_APPEND", "type:json"}));
    t.groups.back().signature = "g000000000001";
    t.groups.push_back(group("VIEW=DERIVED≠TEMPT", {"function:ST_X"}));
    t.groups.back().signature = "g000000000002";
    mark_resemblances(t, bugs);
    REQUIRE(t.groups[0].resembles);
    CHECK_FALSE(t.groups[1].resembles);
    CHECK(triage_text(t).find("  resembles: json-truncated (3 of 3 features shared, 100% by "
                              "weight; a hint, not a match)") != std::string::npos);
    const std::string json = triage_json(t);
    const std::size_t at = json.find(R"("resembles": {)");
    REQUIRE(at != std::string::npos);
    CHECK(json.find(R"("id": "json-truncated",)", at) == json.find(R"("id": )", at));
    CHECK(json.find(R"("share": 1)", at) != std::string::npos);
    CHECK(json.find(R"("resembles")", at + 1) == std::string::npos);  // the second group has none
    CHECK(triage_page(t, {}).find("resembles known bug <b>json-truncated</b>") !=
          std::string::npos);
}
