// load_engine.cpp — a graph file read into a resident Engine (see load_engine.hpp).
#include "frontier/io/load_engine.hpp"

#include <utility>

namespace frontier::io {

Engine load_engine(const std::filesystem::path& path, const ReadOptions& options, Device device) {
  return Engine(read_graph(path, options).graph, std::move(device));
}

}  // namespace frontier::io
