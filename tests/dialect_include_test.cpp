// Dialect files that include another: merge rules (catalog/dialect_document.hpp), errors with
// the file and position they are written at, and the shipped MySQL family built that way.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "catalog/dialect.hpp"
#include "test_files.hpp"
#include "util/load_error.hpp"

using namespace eriq;

namespace {

void write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path) << text;
}

std::string load_error_of(const std::filesystem::path& path) {
    try {
        load_dialect(path.string());
    } catch (const LoadError& e) {
        return e.what();
    }
    return "";
}

std::string describe(const FunctionSig& f) {
    std::string out = f.name + "|" + f.key + "|" + f.returns + "|" + f.tmpl + "|" +
                      std::to_string(f.variadic) + std::to_string(f.aggregate) +
                      std::to_string(f.distinct_ok) + "|" + std::to_string(f.weight);
    for (const auto& a : f.args) out += "|" + a;
    return out;
}

std::string describe(const TypeInfo& t) {
    std::string out = t.name + "|" + t.family + "|" + std::to_string(t.weight) + "|" +
                      t.random.kind + std::to_string(t.random.min) + std::to_string(t.random.max) +
                      std::to_string(t.random.length) + std::to_string(t.random.scale) +
                      std::to_string(t.indexable);
    for (const auto& v : t.values) out += "|" + v;
    return out;
}

std::vector<std::string> describe_all(const Dialect& d) {
    std::vector<std::string> out{d.name,    d.driver,    d.default_connect, d.create_database,
                                 d.analyze, d.fill_table};
    for (const auto& s : d.session_init) out.push_back("session " + s);
    for (const auto& t : d.types) out.push_back("type " + describe(t));
    for (const auto& f : d.functions) out.push_back("function " + describe(f));
    for (const auto& f : d.aggregates) out.push_back("aggregate " + describe(f));
    for (const auto& n : d.nondeterministic) out.push_back("nondeterministic " + n);
    for (const auto& [k, v] : d.capabilities) out.push_back("capability " + k + std::to_string(v));
    for (const auto& [k, v] : d.order_tiebreak) out.push_back("tiebreak " + k + v);
    for (const auto& [k, list] : d.index_expressions)
        for (const auto& v : list) out.push_back("index " + k + v);
    for (const auto& key : ddl_keys()) out.push_back("ddl " + key.name + d.ddl.*key.field);
    for (const auto& [k, r] : d.representations)
        out.push_back("representation " + k + (r.x ? *r.x : "-") + (r.query ? *r.query : "-") +
                      std::to_string(r.setup.has_value()) + std::to_string(r.teardown.has_value()) +
                      std::to_string(r.disabled.value_or(false)));
    for (const auto& b : d.benign) out.push_back("benign " + b.reason + b.query_regex);
    for (const auto& e : d.expected_errors) out.push_back("expected " + e.reason + e.error_regex);
    return out;
}

const char* const kBase = R"toml(name = "base"
driver = "sqlite"
default_connect = "sqlite::memory:"
analyze = "ANALYZE {table}"
[capabilities]
window = true
full_join = true
[ddl]
insert = "INSERT INTO {table} VALUES {rows}"
row = "({values})"
[[type]]
name = "INT"
family = "int"
values = ["NULL", "0"]
[[type]]
name = "TEXT COLLATE x"
family = "string"
values = ["NULL", "''"]
[[type]]
name = "REAL"
family = "float"
values = ["NULL", "1.5"]
[[function]]
name = "ROUND"
args = ["N"]
returns = "N"
[[function]]
name = "ROUND"
args = ["N"]
returns = "N"
template = "ROUND({0}, 1)"
[[function]]
name = "ONLY_BASE"
args = ["int"]
returns = "int"
[[function]]
name = "ABS"
args = ["N"]
returns = "N"
[[expected_error]]
reason = "base only"
error_regex = "^sqlite:"
)toml";

const char* const kChild = R"toml(include = ["base.toml"]
name = "child"
[capabilities]
window = false
[ddl]
row = "ROW({values})"
[remove]
function = ["ONLY_BASE"]
analyze = true
expected_error = true
[[type]]
replaces = "TEXT COLLATE x"
name = "TEXT"
family = "string"
values = ["NULL", "'a'"]
[[function]]
name = "ROUND"
args = ["N"]
returns = "N"
template = "ROUND({0}, 2)"
[[function]]
name = "NEW_ONE"
args = ["string"]
returns = "int"
)toml";

