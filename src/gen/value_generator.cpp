#include "gen/value_generator.hpp"

#include <fmt/format.h>

namespace eriq {
namespace {

// Several draws of one value are made from the last part to the first: the order in which
// earlier versions drew them, so that a seed keeps giving the same values.

std::string quoted(const std::string& s) {
    return "'" + s + "'";
}

template <class Source>
std::string random_string(Source& rng, const std::string& alphabet, int max_len) {
    int len = static_cast<int>(rng.range(0, max_len > 0 ? max_len : 8));
    std::string s;
    for (int i = 0; i < len; ++i) s.push_back(alphabet[rng.below(alphabet.size())]);
    return s;
}

template <class Source>
std::string random_date(Source& rng, const dsl::LiteralFormats& f) {
    const auto day = rng.range(1, 28);
    const auto month = rng.range(1, 12);
    const auto year = rng.range(f.date_year_min, f.date_year_max);
    return fmt::format("{:04}-{:02}-{:02}", year, month, day);
}

template <class Source>
std::string random_time(Source& rng) {
    const auto second = rng.range(0, 59);
    const auto minute = rng.range(0, 59);
    const auto hour = rng.range(0, 23);
    return fmt::format("{:02}:{:02}:{:02}", hour, minute, second);
}

template <class Source>
std::string random_json(Source& rng, const dsl::LiteralFormats& f) {
    const dsl::JsonShape& shape = f.json_shapes[rng.below(f.json_shapes.size())];
    std::vector<std::string> parts(shape.pieces.size());
    for (std::size_t i = shape.pieces.size(); i-- > 0;) {
        const dsl::JsonPiece& p = shape.pieces[i];
        switch (p.kind) {
            case dsl::JsonPiece::Kind::Text:
                parts[i] = p.text;
                break;
            case dsl::JsonPiece::Kind::Number:
                parts[i] = std::to_string(rng.range(p.lo, p.hi));
                break;
            case dsl::JsonPiece::Kind::String:
                parts[i] = random_string(rng, f.string_alphabet, p.length);
                break;
            case dsl::JsonPiece::Kind::Bool:
                parts[i] = rng.chance(0.5) ? "true" : "false";
                break;
        }
    }
    std::string out;
    for (const auto& part : parts) out += part;
    return out;
}

template <class Source>
std::string random_value(const TypeInfo& type, Source& rng, const dsl::LiteralFormats& f) {
    const RandomSpec& r = type.random;
    if (r.kind == "int")
        return std::to_string(
            rng.range(static_cast<std::int64_t>(r.min), static_cast<std::int64_t>(r.max)));
    if (r.kind == "float") {
        double v = r.min + (r.max - r.min) * rng.unit();
        return fmt::format("{:.3f}", v);
    }
    if (r.kind == "decimal") {
        double v = r.min + (r.max - r.min) * rng.unit();
        return fmt::format("{:.{}f}", v, r.scale);
    }
    if (r.kind == "string") return quoted(random_string(rng, f.string_alphabet, r.length));
    if (r.kind == "date") return quoted(random_date(rng, f));
    if (r.kind == "datetime") {
        const std::string time = random_time(rng);
        return quoted(random_date(rng, f) + " " + time);
    }
    if (r.kind == "time") return quoted(random_time(rng));
    if (r.kind == "json") return quoted(random_json(rng, f));
    return "";
}

}  // namespace

template <class Source>
std::string make_literal(const TypeInfo& type, Source& rng, double boundary_share, bool allow_null,
                         const dsl::LiteralFormats& formats) {
    bool have_random = !type.random.kind.empty() && type.random.kind != "none";
    if (!type.values.empty() && (!have_random || rng.chance(boundary_share))) {
        for (int attempt = 0; attempt < 8; ++attempt) {
            const std::string& v = rng.pick(type.values);
            if (allow_null || v != "NULL") return v;
        }
    }
    if (have_random) return random_value(type, rng, formats);
    for (const auto& v : type.values)
        if (v != "NULL") return v;
    return "NULL";
}

template std::string make_literal(const TypeInfo&, Rng&, double, bool, const dsl::LiteralFormats&);
template std::string make_literal(const TypeInfo&, ChoiceSource&, double, bool,
                                  const dsl::LiteralFormats&);

}  // namespace eriq
