// Text graph writers: Matrix Market, DIMACS9, METIS and SNAP (binary CSR is delegated to
// write_binary_csr()). A ".gz" suffix compresses the output.
//
// What each format receives (and what reading it back gives):
//  - mtx: directed -> `coordinate <pattern|real> general`, one entry per arc. Undirected ->
//    `symmetric`, one entry per edge from the lower triangle (arcs u->v with v <= u), so reading
//    it back restores both arcs. Weighted graphs use the `real` field.
//  - gr: `p sp n m` and one `a` line per arc (undirected graphs: both arcs); unweighted graphs get
//    length 1. DIMACS9 lengths are integers, so non-integer weights are rejected.
//  - metis: undirected graphs without self loops only; fmt 1 (edge weights) when weighted, which
//    must then be positive integers.
//  - snap: `# Nodes: n Edges: e` comment, then "u<TAB>v[<TAB>w]" per arc (undirected: per edge,
//    u <= v). An edge list cannot hold isolated vertices past the largest id, so reading it back
//    can yield fewer vertices.
// Lines are formatted in parallel, block by block of vertices, and written in vertex order, so the
// output is identical for any thread count.
#include <omp.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "frontier/detail/parallel.hpp"
#include "frontier/detail/progress.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/binary_csr.hpp"
#include "frontier/io/write_graph.hpp"
#include "text_sink.hpp"

