// Graphs from Python: the Graph class (a CSR shared with every Engine built on it, its arrays
// lent to NumPy read-only), read_graph, construction from edge arrays or CSR arrays, and the
// generators (Kronecker, G(n, M), 2D and 3D grids, trees and forests).
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "arrays.hpp"
#include "bindings.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/generate_grid.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/io/generate_tree.hpp"
#include "frontier/io/generate_uniform.hpp"
#include "frontier/io/read_graph.hpp"

namespace frontier::python {

namespace {

PyGraph wrap(Graph graph) { return PyGraph{std::make_shared<const Graph>(std::move(graph))}; }

/// Builds the CSR of generated or given edge tuples with the GIL released.
PyGraph build_graph(EdgeList<VertexId> edges, const CsrBuildOptions& options) {
  Graph graph;
  {
    py::gil_scoped_release release;
    graph = build_csr<VertexId>(edges, options);
  }
  return wrap(std::move(graph));
}

CsrBuildOptions undirected_build(bool remove_self_loops, bool remove_duplicates) {
  CsrBuildOptions options;
  options.symmetrize = true;
  options.remove_self_loops = remove_self_loops;
  options.remove_duplicates = remove_duplicates;
  return options;
}

std::vector<VertexId> copy_vertices(const InputArray<VertexId>& input) {
  return std::vector<VertexId>(input.values.begin(), input.values.end());
}

PyGraph from_edges(const py::object& sources, const py::object& targets,
                   std::optional<std::int64_t> num_vertices, bool directed, bool remove_self_loops,
                   bool remove_duplicates) {
  const auto from = input_array<VertexId>(sources, "src");
  const auto to = input_array<VertexId>(targets, "dst");
  if (from.size() != to.size()) {
    throw InvalidArgument("src and dst differ in length: " + std::to_string(from.size()) + " and " +
                          std::to_string(to.size()));
  }
  EdgeList<VertexId> edges;
  edges.directed = directed;
  std::int64_t highest = -1;
  for (const VertexId v : from.values) highest = std::max<std::int64_t>(highest, v);
  for (const VertexId v : to.values) highest = std::max<std::int64_t>(highest, v);
  const std::int64_t n = num_vertices.value_or(highest + 1);
  if (n < 0 || n > std::numeric_limits<VertexId>::max()) {
    throw InvalidArgument("num_vertices " + std::to_string(n) + " is outside [0, 2^31)");
  }
  edges.num_vertices = static_cast<VertexId>(n);
  edges.sources = copy_vertices(from);
  edges.targets = copy_vertices(to);
  CsrBuildOptions options;
  options.symmetrize = !directed;
  options.remove_self_loops = remove_self_loops;
  options.remove_duplicates = remove_duplicates;
  return build_graph(std::move(edges), options);
}

PyGraph from_csr(const py::object& offsets, const py::object& targets, const py::object& weights,
                 bool directed) {
  const auto offset_input = input_array<EdgeId>(offsets, "offsets");
  const auto target_input = input_array<VertexId>(targets, "targets");
  std::vector<Weight> weight_values;
  if (!weights.is_none()) {
    const auto weight_input = input_array<double>(weights, "weights");
    weight_values.assign(weight_input.values.begin(), weight_input.values.end());
  }
  std::vector<EdgeId> offset_values(offset_input.values.begin(), offset_input.values.end());
  Graph graph(std::move(offset_values), copy_vertices(target_input), std::move(weight_values),
              directed);
  {
    py::gil_scoped_release release;
    graph.check_invariants();
  }
  return wrap(std::move(graph));
}

py::dict file_info_dict(const io::GraphFileInfo& info) {
  py::dict result;
  result["path"] = info.path;
  result["format"] = std::string(io::to_string(info.format));
  result["declared_vertices"] = info.declared_vertices;
  result["declared_edges"] = info.declared_edges;
  result["variant"] = info.variant;
  result["compression"] = info.compression;
  result["archive"] = info.archive;
  result["member"] = info.member;
  result["bytes"] = info.bytes;
  result["seconds"] = info.seconds;
  return result;
}

PyGraph read_graph(const std::filesystem::path& path, std::optional<std::string> format,
                   bool symmetrize, bool remove_self_loops, bool remove_duplicates, bool weights,
                   bool renumber, std::optional<std::string> member, bool hubs_first) {
  io::ReadOptions options;
  options.format = format ? io::parse_graph_format(*format) : io::GraphFormat::Auto;
  options.symmetrize = symmetrize;
  options.remove_self_loops = remove_self_loops;
  options.remove_duplicates = remove_duplicates;
  options.hubs_first = hubs_first;
  options.keep_weights = weights;
  options.renumber = renumber;
  options.member = member.value_or("");
  io::LoadedGraph loaded;
  {
    py::gil_scoped_release release;
    loaded = io::read_graph(path, options);
  }
  PyGraph graph = wrap(std::move(loaded.graph));
  graph.file_info = file_info_dict(loaded.info);
  if (!loaded.info.original_ids.empty()) {
    graph.node_labels = numpy_from(std::move(loaded.info.original_ids));
  }
  return graph;
}

template <typename Generate>
PyGraph generated(Generate generate, const CsrBuildOptions& options) {
  EdgeList<VertexId> edges;
  {
    py::gil_scoped_release release;
    edges = generate();
  }
  return build_graph(std::move(edges), options);
}

py::object weights_of(const std::shared_ptr<const Graph>& graph) {
  if (!graph->has_weights()) return py::none();
  return numpy_view(graph, graph->weights().data(), graph->weights().size(), false);
}

}  // namespace

void bind_graphs(py::module_& module) {
  py::class_<PyGraph>(module, "Graph", py::dynamic_attr(), R"doc(
A graph in compressed sparse row (CSR) form: ``offsets`` (num_vertices + 1, int64) and
``targets`` (num_arcs, int32), optionally ``weights`` (float32). An undirected graph stores every
edge {u, v} as the two arcs u->v and v->u. The arrays are read-only NumPy views of the graph's own
memory (no copies); an Engine built on the graph shares that memory too.

Make one with read_graph(), Graph.from_edges(), Graph.from_csr(), Graph.from_scipy(),
Graph.from_networkx() or a generator (kronecker, uniform, grid2d, grid3d, tree).
)doc")
      .def_property_readonly(
          "num_vertices", [](const PyGraph& g) { return g.graph->num_vertices(); },
          "Number of vertices.")
      .def_property_readonly(
          "num_arcs", [](const PyGraph& g) { return g.graph->num_arcs(); },
          "Number of stored arcs (an undirected edge counts twice).")
      .def_property_readonly(
          "directed", [](const PyGraph& g) { return g.graph->directed(); },
          "True for a directed graph; False when every edge is stored as two arcs.")
      .def_property_readonly(
          "has_weights", [](const PyGraph& g) { return g.graph->has_weights(); },
          "True when the graph carries arc weights.")
      .def_property_readonly(
          "offsets",
          [](const PyGraph& g) {
            return numpy_view(g.graph, g.graph->offsets().data(), g.graph->offsets().size(), false);
          },
          "CSR offsets (int64, num_vertices + 1): the arcs of v are "
          "targets[offsets[v]:offsets[v+1]]. "
          "A read-only view, no copy.")
      .def_property_readonly(
          "targets",
          [](const PyGraph& g) {
            return numpy_view(g.graph, g.graph->targets().data(), g.graph->targets().size(), false);
          },
          "CSR targets (int32, num_arcs), each adjacency list sorted. A read-only view, no copy.")
      .def_property_readonly(
          "weights", [](const PyGraph& g) { return weights_of(g.graph); },
          "Arc weights (float32, num_arcs) or None. A read-only view, no copy.")
      .def_property_readonly(
          "memory_bytes", [](const PyGraph& g) { return g.graph->memory_bytes(); },
          "Bytes held by the CSR arrays.")
      .def_readwrite("node_labels", &PyGraph::node_labels,
                     "The original name of every vertex (array or list, indexed by vertex id) "
                     "when the graph was renumbered, else None.")
      .def_readwrite("file_info", &PyGraph::file_info,
                     "What read_graph() found in the file (format, declared sizes, compression, "
                     "bytes, seconds), else None.")
      .def(
          "degree",
          [](const PyGraph& g, VertexId v) {
            if (v < 0 || v >= g.graph->num_vertices()) {
              throw InvalidArgument("vertex " + std::to_string(v) + " is outside [0, " +
                                    std::to_string(g.graph->num_vertices()) + ")");
            }
            return g.graph->degree(v);
          },
          py::arg("v"), "Out-degree of vertex v (arcs leaving it).")
      .def("__repr__",
           [](const PyGraph& g) {
             return "<frontier.Graph " +
                    std::string(g.graph->directed() ? "directed" : "undirected") + ", " +
                    std::to_string(g.graph->num_vertices()) + " vertices, " +
                    std::to_string(g.graph->num_arcs()) + " arcs>";
           })
      .def_static("from_edges", &from_edges, py::arg("src"), py::arg("dst"),
                  py::arg("num_vertices") = py::none(), py::arg("directed") = false,
                  py::arg("remove_self_loops") = false, py::arg("remove_duplicates") = false,
                  R"doc(
A graph from edge arrays: edge i joins src[i] and dst[i] (int32/int64 arrays or sequences).

directed=False (default) stores both arcs of every edge, so list each edge once; directed=True
stores the arc src[i] -> dst[i]. num_vertices defaults to the largest id + 1. Adjacency lists
come out sorted; self loops and duplicates stay unless removed. The ids are copied into the CSR
builder (a CSR does not keep the edge arrays). Raises ValueError for ids outside
[0, num_vertices), TypeError for non-integer arrays.
)doc")
      .def_static("from_csr", &from_csr, py::arg("offsets"), py::arg("targets"),
                  py::arg("weights") = py::none(), py::arg("directed") = true, R"doc(
A graph from CSR arrays as they are (copied once into the graph): offsets (num_vertices + 1),
targets (num_arcs), optional weights. directed=False declares that every edge already appears as
both arcs. Raises ValueError when the arrays break a CSR invariant.
)doc");

  module.def("read_graph", &read_graph, py::arg("path"), py::arg("format") = py::none(),
             py::arg("symmetrize") = false, py::arg("remove_self_loops") = false,
             py::arg("remove_duplicates") = false, py::arg("weights") = true,
             py::arg("renumber") = false, py::arg("member") = py::none(),
             py::arg("hubs_first") = false, R"doc(
Reads a graph file into a Graph, in parallel, with the GIL released.

Formats: Matrix Market (.mtx), DIMACS9 (.gr), METIS/DIMACS10 (.graph, .metis), SNAP edge lists
(.txt, .el, .edges, .snap, .tsv) and frontier's binary CSR (.fcsr); any text file may be
compressed (gzip, bzip2, xz, zstd) or sit in a tar/zip archive (``member`` names it).
format: None (by extension) or "mtx", "gr", "metis", "snap", "fcsr".
symmetrize: store every arc both ways (the graph becomes undirected).
remove_self_loops, remove_duplicates: drop arcs v->v / repeated arcs.
weights: keep arc weights when the file has them.
renumber: SNAP only, map sparse ids to 0..k-1; Graph.node_labels then holds the file's ids.
hubs_first: put each vertex's highest-degree neighbour first in its list (undirected graphs, or
with symmetrize): bottom-up BFS steps stop sooner; depths are unchanged.

Raises FileNotFoundError for a missing file, ValueError naming file, line and token for
malformed input (attributes filename, lineno, token, problem), MemoryError when the graph would
not fit.
)doc");

