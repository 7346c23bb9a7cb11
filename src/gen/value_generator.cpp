#include "gen/value_generator.hpp"

#include <fmt/format.h>

namespace eriq {
namespace {

std::string quoted(const std::string& s) {
    return "'" + s + "'";
}

template <class Source>
std::string random_string(Source& rng, int max_len) {
    static const char alphabet[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ";
    int len = static_cast<int>(rng.range(0, max_len > 0 ? max_len : 8));
    std::string s;
    for (int i = 0; i < len; ++i) s.push_back(alphabet[rng.below(sizeof(alphabet) - 1)]);
    return s;
}

template <class Source>
std::string random_date(Source& rng) {
    return fmt::format("{:04}-{:02}-{:02}", rng.range(1970, 2038), rng.range(1, 12),
                       rng.range(1, 28));
}

template <class Source>
std::string random_time(Source& rng) {
    return fmt::format("{:02}:{:02}:{:02}", rng.range(0, 23), rng.range(0, 59), rng.range(0, 59));
}

template <class Source>
std::string random_json(Source& rng) {
    switch (rng.below(6)) {
        case 0:
            return fmt::format("{{\"a\": {}}}", rng.range(-10, 10));
        case 1:
            return fmt::format("[{}, {}]", rng.range(-10, 10), rng.range(-10, 10));
        case 2:
            return std::to_string(rng.range(-100, 100));
        case 3:
            return fmt::format("\"{}\"", random_string(rng, 4));
        case 4:
            return rng.chance(0.5) ? "true" : "false";
        default:
            return fmt::format("{{\"a\": [{}, \"{}\"], \"b\": null}}", rng.range(0, 9),
                               random_string(rng, 3));
    }
}

template <class Source>
std::string random_value(const TypeInfo& type, Source& rng) {
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
    if (r.kind == "string") return quoted(random_string(rng, r.length));
    if (r.kind == "date") return quoted(random_date(rng));
    if (r.kind == "datetime") return quoted(random_date(rng) + " " + random_time(rng));
    if (r.kind == "time") return quoted(random_time(rng));
    if (r.kind == "json") return quoted(random_json(rng));
    return "";
}

}  // namespace

template <class Source>
std::string make_literal(const TypeInfo& type, Source& rng, double boundary_share,
                         bool allow_null) {
    bool have_random = !type.random.kind.empty() && type.random.kind != "none";
    if (!type.values.empty() && (!have_random || rng.chance(boundary_share))) {
        for (int attempt = 0; attempt < 8; ++attempt) {
            const std::string& v = rng.pick(type.values);
            if (allow_null || v != "NULL") return v;
        }
    }
    if (have_random) return random_value(type, rng);
    for (const auto& v : type.values)
        if (v != "NULL") return v;
    return "NULL";
}

template std::string make_literal(const TypeInfo&, Rng&, double, bool);
template std::string make_literal(const TypeInfo&, ChoiceSource&, double, bool);

}  // namespace eriq
