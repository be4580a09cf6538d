// Helpers for the loader tests: a temporary folder, file writing, an independent gzip encoder and
// exact CSR comparison.
//
// gzip_stored() builds a gzip stream by hand (RFC 1952 wrapper around RFC 1951 *stored* blocks,
// with a bit-by-bit CRC-32), so the tests exercise the reader's inflater on bytes that do not
// come from the code under test or from zlib's deflater.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "frontier/csr_graph.hpp"

namespace frontier::test {

/// A fresh folder under the system temp dir, removed with its contents on destruction.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("frontier_loader_test_" + std::to_string(::getpid()) + "_" +
             std::to_string(counter.fetch_add(1)));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

/// Writes `bytes` to `path` exactly (binary mode).
inline std::filesystem::path write_file(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write test file " + path.string());
  return path;
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), bit by bit.
inline std::uint32_t crc32_of(std::string_view bytes) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : bytes) {
    crc ^= byte;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

/// A gzip member holding `bytes` in stored (uncompressed) deflate blocks.
inline std::string gzip_stored(std::string_view bytes) {
  constexpr std::size_t kMaxStored = 65535;
  std::string out = {'\x1f', '\x8b', '\x08', '\0', '\0', '\0', '\0', '\0', '\0', '\x03'};
  std::size_t pos = 0;
  do {
    const std::size_t len = std::min(kMaxStored, bytes.size() - pos);
    const bool final_block = pos + len == bytes.size();
    out.push_back(final_block ? '\x01' : '\x00');
    const std::uint16_t n = static_cast<std::uint16_t>(len);
    const std::uint16_t complement = static_cast<std::uint16_t>(~n);
    out.push_back(static_cast<char>(n & 0xFF));
    out.push_back(static_cast<char>(n >> 8));
    out.push_back(static_cast<char>(complement & 0xFF));
    out.push_back(static_cast<char>(complement >> 8));
    out.append(bytes.substr(pos, len));
    pos += len;
  } while (pos < bytes.size());
  auto put32 = [&out](std::uint32_t value) {
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<char>((value >> (8 * k)) & 0xFF));
  };
  put32(crc32_of(bytes));
  put32(static_cast<std::uint32_t>(bytes.size()));
  return out;
}

/// Asserts that `graph` has exactly these arrays and direction (weights empty = unweighted).
inline void expect_csr(const Graph& graph, const std::vector<EdgeId>& offsets,
                       const std::vector<VertexId>& targets, const std::vector<Weight>& weights,
                       bool directed) {
  EXPECT_EQ(graph.offsets(), offsets);
  EXPECT_EQ(graph.targets(), targets);
  EXPECT_EQ(graph.weights(), weights);
  EXPECT_EQ(graph.directed(), directed);
  EXPECT_NO_THROW(graph.check_invariants());
}

/// Asserts that two graphs are identical (arrays and direction).
inline void expect_same_graph(const Graph& actual, const Graph& expected) {
  EXPECT_EQ(actual.offsets(), expected.offsets());
  EXPECT_EQ(actual.targets(), expected.targets());
  EXPECT_EQ(actual.weights(), expected.weights());
  EXPECT_EQ(actual.directed(), expected.directed());
}

}  // namespace frontier::test
