#include "frontier/detail/progress.hpp"

#include "frontier/detail/log.hpp"

namespace frontier::detail {

namespace {
constexpr double kFirstReportSeconds = 1.0;
constexpr double kReportIntervalSeconds = 0.5;
}  // namespace

Progress::Progress(std::string label, std::uint64_t total, std::string unit, double scale)
    : label_(std::move(label)), total_(total), unit_(std::move(unit)), scale_(scale) {
  next_report_ = kFirstReportSeconds;
}

void Progress::update(std::uint64_t done) {
  const double now = timer_.seconds();
  double due = next_report_.load(std::memory_order_relaxed);
  if (now < due) return;
  if (!next_report_.compare_exchange_strong(due, now + kReportIntervalSeconds)) return;
  printed_ = true;
  const double shown = static_cast<double>(done) * scale_;
  if (total_ > 0) {
    const double percent = 100.0 * static_cast<double>(done) / static_cast<double>(total_);
    logger().info("{}: {:.1f} / {:.1f} {} ({:.0f}%), {:.1f} s", label_, shown,
                  static_cast<double>(total_) * scale_, unit_, percent, now);
  } else {
    logger().info("{}: {:.1f} {}, {:.1f} s", label_, shown, unit_, now);
  }
}

void Progress::finish() {
  if (printed_) logger().info("{}: done in {:.2f} s", label_, timer_.seconds());
}

}  // namespace frontier::detail
