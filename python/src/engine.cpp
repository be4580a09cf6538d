// The resident Engine and its breadth-first search from Python: Engine(graph, device), bfs() with
// the engine's query options (several sources, depth limit, target), results whose depth and
// parent arrays are the search's own buffers lent to NumPy, or on a GPU kept there as
// DeviceArrays (on_device=True); the Graph500 validation of a search's tree (Engine.validate) or
// of any parent array (validate_bfs_tree); the device queries and log level.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "arrays.hpp"
#include "bindings.hpp"
#include "device_arrays.hpp"
#include "frontier/bfs.hpp"
#include "frontier/bfs_validate.hpp"
#include "frontier/engine.hpp"
#include "frontier/errors.hpp"
#include "frontier/log.hpp"

namespace frontier::python {

Device device_from_name(const std::string& name) { return parse_device(name); }

py::list level_dicts(const std::vector<BfsLevelStats>& levels) {
  py::list dicts;
  for (const BfsLevelStats& level : levels) {
    py::dict entry;
    entry["level"] = level.level;
    entry["direction"] = std::string(to_string(level.direction));
    entry["frontier_vertices"] = level.frontier_vertices;
    entry["edges_examined"] = level.edges_examined;
    entry["seconds"] = level.seconds;
    dicts.append(entry);
  }
  return dicts;
}

namespace {

/// An Engine and the Python Graph it was built on (whose CSR it shares).
struct PyEngine {
  Engine engine;
  py::object graph;
};

/// A finished search: the C++ result (whose label arrays NumPy views) and those views; or for a
/// search kept on the GPU, its summary, its labels there (`on_device`) and their DeviceArrays.
struct PyBfsResult {
  std::shared_ptr<const BfsResult<VertexId>> result;
  py::object depth;
  py::object parent;
  std::shared_ptr<const DeviceBfsResult<VertexId>> on_device;
};

std::string stop_name(BfsStop stop) {
  switch (stop) {
    case BfsStop::FrontierEmpty:
      return "frontier-empty";
    case BfsStop::DepthLimit:
      return "depth-limit";
    case BfsStop::TargetReached:
      return "target-reached";
  }
  return "unknown";
}

PyBfsResult wrap(BfsResult<VertexId> search) {
  auto owner = std::make_shared<const BfsResult<VertexId>>(std::move(search));
  PyBfsResult result{owner, numpy_view(owner, owner->depth.data(), owner->depth.size(), true),
                     py::none(), nullptr};
  if (!owner->parent.empty()) {
    result.parent = numpy_view(owner, owner->parent.data(), owner->parent.size(), true);
  }
  return result;
}

PyBfsResult wrap(DeviceBfsResult<VertexId> search) {
  auto owner = std::make_shared<const DeviceBfsResult<VertexId>>(std::move(search));
  PyBfsResult result{std::shared_ptr<const BfsResult<VertexId>>(owner, &owner->summary),
                     device_array_object(owner->depth), py::none(), owner};
  if (!owner->parent.empty()) result.parent = device_array_object(owner->parent);
  return result;
}

/// `result` with its labels in host memory: itself, or a copy of the labels kept on the GPU.
PyBfsResult on_host(const PyBfsResult& result) {
  if (!result.on_device) return result;
  BfsResult<VertexId> copy;
  {
    py::gil_scoped_release release;
    copy = result.on_device->to_host();
  }
  return wrap(std::move(copy));
}

/// A Python source argument: one vertex (int or NumPy integer scalar) or a sequence of them.
std::vector<VertexId> sources_of(py::handle source) {
  py::object array = py::module_::import("numpy").attr("asarray")(source);
  if (array.attr("ndim").cast<int>() == 0) {
    const auto kind = array.attr("dtype").attr("kind").cast<std::string>();
    if (kind != "i" && kind != "u") {
      throw py::type_error("source must be a vertex id (an integer) or a sequence of them, not " +
                           py::str(py::type::of(source)).cast<std::string>());
    }
    array = array.attr("reshape")(1);
  }
  const auto input = input_array<VertexId>(array, "source");
  return std::vector<VertexId>(input.values.begin(), input.values.end());
}

PyBfsResult engine_bfs(const PyEngine& engine, const py::object& source,
                       std::optional<std::int32_t> depth_limit, std::optional<std::int64_t> target,
                       bool parents, int threads, const std::string& strategy, bool on_device,
                       std::optional<int> alpha, int beta) {
  const std::vector<VertexId> sources = sources_of(source);
  BfsOptions options;
  options.predecessors = parents;
  options.threads = threads;
  options.depth_limit = depth_limit;
  options.target = target;
  options.strategy = parse_bfs_strategy(strategy);
  options.alpha = alpha;
  options.beta = beta;
  const std::span<const VertexId> seeds(sources);
  if (on_device) {
    std::optional<DeviceBfsResult<VertexId>> search;
    {
      py::gil_scoped_release release;
      search.emplace(engine.engine.bfs_on_device(seeds, options));
    }
    return wrap(std::move(*search));
  }
  BfsResult<VertexId> search;
  {
    py::gil_scoped_release release;
    search = engine.engine.bfs(seeds, options);
  }
  return wrap(std::move(search));
}

/// The CSR of `graph`, a frontier.Graph argument of `callee`, or TypeError.
std::shared_ptr<const Graph> graph_argument(const py::object& graph, const char* callee) {
  if (!py::isinstance<PyGraph>(graph)) {
    throw py::type_error(std::string(callee) + " needs a frontier.Graph, not " +
                         py::str(py::type::of(graph)).cast<std::string>());
  }
  return graph.cast<const PyGraph&>().graph;
}

/// Engine.validate: the search's tree on the engine's device, in place where it stays on the GPU.
BfsValidation engine_validate(const PyEngine& engine, const PyBfsResult& result) {
  py::gil_scoped_release release;
  return result.on_device ? engine.engine.validate(*result.on_device)
                          : engine.engine.validate(*result.result);
}

/// frontier.validate_bfs_tree: any parent (and depth) array against the graph, on the host.
BfsValidation validate_arrays(const py::object& graph, const py::object& source,
                              const py::object& parent, const py::object& depth,
                              bool stopped_early) {
  const std::shared_ptr<const Graph> csr = graph_argument(graph, "validate_bfs_tree");
  const std::vector<VertexId> sources = sources_of(source);
  const InputArray<VertexId> parents = input_array<VertexId>(parent, "parent");
  std::optional<InputArray<std::int32_t>> depths;
  if (!depth.is_none()) depths.emplace(input_array<std::int32_t>(depth, "depth"));
  const std::span<const std::int32_t> depth_values =
      depths ? depths->values : std::span<const std::int32_t>();
  py::gil_scoped_release release;
  return validate_bfs_tree<VertexId, EdgeId>(*csr, sources, parents.values, depth_values,
                                             stopped_early);
}

py::dict device_info_dict(int id) {
  const CudaDeviceInfo info = cuda_device_info(id);
  py::dict result;
  result["id"] = info.id;
  result["name"] = info.name;
  result["compute_capability"] = py::make_tuple(info.compute_major, info.compute_minor);
  result["multiprocessors"] = info.multiprocessors;
  result["total_bytes"] = info.total_bytes;
  result["free_bytes"] = info.free_bytes;
  return result;
}

}  // namespace

void bind_engine(py::module_& module) {
  py::class_<PyBfsResult>(module, "BfsResult", R"doc(
What a search returns. ``depth`` (int32) holds every vertex's hop distance from the nearest
source, -1 where unreached; ``parent`` (int32) a BFS tree (every source its own parent, -1 where
unreached), or None when the search ran with parents=False. Both arrays are the search's own
buffers handed to NumPy without a copy; after bfs(..., on_device=True) they are DeviceArrays on
the GPU instead, for CuPy or PyTorch without a copy (to_host() copies them to NumPy).
)doc")
      .def_readonly("depth", &PyBfsResult::depth,
                    "Hop distance per vertex (int32, -1: unreached): a NumPy array, or a "
                    "DeviceArray when on_device.")
      .def_readonly("parent", &PyBfsResult::parent,
                    "BFS-tree parent per vertex (int32, -1: unreached), or None: a NumPy array, "
                    "or a DeviceArray when on_device.")
      .def_property_readonly(
          "on_device", [](const PyBfsResult& r) { return r.on_device != nullptr; },
          "True when depth and parent are DeviceArrays on the GPU (bfs(..., on_device=True)).")
      .def(
          "to_host",
          [](const py::object& self) {
            const auto& result = self.cast<const PyBfsResult&>();
            return result.on_device ? py::cast(on_host(result)) : self;
          },
          "This result with depth and parent as NumPy arrays: itself when they already are, "
          "else a new result with a copy of them from the GPU.")
      .def_property_readonly(
          "source", [](const PyBfsResult& r) { return r.result->source; }, "The first source.")
      .def_property_readonly(
          "sources", [](const PyBfsResult& r) { return r.result->sources; },
          "Every source, each once, in the order given.")
      .def_property_readonly(
          "seconds", [](const PyBfsResult& r) { return r.result->seconds; },
          "Seconds the search took (the engine's own clock).")
      .def_property_readonly(
          "vertices_reached", [](const PyBfsResult& r) { return r.result->vertices_reached; },
          "Vertices labelled by the search.")
      .def_property_readonly(
          "edges_examined", [](const PyBfsResult& r) { return r.result->edges_examined; },
          "Arcs examined over the whole search.")
      .def_property_readonly(
          "num_levels", [](const PyBfsResult& r) { return r.result->levels.size(); },
          "Levels expanded.")
      .def_property_readonly(
          "levels", [](const PyBfsResult& r) { return level_dicts(r.result->levels); },
          "Per level: a dict of level, direction, frontier_vertices, edges_examined, seconds.")
      .def_property_readonly(
          "stop", [](const PyBfsResult& r) { return stop_name(r.result->stop); },
          "Why the search ended: \"frontier-empty\", \"depth-limit\" or \"target-reached\".")
      .def_property_readonly(
          "stopped_early", [](const PyBfsResult& r) { return r.result->stopped_early(); },
          "True when a depth limit or target ended the search early.")
      .def(
          "path",
          [](const PyBfsResult& r, VertexId target) {
            return numpy_from(bfs_path(*on_host(r).result, target));
          },
          py::arg("target"),
          "The tree path [source, ..., target] (a shortest path), empty when target was not "
          "reached. Needs parents (copied from the GPU first when on_device).")
      .def("__repr__", [](const PyBfsResult& r) {
        return "<frontier.BfsResult " + std::to_string(r.result->vertices_reached) +
               " vertices reached, " + std::to_string(r.result->levels.size()) + " levels, " +
               std::to_string(r.result->seconds) + " s>";
      });

  py::class_<BfsValidation>(module, "BfsValidation", R"doc(
The verdict on a BFS tree against the five Graph500 rules (the tree reaches every vertex of the
sources' component and only those, parents are arcs of the graph, tree edges join consecutive
levels, no arc joins levels two apart, the depths match). True when valid.
)doc")
      .def_readonly("valid", &BfsValidation::valid, "True when every rule holds.")
      .def_readonly("failure", &BfsValidation::failure,
                    "Which rule failed and where (the first vertex or arc), empty when valid.")
      .def_readonly("vertices_in_tree", &BfsValidation::vertices_in_tree,
                    "Vertices in the tree (the part of the component the search labelled).")
      .def_readonly("arcs_in_component", &BfsValidation::arcs_in_component,
                    "Arcs with both endpoints in the tree.")
      .def("__bool__", [](const BfsValidation& v) { return v.valid; })
      .def("__repr__", [](const BfsValidation& v) {
        return v.valid ? "<frontier.BfsValidation valid, " + std::to_string(v.vertices_in_tree) +
                             " vertices in the tree>"
                       : "<frontier.BfsValidation invalid: " + v.failure + ">";
      });

  module.def("validate_bfs_tree", &validate_arrays, py::arg("graph"), py::arg("source"),
             py::arg("parent"), py::arg("depth") = py::none(), py::arg("stopped_early") = false,
             R"doc(
Checks a BFS tree from anywhere (another library's parents included) against the Graph500 rules
on the host, with the GIL released. source: the vertex or vertices searched from (each its own
parent); parent: one entry per vertex, -1 where unreached; depth: optional hop distances (-1
where unreached), checked against the parents; stopped_early: the search ended after its deepest
labelled level (a depth limit or target), whose arcs it did not follow. Returns a BfsValidation
(falsy when a rule fails). Raises ValueError for arrays of the wrong size or sources out of range.
)doc");

  py::class_<PyEngine>(module, "Engine", R"doc(
A graph kept resident on one device, ready for many searches: on the CPU in host memory (with the
reverse graph of a directed graph built once), on a GPU uploaded once with every search buffer
sized up front. The engine shares the Graph's memory (no copy).

device: "auto" (GPU 0 when one is usable, else the CPU), "cpu" or "gpu".
search_order: "given" (the graph's ids) or "degree": the engine searches a copy renumbered by
degree class (as much memory again as the graph), which makes repeated searches of skewed graphs
(Kronecker, social networks) faster; results keep the graph's ids either way.
Raises MemoryError when the graph does not fit the GPU (or the host, with its copy),
RuntimeError when no GPU is usable.
)doc")
      .def(py::init(
               [](py::object graph, const std::string& device, const std::string& search_order) {
                 const auto shared = graph_argument(graph, "Engine");
                 const Device where = device_from_name(device);
                 EngineOptions options;
                 options.search_order = parse_search_order(search_order);
                 std::optional<Engine> engine;
                 {
                   py::gil_scoped_release release;
                   engine.emplace(shared, where, options);
                 }
                 return PyEngine{std::move(*engine), std::move(graph)};
               }),
           py::arg("graph"), py::arg("device") = "auto", py::arg("search_order") = "given")
      .def_property_readonly(
          "search_order",
          [](const PyEngine& e) { return std::string(to_string(e.engine.search_order())); },
          "How searches number the vertices: \"given\" or \"degree\".")
      .def_property_readonly(
          "device",
          [](const PyEngine& e) { return std::string(to_string(e.engine.device().kind)); },
          "Where searches run: \"cpu\" or \"cuda\".")
      .def_property_readonly(
          "graph", [](const PyEngine& e) { return e.graph; }, "The Graph the engine was built on.")
      .def("__repr__",
           [](const PyEngine& e) {
             return "<frontier.Engine on " + std::string(to_string(e.engine.device().kind)) + ", " +
                    py::repr(e.graph).cast<std::string>() + ">";
           })
      .def("bfs", &engine_bfs, py::arg("source"), py::arg("depth_limit") = py::none(),
           py::arg("target") = py::none(), py::arg("parents") = true, py::arg("threads") = 0,
           py::arg("strategy") = "direction-optimizing", py::arg("on_device") = false,
           py::arg("alpha") = py::none(), py::arg("beta") = kDefaultBfsBeta, R"doc(
Breadth-first search from ``source`` (a vertex, or a sequence of vertices searched at once:
every vertex at its distance to the nearest source), with the GIL released.

depth_limit: stop after labelling that level (farther vertices stay -1).
target: stop after the level that labels this vertex; result.path(target) is then a shortest path.
parents: compute the BFS tree (result.parent); False saves time and memory.
threads: OpenMP threads on the CPU (0: all).
strategy: "direction-optimizing" (default), "top-down", "bottom-up", or on a GPU "hybrid",
"two-phase", "contract-expand", "expand-contract".
alpha, beta: Beamer's direction switches (at least 1): top-down -> bottom-up once the frontier's
arcs exceed the unexplored arcs / alpha, back once the frontier holds fewer than vertices / beta.
alpha None: 15 on the CPU, 25 on a GPU.
on_device: on a GPU engine, keep depth and parent on the GPU, in memory the result owns (a
later search does not touch it), as DeviceArrays that CuPy and PyTorch take without a copy:
cupy.asarray(result.depth), torch.from_dlpack(result.depth). ValueError on a CPU engine.
Returns a BfsResult. Raises ValueError for a source or option out of range, MemoryError when
the labels kept on the GPU do not fit its free memory.
)doc")
      .def("validate", &engine_validate, py::arg("result"), R"doc(
Checks ``result``'s tree (a search of this engine with parents) against the Graph500 rules on the
engine's device: on a GPU in place where the labels stayed there (on_device), with the GIL
released. Returns a BfsValidation (falsy when a rule fails). Raises ValueError when the search
kept no parents.
)doc");

  module.def("cuda_built", &cuda_built, "True when this build contains the CUDA backend.");
  module.def("cuda_device_count", &cuda_device_count,
             "Number of usable CUDA GPUs (0 without the backend, a driver or a GPU).");
  module.def("cuda_device_info", &device_info_dict, py::arg("id") = 0,
             "Name, compute capability, multiprocessors, total and free memory of GPU ``id``.");
  module.def(
      "set_log_level", [](const std::string& level) { set_log_level(parse_log_level(level)); },
      py::arg("level"),
      "How much frontier logs to stderr: \"trace\", \"debug\", \"info\" (default), \"warn\", "
      "\"error\" or \"off\".");
}

}  // namespace frontier::python
