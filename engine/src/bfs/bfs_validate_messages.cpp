// The failure messages of BFS validation (see bfs_validate_messages.hpp).
#include "bfs/bfs_validate_messages.hpp"

#include <unordered_set>

#include "frontier/errors.hpp"
#include "frontier/types.hpp"

namespace frontier::detail {
namespace {

/// Vertices listed when a cycle is named in a failure message.
constexpr int kCycleVerticesShown = 8;

template <typename T>
std::string str(T value) {
  return std::to_string(value);
}

}  // namespace

void add_validation_failure(BfsValidation& result, const std::string& text) {
  if (!result.failure.empty()) result.failure += "; ";
  result.failure += text;
}

std::string validation_root_name(std::size_t source_count) {
  return source_count == 1 ? "the source" : "a source";
}

template <typename VertexT>
void check_validation_arguments(std::int64_t n, std::span<const VertexT> sources,
                                std::size_t parent_size, std::size_t depth_size) {
  if (sources.empty()) throw InvalidArgument("BFS validation: no source given");
  std::unordered_set<VertexT> seen;
  for (const VertexT source : sources) {
    if (source < 0 || source >= n) {
      throw InvalidArgument("BFS validation: source " + str(source) + " is outside [0, " + str(n) +
                            ")");
    }
    if (!seen.insert(source).second) {
      throw InvalidArgument("BFS validation: source " + str(source) + " is given twice");
    }
  }
  if (static_cast<std::int64_t>(parent_size) != n) {
    throw InvalidArgument("BFS validation: parent array has " + str(parent_size) +
                          " entries for a graph of " + str(n) + " vertices");
  }
  if (depth_size != 0 && static_cast<std::int64_t>(depth_size) != n) {
    throw InvalidArgument("BFS validation: depth array has " + str(depth_size) +
                          " entries for a graph of " + str(n) + " vertices");
  }
}

std::string parent_out_of_range_failure(std::int64_t v, std::int64_t p, std::int64_t n) {
  return "rule 1 (tree): parent[" + str(v) + "] = " + str(p) +
         " is neither -1 nor a vertex in [0, " + str(n) + ")";
}

std::string source_not_own_parent_failure(std::int64_t source, std::int64_t p) {
  return "rule 1 (tree): the source " + str(source) + " has parent " + str(p) +
         " instead of itself";
}

template <typename VertexT>
std::string detached_vertex_failure(std::span<const VertexT> parent, VertexT start,
                                    const std::string& root) {
  const std::int64_t n = static_cast<std::int64_t>(parent.size());
  VertexT at = start;
  for (std::int64_t step = 0; step < n; ++step) {
    const VertexT up = parent[at];
    if (up == kInvalidVertex<VertexT>) {
      return "rule 1 (tree): the parent chain of vertex " + str(start) + " ends at vertex " +
             str(at) + ", which has no parent, instead of at " + root;
    }
    at = up;
  }
  // After n steps the walk is inside a cycle; list it from `at`.
  std::string cycle = str(at);
  VertexT on_cycle = parent[at];
  int shown = 1;
  while (on_cycle != at && shown < kCycleVerticesShown) {
    cycle += " -> " + str(on_cycle);
    on_cycle = parent[on_cycle];
    ++shown;
  }
  cycle += on_cycle == at ? " -> " + str(at) : " -> ...";
  return "rule 1 (tree): the parent chain of vertex " + str(start) + " never reaches " + root +
         ": cycle " + cycle;
}

std::string depth_inconsistent_failure(std::int64_t v, std::int64_t p, std::int32_t depth,
                                       bool is_source, const std::string& root) {
  return "depth (consistency): vertex " + str(v) + " has parent " + str(p) + " but depth " +
         str(depth) +
         (is_source ? " (" + root + " must have depth 0)"
                    : std::string(" (-1 exactly when unreached)"));
}

std::string tree_edge_levels_failure(std::int64_t p, std::int64_t v, std::int32_t depth_p,
                                     std::int32_t depth_v) {
  return "rule 2 (tree-edge levels): tree edge " + str(p) + " -> " + str(v) + " joins depths " +
         str(depth_p) + " and " + str(depth_v) + ", which do not differ by one";
}

std::string parent_not_adjacent_failure(std::int64_t v, std::int64_t p) {
  return "rule 5 (parent adjacency): vertex " + str(v) + " has parent " + str(p) +
         " but the graph has no arc " + str(p) + " -> " + str(v);
}

std::string arc_leaves_tree_failure(std::int64_t u, std::int64_t v, std::int64_t unreached,
                                    const std::string& root) {
  return "rule 4 (spans component): arc " + str(u) + " -> " + str(v) + " leaves the tree (vertex " +
         str(unreached) + " is reachable from " + root + " but has no parent)";
}

std::string arc_levels_failure(std::int64_t u, std::int64_t v, std::int32_t level_u,
                               std::int32_t level_v, bool directed) {
  return "rule 3 (arc levels): arc " + str(u) + " -> " + str(v) + " joins levels " + str(level_u) +
         " and " + str(level_v) +
         (directed ? " (a level may grow by at most one along an arc)"
                   : " (they may differ by at most one)");
}

template void check_validation_arguments(std::int64_t, std::span<const std::int32_t>, std::size_t,
                                         std::size_t);
template void check_validation_arguments(std::int64_t, std::span<const std::int64_t>, std::size_t,
                                         std::size_t);
template std::string detached_vertex_failure(std::span<const std::int32_t>, std::int32_t,
                                             const std::string&);
template std::string detached_vertex_failure(std::span<const std::int64_t>, std::int64_t,
                                             const std::string&);

}  // namespace frontier::detail
