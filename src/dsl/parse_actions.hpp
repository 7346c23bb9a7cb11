#pragma once
// PEGTL actions that build the production's syntax tree from grammar_rules.hpp.
#include <cctype>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "dsl/ast.hpp"
#include "dsl/grammar_limits.hpp"
#include "dsl/grammar_rules.hpp"
#include "dsl/knob_limits.hpp"

namespace eriq::dsl {

// Repetitions above this count would build SQL of unbounded size.
inline constexpr int kMaxRepeat = 100;

struct ParseState {
    Production production;
    Pos origin;                        // where the DSL text starts in its file
    std::vector<Item> open_optionals;  // innermost last
    bool pending_first = false;
    bool pending_new_query = false;
    std::string pending_name;
    std::string pending_family;
    std::vector<std::string> pending_args;
    std::string pending_quoted;

    Pos map(const tao::pegtl::position& p) const {
        if (p.line == 1) return {origin.line, origin.column + p.column - 1};
        return {origin.line + p.line - 1, p.column};
    }
    std::vector<Item>& current_sequence() {
        return open_optionals.empty() ? production.alternatives.back().items
                                      : open_optionals.back().body;
    }
    void append(Item item) {
        item.generate_first = pending_first;
        pending_first = false;
        current_sequence().push_back(std::move(item));
    }
};

template <typename Rule>
struct action : tao::pegtl::nothing<Rule> {};

// A name of a reference or a built-in, at most kMaxNameLength characters.
template <typename Input>
std::string checked_name(const Input& in, const char* what) {
    if (in.size() > kMaxNameLength)
        throw tao::pegtl::parse_error(fmt::format("{} name of {} characters is longer than the "
                                                  "limit of {}",
                                                  what, in.size(), kMaxNameLength),
                                      in.position());
    return in.string();
}

// Literal SQL text or a separator, at most kMaxLiteralLength bytes.
template <typename Input>
std::string checked_literal(const Input& in, std::string text) {
    if (text.size() > kMaxLiteralLength)
        throw tao::pegtl::parse_error(fmt::format("literal of {} bytes is longer than the limit "
                                                  "of {}",
                                                  text.size(), kMaxLiteralLength),
                                      in.position());
    return text;
}

template <>
struct action<rules::alternative_start> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.production.alternatives.emplace_back().pos = s.map(in.position());
    }
};

// "3 :" or "knob :" (also "[0.3" and "[knob:" of optional parts), applied only
// once the whole head matched, because a failed head must leave no trace.
// A number above `max` (or negative) is a parse error at the head.
template <typename Input>
Weight parse_weight(const Input& in, double max, const char* what) {
    std::string text = in.string();
    while (!text.empty() &&
           (text.back() == ':' || std::isspace(static_cast<unsigned char>(text.back()))))
        text.pop_back();
    Weight w;
    if (text.empty() || (!std::isdigit(static_cast<unsigned char>(text[0])) && text[0] != '-')) {
        if (text.size() > kMaxNameLength)
            throw tao::pegtl::parse_error(
                fmt::format("knob name of {} characters is longer than the limit of {}",
                            text.size(), kMaxNameLength),
                in.position());
        w.knob = text;
        return w;
    }
    w.value = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(w.value) || w.value < 0 || w.value > max)
        throw tao::pegtl::parse_error(
            fmt::format("{} {} is out of range: it must be from 0 to {}", what, text, max),
            in.position());
    return w;
}

// A repetition count of '{min,max}', at most kMaxRepeat.
template <typename Input>
int parse_repeat_count(const Input& in) {
    const std::string text = in.string();
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value > kMaxRepeat)
        throw tao::pegtl::parse_error(
            fmt::format("repetition count {} is above the cap of {}", text, kMaxRepeat),
            in.position());
    return value;
}

template <>
struct action<rules::alternative_head> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.production.alternatives.back().pos = s.map(in.position());
        s.production.alternatives.back().weight = parse_weight(in, kMaxWeight, "weight");
    }
};

template <>
struct action<rules::optional_probability> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.open_optionals.back().probability = parse_weight(in, 1.0, "probability");
    }
};

template <>
struct action<rules::generate_first> {
    template <typename Input>
    static void apply(const Input&, ParseState& s) {
        s.pending_first = true;
    }
};

template <>
struct action<rules::ref_new_query> {
    template <typename Input>
    static void apply(const Input&, ParseState& s) {
        s.pending_new_query = true;
    }
};

template <>
struct action<rules::ref_name> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.pending_name = checked_name(in, "production");
    }
};

template <>
struct action<rules::ref_family> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.pending_family = in.string();
    }
};

template <>
struct action<rules::reference> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        Item item;
        item.kind = ItemKind::NonTerminal;
        item.pos = s.map(in.position());
        item.text = std::move(s.pending_name);
        item.family = std::move(s.pending_family);
        item.new_query = s.pending_new_query;
        s.pending_name.clear();
        s.pending_family.clear();
        s.pending_new_query = false;
        s.append(std::move(item));
    }
};

template <>
struct action<rules::builtin_name> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.pending_name = checked_name(in, "built-in");
    }
};

template <>
struct action<rules::builtin_arg> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.pending_args.push_back(in.string());
    }
};

template <>
struct action<rules::builtin> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        Item item;
        item.kind = ItemKind::Builtin;
        item.pos = s.map(in.position());
        item.text = std::move(s.pending_name);
        item.args = std::move(s.pending_args);
        s.pending_name.clear();
        s.pending_args.clear();
        s.append(std::move(item));
    }
};

template <>
struct action<rules::sq_body> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.pending_quoted = in.string();
    }
};

template <>
struct action<rules::dq_body> : action<rules::sq_body> {};

template <>
struct action<rules::quoted_text> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        Item item;
        item.pos = s.map(in.position());
        item.text = checked_literal(in, std::move(s.pending_quoted));
        s.append(std::move(item));
    }
};

template <>
struct action<rules::word> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        Item item;
        item.pos = s.map(in.position());
        item.text = checked_literal(in, in.string());
        s.append(std::move(item));
    }
};

template <>
struct action<rules::separator> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.current_sequence().back().separator = checked_literal(in, s.pending_quoted);
    }
};

template <>
struct action<rules::repeat_min> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.current_sequence().back().repeat_min = parse_repeat_count(in);
    }
};

template <>
struct action<rules::repeat_max> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.current_sequence().back().repeat_max = parse_repeat_count(in);
    }
};

template <>
struct action<rules::optional_open> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        if (s.open_optionals.size() >= kMaxOptionalNesting)
            throw tao::pegtl::parse_error(
                fmt::format("optional parts nested deeper than {}", kMaxOptionalNesting),
                in.position());
        Item item;
        item.kind = ItemKind::Optional;
        item.pos = s.map(in.position());
        item.generate_first = s.pending_first;
        s.pending_first = false;
        s.open_optionals.push_back(std::move(item));
    }
};

template <>
struct action<rules::optional_close> {
    template <typename Input>
    static void apply(const Input&, ParseState& s) {
        Item item = std::move(s.open_optionals.back());
        s.open_optionals.pop_back();
        bool first = item.generate_first;
        s.current_sequence().push_back(std::move(item));
        s.current_sequence().back().generate_first = first;
    }
};

}  // namespace eriq::dsl
