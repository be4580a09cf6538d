// graph_size.cpp — a graph file's size from its header, or from a scan of its lines, without
// building the graph (see graph_size.hpp for what each format gives).
#include "frontier/io/graph_size.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/binary_csr.hpp"
#include "text_source.hpp"

namespace frontier::io {
namespace {

// Calls `visit` with every line (without its line ending) until it returns false.
using LineVisitor = std::function<bool(std::string_view line)>;

class LineSource {
 public:
  // A plain file is streamed; a compressed file or an archive member is decompressed whole.
  LineSource(const std::filesystem::path& path, const ReadOptions& options) : name_(path.string()) {
    if (is_compressed_name(path) || is_archive_name(path)) {
      text_ = read_text_file(path, options.member);
      text_bytes_ = text_.size();
      member_ = text_.origin().member;
    } else {
      if (!std::filesystem::is_regular_file(path)) throw IoError(name_, 0, "not a regular file");
      text_bytes_ = std::filesystem::file_size(path);
      streamed_ = true;
    }
  }

  void for_each_line(const LineVisitor& visit) const {
    if (streamed_) {
      std::ifstream in(name_, std::ios::binary);
      if (!in) throw IoError(name_, 0, "cannot open the file");
      std::string line;
      while (std::getline(in, line)) {
        if (!visit(trimmed(line))) return;
      }
      return;
    }
    std::string_view rest = text_.text();
    while (!rest.empty()) {
      const std::size_t end = rest.find('\n');
      if (!visit(trimmed(rest.substr(0, end)))) return;
      if (end == std::string_view::npos) return;
      rest.remove_prefix(end + 1);
    }
  }

  const std::string& name() const { return name_; }
  const std::string& member() const { return member_; }
  std::uint64_t text_bytes() const { return text_bytes_; }

 private:
  static std::string_view trimmed(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
  }

