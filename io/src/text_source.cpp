// Whole-file text input, plain, compressed or from an archive (see text_source.hpp).
//
// The path is checked with stat() before it is opened, and the opened descriptor with fstat():
// anything but a regular file is refused, so a FIFO cannot block open() and a device cannot feed
// endless bytes. The first bytes decide how the file is read:
//  - plain text: read(2) into a buffer sized from fstat (huge pages advised);
//  - a gzip file of at most kWholeGzipMaxBytes whose content is text: read whole and inflated by
//    libdeflate member after member, each member's CRC-32 and size checked;
//  - a compression's magic bytes (gzip 1f 8b, bzip2 "BZh", xz fd "7zXZ" 00, zstd 28 b5 2f fd) or
//    a tar ("ustar" at offset 257) or zip ("PK" 03 04) header: libarchive decodes the file as a
//    stream, a single compressed stream through its "raw" format, an archive member by member.
// Decoded text is checked after its first block (a NUL byte means it is no text file, so a bomb
// of zeros stops there) and grows by realloc only while the available memory allows. A stream
// that ends early is "truncated", any other decoder failure "corrupt", and bytes other than zero
// padding after a compressed stream are refused. libarchive does not check a gzip member's CRC-32
// and size, so on its path the trailer of the last member is verified here. The whole-buffer gzip
// path hands every file it cannot read as text (an archive or another compression inside, a
// truncated or corrupt member) to libarchive, so that such files read, or fail, the same way
// whatever their size.
#include "text_source.hpp"

#include <fcntl.h>
#include <libdeflate.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <utility>

#include "archive_library.hpp"
#include "frontier/detail/host_memory.hpp"
#include "frontier/detail/parallel.hpp"
#include "frontier/detail/progress.hpp"
#include "frontier/errors.hpp"
#include "frontier/io/graph_format.hpp"

namespace frontier::io {
namespace {

constexpr std::size_t kReadBlockBytes = std::size_t{64} << 20;
constexpr std::size_t kMinGrowBytes = std::size_t{1} << 20;
// Bytes read from the file per libarchive callback.
constexpr std::size_t kArchiveBlockBytes = std::size_t{1} << 20;
// Decoded text checked before more is decoded: one compressed block's worth at most.
constexpr std::size_t kFirstBlockBytes = std::size_t{64} << 10;
// Output per archive_read_data() call after the first block: small enough for steady progress.
constexpr std::size_t kDecodeStepBytes = std::size_t{16} << 20;
// Header bytes that identify a compression or archive (a tar header's magic ends at 262).
constexpr std::size_t kSniffBytes = 512;
// Error messages list at most this many archive members.
constexpr std::size_t kListedMembers = 12;
// Quoted input lines are cut to this many bytes.
constexpr std::size_t kQuotedLineBytes = 120;

ByteArray allocate(const std::string& name, std::size_t bytes) {
  char* memory = static_cast<char*>(std::malloc(std::max<std::size_t>(bytes, 1)));
  if (memory == nullptr) {
    throw IoError(name, 0, "cannot allocate " + format_bytes(bytes) + " to hold the file");
  }
  detail::advise_huge_pages(memory, bytes);
  return ByteArray(memory);
}

void reallocate(const std::string& name, ByteArray& data, std::size_t bytes) {
  char* memory = static_cast<char*>(std::realloc(data.get(), bytes));
  if (memory == nullptr) {
    throw IoError(name, 0, "cannot allocate " + format_bytes(bytes) + " to hold the file");
  }
  data.release();
  data.reset(memory);
  detail::advise_huge_pages(memory, bytes);
}

std::string errno_text() { return std::strerror(errno); }

// The most decoded bytes a compressed file may take: the memory available now.
std::uint64_t decoded_bytes_limit() {
  const std::uint64_t available = detail::available_host_memory_bytes();
  return available > 0 ? available : std::numeric_limits<std::size_t>::max() / 2;
}

[[noreturn]] void fail_exceeding_memory(const std::string& text_name, std::uint64_t limit,
                                        std::size_t decoded, std::size_t consumed) {
  throw IoError(text_name, 0,
                "decompressed content exceeds the " + format_bytes(limit) +
                    " of available memory (" + std::to_string(decoded) + " bytes from the first " +
                    std::to_string(consumed) + " compressed bytes)");
}

[[noreturn]] void fail_trailing_bytes(const std::string& name, const std::string& stream,
                                      std::size_t end) {
  throw IoError(name, 0,
                "unexpected bytes after the end of the " + stream + " at compressed offset " +
                    std::to_string(end));
}

[[noreturn]] void fail_gzip_trailer(const std::string& name, std::size_t trailer_offset) {
  throw IoError(name, 0,
                "corrupt gzip stream: the CRC-32 or size in the trailer at compressed offset " +
                    std::to_string(trailer_offset) + " does not match the decompressed data");
}

std::uint32_t load_le32(const unsigned char* bytes) {
  return std::uint32_t{bytes[0]} | (std::uint32_t{bytes[1]} << 8) |
         (std::uint32_t{bytes[2]} << 16) | (std::uint32_t{bytes[3]} << 24);
}

// The NUL-byte test on decoded content's first block: a NUL means it is no text file.
void require_text_start(const std::string& text_name, const char* text, std::size_t bytes) {
  const void* nul = std::memchr(text, '\0', bytes);
  if (nul == nullptr) return;
  const auto offset = static_cast<std::size_t>(static_cast<const char*>(nul) - text);
  throw IoError(text_name, 0,
                "decompressed content is not text (a NUL byte at offset " + std::to_string(offset) +
                    " of its first block), so not a graph file");
}

// Closes a file descriptor on scope exit.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(FileDescriptor&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const noexcept { return fd_; }

