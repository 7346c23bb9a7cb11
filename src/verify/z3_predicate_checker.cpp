#include "verify/z3_predicate_checker.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <optional>

#include "verify/algebra.hpp"
#include "verify/expr_encoder.hpp"
#include "verify/sql_parse.hpp"

namespace eriq::verify {
namespace {

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// A value the encoding reads as a column: a column reference or, in a HAVING, an aggregate
// call (one unknown value per distinct call).
struct Input {
    std::string key;
    enum class Kind { Int, Bool, String, CountOf } kind = Kind::Int;
    bool not_null = false;
    std::optional<std::int64_t> min, max;
};

class Binder {
  public:
    explicit Binder(const std::vector<PredicateColumn>& columns) {
        for (const PredicateColumn& c : columns) columns_.emplace(upper(c.ref), &c);
    }

    // `e` with its inputs as slots; nullopt when something in it cannot be encoded faithfully.
    std::optional<Expr> bind(const Expr& e) {
        using K = Expr::Kind;
        if (e.kind == K::Column) return input(e.op.empty() ? e.name : e.op + "." + e.name);
        if (e.kind == K::Aggregate) return aggregate(e);
        if (e.kind == K::Arith && e.op == "/") return std::nullopt;  // integer or exact: dialect
        Expr out = e;
        for (Expr& a : out.args) {
            auto bound = bind(a);
            if (!bound) return std::nullopt;
            a = std::move(*bound);
        }
        return out;
    }
    const std::vector<Input>& inputs() const { return inputs_; }

  private:
    std::optional<Expr> input(const std::string& key) {
        auto it = columns_.find(key);
        if (it == columns_.end()) return std::nullopt;  // an outer query's column
        const PredicateColumn& c = *it->second;
        Input in{key, Input::Kind::Int, c.not_null, c.min, c.max};
        if (c.family == "bool")
            in.kind = Input::Kind::Bool;
        else if (c.family == "string")
            in.kind = Input::Kind::String;
        else if (c.family != "int")
            return std::nullopt;
        return slot_of(std::move(in));
    }

    // COUNT is a non-NULL count; MIN/MAX/SUM of what encodes as integers a nullable integer.
    std::optional<Expr> aggregate(const Expr& e) {
        const std::string key = to_string(e);
        if (e.name == "COUNT") return slot_of({key, Input::Kind::CountOf, true, 0, std::nullopt});
        if (e.name != "MIN" && e.name != "MAX" && e.name != "SUM") return std::nullopt;
        for (const Expr& a : e.args)
            if (!bind(a)) return std::nullopt;
        return slot_of({key, Input::Kind::Int, false, std::nullopt, std::nullopt});
    }

    Expr slot_of(Input in) {
        for (size_t i = 0; i < inputs_.size(); ++i)
            if (inputs_[i].key == in.key) return slot(i);
        inputs_.push_back(std::move(in));
        return slot(inputs_.size() - 1);
    }

    std::map<std::string, const PredicateColumn*> columns_;
    std::vector<Input> inputs_;
};

class Z3PredicateChecker : public PredicateChecker {
  public:
    Z3PredicateChecker(unsigned rlimit, unsigned timeout_ms)
        : rlimit_(rlimit), timeout_ms_(timeout_ms) {}

    PredicateVerdict classify(const std::string& sql,
                              const std::vector<PredicateColumn>& columns) const override {
        try {
            Binder binder(columns);
            std::optional<Expr> pred = binder.bind(parse_expression(sql));
            if (!pred) return PredicateVerdict::Unknown;
            return decide(*pred, binder.inputs());
        } catch (const z3::exception&) {
            return PredicateVerdict::Unknown;
        } catch (const std::exception&) {  // ParseError, Unsupported
            return PredicateVerdict::Unknown;
        }
    }

  private:
    // A context costs more to make than most checks take: each thread keeps one for a while.
    // Reuse changes term ids, so in principle which checks land on the resource limit; a
    // thread that checks the same sequence (a single worker, --dry-run) gets the same verdicts.
    static z3::context& thread_context() {
        constexpr int kChecksPerContext = 1000;
        thread_local std::unique_ptr<z3::context> ctx;
        thread_local int uses = 0;
        if (!ctx || ++uses > kChecksPerContext) {
            ctx = std::make_unique<z3::context>();
            uses = 0;
        }
        return *ctx;
    }

    PredicateVerdict decide(const Expr& pred, const std::vector<Input>& inputs) const {
        z3::context& ctx = thread_context();
        ExprEncoder enc(ctx, SqlType::Any);
        z3::solver solver(ctx);
        z3::params p(ctx);
        p.set("rlimit", rlimit_);
        p.set("timeout", timeout_ms_);
        solver.set(p);
        std::vector<Sym> values;
        for (const Input& in : inputs) {
            // A bool column is an integer 0/1 here (its dialects read WHERE b as b <> 0).
            SqlType type = in.kind == Input::Kind::String ? SqlType::String
                           : in.kind == Input::Kind::Bool ? SqlType::Any
                                                          : SqlType::Int;
            values.push_back(enc.fresh_column(in.key, type));
            const Sym& v = values.back();
            if (in.not_null) solver.add(!v.null);
            if (in.kind == Input::Kind::Bool) solver.add(v.value >= 0 && v.value <= 1);
            if (in.min) solver.add(v.value >= ctx.int_val(static_cast<int64_t>(*in.min)));
            if (in.max) solver.add(v.value <= ctx.int_val(static_cast<int64_t>(*in.max)));
        }
        z3::expr truth = enc.is_true(enc.encode(pred, values));
        solver.add(enc.axioms());
        auto check = [&](const z3::expr& f) {
            solver.push();
            solver.add(f);
            z3::check_result r = solver.check();
            solver.pop();
            return r;
        };
        const z3::check_result can_fail = check(!truth);
        if (can_fail == z3::unsat) return PredicateVerdict::Tautology;
        const z3::check_result can_hold = check(truth);
        if (can_hold == z3::unsat) return PredicateVerdict::Contradiction;
        if (can_fail == z3::sat && can_hold == z3::sat) return PredicateVerdict::Contingent;
        return PredicateVerdict::Unknown;
    }

    unsigned rlimit_;
    unsigned timeout_ms_;
};

}  // namespace

std::unique_ptr<PredicateChecker> make_z3_predicate_checker(unsigned rlimit, unsigned timeout_ms) {
    return std::make_unique<Z3PredicateChecker>(rlimit, timeout_ms);
}

}  // namespace eriq::verify
