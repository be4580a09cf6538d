/// @file output_file.hpp
/// @brief An output file that appears whole or not at all: every frontier writer goes through it.
///
/// The bytes go to a temporary file `.<name>.tmp<unique>` in the target's folder, which commit()
/// flushes, closes and renames onto the target; an OutputFile destroyed before commit() removes
/// its temporary file, so a failed write (disk full, file-size limit) leaves an existing file at
/// the target untouched. A target that is a symbolic link is written through: the temporary file
/// goes to the folder of the file the link resolves to and replaces that file, and the link stays.
/// A target that exists and is not a regular file (/dev/null, /dev/full, a FIFO, /dev/stdout) is
/// written directly, without a rename; /dev/stdout, /dev/stderr and /dev/fd/N write through a copy
/// of the process's own descriptor, so they share its offset in a redirected file. A replaced file
/// keeps its permission bits; a new one gets 0666 less the umask. Nothing is fsync'ed: a crash of
/// the machine may still lose the data.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace frontier::io {

class OutputFile {
 public:
  /// Creates the temporary file (or opens a non-regular target directly).
  /// @throws IoError naming `target` and the OS error when it cannot be created.
  explicit OutputFile(const std::filesystem::path& target);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  /// Removes the temporary file unless commit() succeeded. Never throws.
  ~OutputFile();

  /// A buffered stream onto the file. A failed write sets its badbit; commit() reports the error.
  std::ostream& stream();
  /// Writes `bytes` bytes. @throws IoError naming the target and the OS error.
  void write(const void* data, std::size_t bytes);
  void write(std::string_view text) { write(text.data(), text.size()); }
  /// The open descriptor, for writers that bring their own buffering (zlib's gzdopen on a dup()).
  /// Flushes the stream first, so bytes from both land in order.
  int descriptor();
  /// Flushes, closes and moves the file into place.
  /// @throws IoError naming the target and the OS error on any failure (the temp file is removed).
  void commit();

  /// The target as the caller named it (what error messages say).
  const std::string& name() const noexcept { return name_; }

 private:
  class Buffer;
  [[noreturn]] void fail(const std::string& problem, int error_number);
  void discard() noexcept;

  std::string name_;
  std::filesystem::path destination_;
  std::filesystem::path temporary_;  // empty when writing directly
  int descriptor_ = -1;
  std::unique_ptr<Buffer> buffer_;
  std::unique_ptr<std::ostream> stream_;
  bool committed_ = false;
};

}  // namespace frontier::io
