// Whole-file text input with transparent gzip (see text_source.hpp).
//
// Plain files are read with read(2) into a buffer sized from fstat. Gzip files (magic 1f 8b) are
// read whole and inflated with zlib into a buffer that starts at the size the gzip trailer states
// (capped by deflate's best ratio, so a forged trailer cannot force a huge allocation) and grows
// by realloc. Concatenated gzip members are inflated one after another; input that ends before a
// member's end is reported as a truncated stream rather than returned as partial data.
#include "text_source.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

#include "frontier/detail/parallel.hpp"
#include "frontier/detail/progress.hpp"
#include "frontier/errors.hpp"

namespace frontier::io {
namespace {

constexpr std::size_t kReadBlockBytes = std::size_t{64} << 20;
constexpr std::size_t kMinGrowBytes = std::size_t{1} << 20;
// deflate never compresses better than about 1032:1.
constexpr std::uint64_t kMaxDeflateRatio = 1032;
// zlib counts input and output in 32-bit uInt; feed it at most this much per call.
constexpr std::size_t kZlibPieceBytes = std::size_t{1} << 30;
// Output per inflate() call: small enough for steady progress reports.
constexpr std::size_t kInflateStepBytes = std::size_t{16} << 20;

// Asks for transparent huge pages over a large buffer: filling it then takes one page fault per
// 2 MiB instead of one per 4 KiB. Only advice; ignored where unsupported.
void advise_huge_pages(char* memory, std::size_t bytes) {
  constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
  const auto first = (reinterpret_cast<std::uintptr_t>(memory) + kHugePage - 1) & ~(kHugePage - 1);
  const auto last = (reinterpret_cast<std::uintptr_t>(memory) + bytes) & ~(kHugePage - 1);
  if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

ByteArray allocate(const std::string& name, std::size_t bytes) {
  char* memory = static_cast<char*>(std::malloc(std::max<std::size_t>(bytes, 1)));
  if (memory == nullptr) {
    throw IoError(name, 0, "cannot allocate " + format_bytes(bytes) + " to hold the file");
  }
  advise_huge_pages(memory, bytes);
  return ByteArray(memory);
}

void reallocate(const std::string& name, ByteArray& data, std::size_t bytes) {
  char* memory = static_cast<char*>(std::realloc(data.get(), bytes));
  if (memory == nullptr) {
    throw IoError(name, 0, "cannot allocate " + format_bytes(bytes) + " to hold the file");
  }
  data.release();
  data.reset(memory);
}

std::string errno_text() { return std::strerror(errno); }

// Closes a file descriptor on scope exit.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
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

// Reads the whole file; capacity keeps one spare byte for the closing '\n'.
RawBytes read_raw(const std::filesystem::path& path, const std::string& name) {
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) throw IoError(name, 0, "cannot open file: " + errno_text());
  struct stat status {};
  if (::fstat(fd.get(), &status) != 0) throw IoError(name, 0, "cannot stat file: " + errno_text());
  if (S_ISDIR(status.st_mode)) throw IoError(name, 0, "is a directory, not a graph file");
  const std::size_t expected =
      S_ISREG(status.st_mode) ? static_cast<std::size_t>(status.st_size) : kMinGrowBytes;
  RawBytes raw;
  raw.capacity = expected + 1;
  raw.data = allocate(name, raw.capacity);
  detail::Progress progress("reading " + name, expected, "MB", 1e-6);
  for (;;) {
    if (raw.capacity - raw.size <= 1) {
      raw.capacity = raw.capacity + std::max(raw.capacity, kMinGrowBytes);
      reallocate(name, raw.data, raw.capacity);
    }
    const std::size_t want = std::min(kReadBlockBytes, raw.capacity - raw.size - 1);
    const ssize_t got = ::read(fd.get(), raw.data.get() + raw.size, want);
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

bool has_gzip_magic(const char* data, std::size_t size) {
  return size >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
         static_cast<unsigned char>(data[1]) == 0x8b;
}

// Ends a zlib inflate stream on scope exit.
class InflateStream {
 public:
  explicit InflateStream(const std::string& name) {
    // 15 + 16: a gzip wrapper with the largest window.
    if (inflateInit2(&stream_, 15 + 16) != Z_OK) {
      throw IoError(name, 0, "cannot initialise zlib to inflate the gzip stream");
    }
  }
  InflateStream(const InflateStream&) = delete;
  InflateStream& operator=(const InflateStream&) = delete;
  ~InflateStream() { inflateEnd(&stream_); }
  z_stream* get() noexcept { return &stream_; }

 private:
  z_stream stream_{};
};

// The initial output size: the gzip trailer's ISIZE (size mod 2^32 of the last member), but no
// more than deflate could produce from this input and no less than four times the input.
std::size_t inflated_size_hint(const RawBytes& compressed) {
  const auto* tail =
      reinterpret_cast<const unsigned char*>(compressed.data.get() + compressed.size - 4);
  const std::uint64_t isize = std::uint64_t{tail[0]} | (std::uint64_t{tail[1]} << 8) |
                              (std::uint64_t{tail[2]} << 16) | (std::uint64_t{tail[3]} << 24);
  const std::uint64_t ceiling = kMaxDeflateRatio * compressed.size + kMinGrowBytes;
  const std::uint64_t floor = 4 * std::uint64_t{compressed.size};
  return static_cast<std::size_t>(std::min(std::max(isize, floor), ceiling)) + 1;
}

RawBytes inflate_gzip(const std::string& name, const RawBytes& compressed) {
  RawBytes out;
  out.capacity = compressed.size >= 4 ? inflated_size_hint(compressed) : kMinGrowBytes;
  out.data = allocate(name, out.capacity);
  InflateStream inflater(name);
  z_stream* zs = inflater.get();
  const char* input = compressed.data.get();
  std::size_t fed = 0;  // input bytes handed to zlib so far
  detail::Progress progress("decompressing " + name, compressed.size, "MB", 1e-6);
  for (;;) {
    if (zs->avail_in == 0 && fed < compressed.size) {
      const std::size_t piece = std::min(kZlibPieceBytes, compressed.size - fed);
      zs->next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input + fed));
      zs->avail_in = static_cast<uInt>(piece);
      fed += piece;
    }
    if (out.capacity - out.size <= 1) {
      out.capacity += std::max(out.capacity / 2, kMinGrowBytes);
      reallocate(name, out.data, out.capacity);
    }
    const std::size_t room = std::min(kInflateStepBytes, out.capacity - out.size - 1);
    zs->next_out = reinterpret_cast<Bytef*>(out.data.get() + out.size);
    zs->avail_out = static_cast<uInt>(room);
    const int status = inflate(zs, Z_NO_FLUSH);
    out.size += room - zs->avail_out;
    const std::size_t consumed = fed - zs->avail_in;
    progress.update(consumed);
    if (status == Z_STREAM_END) {
      const std::size_t left = compressed.size - consumed;
      if (left == 0) break;
      const char* rest = input + consumed;
      if (has_gzip_magic(rest, left)) {
        inflateReset(zs);  // the next member of a multi-member gzip file
        continue;
      }
      if (std::all_of(rest, rest + left, [](char c) { return c == 0; })) break;  // zero padding
      throw IoError(name, 0,
                    "unexpected bytes after the end of the gzip stream at compressed offset " +
                        std::to_string(consumed));
    }
    if (status == Z_OK) continue;
    if (status == Z_BUF_ERROR) {
      if (zs->avail_out == 0) continue;  // output full: grow and go on
      if (zs->avail_in == 0 && fed == compressed.size) {
        throw IoError(name, 0,
                      "gzip stream is truncated: input ended after " +
                          std::to_string(compressed.size) + " compressed bytes (" +
                          std::to_string(out.size) + " bytes inflated) before the stream's end");
      }
      continue;
    }
    const std::string detail =
        zs->msg != nullptr ? zs->msg : "zlib error " + std::to_string(status);
    throw IoError(
        name, 0,
        "corrupt gzip stream at compressed offset " + std::to_string(consumed) + ": " + detail);
  }
  progress.finish();
  return out;
}

}  // namespace

TextBuffer::TextBuffer(std::string name, ByteArray data, std::size_t size, bool gzip)
    : name_(std::move(name)), data_(std::move(data)), size_(size), gzip_(gzip) {}

std::size_t TextBuffer::line_of(const char* at) const {
  std::size_t line = 1;
  const char* p = begin();
  while (p < at) {
    const void* found = std::memchr(p, '\n', static_cast<std::size_t>(at - p));
    if (found == nullptr) break;
    ++line;
    p = static_cast<const char*>(found) + 1;
  }
  return line;
}

std::string_view TextBuffer::line_text(const char* at) const {
  const char* first = at;
  while (first > begin() && first[-1] != '\n') --first;
  const char* last = at;
  while (last < end() && *last != '\n') ++last;
  while (last > first && last[-1] == '\r') --last;
  return {first, static_cast<std::size_t>(last - first)};
}

void TextBuffer::fail(const char* at, const std::string& problem) const {
  throw IoError(name_, line_of(at), problem, std::string(line_text(at)));
}

void TextBuffer::fail_line(std::size_t line, const std::string& problem,
                           std::string_view token) const {
  throw IoError(name_, line, problem, std::string(token));
}

TextBuffer read_text_file(const std::filesystem::path& path) {
  const std::string name = path.string();
  RawBytes raw = read_raw(path, name);
  const bool gzip = has_gzip_magic(raw.data.get(), raw.size);
  if (gzip) raw = inflate_gzip(name, raw);
  if (raw.size > 0 && raw.data.get()[raw.size - 1] != '\n') raw.data.get()[raw.size++] = '\n';
  return TextBuffer(name, std::move(raw.data), raw.size, gzip);
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

const char* next_line(const char* at) noexcept {
  while (*at != '\n') ++at;
  return at + 1;
}

}  // namespace frontier::io
