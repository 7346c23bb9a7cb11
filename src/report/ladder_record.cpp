#include "report/ladder_record.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "util/json_writer.hpp"
#include "util/toml_file.hpp"

namespace eriq {

namespace fs = std::filesystem;

namespace {

toml::array toml_list(const std::vector<std::string>& values) {
    toml::array a;
    for (const auto& v : values) a.push_back(v);
    return a;
}

std::vector<std::string> string_list(const toml::table& t, const char* key) {
    std::vector<std::string> out;
    if (const auto* a = t[key].as_array())
        for (const auto& v : *a) out.push_back(v.value_or(std::string()));
    return out;
}

void json_list(JsonWriter& w, const char* key, const std::vector<std::string>& values) {
    w.key(key);
    w.begin_array();
    for (const auto& v : values) w.string(v);
    w.end_array();
}

}  // namespace

void write_ladder_record(const fs::path& dir, const LadderRecord& r) {
    toml::table t;
    t.insert("engine", r.engine);
    t.insert("range", r.range);
    t.insert("reproduces_in", toml_list(r.reproduces_in));
    t.insert("does_not_reproduce_in", toml_list(r.does_not_reproduce_in));
    t.insert("not_run", toml_list(r.not_run));
    t.insert("bisected_at", r.bisected_at);
    const fs::path path = dir / "ladder.toml";
    const fs::path tmp = dir / "ladder.toml.tmp";
    {
        std::ofstream out(tmp);
        out << "# eriq-gen replay --ladder: the releases this finding reproduces on\n" << t << "\n";
        if (!out) throw std::runtime_error("cannot write " + tmp.string());
    }
    fs::rename(tmp, path);
}

std::optional<LadderRecord> read_ladder_record(const fs::path& dir) {
    const fs::path path = dir / "ladder.toml";
    if (!fs::exists(path)) return std::nullopt;
    const toml::table t = parse_toml_file(path.string());
    LadderRecord r;
    r.engine = t["engine"].value_or(std::string());
    r.range = t["range"].value_or(std::string());
    r.reproduces_in = string_list(t, "reproduces_in");
    r.does_not_reproduce_in = string_list(t, "does_not_reproduce_in");
    r.not_run = string_list(t, "not_run");
    r.bisected_at = t["bisected_at"].value_or(std::string());
    return r;
}

std::string ladder_text(const LadderRecord& r) {
    std::string text = r.engine + " " + r.range;
    if (!r.not_run.empty()) text += fmt::format(" (not run on {})", fmt::join(r.not_run, ", "));
    return text;
}

void write_ladder_json(JsonWriter& w, const LadderRecord& r) {
    w.begin_object();
    w.key("engine");
    w.string(r.engine);
    w.key("range");
    w.string(r.range);
    json_list(w, "reproduces_in", r.reproduces_in);
    json_list(w, "does_not_reproduce_in", r.does_not_reproduce_in);
    json_list(w, "not_run", r.not_run);
    w.key("bisected_at");
    w.string(r.bisected_at);
    w.end_object();
}

}  // namespace eriq
