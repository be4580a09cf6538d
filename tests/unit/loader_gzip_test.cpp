// Transparent gzip: streams built independently of zlib's deflater (stored blocks, see
// loader_test_files.hpp) read like the plain text, whatever the file name; multi-member streams
// are read whole; every truncation, a bad checksum and trailing garbage are clear IoErrors.
#include <gtest/gtest.h>

#include <string>

#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"
#include "support/csr_expectations.hpp"
#include "support/gzip_stored.hpp"
#include "support/temp_files.hpp"
#include "support/test_paths.hpp"

namespace frontier::io {
namespace {

using test::gzip_stored;
using test::TempDir;
using test::write_file;

const std::string kMtx =
    "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 2\n4 3\n";

TEST(LoaderGzip, GzipIsDetectedByMagicBytesNotByName) {
  TempDir dir;
  const Graph plain = read_graph(write_file(dir / "plain.mtx", kMtx)).graph;
  for (const char* name : {"a.mtx.gz", "b.mtx"}) {
    SCOPED_TRACE(name);
    const auto loaded = read_graph(write_file(dir / name, gzip_stored(kMtx)));
    EXPECT_TRUE(loaded.info.gzip);
    EXPECT_EQ(loaded.info.bytes, kMtx.size());
    test::expect_same_graph(loaded.graph, plain);
  }
  // Plain text under a .gz name is read as plain text.
  const auto misnamed = read_graph(write_file(dir / "c.mtx.gz", kMtx));
  EXPECT_FALSE(misnamed.info.gzip);
  test::expect_same_graph(misnamed.graph, plain);
}

TEST(LoaderGzip, EveryFormatReadsThroughGzip) {
  TempDir dir;
  const std::pair<const char*, std::string> files[] = {
      {"g.gr", "p sp 2 1\na 1 2 3\n"},
      {"g.graph", "2 1\n2\n1\n"},
      {"g.txt", "0 1\r\n1 0\r\n"},
  };
  for (const auto& [name, text] : files) {
    SCOPED_TRACE(name);
    const Graph plain = read_graph(write_file(dir / name, text)).graph;
    const auto packed =
        read_graph(write_file(dir / (std::string(name) + ".gz"), gzip_stored(text)));
    EXPECT_TRUE(packed.info.gzip);
    test::expect_same_graph(packed.graph, plain);
  }
}

TEST(LoaderGzip, LargeStreamWithManyBlocksAndMembers) {
  TempDir dir;
  std::string text = "# big\n";
  for (int i = 0; i < 60000; ++i) {
    text += std::to_string(uniform_below(counter_random(61, i), 5000)) + " " +
            std::to_string(uniform_below(counter_random(62, i), 5000)) + "\n";
  }
  ASSERT_GT(text.size(), 5u * 65535u);  // several stored blocks
  const Graph plain = read_graph(write_file(dir / "big.txt", text)).graph;
  const auto one_member = read_graph(write_file(dir / "one.txt.gz", gzip_stored(text)));
  test::expect_same_graph(one_member.graph, plain);
  // `cat a.gz b.gz` is a valid gzip file holding both texts.
  const std::size_t half = text.find('\n', text.size() / 2) + 1;
  const std::string two = gzip_stored(text.substr(0, half)) + gzip_stored(text.substr(half));
  const auto two_members = read_graph(write_file(dir / "two.txt.gz", two));
  EXPECT_EQ(two_members.info.bytes, text.size());
  test::expect_same_graph(two_members.graph, plain);
}

TEST(LoaderGzip, EveryTruncationIsAnError) {
  TempDir dir;
  const std::string packed = gzip_stored(kMtx);
  for (std::size_t cut = 2; cut < packed.size(); ++cut) {
    SCOPED_TRACE("cut at " + std::to_string(cut));
    const auto path = write_file(dir / "cut.mtx.gz", packed.substr(0, cut));
    try {
      read_graph(path);
      ADD_FAILURE() << "no error";
    } catch (const IoError& error) {
      EXPECT_EQ(error.file(), path.string());
      EXPECT_NE(std::string(error.what()).find("gzip"), std::string::npos) << error.what();
    }
  }
}

TEST(LoaderGzip, TruncatedDeflateStreamFromGzipToolIsAnError) {
  TempDir dir;
  const std::string packed = test::read_file(test::bundled_dataset("tiny_undirected.mtx.gz"));
  ASSERT_GT(packed.size(), 40u);
  const auto path = write_file(dir / "half.mtx.gz", packed.substr(0, packed.size() / 2));
  try {
    read_graph(path);
    ADD_FAILURE() << "no error";
  } catch (const IoError& error) {
    EXPECT_NE(std::string(error.what()).find("truncated"), std::string::npos) << error.what();
  }
}

TEST(LoaderGzip, ChecksumMismatchAndTrailingGarbageAreErrors) {
  TempDir dir;
  std::string packed = gzip_stored(kMtx);
  std::string bad_crc = packed;
  bad_crc[bad_crc.size() - 8] ^= 0x5a;  // first CRC byte
  EXPECT_THROW(read_graph(write_file(dir / "crc.mtx.gz", bad_crc)), IoError);
  EXPECT_THROW(read_graph(write_file(dir / "junk.mtx.gz", packed + "junk")), IoError);
  // Zero padding after the stream (some tools write it) is accepted.
  const Graph padded =
      read_graph(write_file(dir / "pad.mtx.gz", packed + std::string(16, '\0'))).graph;
  EXPECT_EQ(padded.num_arcs(), 6);
}

}  // namespace
}  // namespace frontier::io
