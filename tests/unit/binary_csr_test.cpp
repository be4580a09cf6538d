// Binary CSR (.fcsr): exact round trips of every graph kind, and one test per way a file can be
// wrong — each must be a clear IoError naming the file, never a crash or a garbage graph.
#include "frontier/io/binary_csr.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "support/csr_expectations.hpp"
#include "support/temp_files.hpp"
#include "support/test_graphs.hpp"

namespace frontier::io {
namespace {

namespace fs = std::filesystem;

// Byte positions of the header fields (see binary_csr.cpp).
constexpr std::size_t kVersionAt = 8;
constexpr std::size_t kVertexBytesAt = 12;
constexpr std::size_t kEdgeBytesAt = 16;
constexpr std::size_t kFlagsAt = 20;
constexpr std::size_t kVerticesAt = 24;
constexpr std::size_t kArcsAt = 32;
constexpr std::size_t kChecksumAt = 40;
constexpr std::size_t kReservedAt = 48;
constexpr std::size_t kHeaderBytes = 64;

class BinaryCsr : public ::testing::Test {
 protected:
  fs::path file(const std::string& name) const { return dir_ / name; }

  static std::vector<unsigned char> load(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  static void store(const fs::path& path, const std::vector<unsigned char>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
  }
  template <typename T>
  static void poke(std::vector<unsigned char>& bytes, std::size_t at, T value) {
    std::memcpy(bytes.data() + at, &value, sizeof(value));
  }

  // Writes `graph`, lets `damage` edit the bytes, and expects read_binary_csr to throw an
  // IoError for that file whose message contains `expected`.
  template <typename Damage>
  void expect_rejected(const Graph& graph, Damage damage, const std::string& expected) {
    const fs::path path = file("damaged.fcsr");
    write_binary_csr(graph, path);
    auto bytes = load(path);
    damage(bytes);
    store(path, bytes);
    try {
      read_binary_csr(path);
      ADD_FAILURE() << "no error; expected one containing '" << expected << "'";
    } catch (const IoError& error) {
      EXPECT_EQ(error.file(), path.string());
      EXPECT_NE(std::string(error.what()).find(expected), std::string::npos)
          << "message: " << error.what();
      EXPECT_NE(std::string(error.what()).find(path.string()), std::string::npos);
    }
  }

  test::TempDir dir_;
};

Graph small_graph(bool directed, bool weighted) {
  auto edges = test::edge_list<std::int32_t>(5, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 4}}, directed);
  if (weighted) edges.weights = {1.5f, 2.0f, 0.25f, 8.0f, 3.0f};
  CsrBuildOptions options;
  options.symmetrize = !directed;
  return build_csr<std::int32_t, EdgeId>(edges, options);
}

Graph random_graph(bool weighted) {
  auto edges = test::random_edge_list<std::int32_t>(70000, 400000, 23, true);
  if (weighted) {
    edges.weights.resize(edges.size());
    for (std::size_t i = 0; i < edges.size(); ++i) {
      edges.weights[i] = static_cast<Weight>(unit_double(counter_random(24, i)));
    }
  }
  return build_csr<std::int32_t, EdgeId>(edges);
}

TEST_F(BinaryCsr, RoundTripsEveryKind) {
  for (const bool directed : {false, true}) {
    for (const bool weighted : {false, true}) {
      const Graph graph = small_graph(directed, weighted);
      const fs::path path = file("small.fcsr");
      write_binary_csr(graph, path);
      EXPECT_EQ(fs::file_size(path),
                kHeaderBytes + 6 * sizeof(EdgeId) + graph.targets().size() * (weighted ? 8 : 4));
      const Graph loaded = read_binary_csr(path);
      test::expect_same_graph(graph, loaded);
      EXPECT_EQ(loaded.has_weights(), weighted);
    }
  }
}

TEST_F(BinaryCsr, RoundTripsEmptyAndSingleVertexGraphs) {
  const Graph empty;
  write_binary_csr(empty, file("empty.fcsr"));
  EXPECT_EQ(fs::file_size(file("empty.fcsr")), kHeaderBytes + sizeof(EdgeId));
  const Graph loaded = read_binary_csr(file("empty.fcsr"));
  EXPECT_EQ(loaded.num_vertices(), 0);
  EXPECT_EQ(loaded.num_arcs(), 0);

  const Graph one({0, 0}, {}, {}, true);
  write_binary_csr(one, file("one.fcsr"));
  test::expect_same_graph(one, read_binary_csr(file("one.fcsr")));
}

TEST_F(BinaryCsr, RoundTripsLargeGraphsSpanningManyHashBlocks) {
  for (const bool weighted : {false, true}) {
    const Graph graph = random_graph(weighted);
    write_binary_csr(graph, file("large.fcsr"));
    test::expect_same_graph(graph, read_binary_csr(file("large.fcsr")));
  }
}

TEST_F(BinaryCsr, SameBytesWhateverTheThreadCount) {
  const Graph graph = random_graph(true);
  write_binary_csr(graph, file("a.fcsr"));
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  write_binary_csr(graph, file("b.fcsr"));
  omp_set_num_threads(threads);
  EXPECT_EQ(load(file("a.fcsr")), load(file("b.fcsr")));
}

TEST_F(BinaryCsr, MissingFile) {
  EXPECT_THROW(read_binary_csr(file("absent.fcsr")), IoError);
  try {
    read_binary_csr(file("absent.fcsr"));
  } catch (const IoError& error) {
    EXPECT_NE(std::string(error.what()).find("cannot open"), std::string::npos);
    EXPECT_EQ(error.file(), file("absent.fcsr").string());
  }
}

TEST_F(BinaryCsr, ShorterThanHeader) {
  const Graph graph = small_graph(false, false);
  expect_rejected(
      graph, [](auto& b) { b.clear(); }, "truncated");
  expect_rejected(
      graph, [](auto& b) { b.resize(63); }, "shorter than the 64-byte");
}

TEST_F(BinaryCsr, WrongMagic) {
  expect_rejected(
      small_graph(false, false), [](auto& b) { b[0] = 'X'; }, "bad magic");
  // A text file is not mistaken for a graph.
  expect_rejected(
      small_graph(false, false), [](auto& b) { std::memcpy(b.data(), "%%MatrixMarket", 14); },
      "bad magic");
}

TEST_F(BinaryCsr, UnsupportedVersion) {
  expect_rejected(
      small_graph(false, false), [](auto& b) { poke<std::uint32_t>(b, kVersionAt, 2); },
      "unsupported binary CSR version 2");
  expect_rejected(
      small_graph(false, false), [](auto& b) { poke<std::uint32_t>(b, kVersionAt, 0); },
      "unsupported binary CSR version 0");
}

TEST_F(BinaryCsr, WidthMismatch) {
  expect_rejected(
      small_graph(true, false), [](auto& b) { poke<std::uint32_t>(b, kVertexBytesAt, 8); },
      "stores 8-byte vertex ids");
  expect_rejected(
      small_graph(true, false), [](auto& b) { poke<std::uint32_t>(b, kEdgeBytesAt, 4); },
      "width mismatch");
}

TEST_F(BinaryCsr, UnknownFlags) {
  expect_rejected(
      small_graph(true, false), [](auto& b) { poke<std::uint32_t>(b, kFlagsAt, 1u << 5); },
      "unknown header flags");
}

TEST_F(BinaryCsr, TruncatedPayload) {
  const Graph graph = small_graph(false, true);
  expect_rejected(
      graph, [](auto& b) { b.pop_back(); }, "truncated");
  expect_rejected(
      graph, [](auto& b) { b.resize(kHeaderBytes); }, "truncated");
  // Dropping the weights of a weighted graph.
  expect_rejected(
      graph, [&](auto& b) { b.resize(b.size() - 4 * graph.targets().size()); }, "truncated");
}

TEST_F(BinaryCsr, HeaderClaimsMoreThanTheFileHolds) {
  const Graph graph = small_graph(true, false);
  expect_rejected(
      graph, [](auto& b) { poke<std::uint64_t>(b, kArcsAt, 1000); }, "truncated");
  // Counts whose byte size overflows 64 bits are caught before any allocation.
  expect_rejected(
      graph, [](auto& b) { poke<std::uint64_t>(b, kArcsAt, std::uint64_t{1} << 62); },
      "more than 2^64");
  expect_rejected(
      graph, [](auto& b) { poke<std::uint64_t>(b, kVerticesAt, std::uint64_t{1} << 40); },
      "vertices, more than");
  expect_rejected(
      graph, [](auto& b) { poke<std::uint64_t>(b, kVerticesAt, 100); }, "truncated");
}

TEST_F(BinaryCsr, TrailingBytes) {
  expect_rejected(
      small_graph(true, false), [](auto& b) { b.push_back(0); }, "size mismatch");
}

TEST_F(BinaryCsr, ChecksumMismatchAnywhere) {
  const Graph graph = small_graph(false, true);
  const std::size_t targets_at = kHeaderBytes + 6 * sizeof(EdgeId);
  const std::size_t weights_at = targets_at + graph.targets().size() * sizeof(std::int32_t);
  // A damaged offset, target or weight (values still plausible), a flipped directed flag, a
  // damaged checksum, a damaged reserved byte.
  expect_rejected(
      graph, [](auto& b) { b[kHeaderBytes + 8] ^= 1; }, "checksum mismatch");
  expect_rejected(
      graph, [&](auto& b) { b[targets_at] ^= 1; }, "checksum mismatch");
  expect_rejected(
      graph, [&](auto& b) { b[weights_at + 2] ^= 0x10; }, "checksum mismatch");
  expect_rejected(
      graph, [](auto& b) { b[kFlagsAt] ^= 1; }, "checksum mismatch");
  expect_rejected(
      graph, [](auto& b) { b[kChecksumAt] ^= 0x80; }, "checksum mismatch");
  expect_rejected(
      graph, [](auto& b) { b[kReservedAt + 3] = 7; }, "checksum mismatch");
}

TEST_F(BinaryCsr, ChecksumMismatchInALargeFile) {
  const Graph graph = random_graph(false);
  // Swap two 4-byte targets deep in the file: same multiset of bytes, different order.
  const std::size_t targets_at =
      kHeaderBytes + graph.offsets().size() * sizeof(EdgeId) + 1000 * sizeof(std::int32_t);
  ASSERT_NE(graph.targets()[1000], graph.targets()[300000]);
  expect_rejected(
      graph,
      [&](auto& b) {
        const std::size_t other = targets_at + 299000 * sizeof(std::int32_t);
        for (std::size_t i = 0; i < 4; ++i) std::swap(b[targets_at + i], b[other + i]);
      },
      "checksum mismatch");
}

TEST_F(BinaryCsr, InvalidCsrWithMatchingChecksum) {
  // The writer stores what it is given; the reader's CSR checks catch a bad graph.
  const auto untouched = [](auto&) {};
  expect_rejected(Graph({0, 2, 1, 3}, {1, 2, 0}, {}, true), untouched,
                  "offsets decrease at vertex 1");
  expect_rejected(Graph({0, 1, 2}, {1, 5}, {}, true), untouched, "points to vertex 5");
  expect_rejected(Graph({0, 1, 2}, {-3, 0}, {}, true), untouched, "points to vertex -3");
  expect_rejected(Graph({1, 1, 2}, {0, 1}, {}, true), untouched, "offsets[0] is 1");
}

TEST_F(BinaryCsr, InvalidCsrFoundInAnyBlockAndAcrossBlockEdges) {
  // Offsets are checked block by block (32768 offsets per 256 KiB block) and across the block
  // edges; targets likewise. A path-like graph of 100000 vertices, one arc each.
  constexpr std::int32_t kN = 100000;
  constexpr std::int64_t kPerBlock = 32768;
  auto make = [&](auto damage) {
    std::vector<EdgeId> offsets(kN + 1);
    std::vector<std::int32_t> targets(kN);
    for (std::int32_t v = 0; v <= kN; ++v) offsets[v] = v;
    for (std::int32_t v = 0; v < kN; ++v) targets[v] = (v + 1) % kN;
    damage(offsets, targets);
    return Graph(std::move(offsets), std::move(targets), {}, true);
  };
  const auto untouched = [](auto&) {};
  const Graph intact = make([](auto&, auto&) {});
  write_binary_csr(intact, file("intact.fcsr"));
  test::expect_same_graph(intact, read_binary_csr(file("intact.fcsr")));
  // Decrease exactly across the first block edge: offsets[32767] = 32767 > offsets[32768].
  expect_rejected(make([&](auto& offsets, auto&) { offsets[kPerBlock] = kPerBlock - 2; }),
                  untouched, "offsets decrease at vertex 32767");
  // Decrease inside the third block, and the smaller of two breaches is named.
  expect_rejected(make([&](auto& offsets, auto&) {
                    offsets[2 * kPerBlock + 10] = 5;
                    offsets[3 * kPerBlock + 10] = 5;
                  }),
                  untouched, "offsets decrease at vertex 65545");
  expect_rejected(make([](auto&, auto& targets) {
                    targets[99999] = kN;
                    targets[70001] = -1;
                  }),
                  untouched, "arc 70001 points to vertex -1");
}

TEST_F(BinaryCsr, UnwritablePath) {
  EXPECT_THROW(write_binary_csr(small_graph(true, false), file("no_such_dir") / "x.fcsr"), IoError);
}

}  // namespace
}  // namespace frontier::io