  module.def(
      "kronecker",
      [](int scale, int edgefactor, std::uint64_t seed, double a, double b, double c, bool scramble,
         bool remove_self_loops, bool remove_duplicates) {
        KroneckerParams params;
        params.scale = scale;
        params.edgefactor = edgefactor;
        params.seed = seed;
        params.a = a;
        params.b = b;
        params.c = c;
        params.scramble = scramble;
        return generated([&] { return io::generate_kronecker<VertexId>(params); },
                         undirected_build(remove_self_loops, remove_duplicates));
      },
      py::arg("scale"), py::arg("edgefactor") = 16, py::arg("seed") = 1, py::arg("a") = 0.57,
      py::arg("b") = 0.19, py::arg("c") = 0.19, py::arg("scramble") = true,
      py::arg("remove_self_loops") = true, py::arg("remove_duplicates") = false, R"doc(
The undirected Graph500 Kronecker (R-MAT) graph on 2**scale vertices with edgefactor * 2**scale
edge tuples (initiator a, b, c, d = 1 - a - b - c; labels scrambled unless scramble=False). As
Graph500's kernel 1 builds it by default: self loops dropped, duplicate edges kept. The same
seed gives the same graph on every machine.
)doc");

  module.def(
      "uniform",
      [](std::int64_t num_vertices, std::int64_t num_edges, std::uint64_t seed,
         bool remove_self_loops, bool remove_duplicates) {
        UniformParams params{num_vertices, num_edges, seed};
        return generated([&] { return io::generate_uniform<VertexId>(params); },
                         undirected_build(remove_self_loops, remove_duplicates));
      },
      py::arg("num_vertices"), py::arg("num_edges"), py::arg("seed") = 1,
      py::arg("remove_self_loops") = false, py::arg("remove_duplicates") = false, R"doc(
The undirected uniform random multigraph G(n, M): num_edges edges, both endpoints uniform on
[0, num_vertices). Self loops and duplicates stay unless removed.
)doc");