 private:
  int fd_;
};

struct RawBytes {
  ByteArray data;
  std::size_t size = 0;
  std::size_t capacity = 0;
};

const char* file_kind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

void require_regular_file(const std::string& name, mode_t mode) {
  if (S_ISDIR(mode)) throw IoError(name, 0, "is a directory, not a graph file");
  if (!S_ISREG(mode)) {
    throw IoError(name, 0,
                  std::string("is ") + file_kind(mode) +
                      ", not a regular file; graphs are read from regular files only (save the "
                      "stream to a file first)");
  }
}

// Opens a regular file for reading. stat() comes first so that a FIFO is never opened (open()
// would block until a writer appears); O_NONBLOCK and fstat() cover a path swapped in between.
FileDescriptor open_regular_file(const std::filesystem::path& path, const std::string& name,
                                 std::size_t& file_bytes) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0)
    throw IoError(name, 0, "cannot open file: " + errno_text());
  require_regular_file(name, status.st_mode);
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) throw IoError(name, 0, "cannot open file: " + errno_text());
  if (::fstat(fd.get(), &status) != 0) throw IoError(name, 0, "cannot stat file: " + errno_text());
  require_regular_file(name, status.st_mode);
  file_bytes = static_cast<std::size_t>(status.st_size);
  return fd;
}

// Reads the whole plain file; capacity keeps one spare byte for the closing '\n'.
RawBytes read_plain(int fd, const std::string& name, std::size_t expected) {
  RawBytes raw;
  raw.capacity = expected + 1;
  raw.data = allocate(name, raw.capacity);
  detail::Progress progress("reading " + name, expected, "MB", 1e-6);
  for (;;) {
    if (raw.capacity - raw.size <= 1) {  // the file grew while being read
      raw.capacity = raw.capacity + std::max(raw.capacity, kMinGrowBytes);
      reallocate(name, raw.data, raw.capacity);
    }
    const std::size_t want = std::min(kReadBlockBytes, raw.capacity - raw.size - 1);
    const ssize_t got = ::read(fd, raw.data.get() + raw.size, want);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw IoError(name, 0, "cannot read file: " + errno_text());
    }
    if (got == 0) break;
    raw.size += static_cast<std::size_t>(got);
    progress.update(raw.size);
  }
  progress.finish();
  return raw;
}

std::size_t read_at(int fd, const std::string& name, char* out, std::size_t bytes,
                    std::size_t offset) {
  std::size_t done = 0;
  while (done < bytes) {
    const ssize_t got = ::pread(fd, out + done, bytes - done, static_cast<off_t>(offset + done));
    if (got < 0) {
      if (errno == EINTR) continue;
      throw IoError(name, 0, "cannot read file: " + errno_text());
    }
    if (got == 0) break;
    done += static_cast<std::size_t>(got);
  }
  return done;
}

// What the first bytes of a file say it is.
struct Container {
  std::string compression;  // empty: not compressed
  bool archive = false;     // a tar or zip header (possibly under the compression)
  bool plain() const { return compression.empty() && !archive; }
};

Container sniff(std::string_view head) {
  auto starts = [&](std::string_view magic) { return head.substr(0, magic.size()) == magic; };
  Container found;
  if (starts("\x1f\x8b")) {
    found.compression = "gzip";
  } else if (starts("BZh") && head.size() >= 4 && head[3] >= '1' && head[3] <= '9') {
    found.compression = "bzip2";
  } else if (starts(std::string_view("\xfd"
                                     "7zXZ\0",
                                     6))) {
    found.compression = "xz";
  } else if (starts("\x28\xb5\x2f\xfd")) {
    found.compression = "zstd";
  } else if ((head.size() >= 262 && head.substr(257, 5) == "ustar") || starts("PK\x03\x04") ||
             starts("PK\x05\x06")) {
    found.archive = true;
  }
  return found;
}

