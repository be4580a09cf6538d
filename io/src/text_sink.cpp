// Plain or gzip output file written through an OutputFile (see text_sink.hpp).
#include "text_sink.hpp"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "frontier/errors.hpp"

namespace frontier::io {
namespace {

constexpr unsigned kGzipBufferBytes = 1u << 20;
// gzwrite takes an unsigned length and returns an int: write at most this much per call.
constexpr std::size_t kGzipPieceBytes = std::size_t{1} << 30;

}  // namespace

bool has_gzip_suffix(const std::filesystem::path& path) { return path.extension() == ".gz"; }

TextSink::TextSink(const std::filesystem::path& path, bool gzip) : file_(path) {
  if (!gzip) return;
  // zlib writes through its own copy of the descriptor and closes that copy in gzclose().
  const int copy = ::dup(file_.descriptor());
  if (copy < 0) fail("cannot create file: " + std::string(std::strerror(errno)));
  gzFile gz = gzdopen(copy, "wb6");
  if (gz == nullptr) {
    ::close(copy);
    fail("cannot start the compressed stream");
  }
  gz_ = gz;
  gzbuffer(gz, kGzipBufferBytes);
}

TextSink::~TextSink() {
  if (gz_ != nullptr) gzclose(static_cast<gzFile>(gz_));
}

void TextSink::write(std::string_view text) {
  if (gz_ == nullptr) {
    file_.write(text);
    return;
  }
  auto* gz = static_cast<gzFile>(gz_);
  while (!text.empty()) {
    const std::size_t piece = std::min(text.size(), kGzipPieceBytes);
    if (gzwrite(gz, text.data(), static_cast<unsigned>(piece)) != static_cast<int>(piece)) {
      int code = 0;
      const char* message = gzerror(gz, &code);
      fail("cannot write compressed data: " +
           std::string(code == Z_ERRNO ? std::strerror(errno) : message));
    }
    text.remove_prefix(piece);
  }
}

void TextSink::close() {
  if (gz_ != nullptr) {
    auto* gz = static_cast<gzFile>(gz_);
    gz_ = nullptr;
    errno = 0;
    const int status = gzclose(gz);
    if (status != Z_OK) {
      fail("cannot finish the compressed file" +
           (status == Z_ERRNO && errno != 0 ? ": " + std::string(std::strerror(errno)) : ""));
    }
  }
  file_.commit();
}

void TextSink::fail(const std::string& problem) {
  if (gz_ != nullptr) gzclose(static_cast<gzFile>(gz_));
  gz_ = nullptr;
  throw IoError(file_.name(), 0, problem);
}

}  // namespace frontier::io
