// write_level_stats(), print_level_header(), print_level_rows(): see level_report.hpp.
#include "level_report.hpp"

#include <cstdint>
#include <cstdio>
#include <string_view>

#include "frontier/bfs.hpp"

namespace frontier::cli {

void write_level_stats(JsonWriter& json, const std::vector<BfsLevelStats>& levels) {
  json.begin_array("level_stats");
  for (const BfsLevelStats& level : levels) {
    json.begin_object()
        .field("level", static_cast<std::int64_t>(level.level))
        .field("direction", to_string(level.direction))
        .field("frontier_vertices", level.frontier_vertices)
        .field("edges_examined", level.edges_examined)
        .field("seconds", level.seconds)
        .end_object();
  }
  json.end_array();
}

void print_level_header() {
  std::printf("%6s %5s %-10s %12s %14s %12s\n", "search", "level", "direction", "frontier", "arcs",
              "us");
}

void print_level_rows(int search, const std::vector<BfsLevelStats>& levels) {
  for (const BfsLevelStats& level : levels) {
    const std::string_view direction = to_string(level.direction);
    std::printf("%6d %5d %-10.*s %12lld %14lld %12.1f\n", search, level.level,
                static_cast<int>(direction.size()), direction.data(),
                static_cast<long long>(level.frontier_vertices),
                static_cast<long long>(level.edges_examined), level.seconds * 1e6);
  }
}

}  // namespace frontier::cli