// Frees a libarchive reader on scope exit.
class ArchiveReader {
 public:
  explicit ArchiveReader(const ArchiveLibrary& lib) : lib_(lib), archive_(lib.archive_read_new()) {}
  ArchiveReader(const ArchiveReader&) = delete;
  ArchiveReader& operator=(const ArchiveReader&) = delete;
  ~ArchiveReader() {
    if (archive_ != nullptr) lib_.archive_read_free(archive_);
  }
  struct archive* get() const noexcept {
    return archive_;
  }

 private:
  const ArchiveLibrary& lib_;
  struct archive* archive_;
};

// Decodes one file through libarchive: a single compressed stream or the members of an archive.
class StreamDecoder {
 public:
  StreamDecoder(int fd, std::string name, std::size_t file_bytes, std::string compression,
                bool archives)
      : fd_(fd),
        name_(std::move(name)),
        file_bytes_(file_bytes),
        compression_(std::move(compression)),
        lib_(archive_library(name_)),
        reader_(lib_),
        progress_("decompressing " + name_, file_bytes, "MB", 1e-6) {
    struct archive* a = reader_.get();
    if (a == nullptr) throw IoError(name_, 0, "cannot start libarchive to read the file");
    // Only the compressions sniff() admits: no filter that would run an external program.
    lib_.archive_read_support_filter_gzip(a);
    lib_.archive_read_support_filter_bzip2(a);
    lib_.archive_read_support_filter_xz(a);
    lib_.archive_read_support_filter_zstd(a);
    if (archives) {
      lib_.archive_read_support_format_tar(a);
      lib_.archive_read_support_format_zip(a);
    }
    lib_.archive_read_support_format_raw(a);
    lib_.archive_read_support_format_empty(a);
    if (lib_.archive_read_open_fd(a, fd_, kArchiveBlockBytes) != ARCHIVE_OK) fail_decoding(0);
    if (!compression_.empty() && lib_.archive_filter_code(a, 0) == ARCHIVE_FILTER_NONE) {
      throw IoError(name_, 0,
                    what() + " is truncated or corrupt: its header (" +
                        std::to_string(std::min(file_bytes_, kSniffBytes)) +
                        " bytes seen) is not a valid " + compression_ + " header");
    }
  }

  struct archive* archive() const noexcept {
    return reader_.get();
  }
  const std::string& name() const noexcept { return name_; }
  const ArchiveLibrary& library() const noexcept { return lib_; }

  // The next entry's header, or nullptr at the end.
  struct archive_entry* next_entry() {
    struct archive_entry* entry = nullptr;
    const int status = lib_.archive_read_next_header(archive(), &entry);
    if (status == ARCHIVE_EOF) return nullptr;
    if (status < ARCHIVE_WARN) fail_decoding(0);
    return entry;
  }