  module.def(
      "grid2d",
      [](std::int64_t rows, std::int64_t cols) {
        return generated([&] { return io::generate_grid_2d<VertexId>(rows, cols); },
                         undirected_build(false, false));
      },
      py::arg("rows"), py::arg("cols"),
      "The undirected rows x cols 5-point grid; vertex (r, c) is r * cols + c.");

  module.def(
      "grid3d",
      [](std::int64_t x, std::int64_t y, std::int64_t z) {
        return generated([&] { return io::generate_grid_3d<VertexId>(x, y, z); },
                         undirected_build(false, false));
      },
      py::arg("x"), py::arg("y"), py::arg("z"),
      "The undirected x * y * z 7-point grid; vertex (i, j, k) is (i * y + j) * z + k.");

  module.def(
      "tree",
      [](std::int64_t n, const std::string& shape, std::int64_t trees, std::uint64_t seed) {
        const TreeShape tree_shape = parse_tree_shape(shape);
        return generated([&] { return io::generate_forest<VertexId>(tree_shape, n, trees, seed); },
                         undirected_build(false, false));
      },
      py::arg("n"), py::arg("shape") = "random", py::arg("trees") = 1, py::arg("seed") = 1, R"doc(
An undirected forest of ``trees`` trees covering n vertices (n - trees edges), sizes as equal as
possible, vertex labels randomly permuted. shape: "random" (uniform random recursive tree),
"path", "star" or "binary". tree_roots(n, trees, seed) gives each tree's root.
)doc");

  module.def(
      "tree_roots",
      [](std::int64_t n, std::int64_t trees, std::uint64_t seed) {
        return numpy_from(io::forest_roots(n, trees, seed));
      },
      py::arg("n"), py::arg("trees") = 1, py::arg("seed") = 1,
      "The root of every tree of tree(n, shape, trees, seed), tree by tree (any shape), int64.");
}

}  // namespace frontier::python
