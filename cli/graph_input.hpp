// The options every graph-reading subcommand shares (group "Input") and the call that loads it.
#pragma once

#include <cxxopts.hpp>

#include "frontier/io/read_graph.hpp"

namespace frontier::cli {

/// Adds --format, --symmetrize, --renumber, --remove-self-loops, --remove-duplicates, --no-weights.
void add_graph_input_options(cxxopts::Options& options);

/// ReadOptions from the parsed Input group.
io::ReadOptions graph_read_options(const cxxopts::ParseResult& result);

}  // namespace frontier::cli
