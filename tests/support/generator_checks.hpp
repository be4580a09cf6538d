// Small independent helpers for the generator tests: a union-find, adjacency lists, BFS
// eccentricity, and a guard that runs a block with a given OpenMP thread count.
#pragma once

#include <omp.h>

#include <cstdint>
#include <numeric>
#include <queue>
#include <vector>

#include "frontier/edge_list.hpp"

namespace frontier::test {

/// Union-find with path halving and union by size.
class UnionFind {
 public:
  explicit UnionFind(std::int64_t n) : parent_(n), size_(n, 1) {
    std::iota(parent_.begin(), parent_.end(), std::int64_t{0});
  }
  std::int64_t find(std::int64_t x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }
  /// Joins the sets of a and b; false when they were already one set.
  bool unite(std::int64_t a, std::int64_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    if (size_[a] < size_[b]) std::swap(a, b);
    parent_[b] = a;
    size_[a] += size_[b];
    return true;
  }
  std::int64_t set_size(std::int64_t x) { return size_[find(x)]; }

 private:
  std::vector<std::int64_t> parent_;
  std::vector<std::int64_t> size_;
};

/// Undirected adjacency lists of an edge list (each tuple both ways).
template <typename VertexT>
std::vector<std::vector<std::int64_t>> adjacency(const EdgeList<VertexT>& edges) {
  std::vector<std::vector<std::int64_t>> adj(static_cast<std::size_t>(edges.num_vertices));
  for (std::size_t e = 0; e < edges.size(); ++e) {
    adj[edges.sources[e]].push_back(edges.targets[e]);
    adj[edges.targets[e]].push_back(edges.sources[e]);
  }
  return adj;
}

/// Hop distances from `source` (-1 where unreached), by a plain FIFO BFS.
inline std::vector<std::int64_t> bfs_distances(const std::vector<std::vector<std::int64_t>>& adj,
                                               std::int64_t source) {
  std::vector<std::int64_t> dist(adj.size(), -1);
  std::queue<std::int64_t> queue;
  dist[source] = 0;
  queue.push(source);
  while (!queue.empty()) {
    const std::int64_t u = queue.front();
    queue.pop();
    for (const std::int64_t v : adj[u]) {
      if (dist[v] < 0) {
        dist[v] = dist[u] + 1;
        queue.push(v);
      }
    }
  }
  return dist;
}

/// Runs `body` with `threads` OpenMP threads, restoring the previous setting afterwards.
template <typename Body>
auto with_threads(int threads, Body body) {
  const int previous = omp_get_max_threads();
  omp_set_num_threads(threads);
  auto result = body();
  omp_set_num_threads(previous);
  return result;
}

}  // namespace frontier::test
