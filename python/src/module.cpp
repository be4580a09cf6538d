// The `frontier._frontier` extension: one bind_* function per area, each in its own file.
#include "bindings.hpp"

PYBIND11_MODULE(_frontier, module) {
  namespace python = frontier::python;
  module.doc() =
      "frontier's compiled core: graphs, the resident Engine and BFS, list ranking, Euler-tour "
      "operations and Graph500 runs on the CPU (OpenMP) or CUDA GPUs. Import `frontier`, which "
      "re-exports everything here and adds the SciPy and NetworkX conversions.";
  python::bind_errors(module);
  python::bind_arrays(module);
  python::bind_device_arrays(module);
  python::bind_graphs(module);
  python::bind_engine(module);
  python::bind_list_ops(module);
  python::bind_graph500(module);
}