  bool is_archive() const {
    const int format = lib_.archive_format(archive()) & ARCHIVE_FORMAT_BASE_MASK;
    return format == ARCHIVE_FORMAT_TAR || format == ARCHIVE_FORMAT_ZIP;
  }
  std::string archive_kind() const {
    return (lib_.archive_format(archive()) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ZIP
               ? "zip"
               : "tar";
  }
  // The stream's name in messages: "gzip stream", "tar archive".
  std::string what() const {
    return compression_.empty() ? archive_kind() + " archive" : compression_ + " stream";
  }

  std::size_t consumed() const {
    return static_cast<std::size_t>(
        std::max<la_int64_t>(lib_.archive_filter_bytes(archive(), -1), 0));
  }

  // Decodes the current entry's data whole; `text_name` names it in messages.
  RawBytes read_entry(const std::string& text_name) {
    RawBytes out;
    const std::uint64_t limit = decoded_bytes_limit();
    out.capacity = static_cast<std::size_t>(
        std::min<std::uint64_t>(
            std::max<std::uint64_t>(4 * std::uint64_t{file_bytes_}, kMinGrowBytes), limit) +
        1);
    out.data = allocate(text_name, out.capacity);
    bool checked = false;
    for (;;) {
      if (out.capacity - out.size <= 1) {
        const std::uint64_t grown = out.capacity + std::max(out.capacity / 2, kMinGrowBytes);
        if (grown > limit) fail_exceeding_memory(text_name, limit, out.size, consumed());
        out.capacity = static_cast<std::size_t>(grown);
        reallocate(text_name, out.data, out.capacity);
      }
      const std::size_t step = checked ? kDecodeStepBytes : kFirstBlockBytes - out.size;
      const std::size_t room = std::min(step, out.capacity - out.size - 1);
      const la_ssize_t got = lib_.archive_read_data(archive(), out.data.get() + out.size, room);
      if (got < 0) fail_decoding(out.size);
      out.size += static_cast<std::size_t>(got);
      if (!checked && (got == 0 || out.size >= kFirstBlockBytes)) {
        require_text_start(text_name, out.data.get(), out.size);
        checked = true;
      }
      if (got == 0) break;
      progress_.update(consumed());
    }
    return out;
  }

  // Skips the current entry's data.
  void skip_entry() {
    if (lib_.archive_read_data_skip(archive()) < ARCHIVE_WARN) fail_decoding(0);
    progress_.update(consumed());
  }

  // A single compressed stream: nothing but zero padding may follow it, and a gzip member's
  // trailer must match the text.
  void finish_stream(const RawBytes& text) {
    const std::size_t end = consumed();
    // The trailer describes the text only when gzip is the one filter (not gzip inside gzip).
    if (compression_ == "gzip" && lib_.archive_filter_count(archive()) == 2) {
      verify_gzip_trailer(text, end);
    }
    std::array<char, 1 << 16> tail{};
    for (std::size_t offset = end; offset < file_bytes_;) {
      const std::size_t got =
          read_at(fd_, name_, tail.data(), std::min(tail.size(), file_bytes_ - offset), offset);
      if (got == 0) break;
      if (std::any_of(tail.data(), tail.data() + got, [](char c) { return c != 0; })) {
        fail_trailing_bytes(name_, what(), end);
      }
      offset += got;
    }
    progress_.finish();
  }

  void finish() { progress_.finish(); }

 private:
  [[noreturn]] void fail_decoding(std::size_t decoded) const {
    const char* reported = lib_.archive_error_string(archive());
    const std::string detail = reported != nullptr ? reported : "";
    std::string lowered = detail;
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (detail.empty() || lowered.find("truncated") != std::string::npos) {
      throw IoError(name_, 0,
                    what() + " is truncated: input ended after " + std::to_string(file_bytes_) +
                        " bytes (" + std::to_string(decoded) +
                        " bytes decompressed) before the stream's end");
    }
    throw IoError(name_, 0, "corrupt " + what() + ": " + printable_excerpt(detail));
  }

  // Checks the last gzip member's trailer (CRC-32 and size mod 2^32, little-endian) against the
  // end of the text: the last member holds the last ISIZE + k * 2^32 bytes for some k >= 0.
  void verify_gzip_trailer(const RawBytes& text, std::size_t end) const {
    unsigned char trailer[8];
    if (end < 8 || read_at(fd_, name_, reinterpret_cast<char*>(trailer), 8, end - 8) != 8) {
      throw IoError(name_, 0, "gzip stream is truncated: its trailer is missing");
    }
    const std::uint32_t expected_crc = load_le32(trailer);
    const std::uint64_t isize = load_le32(trailer + 4);
    for (std::uint64_t span = isize; span <= text.size; span += std::uint64_t{1} << 32) {
      const char* begin = text.data.get() + text.size - span;
      if (crc32_of(begin, static_cast<std::size_t>(span)) == expected_crc) return;
    }
    fail_gzip_trailer(name_, end - 8);
  }

  // CRC-32 of [begin, begin + bytes), in parallel pieces joined with crc32_combine.
  static std::uint32_t crc32_of(const char* begin, std::size_t bytes) {
    constexpr std::size_t kPieceBytes = std::size_t{8} << 20;
    const std::size_t pieces = std::max<std::size_t>(1, (bytes + kPieceBytes - 1) / kPieceBytes);
    std::vector<uLong> crcs(pieces);
    const auto count = static_cast<std::int64_t>(pieces);
#pragma omp parallel for schedule(static) if (pieces > 1)
    for (std::int64_t i = 0; i < count; ++i) {
      const std::size_t first = static_cast<std::size_t>(i) * kPieceBytes;
      const std::size_t length = std::min(kPieceBytes, bytes - std::min(bytes, first));
      crcs[static_cast<std::size_t>(i)] =
          crc32(0L, reinterpret_cast<const Bytef*>(begin + first), static_cast<uInt>(length));
    }
    uLong crc = crcs[0];
    for (std::size_t i = 1; i < pieces; ++i) {
      const std::size_t length = std::min(kPieceBytes, bytes - i * kPieceBytes);
      crc = crc32_combine(crc, crcs[i], static_cast<z_off_t>(length));
    }
    return static_cast<std::uint32_t>(crc);
  }

  int fd_;
  std::string name_;
  std::size_t file_bytes_;
  std::string compression_;
  const ArchiveLibrary& lib_;
  ArchiveReader reader_;
  detail::Progress progress_;
};

// No deflate stream expands more than 1032-fold (a 258-byte match per two bits, RFC 1951), so the
// text of a gzip file never exceeds this multiple of its size, whatever its trailers claim.
constexpr std::uint64_t kMaxDeflateRatio = 1032;
// gzip (RFC 1952) member layout: a 10-byte fixed header, an 8-byte trailer (CRC-32, ISIZE).
constexpr std::size_t kGzipFixedHeaderBytes = 10;
constexpr std::size_t kGzipTrailerBytes = 8;

// The length of the gzip member header at the start of [in, in + size): the fixed part, then the
// optional extra field, name, comment and header CRC (unchecked, as libarchive and libdeflate
// leave it). 0 when the bytes start no deflate member (the test libarchive's filter applies to
// find the next member).
std::size_t gzip_header_bytes(const unsigned char* in, std::size_t size) {
  constexpr unsigned kHeaderCrc = 2, kExtra = 4, kName = 8, kComment = 16, kReserved = 0xe0;
  constexpr unsigned char kDeflate = 8;
  if (size < kGzipFixedHeaderBytes || in[0] != 0x1f || in[1] != 0x8b || in[2] != kDeflate ||
      (in[3] & kReserved) != 0) {
    return 0;
  }
  const unsigned flags = in[3];
  std::size_t at = kGzipFixedHeaderBytes;
  if ((flags & kExtra) != 0) {
    if (size - at < 2) return 0;
    at += 2 + (std::size_t{in[at]} | (std::size_t{in[at + 1]} << 8));
  }
  for (const unsigned zero_terminated : {kName, kComment}) {
    if ((flags & zero_terminated) == 0) continue;
    if (at >= size) return 0;
    const void* zero = std::memchr(in + at, 0, size - at);
    if (zero == nullptr) return 0;
    at = static_cast<std::size_t>(static_cast<const unsigned char*>(zero) - in) + 1;
  }
  if ((flags & kHeaderCrc) != 0) at += 2;
  return at <= size ? at : 0;
}

// Frees a libdeflate decompressor.
struct InflaterDeleter {
  void operator()(libdeflate_decompressor* inflater) const noexcept {
    libdeflate_free_decompressor(inflater);
  }
};

// The first `bytes` of the content of the gzip members in [in, in + size), fewer where the
// content is shorter; nullopt where the members are corrupt or end early. zlib decodes it because
// it stops where asked, where libdeflate decodes whole members: a bomb is seen before any of it
// is decoded. Raw deflate, so that trailers are left to the caller as for every other member.
std::optional<std::string> gzip_head(const unsigned char* in, std::size_t size, std::size_t bytes) {
  std::string head(bytes, '\0');
  z_stream stream{};
  if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) return std::nullopt;
  std::size_t at = gzip_header_bytes(in, size);
  bool complete = at > 0;
  stream.next_out = reinterpret_cast<Bytef*>(head.data());
  stream.avail_out = static_cast<uInt>(bytes);
  while (complete) {
    stream.next_in = const_cast<Bytef*>(in + at);
    stream.avail_in = static_cast<uInt>(size - at);
    const int status = inflate(&stream, Z_SYNC_FLUSH);
    if (stream.avail_out == 0) break;
    // Room is left: the member ended (then the next one, if any, follows its trailer) or failed.
    const std::size_t trailer = static_cast<std::size_t>(stream.next_in - in);
    complete = status == Z_STREAM_END && size - trailer >= kGzipTrailerBytes;
    if (!complete) break;
    at = trailer + kGzipTrailerBytes;
    const std::size_t header = gzip_header_bytes(in + at, size - at);
    if (header == 0) break;  // the last member
    at += header;
    complete = inflateReset(&stream) == Z_OK;
  }
  head.resize(bytes - stream.avail_out);
  inflateEnd(&stream);
  if (!complete) return std::nullopt;
  return head;
}

