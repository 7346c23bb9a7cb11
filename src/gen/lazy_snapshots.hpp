#pragma once
// Rollback points over a value that is copied only when it is first changed after a
// point was taken. The derivation takes a point before every alternative it tries; most
// alternatives succeed, or fail before changing the state, so most points never copy.
//
// Invariant: the points not yet filled are the newest ones. A change fills them all with
// one shared copy, since none of them has seen a change yet.
#include <cstddef>
#include <memory>
#include <vector>

namespace eriq {

template <class T>
class LazySnapshots {
  public:
    const T& get() const { return value_; }
    // The value, for changing it: first saved for every point that has not seen a change.
    T& edit() {
        if (!points_.empty() && !points_.back()) {
            auto copy = std::make_shared<const T>(value_);
            for (auto it = points_.rbegin(); it != points_.rend() && !*it; ++it) *it = copy;
        }
        return value_;
    }

    using Point = std::size_t;
    Point save() {
        points_.push_back(nullptr);
        return points_.size() - 1;
    }
    // Back to the value at `point`; drops it and every newer point.
    void restore(Point point) {
        if (points_[point]) value_ = *points_[point];
        points_.resize(point);
    }
    // Keeps the value as it is; drops `point` and every newer point.
    void release(Point point) { points_.resize(point); }

  private:
    T value_;
    std::vector<std::shared_ptr<const T>> points_;
};

}  // namespace eriq
