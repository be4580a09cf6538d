// Plain or gzip output file written through a temporary name (see text_sink.hpp).
#include "text_sink.hpp"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <system_error>

#include "frontier/errors.hpp"

namespace frontier::io {
namespace {

constexpr unsigned kGzipBufferBytes = 1u << 20;
constexpr std::size_t kFileBufferBytes = std::size_t{1} << 20;
// gzwrite takes an unsigned length and returns an int: write at most this much per call.
constexpr std::size_t kGzipPieceBytes = std::size_t{1} << 30;

}  // namespace

bool has_gzip_suffix(const std::filesystem::path& path) { return path.extension() == ".gz"; }

TextSink::TextSink(const std::filesystem::path& path, bool gzip)
    : path_(path), partial_(path.string() + ".partial"), gzip_(gzip) {
  if (gzip_) {
    gzFile gz = gzopen(partial_.c_str(), "wb6");
    if (gz == nullptr) fail("cannot create file: " + std::string(std::strerror(errno)));
    gz_ = gz;
    gzbuffer(gz, kGzipBufferBytes);
  } else {
    file_ = std::fopen(partial_.c_str(), "wb");
    if (file_ == nullptr) fail("cannot create file: " + std::string(std::strerror(errno)));
    std::setvbuf(file_, nullptr, _IOFBF, kFileBufferBytes);
  }
}

TextSink::~TextSink() { discard(); }

void TextSink::write(std::string_view text) {
  if (gzip_) {
    auto* gz = static_cast<gzFile>(gz_);
    while (!text.empty()) {
      const std::size_t piece = std::min(text.size(), kGzipPieceBytes);
      if (gzwrite(gz, text.data(), static_cast<unsigned>(piece)) != static_cast<int>(piece)) {
        int code = 0;
        fail("cannot write compressed data: " + std::string(gzerror(gz, &code)));
      }
      text.remove_prefix(piece);
    }
    return;
  }
  if (!text.empty() && std::fwrite(text.data(), 1, text.size(), file_) != text.size()) {
    fail("cannot write: " + std::string(std::strerror(errno)));
  }
}

void TextSink::close() {
  if (gzip_) {
    auto* gz = static_cast<gzFile>(gz_);
    gz_ = nullptr;
    if (gzclose(gz) != Z_OK) fail("cannot finish the compressed file");
  } else {
    std::FILE* file = file_;
    file_ = nullptr;
    if (std::fclose(file) != 0) fail("cannot close file: " + std::string(std::strerror(errno)));
  }
  std::error_code error;
  std::filesystem::rename(partial_, path_, error);
  if (error) fail("cannot move the finished file into place: " + error.message());
  finished_ = true;
}

void TextSink::fail(const std::string& problem) {
  discard();
  throw IoError(path_.string(), 0, problem);
}

void TextSink::discard() noexcept {
  if (gz_ != nullptr) gzclose(static_cast<gzFile>(gz_));
  if (file_ != nullptr) std::fclose(file_);
  gz_ = nullptr;
  file_ = nullptr;
  if (finished_) return;
  std::error_code ignored;
  std::filesystem::remove(partial_, ignored);
}

}  // namespace frontier::io
