/// @file load_engine.hpp
/// @brief Reads a graph file straight into an Engine (the engine library itself does not read
/// files; dependencies point one way, engine <- io).
#pragma once

#include <filesystem>

#include "frontier/device.hpp"
#include "frontier/engine.hpp"
#include "frontier/io/read_graph.hpp"

namespace frontier::io {

/// Reads `path` (any format read_graph() accepts) and makes it resident on `device`.
/// Equivalent to `Engine(read_graph(path, options).graph, device)`.
/// @throws IoError for an unreadable or malformed file; see Engine::Engine for the rest.
Engine load_engine(const std::filesystem::path& path, const ReadOptions& options = {},
                   Device device = Device::cpu());

}  // namespace frontier::io
