// Compressed input and archives. gzip: streams built independently of any deflater (stored
// blocks, see support/gzip_stored.hpp) read like the plain text, whatever the file name;
// multi-member streams are read whole; every truncation, a bad checksum and trailing garbage are
// clear IoErrors. Every compression (gzip, bzip2, xz, zstd; files made with libarchive's writer)
// reads like the plain text under any name; tar (plain or compressed) and zip archives yield their
// one graph member, or NAME/NAME.mtx of a SuiteSparse-style NAME.tar.gz, or the member asked for.
// Malformed archives and hostile inputs are in malformed_archives_test.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontier/errors.hpp"
#include "frontier/io/read_graph.hpp"
#include "frontier/random.hpp"
#include "support/archive_files.hpp"
#include "support/csr_expectations.hpp"
#include "support/gzip_stored.hpp"
#include "support/temp_files.hpp"
#include "support/test_paths.hpp"

namespace frontier::io {
namespace {

using test::archived;
using test::compressed;
using test::gzip_stored;
using test::kCompressions;
using test::TempDir;
using test::write_file;

const std::string kMtx =
    "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 2\n4 3\n";

TEST(LoaderCompression, GzipIsDetectedByMagicBytesNotByName) {
  TempDir dir;
  const Graph plain = read_graph(write_file(dir / "plain.mtx", kMtx)).graph;
  for (const char* name : {"a.mtx.gz", "b.mtx"}) {
    SCOPED_TRACE(name);
    const auto loaded = read_graph(write_file(dir / name, gzip_stored(kMtx)));
    EXPECT_EQ(loaded.info.compression, "gzip");
    EXPECT_EQ(loaded.info.bytes, kMtx.size());
    test::expect_same_graph(loaded.graph, plain);
  }
  // Plain text under a .gz name is read as plain text.
  const auto misnamed = read_graph(write_file(dir / "c.mtx.gz", kMtx));
  EXPECT_EQ(misnamed.info.compression, "");
  test::expect_same_graph(misnamed.graph, plain);
}

TEST(LoaderCompression, EveryFormatReadsThroughGzip) {
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
    EXPECT_EQ(packed.info.compression, "gzip");
    test::expect_same_graph(packed.graph, plain);
  }
}

TEST(LoaderCompression, LargeStreamWithManyBlocksAndMembers) {
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

TEST(LoaderCompression, EveryTruncationIsAnError) {
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

TEST(LoaderCompression, TruncatedDeflateStreamFromGzipToolIsAnError) {
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

TEST(LoaderCompression, ChecksumMismatchAndTrailingGarbageAreErrors) {
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

const std::pair<const char*, std::string> kEveryFormat[] = {
    {"g.mtx", kMtx},
    {"g.gr", "p sp 3 2\na 1 2 3\na 2 3 4\n"},
    {"g.graph", "3 2\n2\n1 3\n2\n"},
    {"g.txt", "# edges\n0 1\r\n1 2\r\n2 0\r\n"},
};

TEST(LoaderCompression, EveryCompressionOfEveryFormatLoadsLikeThePlainFile) {
  TempDir dir;
  for (const auto& [compression, extension] : kCompressions) {
    for (const auto& [name, text] : kEveryFormat) {
      SCOPED_TRACE(std::string(name) + extension);
      const Graph plain = read_graph(write_file(dir / name, text)).graph;
      const std::string packed = compressed(text, compression);
      ASSERT_NE(packed, text);
      const auto loaded = read_graph(write_file(dir / (std::string(name) + extension), packed));
      EXPECT_EQ(loaded.info.compression, compression);
      EXPECT_EQ(loaded.info.archive, "");
      EXPECT_EQ(loaded.info.bytes, text.size() + (text.ends_with('\n') ? 0 : 1));
      test::expect_same_graph(loaded.graph, plain);
      // The magic bytes decide, not the name.
      const auto misnamed = read_graph(write_file(dir / ("misnamed_" + std::string(name)), packed));
      EXPECT_EQ(misnamed.info.compression, compression);
      test::expect_same_graph(misnamed.graph, plain);
    }
  }
}

TEST(LoaderCompression, NestedCompressionIsDecodedLayerByLayer) {
  TempDir dir;
  const Graph plain = read_graph(write_file(dir / "plain.mtx", kMtx)).graph;
  const auto loaded =
      read_graph(write_file(dir / "twice.mtx.gz", compressed(compressed(kMtx, "gzip"), "gzip")));
  EXPECT_EQ(loaded.info.compression, "gzip");
  test::expect_same_graph(loaded.graph, plain);
}

TEST(LoaderCompression, DoneMeansTheIssuesFourFilesLoadWithTheirCounts) {
  TempDir dir;
  const std::string metis = "4 3\n2\n1 3\n2 4\n3\n";  // a path of 4 vertices
  const auto bz2 = read_graph(write_file(dir / "g.graph.bz2", compressed(metis, "bzip2")));
  EXPECT_EQ(bz2.info.format, GraphFormat::Metis);
  EXPECT_EQ(bz2.graph.num_vertices(), 4);
  EXPECT_EQ(bz2.graph.num_arcs(), 6);
  const auto xz = read_graph(write_file(dir / "g.mtx.xz", compressed(kMtx, "xz")));
  EXPECT_EQ(xz.info.format, GraphFormat::MatrixMarket);
  EXPECT_EQ(xz.graph.num_vertices(), 4);
  EXPECT_EQ(xz.graph.num_arcs(), 6);
  const auto zst = read_graph(write_file(dir / "g.txt.zst", compressed("0 1\n1 2\n5 0\n", "zstd")));
  EXPECT_EQ(zst.info.format, GraphFormat::Snap);
  EXPECT_EQ(zst.graph.num_vertices(), 6);
  EXPECT_EQ(zst.graph.num_arcs(), 3);
  const std::vector<test::Member> suitesparse = {{"web/web.mtx", kMtx},
                                                 {"web/web_b.mtx",
                                                  "%%MatrixMarket matrix "
                                                  "array real general\n4 1\n1\n"
                                                  "2\n3\n4\n"},
                                                 {"web/web_coord.mtx", "not a graph\n"}};
  const auto tarball = read_graph(write_file(dir / "web.tar.gz", archived(suitesparse)));
  EXPECT_EQ(tarball.info.format, GraphFormat::MatrixMarket);
  EXPECT_EQ(tarball.info.compression, "gzip");
  EXPECT_EQ(tarball.info.archive, "tar");
  EXPECT_EQ(tarball.info.member, "web/web.mtx");
  EXPECT_EQ(tarball.graph.num_vertices(), 4);
  EXPECT_EQ(tarball.graph.num_arcs(), 6);
}

TEST(LoaderCompression, EveryArchiveKindYieldsItsGraphMember) {
  TempDir dir;
  const Graph plain = read_graph(write_file(dir / "plain.mtx", kMtx)).graph;
  struct Kind {
    const char* file;
    const char* archive;
    const char* compression;
  };
  const Kind kinds[] = {{"m.tar", "tar", ""},      {"m.tar.gz", "tar", "gzip"},
                        {"m.tgz", "tar", "gzip"},  {"m.tar.bz2", "tar", "bzip2"},
                        {"m.tar.xz", "tar", "xz"}, {"m.tar.zst", "tar", "zstd"},
                        {"m.zip", "zip", ""},      {"other_name.tar.gz", "tar", "gzip"}};
  for (const Kind& kind : kinds) {
    SCOPED_TRACE(kind.file);
    const std::string bytes = archived({{"m/m.mtx", kMtx}, {"m/README.txt", "docs, not a graph\n"}},
                                       kind.archive, kind.compression);
    const auto loaded = read_graph(write_file(dir / kind.file, bytes));
    EXPECT_EQ(loaded.info.archive, kind.archive);
    EXPECT_EQ(loaded.info.compression, kind.compression);
    EXPECT_EQ(loaded.info.member, "m/m.mtx");
    test::expect_same_graph(loaded.graph, plain);
  }
}

TEST(LoaderCompression, MemberNameGivesTheFormat) {
  TempDir dir;
  const std::string metis = "3 2\n2\n1 3\n2\n";
  const auto loaded = read_graph(
      write_file(dir / "road.tar.xz", archived({{"road/road.graph", metis}}, "tar", "xz")));
  EXPECT_EQ(loaded.info.format, GraphFormat::Metis);
  EXPECT_EQ(loaded.graph.num_arcs(), 4);
  // --format overrides a member's name.
  ReadOptions as_snap;
  as_snap.format = GraphFormat::Snap;
  const auto snap = read_graph(
      write_file(dir / "pairs.tar.gz", archived({{"pairs.graph", "0 1\n1 2\n"}})), as_snap);
  EXPECT_EQ(snap.info.format, GraphFormat::Snap);
  EXPECT_EQ(snap.graph.num_arcs(), 2);
}

TEST(LoaderCompression, SeveralGraphMembersAreListedAndOneCanBePicked) {
  TempDir dir;
  const std::string other = "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n";
  const auto path = write_file(
      dir / "bundle.tar.gz", archived({{"a.mtx", kMtx}, {"sub/b.mtx", other}, {"notes.md", "x"}}));
  try {
    read_graph(path);
    ADD_FAILURE() << "no error";
  } catch (const IoError& error) {
    const std::string message = error.what();
    EXPECT_EQ(error.file(), path.string());
    EXPECT_NE(message.find("several graph files: a.mtx, sub/b.mtx"), std::string::npos) << message;
    EXPECT_NE(message.find("--member"), std::string::npos) << message;
  }
  ReadOptions pick;
  pick.member = "sub/b.mtx";
  const auto picked = read_graph(path, pick);
  EXPECT_EQ(picked.info.member, "sub/b.mtx");
  EXPECT_EQ(picked.graph.num_arcs(), 1);
  pick.member = "a.mtx";
  EXPECT_EQ(read_graph(path, pick).graph.num_arcs(), 6);
}

TEST(LoaderCompression, PreferredSuiteSparseMemberWinsWhereverItStands) {
  TempDir dir;
  // NAME/NAME.mtx after other graph members: still chosen.
  const auto path = write_file(
      dir / "web.tar.gz",
      archived({{"web/web_b.mtx", "%%MatrixMarket matrix coordinate pattern general\n1 1 0\n"},
                {"web/web.mtx", kMtx}}));
  const auto loaded = read_graph(path);
  EXPECT_EQ(loaded.info.member, "web/web.mtx");
  EXPECT_EQ(loaded.graph.num_arcs(), 6);
}

TEST(LoaderCompression, ParserErrorsNameTheArchiveAndMember) {
  TempDir dir;
  const auto path = write_file(dir / "bad.tar.gz", archived({{"bad/bad.mtx", kMtx + "9 9\n"}}));
  try {
    read_graph(path);
    ADD_FAILURE() << "no error";
  } catch (const IoError& error) {
    EXPECT_EQ(error.file(), path.string() + ":bad/bad.mtx");
    EXPECT_EQ(error.line(), 6u);
  }
}

}  // namespace
}  // namespace frontier::io
