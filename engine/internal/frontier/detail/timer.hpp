/// @file detail/timer.hpp
/// @brief Wall-clock stopwatch on the steady clock.
#pragma once

#include <chrono>

namespace frontier::detail {

class Timer {
 public:
  Timer() : start_(std::chrono::steady_clock::now()) {}
  void restart() { start_ = std::chrono::steady_clock::now(); }
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace frontier::detail
