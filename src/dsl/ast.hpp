#pragma once
// The generation DSL's syntax tree. A production is a set of weighted
// alternatives; an alternative is a sequence of items (literal SQL text,
// references to other productions, optional parts, built-ins), each of which
// may repeat with a separator.
#include <string>
#include <vector>

namespace eriq::dsl {

// A position in the file the DSL text came from (1-based).
struct Pos {
    std::size_t line = 1;
    std::size_t column = 1;
};

// A weight or probability: a number, or the value of a named knob times the number.
struct Weight {
    double value = 1;
    std::string knob;  // empty: plain number
};

enum class ItemKind { Text, NonTerminal, Optional, Builtin };

struct Item {
    ItemKind kind = ItemKind::Text;
    Pos pos;
    std::string text;  // Text: the SQL; NonTerminal and Builtin: the name
    std::string
        family;  // NonTerminal: "" (inherit), a family, "any" or a type variable (upper case)
    bool new_query = false;  // <!name>: derive inside a new query context (a subquery)
    bool generate_first =
        false;  // ^item: generated before its siblings (e.g. FROM before SELECT list)
    std::vector<std::string> args;  // Builtin arguments
    Weight probability;             // Optional: chance of emitting its body
    std::vector<Item> body;         // Optional: the items inside [...]
    int repeat_min = 1;
    int repeat_max = 1;
    std::string separator;  // between repetitions
};

struct Alternative {
    Pos pos;
    Weight weight;
    std::vector<Item> items;
};

struct Production {
    std::string name;
    std::string file;  // the grammar file it was declared in (an include or the main file)
    Pos pos;
    std::vector<Alternative> alternatives;
};

}  // namespace eriq::dsl
