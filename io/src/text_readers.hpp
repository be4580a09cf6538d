// The text format parsers behind read_edge_list() (internal to frontier_io). Each lives in its
// own file (mtx_reader.cpp, dimacs9_reader.cpp, metis_reader.cpp, snap_reader.cpp) whose header
// comment describes the format and what the parser checks.
//
// Shared contract: a parser turns a whole TextBuffer into the arcs that read_graph.hpp describes
// (1-based file ids become 0-based), keeps weights only when the file has them and
// options.keep_weights is set, fills info.declared_vertices/declared_edges/variant, and reports
// malformed input with IoError(file, line, problem, line text). It never allocates from a header's
// declared sizes: arrays grow with the arcs actually parsed, or are sized by the text's lines.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include "frontier/edge_list.hpp"
#include "frontier/io/read_graph.hpp"
#include "text_source.hpp"

namespace frontier::io {

EdgeList<VertexId> parse_matrix_market(const TextBuffer& text, const ReadOptions& options,
                                       GraphFileInfo& info);
EdgeList<VertexId> parse_dimacs9(const TextBuffer& text, const ReadOptions& options,
                                 GraphFileInfo& info);
EdgeList<VertexId> parse_metis(const TextBuffer& text, const ReadOptions& options,
                               GraphFileInfo& info);
EdgeList<VertexId> parse_snap(const TextBuffer& text, const ReadOptions& options,
                              GraphFileInfo& info);

/// The most vertices a graph with VertexId ids can have.
inline constexpr std::uint64_t kMaxVertices =
    static_cast<std::uint64_t>(std::numeric_limits<VertexId>::max());

/// Checks a declared vertex count against the id width; `line` is the declaring line.
inline VertexId checked_vertex_count(const TextBuffer& text, const char* line, std::uint64_t n,
                                     const std::string& what) {
  if (n > kMaxVertices) {
    text.fail(line, what + " " + std::to_string(n) + " exceeds the " +
                        std::to_string(kMaxVertices) + " vertices that 32-bit vertex ids can hold");
  }
  return static_cast<VertexId>(n);
}

/// True when a parsed value converts to a finite Weight (32-bit float): its magnitude lies below
/// FLT_MAX plus half an ulp (2^128 - 2^103), so that it rounds to at most FLT_MAX. The shortest
/// decimal text of -FLT_MAX ("-3.4028235e+38") lies just beyond FLT_MAX and must still load.
inline bool fits_weight(double value) noexcept {
  constexpr double kFloatRoundingLimit = 0x1.ffffffp127;
  return value > -kFloatRoundingLimit && value < kFloatRoundingLimit;
}

}  // namespace frontier::io
