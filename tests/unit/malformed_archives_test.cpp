// Malformed compressed files and archives, and inputs that are no regular file: each must throw
// IoError naming the file with a message that says what is wrong, quickly and in bounded memory.
// Rows: a truncated and a corrupt stream of every compression, trailing bytes, a header cut
// short, truncated tar archives, missing or ambiguous archive members, a FIFO (must not block),
// /dev/zero (must not be read), a decompression bomb of every compression (refused after its
// first block), and binary input under --format (no raw bytes in the message).
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "support/archive_files.hpp"
#include "support/temp_files.hpp"

namespace frontier::io {
namespace {

using test::archived;
using test::compressed;
using test::kCompressions;
using test::TempDir;
using test::write_file;

const std::string kMtx =
    "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 2\n4 3\n";

// A few kB of edges, so that a stream has a middle to cut or damage.
std::string larger_mtx() {
  std::string text = "%%MatrixMarket matrix coordinate pattern general\n1000 1000 2000\n";
  for (int i = 0; i < 2000; ++i) {
    text += std::to_string(1 + (i * 7919) % 1000) + " " + std::to_string(1 + (i * 104729) % 1000) +
            "\n";
  }
  return text;
}

// Reads `path` and returns the IoError's message; fails the test when nothing is thrown.
std::string read_error(const std::filesystem::path& path, const ReadOptions& options = {}) {
  try {
    read_graph(path, options);
    ADD_FAILURE() << "no error for " << path;
  } catch (const IoError& error) {
    EXPECT_EQ(error.file().rfind(path.string(), 0), 0u) << error.what();
    return error.what();
  } catch (const std::exception& error) {
    ADD_FAILURE() << "wrong exception type: " << error.what();
  }
  return {};
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

bool printable(const std::string& text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return c == '\t' || (c >= 0x20 && c < 0x7f); });
}

TEST(MalformedArchives, TruncatedStreamOfEveryCompressionIsAnError) {
  TempDir dir;
  const std::string text = larger_mtx();
  for (const auto& [compression, extension] : kCompressions) {
    const std::string packed = compressed(text, compression);
    for (const std::size_t cut : {packed.size() / 2, packed.size() - 1}) {
      SCOPED_TRACE(std::string(compression) + " cut at " + std::to_string(cut));
      const std::string message =
          read_error(write_file(dir / ("cut.mtx" + std::string(extension)), packed.substr(0, cut)));
      EXPECT_TRUE(contains(message, std::string(compression) + " stream is truncated") ||
                  contains(message, "corrupt " + std::string(compression) + " stream"))
          << message;
    }
  }
}

TEST(MalformedArchives, CorruptStreamOfEveryCompressionIsAnError) {
  TempDir dir;
  const std::string text = larger_mtx();
  for (const auto& [compression, extension] : kCompressions) {
    SCOPED_TRACE(compression);
    std::string damaged = compressed(text, compression);
    if (std::string(compression) == "zstd") {
      // libarchive's writer adds no content checksum, so damaged zstd data would decode to other
      // text; damage the frame header (a reserved bit) instead.
      damaged[4] = static_cast<char>(damaged[4] | 0x08);
    } else {
      for (std::size_t i = damaged.size() / 2; i < damaged.size() / 2 + 8; ++i) damaged[i] ^= 0x55;
    }
    const std::string message =
        read_error(write_file(dir / ("bad.mtx" + std::string(extension)), damaged));
    EXPECT_TRUE(contains(message, compression)) << message;
    EXPECT_TRUE(printable(message)) << message;
  }
}

TEST(MalformedArchives, HeaderCutShortIsAnError) {
  TempDir dir;
  for (const auto& [compression, extension] : kCompressions) {
    SCOPED_TRACE(compression);
    const std::string packed = compressed(kMtx, compression);
    const std::string message =
        read_error(write_file(dir / ("head.mtx" + std::string(extension)), packed.substr(0, 4)));
    EXPECT_TRUE(contains(message, compression)) << message;
  }
}

// gzip and bzip2 streams may be followed by zero padding (some tools write it), xz by stream
// padding (zeros, a multiple of 4 bytes); zstd allows none. The gzip and bzip2 decoders stop at
// the end of their stream, so the reader checks what follows; xz and zstd decode on and fail.
TEST(MalformedArchives, BytesAfterTheStreamAreAnErrorButZeroPaddingIsNot) {
  TempDir dir;
  for (const auto& [compression, extension] : kCompressions) {
    SCOPED_TRACE(compression);
    const std::string packed = compressed(kMtx, compression);
    const std::string name = "g.mtx" + std::string(extension);
    const std::string message = read_error(write_file(dir / name, packed + "junk after it"));
    EXPECT_TRUE(contains(message, "unexpected bytes after the end of the " +
                                      std::string(compression) + " stream") ||
                contains(message, "corrupt " + std::string(compression) + " stream"))
        << message;
    if (std::string(compression) == "zstd") continue;
    const auto padded = read_graph(write_file(dir / name, packed + std::string(512, '\0')));
    EXPECT_EQ(padded.graph.num_arcs(), 6);
  }
}

TEST(MalformedArchives, TruncatedTarIsAnError) {
  TempDir dir;
  const std::string tar = archived({{"g/g.mtx", larger_mtx()}}, "tar", "");
  const std::string message = read_error(write_file(dir / "g.tar", tar.substr(0, 3000)));
  EXPECT_TRUE(contains(message, "tar archive is truncated")) << message;
  const std::string tgz = archived({{"g/g.mtx", larger_mtx()}});
  const std::string gz_message = read_error(write_file(dir / "g.tar.gz", tgz.substr(0, 200)));
  EXPECT_TRUE(contains(gz_message, "gzip stream is truncated")) << gz_message;
}

TEST(MalformedArchives, MissingOrAmbiguousMembersAreListed) {
  TempDir dir;
  const auto docs = write_file(dir / "docs.tar.gz",
                               archived({{"docs/README.txt", "read me\n"}, {"docs/x.md", "x\n"}}));
  const std::string none = read_error(docs);
  EXPECT_TRUE(contains(none, "holds no graph file")) << none;
  EXPECT_TRUE(contains(none, "docs/README.txt, docs/x.md")) << none;
  EXPECT_TRUE(contains(none, "--member")) << none;

  ReadOptions missing;
  missing.member = "docs/g.mtx";
  const std::string absent = read_error(docs, missing);
  EXPECT_TRUE(contains(absent, "has no member 'docs/g.mtx'; its files: docs/README.txt")) << absent;

  const auto plain = write_file(dir / "plain.mtx", kMtx);
  const std::string not_archive = read_error(plain, missing);
  EXPECT_TRUE(contains(not_archive, "is not a tar or zip archive")) << not_archive;

  // A member whose name tells no format, picked by name, needs --format.
  const auto odd = write_file(dir / "odd.tar.gz", archived({{"edges.dat", "0 1\n"}}));
  ReadOptions pick;
  pick.member = "edges.dat";
  EXPECT_TRUE(contains(read_error(odd, pick), "pass --format"));
  pick.format = GraphFormat::Snap;
  EXPECT_EQ(read_graph(odd, pick).graph.num_arcs(), 1);
}

TEST(MalformedArchives, FifoIsRefusedWithoutBlocking) {
  TempDir dir;
  const auto fifo = dir / "g.mtx";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string message = read_error(fifo);  // would block forever if the FIFO were opened
  EXPECT_TRUE(contains(message, "is a FIFO (named pipe), not a regular file")) << message;
}

TEST(MalformedArchives, CharacterDeviceIsRefusedWithoutReading) {
  if (!std::filesystem::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
  ReadOptions as_mtx;
  as_mtx.format = GraphFormat::MatrixMarket;
  const std::string message = read_error("/dev/zero", as_mtx);
  EXPECT_TRUE(contains(message, "is a character device, not a regular file")) << message;
}

// 1 GiB of zeros in about 1 MB: one compressed stream of 1 MiB of zeros, repeated (gzip members,
// bzip2 and xz streams and zstd frames may be concatenated).
std::string bomb(const std::string& compression) {
  const std::string mebibyte_of_zeros =
      compressed(std::string(std::size_t{1} << 20, '\0'), compression);
  std::string packed;
  packed.reserve(mebibyte_of_zeros.size() << 10);
  for (int i = 0; i < 1024; ++i) packed += mebibyte_of_zeros;
  return packed;
}

long peak_resident_kib() {
  struct rusage usage {};
  ::getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

TEST(MalformedArchives, DecompressionBombIsRefusedAfterItsFirstBlock) {
  TempDir dir;
  for (const auto& [compression, extension] : kCompressions) {
    SCOPED_TRACE(compression);
    const auto path = write_file(dir / ("bomb.mtx" + std::string(extension)), bomb(compression));
    const std::string message = read_error(path);
    EXPECT_TRUE(contains(message, "decompressed content is not text (a NUL byte at offset 0"))
        << message;
  }
  const auto tarred = write_file(
      dir / "bomb.tar.gz", archived({{"bomb/bomb.mtx", std::string(std::size_t{8} << 20, '\0')}}));
  EXPECT_TRUE(contains(read_error(tarred),
                       "bomb.tar.gz:bomb/bomb.mtx: decompressed content is "
                       "not text"));
  // Inflated whole, the bombs would have taken a GiB each.
  EXPECT_LT(peak_resident_kib(), 512L << 10);
}

TEST(MalformedArchives, BinaryInputUnderFormatQuotesNoRawBytes) {
  TempDir dir;
  std::string binary = "\x1b[31m\x01\x02\xff";
  binary += std::string(1, '\0') + "\x7f\xfe tail\r\n";
  ReadOptions as_mtx;
  as_mtx.format = GraphFormat::MatrixMarket;
  ReadOptions as_snap;
  as_snap.format = GraphFormat::Snap;
  for (const ReadOptions& options : {as_mtx, as_snap}) {
    const std::string message = read_error(write_file(dir / "image.png", binary), options);
    EXPECT_TRUE(printable(message)) << message;
    EXPECT_TRUE(contains(message, "\\x1b")) << message;
  }
  // A compressed binary file is decompressed first; its content is then refused.
  const std::string message =
      read_error(write_file(dir / "image.bin", compressed(binary, "gzip")), as_mtx);
  EXPECT_TRUE(printable(message)) << message;
}

}  // namespace
}  // namespace frontier::io
