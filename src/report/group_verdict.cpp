#include "report/group_verdict.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace eriq {

namespace {

using State = DeoptimizedReference::State;

// A split of result rows: the rules about sides do not apply to errors, faults or a split
// whose sides are not all results.
bool logic_split(const VerdictEvidence& e) {
    return e.sides.size() >= 2 && e.pattern.find("error") == std::string::npos &&
           e.pattern != "server_fault";
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// The side the de-optimized reference agrees with, as the forms of the other sides; empty
// when the reference does not name exactly one side.
std::vector<std::string> wrong_by_reference(const VerdictEvidence& e) {
    if (!logic_split(e) || e.deoptimized.state != State::OneResult ||
        e.deoptimized.agrees_with.empty())
        return {};
    std::size_t right = e.sides.size();
    for (std::size_t i = 0; i < e.sides.size(); ++i)
        if (contains(e.sides[i], e.deoptimized.agrees_with.front())) right = i;
    if (right == e.sides.size()) return {};
    for (const std::string& name : e.deoptimized.agrees_with)
        if (!contains(e.sides[right], name)) return {};
    std::vector<std::string> wrong;
    for (std::size_t i = 0; i < e.sides.size(); ++i)
        if (i != right) wrong.insert(wrong.end(), e.sides[i].begin(), e.sides[i].end());
    return wrong;
}

std::string missing_evidence(const VerdictEvidence& e) {
    if (e.unread.state == UnreadColumnsCheck::State::NotExplained)
        return "the error is not from a column Q never reads (with " +
               fmt::format("{}", fmt::join(e.unread.columns, ", ")) +
               " NULL the finding stays), and the rules about sides need a split of results";
    if (!logic_split(e))
        return "the verdict rules about sides need a split of results, and this group is " +
               std::string(e.pattern == "server_fault" ? "a server fault" : "about errors");
    switch (e.deoptimized.state) {
        case State::NotMeasured:
            return "no de-optimized reference was measured (reduce the finding to collect one)";
        case State::NoSettings:
            return "the dialect declares no optimizer settings to switch off";
        case State::Split:
            return "with every optimizer setting off the forms still differ (" +
                   e.deoptimized.split_pattern + ")";
        case State::Failed:
            return "the forms failed with every optimizer setting off";
        case State::OneResult:
            break;
    }
    return "with every optimizer setting off the forms agree on a result no side gave";
}

}  // namespace

GroupVerdict decide_group_verdict(const VerdictEvidence& e) {
    GroupVerdict v;
    if (e.known_status == "not_a_bug") {
        v.kind = GroupVerdict::Kind::Expected;
        v.because = "listed as not a bug: " + e.known_reason;
        return v;
    }
    if (e.unread.state == UnreadColumnsCheck::State::Explained) {
        v.kind = GroupVerdict::Kind::Expected;
        v.because = fmt::format(
            "the error comes from {}, which Q never reads: with {} NULL no form fails and all "
            "agree; a form may evaluate an unread expression (a stored table, a plan-time "
            "constant) or skip it (a merged view)",
            fmt::join(e.unread.columns, ", "), e.unread.columns.size() == 1 ? "it" : "them");
        return v;
    }
    const std::vector<std::string> other_sides = wrong_by_reference(e);
    const bool fixed_later = e.ladder_range.find("fixed in") != std::string::npos;
    const std::string reference =
        other_sides.empty() ? ""
                            : fmt::format(
                                  "with every optimizer setting off, every form gives the "
                                  "result of {}",
                                  fmt::join(e.deoptimized.agrees_with, ", "));
    if (!other_sides.empty() && fixed_later) {
        v.kind = GroupVerdict::Kind::LikelyBug;
        v.wrong = other_sides;
        v.because = reference + ", and a later release changed the result (" + e.ladder_range + ")";
        return v;
    }
    if (!other_sides.empty()) {
        // The result depends on the optimizer, so one of the two evaluations is wrong; but the
        // optimizer-free one is not always the right one (its own code may be the faulty part),
        // so the side is named only with a second reference.
        v.kind = GroupVerdict::Kind::LikelyBug;
        v.because = reference +
                    ": the result depends on the optimizer settings; which side is wrong needs a "
                    "second reference (a later release that changed the result)";
        return v;
    }
    if (fixed_later) {
        v.kind = GroupVerdict::Kind::LikelyBug;
        v.because = "a later release changed the result (" + e.ladder_range +
                    "); which side was wrong is not determined: " + missing_evidence(e);
        return v;
    }
    v.because = missing_evidence(e);
    return v;
}

const char* verdict_kind_name(GroupVerdict::Kind k) {
    switch (k) {
        case GroupVerdict::Kind::LikelyBug:
            return "likely bug";
        case GroupVerdict::Kind::Expected:
            return "expected";
        case GroupVerdict::Kind::Unclear:
            return "unclear";
    }
    return "unclear";
}

std::string verdict_headline(const GroupVerdict& v) {
    if (v.kind != GroupVerdict::Kind::LikelyBug) return verdict_kind_name(v.kind);
    if (v.wrong.empty()) return "likely bug (side not determined)";
    return fmt::format("likely bug: {} wrong", fmt::join(v.wrong, ", "));
}

}  // namespace eriq
