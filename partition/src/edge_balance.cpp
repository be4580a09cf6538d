// edge_balance.cpp — the per-rank edge balance report of a distributed graph: how many arcs each
// rank holds (each rank expands its own arcs, so the largest share bounds a level's time).
#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/partition/slices.hpp"

namespace frontier::partition {

BalanceReport edge_balance(std::vector<RankBalance> per_rank) {
  if (per_rank.empty()) throw InvalidArgument("an edge balance report needs at least one rank");
  BalanceReport report;
  report.per_rank = std::move(per_rank);
  report.min_arcs = report.per_rank.front().arcs;
  report.max_arcs = report.per_rank.front().arcs;
  double total = 0.0;
  for (const RankBalance& rank : report.per_rank) {
    report.min_arcs = std::min(report.min_arcs, rank.arcs);
    report.max_arcs = std::max(report.max_arcs, rank.arcs);
    total += static_cast<double>(rank.arcs);
  }
  report.mean_arcs = total / static_cast<double>(report.per_rank.size());
  report.imbalance =
      report.mean_arcs > 0.0 ? static_cast<double>(report.max_arcs) / report.mean_arcs : 0.0;
  return report;
}

std::string format_edge_balance(const BalanceReport& report) {
  double total = 0.0;
  for (const RankBalance& rank : report.per_rank) total += static_cast<double>(rank.arcs);
  std::string text;
  char line[160];
  for (const RankBalance& rank : report.per_rank) {
    const double share = total > 0.0 ? 100.0 * static_cast<double>(rank.arcs) / total : 0.0;
    std::snprintf(line, sizeof line, "rank %d: %lld vertices, %lld arcs (%.2f%%)\n", rank.rank,
                  static_cast<long long>(rank.vertices), static_cast<long long>(rank.arcs), share);
    text += line;
  }
  std::snprintf(line, sizeof line, "edge balance: min %lld, max %lld, mean %.1f, max/mean %.3f\n",
                static_cast<long long>(report.min_arcs), static_cast<long long>(report.max_arcs),
                report.mean_arcs, report.imbalance);
  text += line;
  return text;
}

}  // namespace frontier::partition
