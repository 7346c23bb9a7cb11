#include "dsl/literal_formats_loader.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"

namespace eriq::dsl {
namespace {

[[noreturn]] void fail(const std::string& path, const toml::node& node, const std::string& what) {
    throw LoadError(path, node.source().begin.line, node.source().begin.column, what);
}

void load_alphabet(LiteralFormats& f, const toml::node& node, const std::string& path) {
    auto text = node.value<std::string>();
    if (!text) fail(path, node, "string_alphabet must be a string");
    if (auto problem = string_alphabet_problem(*text); !problem.empty()) fail(path, node, problem);
    f.string_alphabet = *text;
}

void load_date_years(LiteralFormats& f, const toml::node& node, const std::string& path) {
    const char* shape = "date_years must be two years [first, last], e.g. [1970, 2038]";
    auto* arr = node.as_array();
    if (!arr || arr->size() != 2) fail(path, node, shape);
    std::int64_t years[2];
    for (std::size_t i = 0; i < 2; ++i) {
        auto y = (*arr)[i].value<std::int64_t>();
        if (!(*arr)[i].is_integer() || !y || *y < 1 || *y > 9999)
            fail(path, (*arr)[i], "a year in date_years must be a whole number from 1 to 9999");
        years[i] = *y;
    }
    if (years[0] > years[1]) fail(path, (*arr)[1], "date_years: the last year is before the first");
    f.date_year_min = years[0];
    f.date_year_max = years[1];
}

void load_json_shapes(LiteralFormats& f, const toml::node& node, const std::string& path) {
    auto* arr = node.as_array();
    if (!arr || arr->empty()) fail(path, node, "json_shapes must be a non-empty array of strings");
    std::vector<JsonShape> shapes;
    for (const auto& entry : *arr) {
        auto text = entry.value<std::string>();
        if (!text) fail(path, entry, "json_shapes entries must be strings");
        try {
            shapes.push_back(parse_json_shape(*text));
        } catch (const JsonShapeError& e) {
            // The column of the offending character when the string is on one line.
            const auto at = entry.source().begin;
            throw LoadError(path, at.line, at.column + 1 + e.offset,
                            fmt::format("json shape: {}", e.what));
        }
    }
    f.json_shapes = std::move(shapes);
}

}  // namespace

void load_literal_formats(LiteralFormats& formats, const toml::table& table,
                          const std::string& path) {
    static const std::vector<std::string> keys{"string_alphabet", "date_years", "json_shapes"};
    for (auto&& [key, node] : table) {
        const std::string k(key.str());
        if (k == "string_alphabet")
            load_alphabet(formats, node, path);
        else if (k == "date_years")
            load_date_years(formats, node, path);
        else if (k == "json_shapes")
            load_json_shapes(formats, node, path);
        else
            throw LoadError(path, key.source().begin.line, key.source().begin.column,
                            fmt::format("unknown key '{}' in [literals]{} (expected "
                                        "string_alphabet, date_years, json_shapes)",
                                        k, did_you_mean(k, keys)));
    }
}

}  // namespace eriq::dsl
