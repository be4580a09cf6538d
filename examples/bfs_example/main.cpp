// bfs_example — embeds frontier: keeps a graph resident in an Engine and runs BFS queries.
//
//   bfs_example                      BFS from corner 0 of a built-in 10 x 10 grid graph
//   bfs_example graph-file [source]  BFS on a graph file (any format frontier reads)
//
// Prints one line per query: the source, vertices reached and the deepest level.
#include <frontier/csr_builder.hpp>
#include <frontier/engine.hpp>
#include <frontier/errors.hpp>
#include <frontier/io/load_engine.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace {

// A width x height grid: vertex (x, y) is y * width + x, joined to its right and lower neighbours.
frontier::Graph grid_graph(int width, int height) {
  frontier::EdgeList<frontier::VertexId> edges;
  edges.num_vertices = width * height;
  edges.directed = false;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const int v = y * width + x;
      if (x + 1 < width) {
        edges.sources.push_back(v);
        edges.targets.push_back(v + 1);
      }
      if (y + 1 < height) {
        edges.sources.push_back(v);
        edges.targets.push_back(v + width);
      }
    }
  }
  frontier::CsrBuildOptions options;
  options.symmetrize = true;
  return frontier::build_csr<frontier::VertexId>(edges, options);
}

void report(const frontier::Engine& engine, frontier::VertexId source) {
  const frontier::BfsResult<> result = engine.bfs(source);
  const std::int32_t deepest = *std::max_element(result.depth.begin(), result.depth.end());
  std::printf("source %d: reached %lld of %d vertices, deepest level %d\n", source,
              static_cast<long long>(result.vertices_reached), engine.graph().num_vertices(),
              deepest);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc < 2) {
      const frontier::Engine engine(grid_graph(10, 10));
      report(engine, 0);
      report(engine, 55);
      return EXIT_SUCCESS;
    }
    const frontier::Engine engine = frontier::io::load_engine(argv[1]);
    report(engine, argc > 2 ? std::stoi(argv[2]) : 0);
    return EXIT_SUCCESS;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "bfs_example: %s\n", error.what());
    return EXIT_FAILURE;
  }
}
