// Lists for `frontier rank`: generated (random, ordered, stride:D) or read from a file of
// successor ids (whitespace separated, -1 at a tail).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/types.hpp"

namespace frontier::cli {

/// Makes or reads the successor array that `spec` names: "random", "ordered", "stride:D", or a
/// file path. `n`, `lists` and `seed` apply to generated lists only.
/// @throws UsageError for a bad spec, IoError for a bad file.
std::vector<VertexId> make_list(const std::string& spec, std::int64_t n, std::int64_t lists,
                                std::uint64_t seed);

/// The successor array in `path`. @throws IoError naming file, line and token.
std::vector<VertexId> read_successor_file(const std::string& path);

}  // namespace frontier::cli
