#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

#include <catch2/catch.hpp>

#include "oracle/classify.hpp"
#include "report/output_folder.hpp"
#include "report/report_writer.hpp"
#include "report/shard_folders.hpp"
#include "report/signature.hpp"
#include "report/triage.hpp"
#include "report/triage_page.hpp"
#include "test_files.hpp"
#include "util/json_writer.hpp"

using namespace eriq;
namespace fs = std::filesystem;

namespace {

// A fresh directory under the system temp dir, removed afterwards.
struct TempDir {
    fs::path path;
    TempDir() {
        static int counter = 0;
        path = fs::temp_directory_path() /
               ("eriq-report-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(path);
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

bool have_command(const std::string& name) {
    return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

TestCase sample_case(int threshold) {
    TestCase tc;
    tc.dialect = "sqlite";
    tc.seed = 18446744073709551615ULL;
    tc.index = 3;
    tc.schema = {"CREATE TABLE t0 (c0 INT, c1 TEXT)"};
    tc.rows = {"INSERT INTO t0 VALUES (7, 'say \"hi\"\nnow\t!')",
               "INSERT INTO t0 VALUES (2, NULL);"};
    tc.intermediate =
        "SELECT c0 AS vc_0, c1 AS vc_1 FROM t0 WHERE c0 > " + std::to_string(threshold);
    tc.referencing = "SELECT vc_0, vc_1 FROM {x} WHERE vc_0 < 10";
    tc.columns = {{"vc_0", "int"}, {"vc_1", "string"}};
    return tc;
}

VariantOutcome variant_outcome(const std::string& representation, std::vector<std::string> setup,
                               const std::string& query, std::vector<std::string> teardown,
                               NormResult result) {
    VariantOutcome v;
    v.variant = {representation, std::move(setup), query, std::move(teardown), {}, {}, 0};
    v.ok = true;
    v.result = std::move(result);
    return v;
}

// VIEW and TEMPT agree, CTE (pretending to be buggy) lost a row.
CaseOutcome sample_outcome(const TestCase& tc) {
    const std::string i = tc.intermediate;
    const NormResult full{{{{ValueKind::Text, "7"}, {ValueKind::Text, "say \"hi\"\nnow\t!"}}}};
    const NormResult empty{};
    CaseOutcome out;
    out.verdict = Verdict::Inconsistent;
    out.variants = {
        variant_outcome("VIEW", {"CREATE VIEW v0 AS " + i},
                        "SELECT vc_0, vc_1 FROM v0 WHERE vc_0 < 10", {"DROP VIEW IF EXISTS v0"},
                        full),
        variant_outcome("CTE", {}, "WITH x AS (" + i + ") SELECT vc_0, vc_1 FROM x WHERE vc_0 < 10",
                        {}, empty),
        variant_outcome("TEMPT", {"CREATE TEMP TABLE tt0 AS " + i},
                        "SELECT vc_0, vc_1 FROM tt0 WHERE vc_0 < 10;", {"DROP TABLE IF EXISTS tt0"},
                        full),
    };
    out.classification =
        classify({{"VIEW", full, {}}, {"CTE", empty, {}}, {"TEMPT", full, {}}}, {});
    return out;
}

const ReportContext kContext{"sqlite", "sqlite", "3.40.1", "sqlite::memory:", {}, {}, {}, {}};

std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

}  // namespace

TEST_CASE("json strings are escaped", "[report]") {
    CHECK(json_quote("plain") == "\"plain\"");
    CHECK(json_quote("a\"b\\c") == "\"a\\\"b\\\\c\"");
    CHECK(json_quote("line\nnext\r\ttab") == "\"line\\nnext\\r\\ttab\"");
    CHECK(json_quote(std::string("\x00\x01\x1f\x7f", 4)) == "\"\\u0000\\u0001\\u001f\\u007f\"");
    CHECK(json_quote("caf\xc3\xa9 \xe2\x89\xa0") == "\"caf\xc3\xa9 \xe2\x89\xa0\"");
    CHECK(json_quote("bad\xff\xc3") == "\"bad\\u00ff\\u00c3\"");
}

TEST_CASE("json writer pretty prints nested values", "[report]") {
    JsonWriter w;
    w.begin_object();
    w.key("a");
    w.integer(-3);
    w.key("list");
    w.begin_array();
    w.string("x");
    w.null();
    w.boolean(true);
    w.number(0.5);
    w.number(std::numeric_limits<double>::infinity());
    w.end_array();
    w.key("empty");
    w.begin_object();
    w.end_object();
    w.key("big");
    w.unsigned_integer(18446744073709551615ULL);
    w.end_object();
    CHECK(w.str() ==
          "{\n  \"a\": -3,\n  \"list\": [\n    \"x\",\n    null,\n    true,\n    0.5,\n    null\n"
          "  ],\n  \"empty\": {},\n  \"big\": 18446744073709551615\n}");

    JsonWriter compact(false);
    compact.begin_array();
    compact.integer(1);
    compact.begin_array();
    compact.end_array();
    compact.end_array();
    CHECK(compact.str() == "[1,[]]");
}

TEST_CASE("json writer rejects misuse", "[report]") {
    JsonWriter w;
    w.begin_object();
    CHECK_THROWS_AS(w.integer(1), std::logic_error);
    CHECK_THROWS_AS(w.end_array(), std::logic_error);
    JsonWriter arrays;
    arrays.begin_array();
    CHECK_THROWS_AS(arrays.key("k"), std::logic_error);
}

TEST_CASE("sql shape abstracts literals and generated names", "[report]") {
    CHECK(sql_shape(
              "SELECT  c12, 'it''s', 3.5e2, .5 FROM t3 AS vc_0\n WHERE q1 = s2 AND x = \"a\"") ==
          "SELECT c, ?, ?, ? FROM t AS vc_ WHERE q = s AND x = ?");
    CHECK(sql_shape("SELECT 0x1F, x'41', -7 FROM {x}") == "SELECT ?, x?, -? FROM {x}");
    CHECK(sql_shape("SELECT `t10`.cost FROM tab1") == "SELECT `t`.cost FROM tab1");
    CHECK(sql_shape("  a\t\tb  ") == "a b");
}

TEST_CASE("signatures ignore literals but not patterns or structure", "[report]") {
    const TestCase a = sample_case(5);
    TestCase b = sample_case(123);
    b.intermediate = "SELECT c3 AS vc_0, c4 AS vc_1 FROM t1 WHERE c3 > 99";
    b.referencing = "SELECT vc_0, vc_1 FROM {x} WHERE vc_0 < 4";
    const CaseOutcome outcome = sample_outcome(a);
    const std::string sig_a = finding_signature(a, outcome);
    CHECK(sig_a.size() == 16);
    CHECK(sig_a.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(sig_a == finding_signature(b, outcome));

    CaseOutcome other_pattern = outcome;
    other_pattern.classification.pattern = "all_diff";
    CHECK(finding_signature(a, other_pattern) != sig_a);

    TestCase other_shape = a;
    other_shape.referencing = "SELECT vc_0 FROM {x} WHERE vc_0 >= 10";
    CHECK(finding_signature(other_shape, outcome) != sig_a);

    CHECK(fnv1a64_hex("") == "cbf29ce484222325");
    CHECK(fnv1a64_hex("a") == "af63dc4c8601ec8c");
}

TEST_CASE("report writer writes one folder per finding and an index", "[report]") {
    TempDir tmp;
    const TestCase first_case = sample_case(5);
    const TestCase second_case = sample_case(6);
    const CaseOutcome first_outcome = sample_outcome(first_case);
    const CaseOutcome second_outcome = sample_outcome(second_case);

    fs::path first;
    fs::path second;
    {
        ReportWriter writer(tmp.path / "findings");
        first = writer.write(first_case, first_outcome, kContext);
        second = writer.write(second_case, second_outcome, kContext);
    }
    const std::string signature = finding_signature(first_case, first_outcome);
    CHECK(first.filename().string() == "000001-" + signature);
    CHECK(second.filename().string() == "000002-" + signature);

    for (const auto& dir : {first, second}) {
        CHECK(entries(dir) == std::vector<std::string>{"CTE.sql", "TEMPT.sql", "VIEW.sql",
                                                       "case.toml", "finding.toml", "report.json"});
    }
    const auto top = entries(tmp.path / "findings");
    CHECK(top == std::vector<std::string>{first.filename().string(), second.filename().string(),
                                          "index.jsonl"});

    const auto index = lines(read_file(tmp.path / "findings" / "index.jsonl"));
    REQUIRE(index.size() == 2);
    CHECK(index[0] == "{\"id\":\"000001-" + signature +
                          "\",\"pattern\":\"VIEW=TEMPT\u2260CTE\",\"signature\":\"" + signature +
                          "\",\"seed\":18446744073709551615,\"case_index\":3,\"query_index\":0,"
                          "\"dialect\":\"sqlite\"}");
    CHECK(index[1].rfind("{\"id\":\"000002-", 0) == 0);

    const std::string report = read_file(first / "report.json");
    CHECK(report.find("\"pattern\": \"VIEW=TEMPT\u2260CTE\"") != std::string::npos);
    CHECK(report.find("\"verdict\": \"inconsistent\"") != std::string::npos);
    CHECK(report.find("\"referencing\": \"SELECT vc_0, vc_1 FROM x WHERE vc_0 < 10\"") !=
          std::string::npos);
    CHECK(report.find("\"say \\\"hi\\\"\\nnow\\t!\"") != std::string::npos);
    CHECK(report.find("\"row_count\": 0") != std::string::npos);
    CHECK(report.find("\"row_count\": 1") != std::string::npos);
    CHECK(report.find("\"minority\": [\n    \"CTE\"\n  ]") != std::string::npos);

    if (have_command("python3")) {
        for (const auto& dir : {first, second}) {
            const std::string check =
                "python3 -m json.tool '" + (dir / "report.json").string() + "' >/dev/null";
            CHECK(std::system(check.c_str()) == 0);
        }
        const std::string check_index =
            "python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' '" +
            (tmp.path / "findings" / "index.jsonl").string() + "'";
        CHECK(std::system(check_index.c_str()) == 0);
    }

    SECTION("a new writer continues the numbering") {
        ReportWriter again(tmp.path / "findings");
        const fs::path third = again.write(first_case, first_outcome, kContext);
        CHECK(third.filename().string() == "000003-" + signature);
        CHECK(lines(read_file(tmp.path / "findings" / "index.jsonl")).size() == 3);
        CHECK(fs::exists(first / "report.json"));
    }
    SECTION("numbers still listed in index.jsonl are not reused after their folder is gone") {
        fs::remove_all(second);
        ReportWriter again(tmp.path / "findings");
        CHECK(again.write(first_case, first_outcome, kContext).filename().string() ==
              "000003-" + signature);
    }
    SECTION("index lines name the run that wrote them") {
        ReportWriter again(tmp.path / "findings", "20261203T081906Z-42");
        again.write(first_case, first_outcome, kContext);
        const auto all = lines(read_file(tmp.path / "findings" / "index.jsonl"));
        CHECK(all.back().ends_with(",\"dialect\":\"sqlite\",\"run\":\"20261203T081906Z-42\"}"));
    }
    SECTION("a leftover temporary folder is never reused") {
        fs::create_directory(tmp.path / "findings" / "000007-deadbeef.tmp");
        ReportWriter again(tmp.path / "findings");
        CHECK(again.write(first_case, first_outcome, kContext).filename().string() ==
              "000008-" + signature);
    }
}

TEST_CASE("reproducer sql replays with the sqlite3 client", "[report]") {
    TempDir tmp;
    const TestCase tc = sample_case(5);
    ReportWriter writer(tmp.path);
    const fs::path dir = writer.write(tc, sample_outcome(tc), kContext);
    const std::string id = dir.filename().string();

    const std::string tempt = read_file(dir / "TEMPT.sql");
    CHECK(tempt.rfind("-- eriq finding " + id +
                          ", pattern VIEW=TEMPT\u2260CTE, representation TEMPT\n"
                          "-- replay on an empty database: sqlite3 < TEMPT.sql\n"
                          "CREATE TABLE t0 (c0 INT, c1 TEXT);\n",
                      0) == 0);
    CHECK(tempt.find("VALUES (2, NULL);\n") != std::string::npos);
    CHECK(tempt.find(";;") == std::string::npos);
    CHECK(tempt.find("-- eriq saw 1 rows (normalized) from this query\n"
                     "SELECT vc_0, vc_1 FROM tt0 WHERE vc_0 < 10;\nDROP TABLE IF EXISTS tt0;\n") !=
          std::string::npos);

    const ReportContext mariadb{
        "mariadb", "mysql", "10.11.6-MariaDB", "mysql://eriq:***@127.0.0.1/db", {}, {}, {}, {}};
    const fs::path mysql_dir = writer.write(tc, sample_outcome(tc), mariadb);
    CHECK(read_file(mysql_dir / "VIEW.sql").find("mariadb DB < VIEW.sql") != std::string::npos);
    CHECK(read_file(mysql_dir / "report.json")
              .find("\"connection\": \"mysql://eriq:***@127.0.0.1/db\"") != std::string::npos);

    if (!have_command("sqlite3")) return;
    for (const std::string representation : {"VIEW", "CTE", "TEMPT"}) {
        const fs::path out = tmp.path / (representation + ".out");
        const std::string command = "cd '" + dir.string() + "' && sqlite3 -bail < " +
                                    representation + ".sql > '" + out.string() + "' 2>&1";
        CHECK(std::system(command.c_str()) == 0);
        CHECK(read_file(out) == "7|say \"hi\"\nnow\t!\n");
    }
}

TEST_CASE("files are replaced atomically", "[report]") {
    TempDir tmp;
    fs::create_directories(tmp.path);
    const fs::path target = tmp.path / "summary.txt";
    write_file_atomically(target, "first");
    write_file_atomically(target, "second\n");
    CHECK(read_file(target) == "second\n");
    CHECK(entries(tmp.path) == std::vector<std::string>{"summary.txt"});
    CHECK_THROWS(write_file_atomically(tmp.path / "missing" / "x.txt", "content"));
}

TEST_CASE("a shard's finding ids carry the shard and number on their own", "[report][shard]") {
    TempDir tmp;
    const TestCase tc = sample_case(5);
    const CaseOutcome outcome = sample_outcome(tc);
    const std::string signature = finding_signature(tc, outcome);
    const fs::path dir = tmp.path / "shard-3";
    {
        ReportWriter writer(dir, "run-s3", shard_id_prefix(3));
        CHECK(writer.write(tc, outcome, kContext).filename() == "s3-000001-" + signature);
        CHECK(writer.write(tc, outcome, kContext).filename() == "s3-000002-" + signature);
    }
    CHECK(read_file(dir / "index.jsonl").starts_with("{\"id\":\"s3-000001-" + signature));
    // Numbering continues after the shard's own ids, from its folders and index.jsonl.
    fs::remove_all(dir / ("s3-000002-" + signature));
    CHECK(ReportWriter(dir, "", "s3-").write(tc, outcome, kContext).filename() ==
          "s3-000003-" + signature);
    CHECK(ReportWriter(dir, "", "s4-").write(tc, outcome, kContext).filename() ==
          "s4-000001-" + signature);
    CHECK(ReportWriter(dir).write(tc, outcome, kContext).filename() == "000001-" + signature);
    // A killed shard's unfinished finding folder is removed by its next run.
    fs::create_directory(dir / "s3-000009-deadbeef.tmp");
    fs::create_directory(dir / "s3-notes.tmp");
    CHECK(remove_leftover_temporaries(dir) == 1);
    CHECK(fs::exists(dir / "s3-notes.tmp"));
}

TEST_CASE("triage merges the shard folders of a shared output folder", "[report][shard]") {
    TempDir tmp;
    const TestCase tc = sample_case(5);
    const CaseOutcome outcome = sample_outcome(tc);
    for (int k = 0; k < 3; ++k) {
        ReportWriter writer(tmp.path / "out" / shard_folder_name(k), "run", shard_id_prefix(k));
        for (int n = 0; n <= k; ++n) writer.write(tc, outcome, kContext);
    }
    const auto folders = with_shard_folders({tmp.path / "out", tmp.path / "out" / "shard-1"});
    CHECK(folders.size() == 4);
    const Triage merged = triage_findings(folders, {});
    CHECK(merged.findings == 6);
    REQUIRE(merged.groups.size() == 1);
    CHECK(merged.groups.front().members.size() == 6);
    CHECK(merged.repeated_ids.empty());
    CHECK(triage_json(merged).find("\"repeated_ids\": []") != std::string::npos);

    // Two unsharded runs into folders of their own number their findings alike.
    ReportWriter(tmp.path / "a").write(tc, outcome, kContext);
    ReportWriter(tmp.path / "b").write(tc, outcome, kContext);
    const Triage separate = triage_findings({tmp.path / "a", tmp.path / "b"}, {});
    CHECK(separate.findings == 2);
    CHECK(separate.repeated_ids ==
          std::vector<std::string>{"000001-" + finding_signature(tc, outcome)});
    CHECK(triage_text(separate).find("1 finding id(s) appear in more than one folder") !=
          std::string::npos);
}

TEST_CASE("triage merges the groups that one known bug lists", "[report][triage]") {
    TempDir tmp;
    const TestCase plain = sample_case(5);
    TestCase grouped = sample_case(5);
    grouped.intermediate += " GROUP BY c0, c1";
    {
        ReportWriter writer(tmp.path / "out");
        writer.write(plain, sample_outcome(plain), kContext);
        writer.write(grouped, sample_outcome(grouped), kContext);
        writer.write(grouped, sample_outcome(grouped), kContext);
    }
    const Triage apart = triage_findings({tmp.path / "out"}, {});
    REQUIRE(apart.groups.size() == 2);
    const std::string first = apart.groups[0].signature;  // the two-member group
    const std::string second = apart.groups[1].signature;
    REQUIRE(first != second);

    fs::create_directory(tmp.path / "known");
    std::ofstream(tmp.path / "known" / "sqlite.toml")
        << "[[bug]]\nid = \"one-cause\"\ngroup_signature = \"" << second
        << "\"\nalso_signatures = [\"" << first << "\"]\nstatus = \"new\"\n";
    const Triage merged = triage_findings({tmp.path / "out"}, load_known_bugs(tmp.path / "known"));
    REQUIRE(merged.groups.size() == 1);
    CHECK(merged.groups[0].signature == second);
    CHECK(merged.groups[0].members.size() == 3);
    CHECK(merged.groups[0].known_id == "one-cause");
    CHECK(merged.groups[0].features == apart.groups[1].features);
    CHECK(merged.findings == 3);

    // A known bug of another dialect merges nothing.
    fs::rename(tmp.path / "known" / "sqlite.toml", tmp.path / "known" / "duckdb.toml");
    CHECK(triage_findings({tmp.path / "out"}, load_known_bugs(tmp.path / "known")).groups.size() ==
          2);

    std::ofstream(tmp.path / "known" / "duckdb.toml")
        << "[[bug]]\nid = \"x\"\ngroup_signature = \"g1\"\nalso_signatures = [1]\n"
           "status = \"new\"\n";
    CHECK_THROWS_WITH(load_known_bugs(tmp.path / "known"),
                      Catch::Contains("also_signatures holds strings"));
}

TEST_CASE("a reduced finding records the settings it depends on and triage shows them",
          "[report][triage]") {
    TempDir tmp;
    const TestCase tc = sample_case(5);
    fs::path dir;
    fs::path unmeasured;
    {
        ReportWriter writer(tmp.path / "out");
        dir = writer.write(tc, sample_outcome(tc), kContext);
        writer.write_reduced(dir, tc, sample_outcome(tc), kContext,
                             {0.5, 12, true, {"derived_merge=off", "no_query_flattener"}, {}});
        // Not measured (a dialect without optimizer variants): no key in finding.toml.
        unmeasured = writer.write(tc, sample_outcome(tc), kContext);
        writer.write_reduced(unmeasured, tc, sample_outcome(tc), kContext,
                             {0.5, 12, false, {}, {}});
    }
    CHECK(eriq::test::slurp(unmeasured / "reduced" / "finding.toml").find("setting_dependence") ==
          std::string::npos);
    CHECK_FALSE(read_finding_record(unmeasured / "reduced")->settings_measured);
    const auto record = read_finding_record(dir / "reduced");
    REQUIRE(record);
    CHECK(record->settings_measured);
    CHECK(record->setting_dependence ==
          std::vector<std::string>{"derived_merge=off", "no_query_flattener"});
    const Triage t = triage_findings({tmp.path / "out"}, {});
    REQUIRE(t.groups.size() == 1);
    CHECK(t.groups[0].settings_measured);
    CHECK(triage_text(t).find("depends on settings: derived_merge=off, no_query_flattener") !=
          std::string::npos);
    CHECK(triage_json(t).find("\"settings\": [") != std::string::npos);

    // Measured and empty: triage says no listed setting moves a representation.
    {
        ReportWriter writer(tmp.path / "none");
        const fs::path d = writer.write(tc, sample_outcome(tc), kContext);
        writer.write_reduced(d, tc, sample_outcome(tc), kContext, {0.5, 12, true, {}, {}});
    }
    const Triage none = triage_findings({tmp.path / "none"}, {});
    CHECK(triage_text(none).find("depends on settings: none") != std::string::npos);
}

TEST_CASE("server faults with a crash site are grouped by the function that crashed",
          "[report][triage]") {
    TempDir tmp;
    CaseOutcome fault;
    fault.verdict = Verdict::ServerFault;
    fault.discard_kind = "connection_lost";
    fault.crash_frames = {"Item_func_distance::val_real", "Item_cache_real::cache_value",
                          "Item_cache_real::val_real", "Arg_comparator::compare_real"};
    CaseOutcome other_caller = fault;
    other_caller.crash_frames = {"Item_func_distance::val_real", "Arg_comparator::compare_real"};
    CaseOutcome no_log = fault;
    no_log.crash_frames.clear();
    fs::path first;
    {
        ReportWriter writer(tmp.path / "out");
        // Two different cases: without the log they would group by what is left of them.
        first = writer.write(sample_case(5), fault, kContext);
        writer.write(sample_case(9), other_caller, kContext);
        writer.write(sample_case(5), no_log, kContext);
    }
    const Triage t = triage_findings({tmp.path / "out"}, {});
    REQUIRE(t.groups.size() == 2);
    const TriageGroup& crash = t.groups[0];
    CHECK(crash.members.size() == 2);
    CHECK(crash.signature == crash_group_key(fault.crash_frames).signature);
    CHECK(crash.features ==
          std::vector<std::string>{"pattern:server_fault", "crash:Item_func_distance::val_real"});
    CHECK(triage_text(t).find("crash site: Item_func_distance::val_real < "
                              "Item_cache_real::cache_value < Item_cache_real::val_real\n") !=
          std::string::npos);
    CHECK(triage_json(t).find("\"crash_frames\": [") != std::string::npos);
    CHECK(triage_page(t, {tmp.path / "out"})
              .find("crash site: Item_func_distance::val_real &lt; Item_cache_real::cache_value") !=
          std::string::npos);
    // finding.toml keeps the frames; a fault without them has none and its usual signature.
    CHECK(t.groups[1].crash_frames.empty());
    CHECK(t.groups[1].signature != crash.signature);
    const auto record = read_finding_record(crash.members.front());
    REQUIRE(record);
    CHECK(record->crash_frames.size() >= 2);
    CHECK(record->crash_frames.front() == "Item_func_distance::val_real");
    CHECK(eriq::test::slurp(first / "report.json").find("\"crash_frames\": [") !=
          std::string::npos);
}