// Reads a gzip file whole and inflates it member after member with libdeflate, checking each
// member's CRC-32 and size. The output is sized from the last trailer's ISIZE (the exact size of
// a one-member file), bounded by the available memory and kMaxDeflateRatio, and grows while a
// member does not fit (the member is then decoded again: libdeflate does not resume). Returns
// nullopt where the streaming path must read the file: content that is itself compressed, an
// archive or no text (told by its first kSniffBytes, before any buffer is sized), and a member
// that is truncated or corrupt, so that the streaming path reads or names it as before.
std::optional<RawBytes> read_gzip_whole(int fd, const std::string& name, std::size_t file_bytes) {
  const ByteArray packed = allocate(name, file_bytes);
  const std::size_t size = read_at(fd, name, packed.get(), file_bytes, 0);
  const auto* in = reinterpret_cast<const unsigned char*>(packed.get());
  const std::optional<std::string> head = gzip_head(in, size, kSniffBytes);
  if (!head || head->find('\0') != std::string::npos || head->starts_with("PK") ||
      !sniff(*head).plain()) {
    return std::nullopt;
  }
  const std::uint64_t limit = decoded_bytes_limit();
  const std::uint64_t most = std::min(limit, kMaxDeflateRatio * size);
  const std::uint64_t last_isize = load_le32(in + size - 4);  // gzip_head saw a whole member
  RawBytes out;
  out.capacity = static_cast<std::size_t>(
      std::min(last_isize > 0 ? last_isize : std::uint64_t{4} * size, most) + 1);
  out.data = allocate(name, out.capacity);
  const std::unique_ptr<libdeflate_decompressor, InflaterDeleter> inflater(
      libdeflate_alloc_decompressor());
  if (inflater == nullptr) throw IoError(name, 0, "cannot allocate a gzip decoder");
  std::size_t at = 0;
  for (std::size_t header = gzip_header_bytes(in, size); header > 0;
       header = gzip_header_bytes(in + at, size - at)) {
    std::size_t used = 0;
    std::size_t decoded = 0;
    libdeflate_result result;
    for (;;) {
      result = libdeflate_deflate_decompress_ex(inflater.get(), in + at + header,
                                                size - at - header, out.data.get() + out.size,
                                                out.capacity - out.size - 1, &used, &decoded);
      if (result != LIBDEFLATE_INSUFFICIENT_SPACE) break;
      if (out.capacity - 1 >= most) {
        if (most < limit) return std::nullopt;  // beyond deflate's ratio: cannot happen
        fail_exceeding_memory(name, limit, out.capacity - 1, size);
      }
      out.capacity = static_cast<std::size_t>(
          std::min<std::uint64_t>(out.capacity + std::max(out.capacity, kMinGrowBytes), most + 1));
      reallocate(name, out.data, out.capacity);
    }
    const std::size_t trailer = at + header + used;
    if (result != LIBDEFLATE_SUCCESS || size - trailer < kGzipTrailerBytes) return std::nullopt;
    if (libdeflate_crc32(0, out.data.get() + out.size, decoded) != load_le32(in + trailer) ||
        static_cast<std::uint32_t>(decoded) != load_le32(in + trailer + 4)) {
      fail_gzip_trailer(name, trailer);
    }
    out.size += decoded;
    at = trailer + kGzipTrailerBytes;
  }
  if (std::any_of(in + at, in + size, [](unsigned char c) { return c != 0; })) {
    fail_trailing_bytes(name, "gzip stream", at);
  }
  require_text_start(name, out.data.get(), std::min(out.size, kFirstBlockBytes));
  return out;
}

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// A member that may be the graph: a regular file named with a text graph format's extension,
// neither a compressed file nor documentation nor a macOS resource fork.
bool is_graph_member(const std::string& member) {
  const std::filesystem::path path(member);
  const std::string file = path.filename().string();
  if (file.empty() || file.front() == '.' || member.rfind("__MACOSX/", 0) == 0) return false;
  if (is_compressed_name(path)) return false;
  const std::string stem = lowercase(path.stem().string());
  for (const char* doc : {"readme", "license", "licence", "copying", "changelog"}) {
    if (stem.rfind(doc, 0) == 0) return false;
  }
  const GraphFormat format = format_named_by(path);
  return format != GraphFormat::Auto && format != GraphFormat::BinaryCsr;
}