  std::string name_;
  TextBuffer text_;
  std::string member_;
  std::uint64_t text_bytes_ = 0;
  bool streamed_ = false;
};

// The whitespace-separated words of a line.
std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

bool parse_count(std::string_view word, std::uint64_t& value) {
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  return error == std::errc() && end == word.data() + word.size();
}

// The first line that `is_header` accepts, split into words; IoError naming `what` when the file
// has none.
std::vector<std::string_view> header_words(const LineSource& source,
                                           const std::function<bool(std::string_view)>& is_header,
                                           std::string& kept, const std::string& what) {
  bool found = false;
  source.for_each_line([&](std::string_view line) {
    if (!is_header(line)) return true;
    kept = std::string(line);
    found = true;
    return false;
  });
  if (!found) throw IoError(source.name(), 0, "no " + what + " line found");
  return words_of(kept);
}

// A line that is neither blank nor a '%' comment (Matrix Market and METIS headers).
bool is_content_line(std::string_view line) {
  return !line.empty() && line.front() != '%' && !words_of(line).empty();
}

std::uint64_t count_word(const LineSource& source, std::string_view word, const std::string& what) {
  std::uint64_t value = 0;
  if (!parse_count(word, value)) throw IoError(source.name(), 0, "bad " + what, std::string(word));
  return value;
}

void size_matrix_market(const LineSource& source, const ReadOptions& options, GraphFileSize& size) {
  std::string banner;
  source.for_each_line([&](std::string_view line) {
    banner = std::string(line);
    return false;
  });
  std::string lowered;
  for (const char c : banner)
    lowered += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const bool general = lowered.find("general") != std::string::npos;
  const bool pattern = lowered.find("pattern") != std::string::npos;
  std::string kept;
  const auto words = header_words(source, is_content_line, kept, "Matrix Market size");
  if (words.size() < 3) throw IoError(source.name(), 0, "bad Matrix Market size line", kept);
  const std::uint64_t rows = count_word(source, words[0], "row count");
  const std::uint64_t columns = count_word(source, words[1], "column count");
  const std::uint64_t entries = count_word(source, words[2], "entry count");
  size.vertices = std::max(rows, columns);
  size.directed = general;
  size.file_arcs = general ? entries : 2 * entries;
  size.weighted = !pattern && options.keep_weights;
  size.exact = general;
  size.method = "header";
}

void size_dimacs9(const LineSource& source, const ReadOptions& options, GraphFileSize& size) {
  std::string kept;
  const auto words = header_words(
      source, [](std::string_view line) { return line.substr(0, 2) == "p "; }, kept,
      "DIMACS9 problem (p sp n m)");
  if (words.size() < 4) throw IoError(source.name(), 0, "bad DIMACS9 problem line", kept);
  size.vertices = count_word(source, words[2], "vertex count");
  size.file_arcs = count_word(source, words[3], "arc count");
  size.directed = true;
  size.weighted = options.keep_weights;
  size.exact = true;
  size.method = "header";
}

void size_metis(const LineSource& source, const ReadOptions& options, GraphFileSize& size) {
  std::string kept;
  const auto words = header_words(source, is_content_line, kept, "METIS header (n m [fmt])");
  if (words.size() < 2) throw IoError(source.name(), 0, "bad METIS header line", kept);
  size.vertices = count_word(source, words[0], "vertex count");
  size.file_arcs = 2 * count_word(source, words[1], "edge count");
  const bool edge_weights = words.size() >= 3 && !words[2].empty() && words[2].back() == '1';
  size.directed = false;
  size.weighted = edge_weights && options.keep_weights;
  size.exact = true;
  size.method = "header";
}

void size_snap(const LineSource& source, const ReadOptions& options, GraphFileSize& size) {
  std::uint64_t lines = 0;
  std::uint64_t largest = 0;
  bool any = false;
  bool weights = false;
  source.for_each_line([&](std::string_view line) {
    const auto words = words_of(line);
    if (words.empty() || words[0].front() == '#' || words[0].front() == '%') return true;
    std::uint64_t u = 0;
    std::uint64_t v = 0;
    if (words.size() >= 2 && parse_count(words[0], u) && parse_count(words[1], v)) {
      largest = std::max({largest, u, v});
      any = true;
    }
    weights = weights || words.size() >= 3;
    ++lines;
    return true;
  });
  size.vertices = any ? largest + 1 : 0;
  size.file_arcs = lines;
  size.directed = true;
  size.weighted = weights && options.keep_weights;
  // Renumbering keeps the ids that occur: at most largest + 1 of them.
  size.exact = !options.renumber;
  size.method = "scan";
}

}  // namespace

GraphFileSize graph_file_size(const std::filesystem::path& path, const ReadOptions& options) {
  GraphFileSize size;
  size.format = options.format == GraphFormat::Auto ? format_from_extension(path) : options.format;
  if (size.format == GraphFormat::BinaryCsr) {
    const BinaryCsrShape shape = read_binary_csr_shape(path);
    size.vertices = shape.num_vertices;
    size.file_arcs = shape.num_arcs;
    size.directed = shape.directed;
    size.weighted = shape.weighted && options.keep_weights;
    size.exact = true;
    size.method = "fcsr header";
  } else {
    const LineSource source(path, options);
    size.text_bytes = source.text_bytes();
    if (size.format == GraphFormat::Auto) size.format = format_named_by(source.member());
    switch (size.format) {
      case GraphFormat::MatrixMarket:
        size_matrix_market(source, options, size);
        break;
      case GraphFormat::Dimacs9:
        size_dimacs9(source, options, size);
        break;
      case GraphFormat::Metis:
        size_metis(source, options, size);
        break;
      case GraphFormat::Snap:
        size_snap(source, options, size);
        break;
      default:
        throw IoError(source.name(), 0,
                      "cannot tell the graph format from the name; pass --format (mtx, gr, metis "
                      "or snap)");
    }
  }
  const bool symmetrized = options.symmetrize && size.directed;
  size.arcs = symmetrized ? 2 * size.file_arcs : size.file_arcs;
  size.directed = size.directed && !options.symmetrize;
  if (options.remove_self_loops || options.remove_duplicates) size.exact = false;
  return size;
}

}  // namespace frontier::io
