// `frontier euler TREEFILE | --random-tree N`: Euler-tour operations on a tree or forest —
// parent, depth, preorder, postorder and subtree size of every vertex.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/detail/log.hpp"
#include "frontier/errors.hpp"
#include "frontier/euler_tour.hpp"
#include "frontier/io/generate_tree.hpp"
#include "frontier/io/output_file.hpp"
#include "graph_input.hpp"
#include "json_writer.hpp"
#include "options.hpp"

namespace frontier::cli {
namespace {

struct Forest {
  Graph graph;
  std::string name;
  std::vector<VertexId> roots;
  /// The file's id of every vertex when the file was read with --renumber; empty otherwise.
  io::GraphFileInfo file;
};

// A generated tree; --root (a vertex) replaces its own root.
Forest generated_forest(const cxxopts::ParseResult& result) {
  Forest forest;
  const std::int64_t n = result["random-tree"].as<std::int64_t>();
  const std::string shape_name = result["shape"].as<std::string>();
  const TreeShape shape = parse_tree_shape(shape_name);
  const auto seed = result["seed"].as<std::uint64_t>();
  CsrBuildOptions build;
  build.symmetrize = true;
  forest.graph = build_csr<VertexId, EdgeId>(io::generate_tree<VertexId>(shape, n, seed), build);
  forest.name = shape_name + " tree of " + std::to_string(n) + " vertices";
  if (result.count("root") > 0) {
    const std::int64_t root = result["root"].as<std::int64_t>();
    if (root < 0 || root >= forest.graph.num_vertices()) {
      throw InvalidArgument("--root " + std::to_string(root) + " is outside [0, " +
                            std::to_string(forest.graph.num_vertices()) + ")");
    }
    forest.roots = {static_cast<VertexId>(root)};
  } else if (n > 0) {
    forest.roots.push_back(static_cast<VertexId>(io::tree_root(n, seed)));
  }
  return forest;
}

// A tree file, read undirected; --root is a vertex, or with --renumber the file's id.
Forest file_forest(const cxxopts::ParseResult& result) {
  io::ReadOptions read = graph_read_options(result);
  read.symmetrize = true;
  io::LoadedGraph loaded = io::read_graph(result["file"].as<std::string>(), read);
  Forest forest;
  if (result.count("root") > 0) {
    forest.roots = {map_original_id(loaded, result["root"].as<std::int64_t>(), "--root")};
  }
  forest.graph = std::move(loaded.graph);
  forest.name = loaded.info.path;
  forest.file = std::move(loaded.info);
  return forest;
}

Forest load_forest(const cxxopts::ParseResult& result) {
  if (result.count("random-tree") > 0) return generated_forest(result);
  if (result.count("file") > 0) return file_forest(result);
  throw UsageError("euler needs a TREEFILE or --random-tree N");
}

// One line per vertex; after --renumber a last column holds the file's id of the vertex (a
// parent is a vertex, as in bfs --output).
void write_values(const std::string& path, const RootedForest<VertexId>& tree,
                  const io::GraphFileInfo& file_info) {
  const bool renumbered = !file_info.original_ids.empty();
  io::OutputFile file(path);
  std::ostream& out = file.stream();
  out << (renumbered ? "# vertex parent depth preorder postorder subtree_size original_id (parent "
                       "is a vertex)\n"
                     : "# vertex parent depth preorder postorder subtree_size\n");
  for (std::size_t v = 0; v < tree.parent.size(); ++v) {
    out << v << ' ' << tree.parent[v] << ' ' << tree.depth[v] << ' ' << tree.preorder[v] << ' '
        << tree.postorder[v] << ' ' << tree.subtree_size[v];
    if (renumbered) out << ' ' << file_info.original_ids[v];
    out << '\n';
  }
  file.commit();
}

}  // namespace

int run_euler(int argc, const char* const* argv) {
  auto options = make_options("euler", "Euler-tour operations on a tree or forest");
  add_graph_input_options(options);
  options.add_options("Tree")("random-tree", "generate a tree of N vertices instead of reading one",
                              cxxopts::value<std::int64_t>())(
      "shape", "random (recursive), path, star or binary",
      cxxopts::value<std::string>()->default_value("random"))(
      "seed", "seed of the generated tree", cxxopts::value<std::uint64_t>()->default_value("1"))(
      "root", "root of a single tree (default: lowest id per component; a generated tree's root)",
      cxxopts::value<std::int64_t>())("device", device_help(),
                                      cxxopts::value<std::string>()->default_value("auto"))(
      "output", "write parent, depth, preorder, postorder, subtree size per vertex",
      cxxopts::value<std::string>());
  options.add_options("Positional")("file", "Tree file (undirected)",
                                    cxxopts::value<std::string>());
  options.parse_positional({"file"});
  options.positional_help("[TREEFILE]");
  cxxopts::ParseResult result;
  CommonConfig common;
  if (!parse_options(options, argc, argv, result, common)) return 0;

  const Forest forest = load_forest(result);
  EulerTourOptions euler;
  euler.device = resolve_device(parse_device(result["device"].as<std::string>()),
                                static_cast<std::int64_t>(forest.graph.num_arcs()));
  const RootedForest<VertexId> tree =
      euler_tour_ops<VertexId, EdgeId>(forest.graph, forest.roots, euler);
  if (result.count("output") > 0) {
    write_values(result["output"].as<std::string>(), tree, forest.file);
  }

  std::int32_t height = 0;
  for (const std::int32_t d : tree.depth) height = std::max(height, d);
  const std::string device = euler.device.is_cuda() ? "gpu" : "cpu";
  if (common.json) {
    JsonWriter(std::cout)
        .begin_object()
        .field("forest", forest.name)
        .field("device", device)
        .field("vertices", static_cast<std::int64_t>(forest.graph.num_vertices()))
        .field("trees", static_cast<std::int64_t>(tree.roots.size()))
        .field("height", static_cast<std::int64_t>(height))
        .field("seconds", tree.seconds)
        .field("ranking_seconds", tree.stats.ranking_seconds)
        .field("transfer_seconds", tree.stats.transfer_seconds)
        .end_object();
  } else {
    std::printf("forest          %s\n", forest.name.c_str());
    std::printf("vertices        %lld in %zu tree(s), height %d\n",
                static_cast<long long>(forest.graph.num_vertices()), tree.roots.size(), height);
    std::printf("time            %.3f ms on %s (ranking the tour %.3f ms, copies %.3f ms)\n",
                tree.seconds * 1e3, device.c_str(), tree.stats.ranking_seconds * 1e3,
                tree.stats.transfer_seconds * 1e3);
    if (result.count("output") == 0 && forest.graph.num_vertices() <= 20) {
      // After --renumber the last column is the file's id of the vertex.
      const std::vector<std::int64_t>& ids = forest.file.original_ids;
      std::printf("%-8s %8s %6s %9s %10s %8s%s\n", "vertex", "parent", "depth", "preorder",
                  "postorder", "subtree", ids.empty() ? "" : "  file_id");
      for (std::size_t v = 0; v < tree.parent.size(); ++v) {
        std::printf("%-8zu %8d %6d %9d %10d %8d", v, tree.parent[v], tree.depth[v],
                    tree.preorder[v], tree.postorder[v], tree.subtree_size[v]);
        if (!ids.empty()) std::printf("  %7lld", static_cast<long long>(ids[v]));
        std::printf("\n");
      }
    }
  }
  return 0;
}

}  // namespace frontier::cli
