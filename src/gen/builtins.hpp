#pragma once
// The table of the DSL's built-ins (@column, @func(p), ...): one small handler per
// name, looked up when a derivation meets `@name`. The handlers are members of
// Builtins, a friend of Derivation, so they read and change its state.
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "catalog/dialect.hpp"
#include "dsl/ast.hpp"

namespace eriq {

class Derivation;

// One use of a built-in: the item (name and arguments), the family wanted and the depth.
struct BuiltinCall {
    const dsl::Item& item;
    const std::string& family;
    int depth;

    // The i-th argument, empty when absent.
    std::string arg(std::size_t i) const { return i < item.args.size() ? item.args[i] : ""; }
};

using BuiltinHandler = std::optional<std::string> (*)(Derivation&, const BuiltinCall&);

struct BuiltinEntry {
    BuiltinHandler handler;
    bool takes_production;  // the first argument names a production to derive
};

// Every built-in by name, built once.
const std::unordered_map<std::string, BuiltinEntry>& builtin_table();

struct Builtins {
    static std::optional<std::string> column(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> literal(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> func(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> agg(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> select_list(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> alias(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> table(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> x(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> derived(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> group_by(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> group_key(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> order_by_all(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> number(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> order_keys(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> outer_column(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> outer(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> skip_representation(Derivation& d, const BuiltinCall& c);
    static std::optional<std::string> q(Derivation& d, const BuiltinCall& c);

  private:
    // @func and @agg: a catalogue function (or aggregate) returning c.family.
    static std::optional<std::string> function_call(Derivation& d, const BuiltinCall& c,
                                                    bool aggregate);
    // The arguments of one candidate function, or nothing when one cannot be derived.
    static std::optional<std::vector<std::string>> function_arguments(Derivation& d,
                                                                      const BuiltinCall& c,
                                                                      const FunctionSig& fn);
};

}  // namespace eriq
