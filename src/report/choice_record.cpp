#include "report/choice_record.hpp"

#include <charconv>
#include <sstream>

#include "util/load_error.hpp"
#include "util/toml_file.hpp"

namespace eriq {
namespace {

// Decimal text: TOML integers are signed 64-bit, a draw may use all 64 bits.
std::string values_text(const ChoiceValues& values) {
    std::string out;
    for (std::uint64_t v : values) {
        if (!out.empty()) out += ' ';
        out += std::to_string(v);
    }
    return out;
}

ChoiceValues parse_values(const std::string& text, const std::string& path, const char* key) {
    ChoiceValues out;
    const char* at = text.data();
    const char* end = text.data() + text.size();
    while (at < end) {
        if (*at == ' ') {
            ++at;
            continue;
        }
        std::uint64_t v = 0;
        auto [next, ec] = std::from_chars(at, end, v);
        if (ec != std::errc() || (next < end && *next != ' '))
            throw LoadError(path, 1, 1,
                            std::string(key) + ": expected decimal numbers separated by spaces");
        out.push_back(v);
        at = next;
    }
    return out;
}

}  // namespace

std::string choices_toml(const ChoiceSequence& choices) {
    toml::table t;
    t.insert("intermediate", values_text(choices.intermediate));
    t.insert("referencing", values_text(choices.referencing));
    if (!choices.knobs.empty()) {
        toml::table knobs;
        for (const auto& [name, value] : choices.knobs) knobs.insert(name, value);
        t.insert("knobs", std::move(knobs));
    }
    std::ostringstream out;
    out << "# the generator's draws that derived I and Q of case.toml (eriq-gen reduce uses them)\n"
        << t << "\n";
    return out.str();
}

std::optional<ChoiceSequence> read_choices(const std::filesystem::path& dir) {
    const auto path = dir / "choices.toml";
    if (!std::filesystem::exists(path)) return std::nullopt;
    toml::table t = parse_toml_file(path.string());
    ChoiceSequence s;
    s.intermediate =
        parse_values(t["intermediate"].value_or(std::string()), path.string(), "intermediate");
    s.referencing =
        parse_values(t["referencing"].value_or(std::string()), path.string(), "referencing");
    if (auto* knobs = t["knobs"].as_table()) {
        for (auto&& [name, node] : *knobs) {
            auto value = node.value<double>();
            if (!value)
                throw LoadError(path.string(), node.source().begin.line, node.source().begin.column,
                                "knobs." + std::string(name.str()) + ": expected a number");
            s.knobs[std::string(name.str())] = *value;
        }
    }
    return s;
}

}  // namespace eriq