// NAME of NAME.tar.gz, NAME.tgz, NAME.zip, ...: the file name less its archive and compression
// extensions.
std::string archive_stem(const std::filesystem::path& path) {
  std::filesystem::path name = path.filename();
  while (is_archive_name(name) || is_compressed_name(name)) {
    if (name.extension().empty()) break;
    name = name.stem();
  }
  return name.string();
}

// NAME/NAME.mtx (or NAME.mtx, or another graph extension) in an archive named NAME.*.
bool is_preferred_member(const std::string& member, const std::string& stem) {
  std::filesystem::path path(member);
  if (member.rfind("./", 0) == 0) path = member.substr(2);
  const std::string folder = path.parent_path().string();
  return path.stem().string() == stem && (folder.empty() || folder == stem);
}

bool same_member(const std::string& entry, const std::string& wanted) {
  auto bare = [](const std::string& name) {
    return name.rfind("./", 0) == 0 ? name.substr(2) : name;
  };
  return bare(entry) == bare(wanted);
}

std::string member_list(const std::vector<std::string>& members) {
  std::string list;
  for (std::size_t i = 0; i < members.size() && i < kListedMembers; ++i) {
    list += (i > 0 ? ", " : "") + printable_excerpt(members[i]);
  }
  if (members.size() > kListedMembers) {
    list += " and " + std::to_string(members.size() - kListedMembers) + " more";
  }
  return list;
}

struct ArchiveText {
  RawBytes bytes;
  std::string member;
};