// What base.toml + child.toml should be, written out in one file.
const char* const kExpanded = R"toml(name = "child"
driver = "sqlite"
default_connect = "sqlite::memory:"
[capabilities]
window = false
full_join = true
[ddl]
insert = "INSERT INTO {table} VALUES {rows}"
row = "ROW({values})"
[[type]]
name = "INT"
family = "int"
values = ["NULL", "0"]
[[type]]
name = "TEXT"
family = "string"
values = ["NULL", "'a'"]
[[type]]
name = "REAL"
family = "float"
values = ["NULL", "1.5"]
[[function]]
name = "ROUND"
args = ["N"]
returns = "N"
template = "ROUND({0}, 2)"
[[function]]
name = "ABS"
args = ["N"]
returns = "N"
[[function]]
name = "NEW_ONE"
args = ["string"]
returns = "int"
)toml";

}  // namespace

TEST_CASE("an including dialect file loads and equals its expanded form", "[catalog][include]") {
    const auto dir = test::fresh_dir("dialect-include");
    write(dir / "base.toml", kBase);
    write(dir / "child.toml", kChild);
    write(dir / "expanded.toml", kExpanded);
    const Dialect child = load_dialect((dir / "child.toml").string());
    const Dialect expanded = load_dialect((dir / "expanded.toml").string());
    CHECK(describe_all(child) == describe_all(expanded));
    CHECK(child.ddl.row == "ROW({values})");
    CHECK(child.ddl.create_table == DdlTemplates().create_table);
    CHECK(child.analyze.empty());
    CHECK_FALSE(child.has("window"));
    CHECK(child.types[1].name == "TEXT");
    std::filesystem::remove_all(dir);
}

TEST_CASE("include and remove errors name the file, line and column", "[catalog][include]") {
    const auto dir = test::fresh_dir("dialect-include-errors");
    write(dir / "base.toml", kBase);
    SECTION("a missing include") {
        write(dir / "child.toml", "name = \"c\"\ninclude = [\"nosuch.toml\"]\n");
        CHECK(load_error_of(dir / "child.toml") ==
              (dir / "child.toml").string() +
                  ":2:12: included dialect file 'nosuch.toml' not found");
    }
    SECTION("a cycle") {
        write(dir / "a.toml", "include = [\"b.toml\"]\n");
        write(dir / "b.toml", "\ninclude = [\"a.toml\"]\n");
        CHECK(load_error_of(dir / "a.toml") ==
              (dir / "b.toml").string() +
                  ":2:12: include cycle: 'a.toml' includes itself through 'b.toml'");
    }
    SECTION("removing what is not inherited") {
        write(dir / "child.toml",
              "include = [\"base.toml\"]\n[remove]\nfunction = [\"ABS\", \"NOPE\"]\n");
        CHECK(load_error_of(dir / "child.toml") ==
              (dir / "child.toml").string() +
                  ":3:20: [remove] names function 'NOPE', which no included file declares");
    }
    SECTION("an error in the included file points there") {
        write(dir / "bad.toml", std::string(kBase) + "[[type]]\nname = \"X\"\nfamily = \"nope\"\n" +
                                    "values = [\"NULL\"]\n");
        write(dir / "child.toml", "include = [\"bad.toml\"]\nname = \"c\"\n");
        CHECK(load_error_of(dir / "child.toml")
                  .rfind((dir / "bad.toml").string() + ":45:10: unknown family 'nope'", 0) == 0);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("MySQL, TiDB and OceanBase are written over MariaDB", "[catalog][include]") {
    const Dialect mariadb = load_dialect(test::source("dialects/mariadb.toml"));
    const Dialect mysql = load_dialect(test::source("dialects/mysql.toml"));
    const Dialect tidb = load_dialect(test::source("dialects/tidb.toml"));
    const Dialect oceanbase = load_dialect(test::source("dialects/oceanbase.toml"));
    auto has_function = [](const Dialect& d, const std::string& key) {
        return std::any_of(d.functions.begin(), d.functions.end(),
                           [&](const FunctionSig& f) { return f.key == key; });
    };
    CHECK(has_function(mariadb, "JSON_EXISTS"));
    for (const Dialect* d : {&mysql, &tidb, &oceanbase}) {
        INFO(d->name);
        CHECK_FALSE(has_function(*d, "JSON_EXISTS"));
        CHECK_FALSE(has_function(*d, "ST_AREA"));
        CHECK(d->types.size() >= 27);
        CHECK(d->types[16].name == "JSON");
        CHECK(d->functions.size() < mariadb.functions.size());
    }
    CHECK(mysql.functions.size() == 193);
    CHECK(tidb.functions.size() == 179);
    CHECK(oceanbase.functions.size() == 179);
    CHECK(mysql.has("temp_table_single_reference"));
    CHECK(tidb.representations.at("TEMPT").disabled == true);
    CHECK_FALSE(tidb.representations.at("TEMPT").setup.has_value());
    CHECK(oceanbase.analyze.empty());
    CHECK(oceanbase.index_expressions.empty());
    CHECK(tidb.index_expressions.size() == 1);
    CHECK(mysql.expected_errors.size() == 2);
    CHECK(tidb.expected_errors.empty());
}
