/// @file binary_csr.hpp
/// @brief frontier's binary CSR format (.fcsr): reloads a large graph at disk speed.
///
/// Layout (little-endian): a 64-byte header {magic "FRNTCSR\0", u32 version, u32 vertex_bytes,
/// u32 edge_bytes, u32 flags (bit 0 directed, bit 1 weighted), u64 num_vertices, u64 num_arcs,
/// u64 payload checksum, padding}, then offsets[n+1], targets[m], weights[m] if weighted.
/// Reading maps the file, checks header, sizes against the file length and the checksum.
#pragma once

#include <cstdint>
#include <filesystem>

#include "frontier/csr_graph.hpp"

namespace frontier::io {

inline constexpr unsigned kBinaryCsrVersion = 1;

void write_binary_csr(const Graph& graph, const std::filesystem::path& path);

/// @throws IoError for a wrong magic/version, a truncated file or a checksum mismatch.
Graph read_binary_csr(const std::filesystem::path& path);

/// What a .fcsr header declares, read without loading the payload.
struct BinaryCsrShape {
  std::uint64_t num_vertices = 0;
  std::uint64_t num_arcs = 0;
  bool directed = false;
  bool weighted = false;
};

/// The header of a .fcsr file, checked as read_binary_csr() checks it (magic, version, widths,
/// flags, the length it implies); the payload is neither read nor hashed.
/// @throws IoError as read_binary_csr() does for the header.
BinaryCsrShape read_binary_csr_shape(const std::filesystem::path& path);

}  // namespace frontier::io
