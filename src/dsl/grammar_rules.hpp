#pragma once
// PEGTL rules of the generation DSL (see parse.hpp for the syntax). Only the
// rules; what they build is in parse_actions.hpp.
#include <tao/pegtl.hpp>

namespace eriq::dsl::rules {

namespace pg = tao::pegtl;

struct ws : pg::star<pg::space> {};
struct number : pg::seq<pg::opt<pg::one<'-'>>, pg::plus<pg::digit>,
                        pg::opt<pg::one<'.'>, pg::star<pg::digit>>> {};
struct name : pg::identifier {};

// <name>, <name:family>, <!name:family>
struct ref_new_query : pg::one<'!'> {};
struct ref_name : name {};
struct ref_family : name {};
struct ref_close : pg::one<'>'> {};
struct reference : pg::if_must<pg::one<'<'>, pg::opt<ref_new_query>, ref_name,
                               pg::opt<pg::one<':'>, ref_family>, ref_close> {};

// @name or @name(arg, ...)
struct builtin_name : name {};
struct builtin_arg : pg::plus<pg::not_one<',', ')', ' ', '\t', '\n', '\r'>> {};
struct builtin_args_close : pg::one<')'> {};
struct builtin_args
    : pg::seq<pg::one<'('>,
              pg::must<pg::list<builtin_arg, pg::one<','>, pg::space>, builtin_args_close>> {};
struct builtin : pg::if_must<pg::one<'@'>, builtin_name, pg::opt<builtin_args>> {};

// 'text' or "text": literal SQL that may hold DSL characters
struct sq_body : pg::star<pg::not_one<'\''>> {};
struct dq_body : pg::star<pg::not_one<'"'>> {};
struct sq_close : pg::one<'\''> {};
struct dq_close : pg::one<'"'> {};
struct quoted : pg::sor<pg::if_must<pg::one<'\''>, sq_body, sq_close>,
                        pg::if_must<pg::one<'"'>, dq_body, dq_close>> {};
struct quoted_text : quoted {};
struct separator : quoted {};

// Any other run of characters is literal SQL.
struct word : pg::plus<pg::not_one<' ', '\t', '\n', '\r', '<', '>', '[', ']', '|', '{', '}', '@',
                                   '\'', '"', '^'>> {};

struct sequence;

// [0.3 body] or [knob: body]
struct optional_open : pg::one<'['> {};
struct optional_knob : name {};
struct optional_number : number {};
struct optional_probability : pg::sor<pg::seq<optional_knob, ws, pg::one<':'>>,
                                      pg::seq<optional_number, pg::opt<ws, pg::one<':'>>>> {};
struct optional_close : pg::one<']'> {};
struct optional_part
    : pg::if_must<optional_open, ws, optional_probability, sequence, ws, optional_close> {};

// {min,max "sep"}
struct repeat_min : pg::plus<pg::digit> {};
struct repeat_max : pg::plus<pg::digit> {};
struct repeat_close : pg::one<'}'> {};
struct repeat_comma : pg::one<','> {};
struct repeat : pg::if_must<pg::one<'{'>, ws, repeat_min, ws, repeat_comma, ws, repeat_max, ws,
                            pg::opt<separator>, ws, repeat_close> {};

struct generate_first : pg::one<'^'> {};
struct atom : pg::sor<reference, optional_part, builtin, quoted_text, word> {};
struct item : pg::seq<pg::opt<generate_first>, atom, pg::opt<repeat>> {};
struct sequence : pg::star<ws, item> {};

struct weight_knob : name {};
struct weight_number : number {};
struct alternative_head : pg::seq<pg::sor<weight_number, weight_knob>, ws, pg::one<':'>> {};
struct alternative_start : pg::success {};
struct alternative : pg::seq<ws, alternative_start, pg::opt<alternative_head>, sequence, ws> {};
struct alternative_bar : pg::one<'|'> {};
struct end_of_text : pg::eof {};
struct production : pg::seq<pg::list<alternative, alternative_bar>, pg::must<end_of_text>> {};

// Messages for rules that must match once started.
template <typename Rule>
inline constexpr const char* error_message = nullptr;
template <>
inline constexpr const char* error_message<ref_name> = "expected a production name after '<'";
template <>
inline constexpr const char* error_message<ref_family> = "expected a type family after ':'";
template <>
inline constexpr const char* error_message<ref_close> = "expected '>' to close the reference";
template <>
inline constexpr const char* error_message<builtin_name> = "expected a built-in name after '@'";
template <>
inline constexpr const char* error_message<pg::list<builtin_arg, pg::one<','>, pg::space>> =
    "expected built-in arguments";
template <>
inline constexpr const char* error_message<builtin_args_close> =
    "expected ')' after built-in arguments";
template <>
inline constexpr const char* error_message<sq_body> = "unterminated quote";
template <>
inline constexpr const char* error_message<dq_body> = "unterminated quote";
template <>
inline constexpr const char* error_message<sq_close> = "unterminated ' quote";
template <>
inline constexpr const char* error_message<dq_close> = "unterminated \" quote";
template <>
inline constexpr const char* error_message<ws> = "unexpected input";
template <>
inline constexpr const char* error_message<optional_probability> =
    "an optional part starts with a probability: [0.3 ...] or [knob: ...]";
template <>
inline constexpr const char* error_message<sequence> = "unexpected input in optional part";
template <>
inline constexpr const char* error_message<optional_close> =
    "expected ']' to close the optional part";
template <>
inline constexpr const char* error_message<repeat_min> =
    "expected the minimum count in '{min,max}'";
template <>
inline constexpr const char* error_message<repeat_comma> = "expected ',' in '{min,max}'";
template <>
inline constexpr const char* error_message<repeat_max> =
    "expected the maximum count in '{min,max}'";
template <>
inline constexpr const char* error_message<repeat_close> = "expected '}' to close the repetition";
template <>
inline constexpr const char* error_message<end_of_text> =
    "unexpected character (write DSL characters < > [ ] { } | @ ^ inside quotes)";

struct errors {
    template <typename Rule>
    static constexpr const char* message = error_message<Rule>;
};

template <typename Rule>
using control = pg::must_if<errors, pg::normal, false>::control<Rule>;

}  // namespace eriq::dsl::rules
