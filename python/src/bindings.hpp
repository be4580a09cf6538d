// What the binding files of the `frontier` Python extension share: one bind_* function per area
// (errors, arrays, device arrays, graphs, engine and BFS, list ranking and Euler tour, Graph500),
// the Python Graph, and the mapping from a device name to a Device.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "frontier/bfs_result.hpp"
#include "frontier/csr_graph.hpp"
#include "frontier/device.hpp"

namespace frontier::python {

namespace py = pybind11;

/// A graph as Python holds it: the CSR, shared (never copied) with every Engine built on it.
struct PyGraph {
  std::shared_ptr<const Graph> graph;
  /// The caller's name of every vertex (a NumPy array or list) when the graph was renumbered
  /// from other ids (a NetworkX graph, a SNAP file read with renumber=True); None otherwise.
  py::object node_labels = py::none();
  /// What the file declared and what reading it cost (read_graph only); None otherwise.
  py::object file_info = py::none();
};

/// The Device a Python device name stands for: "cpu", "gpu"/"cuda" (GPU 0) or "auto" (GPU 0
/// when one is usable, else the CPU). The one place that maps names, so every call agrees.
/// @throws InvalidArgument (ValueError) for other names.
Device device_from_name(const std::string& name);

/// A search's levels as Python lists them (BfsResult.levels, a Graph500 run's level_stats): one
/// dict per level with level, direction, frontier_vertices, edges_examined and seconds.
py::list level_dicts(const std::vector<BfsLevelStats>& levels);

void bind_errors(py::module_& module);
void bind_arrays(py::module_& module);
void bind_device_arrays(py::module_& module);
void bind_graphs(py::module_& module);
void bind_engine(py::module_& module);
void bind_list_ops(py::module_& module);
void bind_graph500(py::module_& module);

}  // namespace frontier::python