namespace frontier::io {
namespace {

void append_uint(std::string& out, std::uint64_t value) {
  char digits[24];
  const auto result = std::to_chars(digits, digits + sizeof(digits), value);
  out.append(digits, result.ptr);
}

// Shortest text that reads back as the same float.
void append_weight(std::string& out, Weight value) {
  char text[32];
  const auto result = std::to_chars(text, text + sizeof(text), value);
  out.append(text, result.ptr);
}

// Formats vertices [begin, end) with format(v, out) in blocks of about kArcsPerBlock arcs, in
// parallel, and writes the blocks to `sink` in vertex order.
template <typename FormatVertex>
void write_vertices(const Graph& graph, TextSink& sink, const std::string& label,
                    FormatVertex&& format) {
  constexpr EdgeId kArcsPerBlock = EdgeId{1} << 18;
  constexpr VertexId kVerticesPerBlock = VertexId{1} << 16;
  const VertexId n = graph.num_vertices();
  const auto& offsets = graph.offsets();
  std::vector<VertexId> cuts{0};
  for (VertexId v = 0; v < n;) {
    const VertexId start = v;
    while (v < n && v - start < kVerticesPerBlock && offsets[v] - offsets[start] < kArcsPerBlock) {
      ++v;
    }
    cuts.push_back(v);
  }
  const std::int64_t blocks = static_cast<std::int64_t>(cuts.size()) - 1;
  const std::int64_t per_round = 4 * static_cast<std::int64_t>(detail::max_threads());
  std::vector<std::string> texts(static_cast<std::size_t>(per_round));
  detail::Progress progress(label, static_cast<std::uint64_t>(n), "M vertices", 1e-6);
  for (std::int64_t first = 0; first < blocks; first += per_round) {
    const std::int64_t last = std::min(blocks, first + per_round);
#pragma omp parallel for schedule(dynamic, 1) if (last - first > 1)
    for (std::int64_t b = first; b < last; ++b) {
      std::string& text = texts[static_cast<std::size_t>(b - first)];
      text.clear();
      for (VertexId v = cuts[b]; v < cuts[b + 1]; ++v) format(v, text);
    }
    for (std::int64_t b = first; b < last; ++b)
      sink.write(texts[static_cast<std::size_t>(b - first)]);
    progress.update(static_cast<std::uint64_t>(cuts[last]));
  }
  progress.finish();
}

// Counts arcs u->v with keep(u, v).
template <typename Keep>
std::uint64_t count_arcs(const Graph& graph, Keep&& keep) {
  const std::int64_t n = graph.num_vertices();
  std::uint64_t count = 0;
  const bool parallel = detail::worth_threads(graph.num_arcs());
#pragma omp parallel for reduction(+ : count) schedule(dynamic, 4096) if (parallel)
  for (std::int64_t u = 0; u < n; ++u) {
    for (VertexId v : graph.neighbors(static_cast<VertexId>(u))) {
      if (keep(static_cast<VertexId>(u), v)) ++count;
    }
  }
  return count;
}

// Throws InvalidArgument naming the first weight that is not an integer (and, if `positive`,
// not at least 1).
void require_integer_weights(const Graph& graph, const char* format, bool positive) {
  const auto& weights = graph.weights();
  const std::int64_t m = static_cast<std::int64_t>(weights.size());
  std::int64_t first_bad = m;
  const bool parallel = detail::worth_threads(m);
#pragma omp parallel for reduction(min : first_bad) schedule(static) if (parallel)
  for (std::int64_t e = 0; e < m; ++e) {
    const Weight w = weights[e];
    if (w != std::nearbyint(w) || (positive && w < 1)) first_bad = std::min(first_bad, e);
  }
  if (first_bad < m) {
    throw InvalidArgument(std::string(format) + " stores " +
                          (positive ? "positive integer" : "integer") + " weights, but arc " +
                          std::to_string(first_bad) + " has weight " +
                          std::to_string(weights[first_bad]));
  }
}

void write_mtx(const Graph& graph, TextSink& sink, const std::string& name) {
  const bool symmetric = !graph.directed();
  const bool weighted = graph.has_weights();
  auto keep = [symmetric](VertexId u, VertexId v) { return !symmetric || v <= u; };
  const std::uint64_t entries = count_arcs(graph, keep);
  std::string header = std::string("%%MatrixMarket matrix coordinate ") +
                       (weighted ? "real " : "pattern ") + (symmetric ? "symmetric" : "general") +
                       "\n% written by frontier\n";
  append_uint(header, static_cast<std::uint64_t>(graph.num_vertices()));
  header += ' ';
  append_uint(header, static_cast<std::uint64_t>(graph.num_vertices()));
  header += ' ';
  append_uint(header, entries);
  header += '\n';
  sink.write(header);
  write_vertices(graph, sink, "writing " + name, [&](VertexId u, std::string& out) {
    const auto targets = graph.neighbors(u);
    for (std::size_t i = 0; i < targets.size(); ++i) {
      if (!keep(u, targets[i])) continue;
      append_uint(out, static_cast<std::uint64_t>(u) + 1);
      out += ' ';
      append_uint(out, static_cast<std::uint64_t>(targets[i]) + 1);
      if (weighted) {
        out += ' ';
        append_weight(out, graph.neighbor_weights(u)[i]);
      }
      out += '\n';
    }
  });
}

void write_dimacs9(const Graph& graph, TextSink& sink, const std::string& name) {
  const bool weighted = graph.has_weights();
  if (weighted) require_integer_weights(graph, "DIMACS9 (.gr)", false);
  std::string header = "c written by frontier";
  if (!weighted) header += " (unweighted graph: every arc has length 1)";
  header += "\np sp ";
  append_uint(header, static_cast<std::uint64_t>(graph.num_vertices()));
  header += ' ';
  append_uint(header, static_cast<std::uint64_t>(graph.num_arcs()));
  header += '\n';
  sink.write(header);
  write_vertices(graph, sink, "writing " + name, [&](VertexId u, std::string& out) {
    const auto targets = graph.neighbors(u);
    for (std::size_t i = 0; i < targets.size(); ++i) {
      out += "a ";
      append_uint(out, static_cast<std::uint64_t>(u) + 1);
      out += ' ';
      append_uint(out, static_cast<std::uint64_t>(targets[i]) + 1);
      out += ' ';
      if (weighted) {
        append_weight(out, graph.neighbor_weights(u)[i]);
      } else {
        out += '1';
      }
      out += '\n';
    }
  });
}

void write_metis(const Graph& graph, TextSink& sink, const std::string& name) {
  if (graph.directed()) {
    throw InvalidArgument("METIS holds undirected graphs only; " + name +
                          " would get a directed graph (symmetrize it first)");
  }
  const std::uint64_t loops = count_arcs(graph, [](VertexId u, VertexId v) { return u == v; });
  if (loops > 0) {
    throw InvalidArgument("METIS graphs cannot have self loops, but this graph has " +
                          std::to_string(loops) + " (remove them first)");
  }
  const std::uint64_t arcs = static_cast<std::uint64_t>(graph.num_arcs());
  if (arcs % 2 != 0) {
    throw InvalidArgument(
        "an undirected graph must store every edge as two arcs, but this one "
        "has an odd number of arcs (" +
        std::to_string(arcs) + ")");
  }
  const bool weighted = graph.has_weights();
  if (weighted) require_integer_weights(graph, "METIS", true);
  std::string header = "% written by frontier\n";
  append_uint(header, static_cast<std::uint64_t>(graph.num_vertices()));
  header += ' ';
  append_uint(header, arcs / 2);
  if (weighted) header += " 1";
  header += '\n';
  sink.write(header);
  write_vertices(graph, sink, "writing " + name, [&](VertexId u, std::string& out) {
    const auto targets = graph.neighbors(u);
    for (std::size_t i = 0; i < targets.size(); ++i) {
      if (i > 0) out += ' ';
      append_uint(out, static_cast<std::uint64_t>(targets[i]) + 1);
      if (weighted) {
        out += ' ';
        append_weight(out, graph.neighbor_weights(u)[i]);
      }
    }
    out += '\n';
  });
}

void write_snap(const Graph& graph, TextSink& sink, const std::string& name) {
  const bool undirected = !graph.directed();
  const bool weighted = graph.has_weights();
  auto keep = [undirected](VertexId u, VertexId v) { return !undirected || u <= v; };
  const std::uint64_t lines = count_arcs(graph, keep);
  std::string header = undirected
                           ? "# Undirected graph (each edge once, u <= v), written by frontier\n"
                           : "# Directed graph, written by frontier\n";
  header += "# Nodes: ";
  append_uint(header, static_cast<std::uint64_t>(graph.num_vertices()));
  header += " Edges: ";
  append_uint(header, lines);
  header += weighted ? "\n# FromNodeId\tToNodeId\tWeight\n" : "\n# FromNodeId\tToNodeId\n";
  sink.write(header);
  write_vertices(graph, sink, "writing " + name, [&](VertexId u, std::string& out) {
    const auto targets = graph.neighbors(u);
    for (std::size_t i = 0; i < targets.size(); ++i) {
      if (!keep(u, targets[i])) continue;
      append_uint(out, static_cast<std::uint64_t>(u));
      out += '\t';
      append_uint(out, static_cast<std::uint64_t>(targets[i]));
      if (weighted) {
        out += '\t';
        append_weight(out, graph.neighbor_weights(u)[i]);
      }
      out += '\n';
    }
  });
}

}  // namespace

void write_graph(const Graph& graph, const std::filesystem::path& path, GraphFormat format) {
  if (format == GraphFormat::Auto) format = format_from_extension(path);
  const bool gzip = has_gzip_suffix(path);
  if (format == GraphFormat::BinaryCsr) {
    if (gzip) throw InvalidArgument("binary CSR files are not compressed: drop the .gz suffix");
    write_binary_csr(graph, path);
    return;
  }
  const std::string name = path.string();
  TextSink sink(path, gzip);
  switch (format) {
    case GraphFormat::MatrixMarket:
      write_mtx(graph, sink, name);
      break;
    case GraphFormat::Dimacs9:
      write_dimacs9(graph, sink, name);
      break;
    case GraphFormat::Metis:
      write_metis(graph, sink, name);
      break;
    case GraphFormat::Snap:
      write_snap(graph, sink, name);
      break;
    default:
      throw InvalidArgument("cannot write format " + std::string(to_string(format)));
  }
  sink.close();
}

}  // namespace frontier::io
