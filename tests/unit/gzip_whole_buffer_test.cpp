// The whole-buffer gzip path of read_text_file (libdeflate, files up to kWholeGzipMaxBytes): member
// after member, each member's CRC-32 and ISIZE checked wherever it stands, an ISIZE that lies in
// either direction refused without a buffer sized from it, truncation and trailing bytes named as
// on the streaming path, and the same text either side of the size bound. Inputs come from
// gzip_stored() (hand-made stored blocks) and libarchive's deflater, cut and patched here; every
// error must name the file.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "support/archive_files.hpp"
#include "support/gzip_stored.hpp"
#include "support/temp_files.hpp"
#include "text_source.hpp"

namespace frontier::io {
namespace {

using test::compressed;
using test::gzip_stored;
using test::TempDir;
using test::write_file;

// A few kB of SNAP edges, so that a deflated member has dynamic Huffman blocks and a middle.
std::string edge_text(int first, int lines) {
  std::string text;
  for (int i = first; i < first + lines; ++i) {
    text += std::to_string((i * 7919) % 1000) + " " + std::to_string((i * 104729) % 1000) + "\n";
  }
  return text;
}

// `member` with its CRC-32 (`field` 0) or ISIZE (`field` 4) replaced by `value`.
std::string with_trailer_field(std::string member, std::size_t field, std::uint32_t value) {
  for (std::size_t k = 0; k < 4; ++k) {
    member[member.size() - 8 + field + k] = static_cast<char>((value >> (8 * k)) & 0xff);
  }
  return member;
}

// `member` (as gzip_stored() writes it: no optional fields) with an extra field, a name, a
// comment and a header CRC inserted after its fixed header.
std::string with_every_header_field(const std::string& member) {
  std::string out = member.substr(0, 10);
  out[3] = static_cast<char>(2 | 4 | 8 | 16);
  out += std::string("\x04\x00", 2) + "abcd";  // extra field: length 4
  out += std::string("g.txt") + '\0';          // name
  out += std::string("a comment") + '\0';      // comment
  out += std::string("\x12\x34", 2);           // header CRC (unchecked)
  return out + member.substr(10);
}

std::string read_text(const std::filesystem::path& path) {
  return std::string(read_text_file(path).text());
}

// The IoError read_text_file throws for `path` (its message); fails the test when there is none
// or when it does not name the file.
std::string read_error(const std::filesystem::path& path) {
  try {
    read_text_file(path);
    ADD_FAILURE() << "no error for " << path;
  } catch (const IoError& error) {
    EXPECT_EQ(error.file(), path.string()) << error.what();
    return error.what();
  }
  return {};
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string trailer_message(std::size_t offset) {
  return "corrupt gzip stream: the CRC-32 or size in the trailer at compressed offset " +
         std::to_string(offset) + " does not match the decompressed data";
}

TEST(GzipWholeBuffer, MembersOfEveryKindReadAsOneText) {
  TempDir dir;
  const std::string a = edge_text(0, 3000);
  const std::string b = edge_text(3000, 20);
  const std::string c = edge_text(5000, 2000);
  // Stored and deflated members, header fields, and a small last member whose ISIZE undersizes
  // the output (it grows and the member that did not fit is decoded again).
  const std::string packed =
      compressed(a, "gzip") + with_every_header_field(gzip_stored(b)) + compressed(c, "gzip");
  const auto path = write_file(dir / "members.txt.gz", packed);
  const TextBuffer text = read_text_file(path);
  EXPECT_EQ(text.text(), a + b + c);
  EXPECT_EQ(text.origin().compression, "gzip");
  EXPECT_EQ(text.origin().archive, "");
  EXPECT_EQ(text.name(), path.string());
}

TEST(GzipWholeBuffer, EmptyMembersAnywhere) {
  TempDir dir;
  const std::string a = edge_text(0, 40);
  const std::string b = edge_text(40, 40);
  const std::string empty = gzip_stored("");
  // The first member empty: the head that decides the path is read across members.
  EXPECT_EQ(read_text(write_file(dir / "first.txt.gz", empty + compressed(a, "gzip"))), a);
  EXPECT_EQ(read_text(write_file(dir / "middle.txt.gz",
                                 compressed(a, "gzip") + empty + empty + compressed(b, "gzip"))),
            a + b);
  // A last empty member (bgzip ends with one) leaves no size hint.
  EXPECT_EQ(read_text(write_file(dir / "last.txt.gz", compressed(a, "gzip") + empty)), a);
  EXPECT_EQ(read_text(write_file(dir / "only.txt.gz", empty + empty)), "");
}

TEST(GzipWholeBuffer, ChecksumMismatchInAnyMemberIsNamedWithItsOffset) {
  TempDir dir;
  const std::string first = compressed(edge_text(0, 500), "gzip");
  const std::string second = gzip_stored(edge_text(500, 500));
  const std::uint32_t wrong = test::crc32_of(edge_text(0, 500)) ^ 0x5au;
  const std::string message =
      read_error(write_file(dir / "first.txt.gz", with_trailer_field(first, 0, wrong) + second));
  EXPECT_TRUE(contains(message, trailer_message(first.size() - 8))) << message;
  const std::string last = read_error(
      write_file(dir / "last.txt.gz", first + with_trailer_field(second, 0, test::crc32_of("x"))));
  EXPECT_TRUE(contains(last, trailer_message(first.size() + second.size() - 8))) << last;
}

TEST(GzipWholeBuffer, IsizeThatLiesIsRefused) {
  TempDir dir;
  const std::string text = edge_text(0, 2000);
  const std::string member = compressed(text, "gzip");
  const auto size = static_cast<std::uint32_t>(text.size());
  // Too small (by one, and so small that the output must grow), too large (by one, and the
  // largest: a buffer sized from it would take 4 GiB).
  for (const std::uint32_t isize : {size - 1, 1u, size + 1, 0xffffffffu}) {
    SCOPED_TRACE(isize);
    const auto path = write_file(dir / "isize.txt.gz", with_trailer_field(member, 4, isize));
    const std::string message = read_error(path);
    EXPECT_TRUE(contains(message, trailer_message(member.size() - 8))) << message;
  }
  // In a member before the last one, which no size hint comes from.
  const std::string message = read_error(write_file(
      dir / "first.txt.gz", with_trailer_field(member, 4, size + 7) + gzip_stored(text)));
  EXPECT_TRUE(contains(message, trailer_message(member.size() - 8))) << message;
}

TEST(GzipWholeBuffer, EveryCutOfTwoMembersIsAnError) {
  TempDir dir;
  const std::string first = compressed(edge_text(0, 300), "gzip");
  const std::string packed = first + compressed(edge_text(300, 300), "gzip");
  const auto path = dir / "cut.txt.gz";
  for (std::size_t cut = 2; cut < packed.size(); ++cut) {
    if (cut == first.size()) continue;  // one whole member: a valid file
    SCOPED_TRACE("cut at " + std::to_string(cut));
    const std::string message = read_error(write_file(path, packed.substr(0, cut)));
    EXPECT_TRUE(contains(message, "gzip stream is truncated") ||
                contains(message, "corrupt gzip stream") ||
                contains(message, "unexpected bytes after the end of the gzip stream"))
        << message;
  }
  // Half of the second member: its deflate data ends early.
  const std::string message = read_error(
      write_file(path, packed.substr(0, first.size() + (packed.size() - first.size()) / 2)));
  EXPECT_TRUE(contains(message, "gzip stream is truncated")) << message;
}

TEST(GzipWholeBuffer, ZeroPaddingIsAcceptedOtherTrailingBytesAreNot) {
  TempDir dir;
  const std::string text = edge_text(0, 100);
  const std::string packed = compressed(text, "gzip") + gzip_stored(text);
  EXPECT_EQ(read_text(write_file(dir / "pad.txt.gz", packed + std::string(1000, '\0'))),
            text + text);
  const std::string expected =
      "unexpected bytes after the end of the gzip stream at compressed "
      "offset " +
      std::to_string(packed.size());
  for (const std::string& tail : {std::string("junk"), std::string(64, '\0') + "x",
                                  std::string("\x1f\x8b\x09", 3) + std::string(20, 'x')}) {
    SCOPED_TRACE(test::crc32_of(tail));
    const std::string message = read_error(write_file(dir / "tail.txt.gz", packed + tail));
    EXPECT_TRUE(contains(message, expected)) << message;
  }
}

TEST(GzipWholeBuffer, NonTextContentGoesThroughTheStreamingReader) {
  TempDir dir;
  const std::string text = edge_text(0, 100);
  // gzip inside gzip, and a tar inside gzip: libarchive decodes both layers.
  EXPECT_EQ(
      read_text(write_file(dir / "twice.txt.gz", compressed(compressed(text, "gzip"), "gzip"))),
      text);
  const TextBuffer member = read_text_file(
      write_file(dir / "g.tar.gz", test::archived({{"g/g.txt", text}, {"g/README", "about"}})));
  EXPECT_EQ(member.text(), text);
  EXPECT_EQ(member.origin().archive, "tar");
  // A NUL byte past the first kSniffBytes but in the first block: the same refusal.
  const std::string late_nul = std::string(1000, '#') + '\0' + "\n";
  const std::string message = read_error(write_file(dir / "nul.txt.gz", gzip_stored(late_nul)));
  EXPECT_TRUE(contains(message, "decompressed content is not text (a NUL byte at offset 1000"))
      << message;
}

// Two members (the second short and sized to taste) that make a file of exactly `file_bytes`.
std::string stored_file_of(std::size_t file_bytes, std::string& text) {
  constexpr std::size_t kMemberOverhead = 10 + 8;
  constexpr std::size_t kStoredBlockOverhead = 5;
  const std::string line = "123 456\n";
  const std::size_t first_bytes = file_bytes - 4096;
  std::string first;
  first.reserve(first_bytes);
  while (first.size() + line.size() <= first_bytes) first += line;
  std::string packed = gzip_stored(first);
  EXPECT_LT(packed.size(), file_bytes - kMemberOverhead - kStoredBlockOverhead);
  std::string second(file_bytes - packed.size() - kMemberOverhead - kStoredBlockOverhead, '#');
  second.back() = '\n';
  packed += gzip_stored(second);
  EXPECT_EQ(packed.size(), file_bytes);
  text = first + second;
  return packed;
}

TEST(GzipWholeBuffer, FilesEitherSideOfTheBoundReadTheSame) {
  TempDir dir;
  for (const std::size_t file_bytes : {kWholeGzipMaxBytes, kWholeGzipMaxBytes + 1}) {
    SCOPED_TRACE(file_bytes);
    std::string text;
    const auto path = write_file(dir / "bound.txt.gz", stored_file_of(file_bytes, text));
    const TextBuffer read = read_text_file(path);
    EXPECT_TRUE(read.text() == text);
    EXPECT_EQ(read.origin().compression, "gzip");
  }
}

TEST(GzipWholeBuffer, RealDeflateStreamLoadsLikeThePlainFile) {
  TempDir dir;
  const std::string text = "# Nodes: 1000\n" + edge_text(0, 5000);
  const auto plain = read_graph(write_file(dir / "g.txt", text));
  const auto packed = read_graph(write_file(dir / "g.txt.gz", compressed(text, "gzip")));
  EXPECT_EQ(packed.info.compression, "gzip");
  EXPECT_EQ(packed.info.bytes, text.size());
  EXPECT_EQ(packed.graph.num_vertices(), plain.graph.num_vertices());
  EXPECT_EQ(packed.graph.num_arcs(), plain.graph.num_arcs());
}

}  // namespace
}  // namespace frontier::io
