#include "list_input.hpp"

#include <charconv>
#include <fstream>
#include <limits>

#include "frontier/errors.hpp"
#include "frontier/io/generate_list.hpp"
#include "options.hpp"

namespace frontier::cli {

std::vector<VertexId> read_successor_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw IoError(path, 0, "cannot open file");
  std::vector<VertexId> successor;
  std::string line;
  std::size_t line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    const char* cursor = line.data();
    const char* end = line.data() + line.size();
    while (cursor < end) {
      while (cursor < end && (*cursor == ' ' || *cursor == '\t' || *cursor == '\r')) ++cursor;
      if (cursor == end || *cursor == '#') break;
      const char* token_end = cursor;
      while (token_end < end && *token_end != ' ' && *token_end != '\t' && *token_end != '\r') {
        ++token_end;
      }
      std::int64_t value = 0;
      const auto parsed = std::from_chars(cursor, token_end, value);
      if (parsed.ec != std::errc() || parsed.ptr != token_end) {
        throw IoError(path, line_number, "successor is not an integer",
                      std::string(cursor, token_end));
      }
      if (value < -1 || value > std::numeric_limits<VertexId>::max()) {
        throw IoError(path, line_number, "successor must be -1 (tail) or a node id",
                      std::string(cursor, token_end));
      }
      successor.push_back(static_cast<VertexId>(value));
      cursor = token_end;
    }
  }
  if (in.bad()) throw IoError(path, line_number, "read error");
  for (std::size_t v = 0; v < successor.size(); ++v) {
    if (successor[v] >= static_cast<VertexId>(successor.size())) {
      throw IoError(path, 0,
                    "node " + std::to_string(v) + " has successor " + std::to_string(successor[v]) +
                        " but the file lists only " + std::to_string(successor.size()) + " nodes");
    }
  }
  return successor;
}

std::vector<VertexId> make_list(const std::string& spec, std::int64_t n, std::int64_t lists,
                                std::uint64_t seed) {
  std::int64_t stride = 1;
  std::string kind = spec;
  if (spec.rfind("stride:", 0) == 0) {
    kind = "stride";
    const std::string digits = spec.substr(7);
    const auto parsed = std::from_chars(digits.data(), digits.data() + digits.size(), stride);
    if (parsed.ec != std::errc() || parsed.ptr != digits.data() + digits.size() || stride < 1) {
      throw UsageError("--list stride:D needs a positive integer D, not '" + digits + "'");
    }
  } else if (spec == "stride") {
    throw UsageError("--list stride needs its stride: stride:D (e.g. stride:1001)");
  }
  if (kind != "random" && kind != "ordered" && kind != "stride") {
    return read_successor_file(spec);
  }
  const ListKind list_kind = parse_list_kind(kind);
  if (lists == 1) return io::generate_list<VertexId>(list_kind, n, seed, stride);
  return io::generate_list_forest<VertexId>(list_kind, n, lists, seed, stride);
}

}  // namespace frontier::cli
