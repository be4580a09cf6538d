/// @file detail/progress.hpp
/// @brief Progress lines on stderr for work that takes longer than about a second.
///
/// Silent for the first second; then at most one line every half second, from whichever thread
/// calls update(). finish() prints a closing line only if something was printed before.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "frontier/detail/timer.hpp"

namespace frontier::detail {

class Progress {
 public:
  /// @param label what is being done ("parsing road.gr"); @param total units of work (0: unknown);
  /// @param unit the unit's name ("MB", "roots").
  Progress(std::string label, std::uint64_t total, std::string unit, double scale = 1.0);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  /// Reports that `done` units are complete. Thread-safe and cheap when nothing is printed.
  void update(std::uint64_t done);
  /// Reports completion.
  void finish();

 private:
  std::string label_;
  std::uint64_t total_;
  std::string unit_;
  double scale_;
  Timer timer_;
  std::atomic<double> next_report_{1.0};
  std::atomic<bool> printed_{false};
};

}  // namespace frontier::detail