// Reads the requested member, or else the archive's one graph member, or else the preferred one.
ArchiveText read_archive_member(StreamDecoder& decoder, struct archive_entry* entry,
                                const std::filesystem::path& path, const std::string& wanted) {
  const std::string stem = archive_stem(path);
  std::vector<std::string> files;
  std::vector<std::string> graphs;
  ArchiveText first_graph;
  for (; entry != nullptr; entry = decoder.next_entry()) {
    const char* pathname = decoder.library().archive_entry_pathname(entry);
    if (decoder.library().archive_entry_filetype(entry) != AE_IFREG || pathname == nullptr) {
      continue;
    }
    const std::string member = pathname;
    files.push_back(member);
    const std::string text_name = decoder.name() + ":" + member;
    if (!wanted.empty()) {
      if (same_member(member, wanted)) return {decoder.read_entry(text_name), member};
      decoder.skip_entry();
      continue;
    }
    if (!is_graph_member(member)) {
      decoder.skip_entry();
      continue;
    }
    graphs.push_back(member);
    if (is_preferred_member(member, stem)) return {decoder.read_entry(text_name), member};
    if (graphs.size() == 1) {
      first_graph = {decoder.read_entry(text_name), member};
    } else {
      first_graph = {};  // ambiguous unless the preferred member follows: free the memory
      decoder.skip_entry();
    }
  }
  const std::string& name = decoder.name();
  if (!wanted.empty()) {
    throw IoError(name, 0,
                  "has no member '" + printable_excerpt(wanted) + "'; its files: " +
                      (files.empty() ? std::string("none") : member_list(files)));
  }
  if (graphs.size() == 1) return first_graph;
  if (graphs.empty()) {
    throw IoError(name, 0,
                  "holds no graph file (a member named .mtx, .gr, .graph, .txt, ...)" +
                      (files.empty() ? std::string(" and no files at all")
                                     : "; its files: " + member_list(files) +
                                           "; pick one with --member MEMBER"));
  }
  throw IoError(name, 0,
                "holds several graph files: " + member_list(graphs) +
                    "; pick one with --member MEMBER (for example --member " +
                    printable_excerpt(graphs.front()) + ")");
}

}  // namespace

