// Graph500 runs from Python: the benchmark contract of frontier/runs/graph500.hpp on one device,
// its figures returned as a dict (and the official statistics block as text).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "frontier/runs/graph500.hpp"

namespace frontier::python {

namespace {

/// The order statistics both kinds of Graph500 statistics share.
template <typename Statistics>
py::dict order_statistics(const Statistics& s) {
  py::dict result;
  result["min"] = s.min;
  result["firstquartile"] = s.firstquartile;
  result["median"] = s.median;
  result["thirdquartile"] = s.thirdquartile;
  result["max"] = s.max;
  return result;
}

py::dict statistics_dict(const runs::Graph500Statistics& s) {
  py::dict result = order_statistics(s);
  result["mean"] = s.mean;
  result["stddev"] = s.stddev;
  return result;
}

py::dict teps_dict(const runs::Graph500TepsStatistics& s) {
  py::dict result = order_statistics(s);
  result["harmonic_mean"] = s.harmonic_mean;
  result["harmonic_stddev"] = s.harmonic_stddev;
  return result;
}

py::dict run_dict(const runs::Graph500Run& run) {
  py::dict result;
  result["index"] = run.index;
  result["root"] = run.root;
  result["seconds"] = run.seconds;
  result["nedge"] = run.nedge;
  result["teps"] = run.teps;
  result["validate_seconds"] = run.validate_seconds;
  result["vertices_reached"] = run.vertices_reached;
  result["levels"] = run.levels;
  result["level_stats"] = level_dicts(run.level_stats);
  return result;
}

py::dict graph500(int scale, int edgefactor, int roots, std::uint64_t seed,
                  const std::string& device, bool validate, int threads,
                  const std::string& strategy, std::optional<py::function> progress,
                  std::optional<int> alpha, int beta, const std::string& search_order) {
  runs::Graph500Config config;
  config.scale = scale;
  config.edgefactor = edgefactor;
  config.roots = roots;
  config.seed = seed;
  config.device = device_from_name(device);
  config.validate = validate;
  config.bfs.threads = threads;
  config.bfs.strategy = parse_bfs_strategy(strategy);
  config.bfs.alpha = alpha;
  config.bfs.beta = beta;
  config.search_order = runs::parse_graph500_search_order(search_order);
  runs::Graph500Progress report;
  if (progress) {
    report = [&progress](const runs::Graph500Run& run, int total) {
      py::gil_scoped_acquire acquire;
      (*progress)(run_dict(run), total);
    };
  }
  runs::Graph500Result result;
  {
    py::gil_scoped_release release;
    result = runs::run_graph500(config, report);
  }
  py::dict figures;
  figures["scale"] = scale;
  figures["edgefactor"] = edgefactor;
  figures["device"] = std::string(to_string(result.config.device.kind));
  figures["num_vertices"] = result.num_vertices;
  figures["num_tuples"] = result.num_tuples;
  figures["num_arcs"] = result.num_arcs;
  figures["generation_seconds"] = result.generation_seconds;
  figures["construction_seconds"] = result.construction_seconds;
  figures["built_on_device"] = result.built_on_device;
  figures["search_order"] = std::string(to_string(runs::graph500_search_order(result.config)));
  py::list runs;
  for (const runs::Graph500Run& run : result.runs) runs.append(run_dict(run));
  figures["runs"] = runs;
  figures["time"] = statistics_dict(result.time);
  figures["nedge"] = statistics_dict(result.nedge);
  figures["teps"] = teps_dict(result.teps);
  figures["validate"] = statistics_dict(result.validate);
  figures["harmonic_mean_teps"] = result.teps.harmonic_mean;
  figures["statistics_block"] = runs::format_graph500_statistics(result);
  return figures;
}

}  // namespace

void bind_graph500(py::module_& module) {
  module.def("graph500", &graph500, py::arg("scale"), py::arg("edgefactor") = 16,
             py::arg("roots") = 64, py::arg("seed") = 1, py::arg("device") = "auto",
             py::arg("validate") = true, py::arg("threads") = 0,
             py::arg("strategy") = "direction-optimizing", py::arg("progress") = py::none(),
             py::arg("alpha") = py::none(), py::arg("beta") = kDefaultBfsBeta,
             py::arg("search_order") = "auto",
             R"doc(
A Graph500 run on one device, with the GIL released: the Kronecker graph (2**scale vertices,
edgefactor * 2**scale tuples; untimed generation), kernel 1 (timed CSR construction), BFS from
``roots`` random roots of degree >= 1, each timed and (validate=True) checked against the five
Graph500 rules, and the official statistics.

device: "auto", "cpu" or "gpu" (on a GPU the graph is generated and built there).
strategy, alpha, beta: as Engine.bfs.
search_order: "given", "degree" (as Engine's, the degree-class order made as part of kernel 1;
on a GPU, on the GPU; results keep the generator's ids) or "auto" (degree where the GPU builds
the graph, else given).
progress: optional callable(run, total) called after every search with the run's dict.
Returns a dict: scale, edgefactor, device, num_vertices, num_tuples, num_arcs,
generation_seconds, construction_seconds, runs (one dict per search: root, seconds, nedge, teps,
validate_seconds, vertices_reached, levels, level_stats: each level as BfsResult.levels lists
it), time/nedge/validate (min, quartiles, max, mean, stddev), teps (min, quartiles, max,
harmonic_mean, harmonic_stddev), harmonic_mean_teps and statistics_block (the official text
block).
Raises MemoryError when the run would not fit, ValueError for a failed validation or a value
out of range.
)doc");
}

}  // namespace frontier::python
