// Rollback points that copy the value only when it changes after a point was taken.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gen/lazy_snapshots.hpp"

using eriq::LazySnapshots;

TEST_CASE("a restored point brings back the value it saw", "[gen]") {
    LazySnapshots<std::vector<std::string>> s;
    s.edit().push_back("a");
    const auto outer = s.save();
    s.edit().push_back("b");
    const auto inner = s.save();
    s.edit().push_back("c");
    s.restore(inner);
    CHECK(s.get() == std::vector<std::string>{"a", "b"});
    s.restore(outer);
    CHECK(s.get() == std::vector<std::string>{"a"});
}

TEST_CASE("points taken without a change in between share one copy", "[gen]") {
    LazySnapshots<std::vector<int>> s;
    s.edit() = {1};
    const auto a = s.save();
    const auto b = s.save();
    s.edit().push_back(2);  // fills both a and b
    s.restore(b);
    CHECK(s.get() == std::vector<int>{1});
    s.edit().push_back(3);  // a is filled already: stays {1}
    s.restore(a);
    CHECK(s.get() == std::vector<int>{1});
}

TEST_CASE("a released point keeps the changes and older points still roll back", "[gen]") {
    LazySnapshots<std::vector<int>> s;
    const auto outer = s.save();
    const auto inner = s.save();
    s.edit().push_back(7);
    s.release(inner);
    CHECK(s.get() == std::vector<int>{7});
    const auto again = s.save();
    s.restore(again);  // nothing changed since: still {7}
    CHECK(s.get() == std::vector<int>{7});
    s.restore(outer);
    CHECK(s.get().empty());
}
