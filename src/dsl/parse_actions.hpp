#pragma once
// PEGTL actions that build the production's syntax tree from grammar_rules.hpp.
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

#include <tao/pegtl.hpp>

#include "dsl/ast.hpp"
#include "dsl/grammar_rules.hpp"

namespace eriq::dsl {

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

template <>
struct action<rules::alternative_start> {
    static void apply0(ParseState& s) { s.production.alternatives.emplace_back(); }
};

// A repetition bound; one that does not fit an int is a parse error at its position.
template <typename Input>
int parse_count(const Input& in) {
    int n = 0;
    const char* end = in.end();
    if (std::from_chars(in.begin(), end, n).ec != std::errc())
        throw tao::pegtl::parse_error("repetition count out of range", in);
    return n;
}

// "3 :" or "knob :" (also "[0.3" and "[knob:" of optional parts), applied only
// once the whole head matched, because a failed head must leave no trace.
template <typename Input>
Weight parse_weight(const Input& in) {
    std::string text = in.string();
    while (!text.empty() &&
           (text.back() == ':' || std::isspace(static_cast<unsigned char>(text.back()))))
        text.pop_back();
    Weight w;
    if (!text.empty() && (std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '-'))
        try {
            w.value = std::stod(text);
        } catch (const std::out_of_range&) {
            throw tao::pegtl::parse_error("number out of range", in);
        }
    else
        w.knob = text;
    return w;
}

template <>
struct action<rules::alternative_head> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.production.alternatives.back().pos = s.map(in.position());
        s.production.alternatives.back().weight = parse_weight(in);
    }
};

template <>
struct action<rules::optional_probability> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.open_optionals.back().probability = parse_weight(in);
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
        s.pending_name = in.string();
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
        s.pending_name = in.string();
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
        item.text = std::move(s.pending_quoted);
        s.append(std::move(item));
    }
};

template <>
struct action<rules::word> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        Item item;
        item.pos = s.map(in.position());
        item.text = in.string();
        s.append(std::move(item));
    }
};

template <>
struct action<rules::separator> {
    template <typename Input>
    static void apply(const Input&, ParseState& s) {
        s.current_sequence().back().separator = s.pending_quoted;
    }
};

template <>
struct action<rules::repeat_min> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.current_sequence().back().repeat_min = parse_count(in);
    }
};

template <>
struct action<rules::repeat_max> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
        s.current_sequence().back().repeat_max = parse_count(in);
    }
};

template <>
struct action<rules::optional_open> {
    template <typename Input>
    static void apply(const Input& in, ParseState& s) {
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