std::string printable_excerpt(std::string_view bytes, std::size_t max_bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(std::min(bytes.size(), max_bytes) + 3);
  for (std::size_t i = 0; i < bytes.size() && i < max_bytes; ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if ((c >= 0x20 && c < 0x7f) || c == '\t') {
      out.push_back(static_cast<char>(c));
    } else {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
  if (bytes.size() > max_bytes) out += "...";
  return out;
}

TextBuffer::TextBuffer(std::string name, ByteArray data, std::size_t size, TextOrigin origin)
    : name_(std::move(name)), data_(std::move(data)), size_(size), origin_(std::move(origin)) {}

std::size_t TextBuffer::line_of(const char* at) const { return 1 + count_lines(begin(), at); }

std::string_view TextBuffer::line_text(const char* at) const {
  const char* first = at;
  while (first > begin() && first[-1] != '\n') --first;
  const char* last = at;
  while (last < end() && *last != '\n') ++last;
  while (last > first && last[-1] == '\r') --last;
  return {first, static_cast<std::size_t>(last - first)};
}

void TextBuffer::fail(const char* at, const std::string& problem) const {
  throw IoError(name_, line_of(at), problem, printable_excerpt(line_text(at), kQuotedLineBytes));
}

void TextBuffer::fail_line(std::size_t line, const std::string& problem,
                           std::string_view token) const {
  throw IoError(name_, line, problem, printable_excerpt(token, kQuotedLineBytes));
}

TextBuffer read_text_file(const std::filesystem::path& path, const std::string& member) {
  const std::string name = path.string();
  std::size_t file_bytes = 0;
  const FileDescriptor fd = open_regular_file(path, name, file_bytes);
  std::array<char, kSniffBytes> head{};
  const std::size_t head_bytes = read_at(fd.get(), name, head.data(), head.size(), 0);
  const Container container = sniff({head.data(), head_bytes});
  if (container.plain() && !member.empty()) {
    throw IoError(name, 0,
                  "is not a tar or zip archive, so it has no member '" + printable_excerpt(member) +
                      "' to read");
  }
  RawBytes raw;
  TextOrigin origin;
  std::string text_name = name;
  std::optional<RawBytes> whole_gzip;
  if (container.compression == "gzip" && member.empty() && file_bytes <= kWholeGzipMaxBytes) {
    whole_gzip = read_gzip_whole(fd.get(), name, file_bytes);
  }
  if (container.plain()) {
    raw = read_plain(fd.get(), name, file_bytes);
  } else if (whole_gzip) {
    origin.compression = container.compression;
    raw = std::move(*whole_gzip);
  } else {
    origin.compression = container.compression;
    auto decoder =
        std::make_unique<StreamDecoder>(fd.get(), name, file_bytes, container.compression, true);
    struct archive_entry* entry = decoder->next_entry();
    if (decoder->is_archive() && entry == nullptr && !container.archive) {
      // Compressed zero blocks read as an empty tar archive: decode them as one stream instead.
      decoder.reset();
      if (::lseek(fd.get(), 0, SEEK_SET) != 0) {
        throw IoError(name, 0, "cannot rewind file: " + errno_text());
      }
      decoder =
          std::make_unique<StreamDecoder>(fd.get(), name, file_bytes, container.compression, false);
      entry = decoder->next_entry();
    }
    if (decoder->is_archive()) {
      origin.archive = decoder->archive_kind();
      ArchiveText text = read_archive_member(*decoder, entry, path, member);
      raw = std::move(text.bytes);
      origin.member = std::move(text.member);
      text_name = name + ":" + origin.member;
      decoder->finish();
    } else {
      if (!member.empty()) {
        throw IoError(name, 0,
                      "is a single " + container.compression +
                          " stream, not an archive, so it "
                          "has no member '" +
                          printable_excerpt(member) + "' to read");
      }
      if (entry != nullptr) raw = decoder->read_entry(name);  // no entry: empty content
      decoder->finish_stream(raw);
    }
  }
  if (raw.data == nullptr) raw.data = allocate(name, 1);
  if (raw.size > 0 && raw.data.get()[raw.size - 1] != '\n') raw.data.get()[raw.size++] = '\n';
  return TextBuffer(text_name, std::move(raw.data), raw.size, std::move(origin));
}

std::vector<LineChunk> split_lines(const char* begin, const char* end, std::size_t chunk_bytes) {
  std::vector<LineChunk> chunks;
  chunk_bytes = std::max<std::size_t>(chunk_bytes, 1);
  const char* start = begin;
  while (start < end) {
    const char* cut = end;
    if (static_cast<std::size_t>(end - start) > chunk_bytes) {
      const void* newline = std::memchr(start + chunk_bytes - 1, '\n',
                                        static_cast<std::size_t>(end - (start + chunk_bytes - 1)));
      cut = newline == nullptr ? end : static_cast<const char*>(newline) + 1;
    }
    chunks.push_back({start, cut});
    start = cut;
  }
  return chunks;
}

std::size_t parse_chunk_bytes(std::size_t bytes) {
  constexpr std::size_t kMinChunk = std::size_t{256} << 10;
  constexpr std::size_t kMaxChunk = std::size_t{8} << 20;
  constexpr std::size_t kChunksPerThread = 8;
  const std::size_t threads = static_cast<std::size_t>(std::max(1, detail::max_threads()));
  return std::clamp(bytes / (threads * kChunksPerThread), kMinChunk, kMaxChunk);
}

std::size_t count_lines(const char* begin, const char* end) noexcept {
  // Blocks of 255 bytes count into one byte, a sum the compiler vectorizes; std::count's
  // 64-bit sum is ten times slower.
  constexpr std::size_t kBlock = 255;
  std::size_t lines = 0;
  while (static_cast<std::size_t>(end - begin) >= kBlock) {
    unsigned char in_block = 0;
    for (std::size_t i = 0; i < kBlock; ++i)
      in_block += static_cast<unsigned char>(begin[i] == '\n');
    lines += in_block;
    begin += kBlock;
  }
  for (; begin < end; ++begin) lines += static_cast<std::size_t>(*begin == '\n');
  return lines;
}

std::size_t count_lines_not_starting_with(const char* begin, const char* end, char mark) noexcept {
  if (begin == end) return 0;
  // A line starts at `begin` and after every '\n' but the last, which ends the range. Blocks as
  // in count_lines.
  constexpr std::size_t kBlock = 255;
  const char* const last = end - 1;
  std::size_t lines = *begin != mark ? 1 : 0;
  while (static_cast<std::size_t>(last - begin) >= kBlock) {
    unsigned char in_block = 0;
    for (std::size_t i = 0; i < kBlock; ++i)
      in_block += static_cast<unsigned char>((begin[i] == '\n') & (begin[i + 1] != mark));
    lines += in_block;
    begin += kBlock;
  }
  for (; begin < last; ++begin)
    lines += static_cast<std::size_t>((*begin == '\n') & (begin[1] != mark));
  return lines;
}

std::size_t count_tokens(const char* begin, const char* end) noexcept {
  if (begin == end) return 0;
  const auto separates = [](char c) { return static_cast<unsigned char>(c) <= ' '; };
  // A token starts at a byte that is no separator after one that is; the range starts a line.
  constexpr std::size_t kBlock = 255;
  std::size_t tokens = separates(*begin) ? 0 : 1;
  const char* p = begin + 1;
  while (static_cast<std::size_t>(end - p) >= kBlock) {
    const char* const before = p - 1;
    unsigned char in_block = 0;
    for (std::size_t i = 0; i < kBlock; ++i)
      in_block += static_cast<unsigned char>(separates(before[i]) & !separates(p[i]));
    tokens += in_block;
    p += kBlock;
  }
  for (; p < end; ++p) tokens += static_cast<std::size_t>(separates(p[-1]) & !separates(*p));
  return tokens;
}

const char* next_line(const char* at) noexcept {
  while (*at != '\n') ++at;
  return at + 1;
}

}  // namespace frontier::io
