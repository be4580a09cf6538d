// Whole-or-nothing output files (see output_file.hpp).
#include "frontier/io/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <random>
#include <streambuf>
#include <string_view>
#include <system_error>
#include <vector>

#include "frontier/errors.hpp"

namespace frontier::io {
namespace {

constexpr std::size_t kBufferBytes = std::size_t{1} << 20;
constexpr int kTemporaryNameAttempts = 100;

// Writes all of [data, data + bytes) to the descriptor; returns 0 or the errno of the failure.
int write_all(int descriptor, const char* data, std::size_t bytes) {
  while (bytes > 0) {
    const ssize_t written = ::write(descriptor, data, bytes);
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += written;
    bytes -= static_cast<std::size_t>(written);
  }
  return 0;
}

// The file the target names once symbolic links are followed; the target itself if it is none.
std::filesystem::path resolved_destination(const std::filesystem::path& target) {
  std::error_code error;
  if (!std::filesystem::is_symlink(target, error)) return target;
  const std::filesystem::path resolved = std::filesystem::weakly_canonical(target, error);
  return error ? target : resolved;
}

// /dev/stdout, /dev/fd/N, /proc/self/fd/N: links to an open descriptor, which a rename onto the
// file they resolve to would leave writing to the replaced file.
bool names_a_descriptor(const std::filesystem::path& target) {
  const std::string text = target.string();
  return text.rfind("/dev/", 0) == 0 || text.rfind("/proc/", 0) == 0;
}

// The descriptor that /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N names; -1 for any
// other path. Writing through a copy of it shares the offset the shell's redirection uses.
int named_descriptor(const std::string& text) {
  if (text == "/dev/stdout") return STDOUT_FILENO;
  if (text == "/dev/stderr") return STDERR_FILENO;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (text.rfind(prefix, 0) != 0) continue;
    int descriptor = -1;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data() + prefix.size(), end, descriptor);
    return error == std::errc{} && stop == end ? descriptor : -1;
  }
  return -1;
}

}  // namespace

/// A std::streambuf over a file descriptor that remembers the first write error.
class OutputFile::Buffer : public std::streambuf {
 public:
  explicit Buffer(int descriptor) : descriptor_(descriptor), storage_(kBufferBytes) {
    setp(storage_.data(), storage_.data() + storage_.size());
  }
  int error() const noexcept { return error_; }
  bool flush() {
    const std::size_t pending = static_cast<std::size_t>(pptr() - pbase());
    setp(storage_.data(), storage_.data() + storage_.size());
    if (error_ == 0 && pending > 0) error_ = write_all(descriptor_, storage_.data(), pending);
    return error_ == 0;
  }

 protected:
  int_type overflow(int_type character) override {
    if (!flush()) return traits_type::eof();
    if (!traits_type::eq_int_type(character, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(character);
      pbump(1);
    }
    return traits_type::not_eof(character);
  }
  std::streamsize xsputn(const char* data, std::streamsize count) override {
    const auto bytes = static_cast<std::size_t>(count);
    if (bytes < storage_.size() / 2) return std::streambuf::xsputn(data, count);
    if (!flush()) return 0;
    error_ = write_all(descriptor_, data, bytes);
    return error_ == 0 ? count : 0;
  }
  int sync() override { return flush() ? 0 : -1; }

 private:
  int descriptor_;
  std::vector<char> storage_;
  int error_ = 0;
};

OutputFile::OutputFile(const std::filesystem::path& target) : name_(target.string()) {
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (const int named = named_descriptor(target.string()); named >= 0 && exists) {
    descriptor_ = ::fcntl(named, F_DUPFD_CLOEXEC, 0);
    if (descriptor_ < 0) fail("cannot write to the descriptor", errno);
  } else if (exists && (!S_ISREG(existing.st_mode) || names_a_descriptor(target))) {
    // Devices, FIFOs and terminals cannot be replaced by a rename: write to them as they are.
    // A regular file behind /dev/stdout is the shell's redirection: append, as stdout does.
    const int append = S_ISREG(existing.st_mode) ? O_APPEND : 0;
    descriptor_ = ::open(target.c_str(), O_WRONLY | append | O_CLOEXEC);
    if (descriptor_ < 0) fail("cannot open for writing", errno);
  } else {
    destination_ = resolved_destination(target);
    static std::atomic<unsigned> counter{0};
    std::random_device entropy;
    const std::filesystem::path folder = destination_.parent_path();
    std::string stem = ".";
    stem += destination_.filename().string();
    stem += ".tmp" + std::to_string(::getpid()) + "_";
    for (int attempt = 0; descriptor_ < 0 && attempt < kTemporaryNameAttempts; ++attempt) {
      temporary_ = folder / (stem + std::to_string(counter.fetch_add(1)) + "_" +
                             std::to_string(entropy() % 1000000));
      descriptor_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (descriptor_ < 0 && errno != EEXIST) break;
    }
    if (descriptor_ < 0) {
      const int error_number = errno;
      temporary_.clear();
      fail("cannot create a file in " + (folder.empty() ? std::string(".") : folder.string()),
           error_number);
    }
    // A replaced file keeps its permissions.
    if (exists) ::fchmod(descriptor_, existing.st_mode & 07777);
  }
  buffer_ = std::make_unique<Buffer>(descriptor_);
  stream_ = std::make_unique<std::ostream>(buffer_.get());
}

OutputFile::~OutputFile() { discard(); }

std::ostream& OutputFile::stream() { return *stream_; }

void OutputFile::write(const void* data, std::size_t bytes) {
  stream_->write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
  if (!*stream_) fail("cannot write", buffer_->error());
}

int OutputFile::descriptor() {
  if (!buffer_->flush()) fail("cannot write", buffer_->error());
  return descriptor_;
}

void OutputFile::commit() {
  if (!buffer_->flush() || !*stream_) fail("cannot write", buffer_->error());
  const int descriptor = descriptor_;
  descriptor_ = -1;
  if (::close(descriptor) != 0 && errno != EINTR) fail("cannot close", errno);
  if (!temporary_.empty() && ::rename(temporary_.c_str(), destination_.c_str()) != 0) {
    fail("cannot move the finished file into place", errno);
  }
  committed_ = true;
}

void OutputFile::fail(const std::string& problem, int error_number) {
  discard();
  throw IoError(name_, 0,
                error_number != 0 ? problem + ": " + std::strerror(error_number) : problem);
}

void OutputFile::discard() noexcept {
  if (descriptor_ >= 0) ::close(descriptor_);
  descriptor_ = -1;
  if (committed_ || temporary_.empty()) return;
  ::unlink(temporary_.c_str());
  temporary_.clear();
}

}  // namespace frontier::io
