// List ranking, list prefix and the Euler-tour tree operations from Python: successor and value
// arrays read in place when their layout matches, results handed to NumPy without a copy, the GIL
// released while they run; and the list generator.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "arrays.hpp"
#include "bindings.hpp"
#include "frontier/csr_builder.hpp"
#include "frontier/errors.hpp"
#include "frontier/euler_tour.hpp"
#include "frontier/io/generate_list.hpp"
#include "frontier/label_vector.hpp"
#include "frontier/list_ranking.hpp"

namespace frontier::python {

namespace {

py::dict stats_dict(const ListRankingStats& stats) {
  py::dict result;
  result["seconds"] = stats.seconds;
  result["lists"] = stats.lists;
  result["sublists"] = stats.sublists;
  result["levels"] = stats.levels;
  result["algorithm"] = std::string(to_string(stats.algorithm));
  result["check_seconds"] = stats.check_seconds;
  result["walk_seconds"] = stats.walk_seconds;
  result["splitter_seconds"] = stats.splitter_seconds;
  result["fixup_seconds"] = stats.fixup_seconds;
  result["gpu_walk"] = std::string(to_string(stats.gpu_walk));
  return result;
}

template <typename VertexT, typename ValueT>
py::object prefix_of(const InputArray<VertexT>& successor, py::handle values_object, ListOp op,
                     const ListRankingOptions& options, ListRankingStats& stats) {
  const auto values = input_array<ValueT>(values_object, "values");
  if (values.size() != successor.size()) {
    throw InvalidArgument("values has " + std::to_string(values.size()) + " entries, successor " +
                          std::to_string(successor.size()));
  }
  LabelVector<ValueT> prefix(successor.size());
  {
    py::gil_scoped_release release;
    stats = list_prefix<VertexT, ValueT>(successor.values, values.values, op,
                                         std::span<ValueT>(prefix), options);
  }
  return numpy_from(std::move(prefix));
}

/// The value type a list prefix runs in: float64 for floating values, int32 for int32 values,
/// int64 for other integers.
enum class ValueWidth { Int32, Int64, Float64 };

ValueWidth value_width(py::handle values) {
  py::object array = py::module_::import("numpy").attr("asarray")(values);
  const auto kind = array.attr("dtype").attr("kind").cast<std::string>();
  if (kind == "f") return ValueWidth::Float64;
  if (kind == "b") throw py::type_error("values must be numbers, not booleans");
  return is_wide_integer_array(array) ? ValueWidth::Int64 : ValueWidth::Int32;
}

template <typename VertexT>
py::object rank_or_prefix(py::handle successor_object, py::handle values, ListOp op,
                          const ListRankingOptions& options, bool with_stats) {
  const auto successor = input_array<VertexT>(successor_object, "successor");
  ListRankingStats stats;
  py::object result;
  if (values.is_none()) {
    std::vector<VertexT> rank;
    {
      py::gil_scoped_release release;
      rank = list_rank<VertexT>(successor.values, options, &stats);
    }
    result = numpy_from(std::move(rank));
  } else {
    switch (value_width(values)) {
      case ValueWidth::Int32:
        result = prefix_of<VertexT, std::int32_t>(successor, values, op, options, stats);
        break;
      case ValueWidth::Int64:
        result = prefix_of<VertexT, std::int64_t>(successor, values, op, options, stats);
        break;
      case ValueWidth::Float64:
        result = prefix_of<VertexT, double>(successor, values, op, options, stats);
        break;
    }
  }
  if (with_stats) return py::make_tuple(result, stats_dict(stats));
  return result;
}

py::object list_rank_py(const py::object& successor, const py::object& values,
                        const std::string& op, const std::string& device,
                        const std::string& algorithm, std::uint64_t seed, bool with_stats) {
  ListRankingOptions options;
  options.device = device_from_name(device);
  options.algorithm = parse_list_ranking_algorithm(algorithm);
  options.seed = seed;
  const ListOp list_op = parse_list_op(op);
  if (is_wide_integer_array(successor)) {
    return rank_or_prefix<std::int64_t>(successor, values, list_op, options, with_stats);
  }
  return rank_or_prefix<std::int32_t>(successor, values, list_op, options, with_stats);
}

/// The forest of a parent array (parent[v] == v or -1 at a root) and its roots in ascending id.
std::pair<std::shared_ptr<const Graph>, std::vector<VertexId>> forest_of_parents(
    const InputArray<VertexId>& parent) {
  const auto n = static_cast<VertexId>(parent.size());
  EdgeList<VertexId> edges;
  edges.num_vertices = n;
  edges.directed = false;
  std::vector<VertexId> roots;
  for (VertexId v = 0; v < n; ++v) {
    const VertexId up = parent.values[v];
    if (up == v || up == kInvalidVertex<VertexId>) {
      roots.push_back(v);
      continue;
    }
    if (up < 0 || up >= n) {
      throw InvalidArgument("parent[" + std::to_string(v) + "] = " + std::to_string(up) +
                            " is outside [0, " + std::to_string(n) + ")");
    }
    edges.sources.push_back(up);
    edges.targets.push_back(v);
  }
  CsrBuildOptions build;
  build.symmetrize = true;
  return {std::make_shared<const Graph>(build_csr<VertexId>(edges, build)), std::move(roots)};
}

/// A rooted forest whose per-vertex arrays NumPy views.
struct PyRootedForest {
  std::shared_ptr<const RootedForest<VertexId>> forest;
};

template <typename T>
py::object forest_array(const PyRootedForest& f, const std::vector<T>& values) {
  return numpy_view(f.forest, values.data(), values.size(), false);
}

/// The roots a caller gave, one per tree.
std::vector<VertexId> roots_of(const py::object& roots) {
  const auto given = input_array<VertexId>(roots, "roots");
  return std::vector<VertexId>(given.values.begin(), given.values.end());
}

EulerTourOptions euler_tour_options(const std::string& device, const std::string& algorithm,
                                    std::uint64_t seed) {
  EulerTourOptions options;
  options.device = device_from_name(device);
  options.ranking_algorithm = parse_list_ranking_algorithm(algorithm);
  options.seed = seed;
  return options;
}

PyRootedForest euler_tour_py(const py::object& tree, const py::object& roots_object,
                             const std::string& device, const std::string& algorithm,
                             std::uint64_t seed) {
  std::shared_ptr<const Graph> forest;
  std::vector<VertexId> roots;
  if (py::isinstance<PyGraph>(tree)) {
    forest = tree.cast<const PyGraph&>().graph;
  } else {
    const auto parent = input_array<VertexId>(tree, "tree");
    py::gil_scoped_release release;
    std::tie(forest, roots) = forest_of_parents(parent);
  }
  if (!roots_object.is_none()) roots = roots_of(roots_object);
  const EulerTourOptions options = euler_tour_options(device, algorithm, seed);
  std::shared_ptr<const RootedForest<VertexId>> result;
  {
    py::gil_scoped_release release;
    result = std::make_shared<const RootedForest<VertexId>>(
        euler_tour_ops<VertexId, EdgeId>(*forest, std::span<const VertexId>(roots), options));
  }
  return PyRootedForest{std::move(result)};
}

template <typename ValueT>
py::object arc_prefix_of(const Graph& forest, py::handle values_object, ListOp op,
                         std::span<const VertexId> roots, const EulerTourOptions& options) {
  const auto values = input_array<ValueT>(values_object, "arc_values");
  std::vector<ValueT> prefix;
  {
    py::gil_scoped_release release;
    prefix =
        euler_tour_arc_prefix<VertexId, EdgeId, ValueT>(forest, values.values, op, roots, options);
  }
  return numpy_from(std::move(prefix));
}

py::object euler_tour_prefix_py(const PyGraph& tree, const py::object& arc_values,
                                const std::string& op, const py::object& roots_object,
                                const std::string& device, const std::string& algorithm,
                                std::uint64_t seed) {
  const std::vector<VertexId> roots =
      roots_object.is_none() ? std::vector<VertexId>{} : roots_of(roots_object);
  const EulerTourOptions options = euler_tour_options(device, algorithm, seed);
  const ListOp list_op = parse_list_op(op);
  if (value_width(arc_values) == ValueWidth::Float64) {
    return arc_prefix_of<double>(*tree.graph, arc_values, list_op, roots, options);
  }
  return arc_prefix_of<std::int64_t>(*tree.graph, arc_values, list_op, roots, options);
}

}  // namespace

void bind_list_ops(py::module_& module) {
  module.def("list_rank", &list_rank_py, py::arg("successor"), py::arg("values") = py::none(),
             py::arg("op") = "sum", py::arg("device") = "auto", py::arg("algorithm") = "auto",
             py::arg("seed") = 1, py::arg("stats") = false, R"doc(
List ranking, or a list prefix when ``values`` is given, with the GIL released.

successor[v] is the node after v, -1 at a tail; any number of lists may share the array (heads
are found). Without values: the 0-based position of every node in its list. With values: the
inclusive prefix values[head] op ... op values[v] along v's list, op "sum", "min" or "max"
(integer sums wrap; float64 sums may differ from sequential order in the last bits).
device: "auto", "cpu" or "gpu". algorithm: "auto", "sequential", "helman-jaja", "wyllie".
An int32 or int64 C-contiguous successor array (and values array) is read in place; results are
NumPy arrays of the successor's width (ranks) or the values' type (int32, int64 or float64).
With stats=True returns (array, dict of timings and counts).
Raises ValueError for a successor out of range, a node with two predecessors or a cycle.
)doc");

  module.def(
      "linked_list",
      [](std::int64_t n, const std::string& kind, std::int64_t lists, std::uint64_t seed,
         std::int64_t stride) {
        const ListKind list_kind = parse_list_kind(kind);
        std::vector<std::int32_t> successor;
        {
          py::gil_scoped_release release;
          successor = io::generate_list_forest<std::int32_t>(list_kind, n, lists, seed, stride);
        }
        return numpy_from(std::move(successor));
      },
      py::arg("n"), py::arg("kind") = "random", py::arg("lists") = 1, py::arg("seed") = 1,
      py::arg("stride") = 1, R"doc(
A successor array (int32) of ``lists`` disjoint lists through n nodes: kind "random" (nodes in a
random order), "ordered" (consecutive ids, rotated) or "stride" (ids ``stride`` apart).
)doc");

  py::class_<PyRootedForest>(module, "RootedForest", R"doc(
A forest rooted at its roots, as euler_tour() derives it. Per-vertex NumPy arrays (read-only
views of the C++ result, no copy): parent (a root is its own parent), depth (int32), preorder,
postorder (0-based over the whole forest, trees numbered in root order), subtree_size; roots
(one per tree, in tree order); seconds and stats (dict).
)doc")
      .def_property_readonly(
          "parent", [](const PyRootedForest& f) { return forest_array(f, f.forest->parent); },
          "Parent per vertex; a root is its own parent.")
      .def_property_readonly(
          "depth", [](const PyRootedForest& f) { return forest_array(f, f.forest->depth); },
          "Edges between the vertex and its tree's root.")
      .def_property_readonly(
          "preorder", [](const PyRootedForest& f) { return forest_array(f, f.forest->preorder); },
          "0-based preorder number.")
      .def_property_readonly(
          "postorder", [](const PyRootedForest& f) { return forest_array(f, f.forest->postorder); },
          "0-based postorder number.")
      .def_property_readonly(
          "subtree_size",
          [](const PyRootedForest& f) { return forest_array(f, f.forest->subtree_size); },
          "Vertices in the subtree rooted at the vertex, itself included.")
      .def_property_readonly(
          "roots", [](const PyRootedForest& f) { return forest_array(f, f.forest->roots); },
          "One root per tree, in tree order.")
      .def("__repr__",
           [](const PyRootedForest& f) {
             return "<frontier.RootedForest " + std::to_string(f.forest->parent.size()) +
                    " vertices, " + std::to_string(f.forest->roots.size()) + " trees>";
           })
      .def_property_readonly(
          "seconds", [](const PyRootedForest& f) { return f.forest->seconds; },
          "Seconds of the whole call.")
      .def_property_readonly(
          "stats",
          [](const PyRootedForest& f) {
            const EulerTourStats& s = f.forest->stats;
            py::dict result;
            result["transfer_seconds"] = s.transfer_seconds;
            result["check_seconds"] = s.check_seconds;
            result["components_seconds"] = s.components_seconds;
            result["tour_seconds"] = s.tour_seconds;
            result["ranking_seconds"] = s.ranking_seconds;
            result["derive_seconds"] = s.derive_seconds;
            result["tour_elements"] = s.tour_elements;
            result["ranking"] = stats_dict(s.ranking);
            return result;
          },
          "Where the time went (dict of seconds) and the ranking's statistics.");

  module.def("euler_tour", &euler_tour_py, py::arg("tree"), py::arg("roots") = py::none(),
             py::arg("device") = "auto", py::arg("algorithm") = "auto", py::arg("seed") = 1,
             R"doc(
Parent, depth, preorder, postorder and subtree size of every vertex of a forest, through its
Euler tour and list ranking, with the GIL released. Returns a RootedForest.

tree: an undirected Graph that is a forest (adjacency sorted, no self loops or duplicate edges),
or a parent array (parent[v] == v or -1 at a root), whose roots are then the default roots.
roots: one root per tree, in the order trees are numbered; None: the parent array's roots, or
for a Graph the lowest id of every component.
device: "auto", "cpu" or "gpu". algorithm: the list ranking algorithm of the tour.
Raises ValueError naming the first defect when the input is not a forest.
)doc");

  module.def("euler_tour_prefix", &euler_tour_prefix_py, py::arg("tree"), py::arg("arc_values"),
             py::arg("op") = "sum", py::arg("roots") = py::none(), py::arg("device") = "auto",
             py::arg("algorithm") = "auto", py::arg("seed") = 1, R"doc(
A prefix over per-arc values along each tree's Euler tour, with the GIL released.

tree: an undirected forest Graph (as euler_tour takes). arc_values: one value per CSR arc (index
into tree.targets); integers are summed in int64, floats in float64. prefix[e] is op ("sum",
"min", "max") over the values of the arcs of e's tree from the tree's first arc (its root's first
adjacency arc) up to and including arc e, in tour order. roots as in euler_tour. The tours are
built on the CPU; the list prefix runs on ``device``. Returns a NumPy array, one entry per arc.
)doc");
}

}  // namespace frontier::python
