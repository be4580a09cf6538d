// What `--levels` prints, for `bfs` and `graph500` alike: every search's levels (direction,
// frontier vertices, arcs examined, time), as text rows or as a "level_stats" array per search.
#pragma once

#include <vector>

#include "frontier/bfs_result.hpp"
#include "json_writer.hpp"

namespace frontier::cli {

/// Adds "level_stats": one object per level (level, direction, frontier_vertices,
/// edges_examined, seconds: the names of Python's BfsResult.levels).
void write_level_stats(JsonWriter& json, const std::vector<BfsLevelStats>& levels);

/// Prints the column names of the level rows to stdout.
void print_level_header();

/// Prints one row per level of search number `search` (0-based, in the order run) to stdout.
void print_level_rows(int search, const std::vector<BfsLevelStats>& levels);

}  // namespace frontier::cli
