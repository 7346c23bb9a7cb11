#include "verify/prover.hpp"

#include <chrono>

#include "verify/build_algebra.hpp"
#include "verify/matcher.hpp"
#include "verify/sql_parse.hpp"

namespace eriq::verify {

std::string z3_version() {
    return Z3_get_full_version();
}

const char* status_name(ProveResult::Status s) {
    switch (s) {
        case ProveResult::Status::Proved:
            return "proved";
        case ProveResult::Status::NotProved:
            return "unknown";
        case ProveResult::Status::Unsupported:
            return "unsupported";
        case ProveResult::Status::ParseError:
            return "parse error";
    }
    return "?";
}

namespace {

ProveResult decide(const Schema& schema, std::string_view q1, std::string_view q2,
                   const ProveOptions& options, std::chrono::steady_clock::time_point start) {
    Query a, b;
    try {
        a = parse_query(q1);
        b = parse_query(q2);
    } catch (const ParseError& e) {
        return {ProveResult::Status::ParseError, e.what()};
    }
    NodeP left = build_algebra(a, schema);
    NodeP right = build_algebra(b, schema);
    z3::context ctx;
    ExprEncoder encoder(ctx);
    Matcher matcher(encoder, start + std::chrono::milliseconds(options.timeout_ms));
    std::optional<PairRep> rep = matcher.match(left, right);
    if (rep && rep->full && rep->left.size() == rep->right.size())
        return {ProveResult::Status::Proved, ""};
    return {ProveResult::Status::NotProved, rep ? "columns differ" : "could not show"};
}

}  // namespace

ProveResult prove_pair(const Schema& schema, std::string_view q1, std::string_view q2,
                       const ProveOptions& options) {
    auto start = std::chrono::steady_clock::now();
    ScopedDeadline deadline(start + std::chrono::milliseconds(options.timeout_ms));
    ProveResult result;
    try {
        result = decide(schema, q1, q2, options, start);
    } catch (const Unsupported& e) {
        result = {ProveResult::Status::Unsupported, e.what()};
    } catch (const ProofTimeout&) {
        result = {ProveResult::Status::NotProved, "timeout"};
    } catch (const z3::exception& e) {
        result = {ProveResult::Status::NotProved, std::string("z3: ") + e.msg()};
    } catch (const std::out_of_range&) {
        result = {ProveResult::Status::NotProved, "column count mismatch"};
    } catch (const std::exception& e) {
        result = {ProveResult::Status::NotProved, e.what()};
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace eriq::verify
