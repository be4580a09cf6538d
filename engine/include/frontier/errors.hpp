/// @file errors.hpp
/// @brief The typed errors frontier throws. Library code never exits; only cli/main.cpp turns
/// these into exit codes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace frontier {

/// Base of every frontier error.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

/// A caller passed a value the operation cannot accept (out-of-range source, bad option, ...).
class InvalidArgument : public Error {
 public:
  explicit InvalidArgument(const std::string& message) : Error(message) {}
};

/// Input data is unreadable or malformed. The message reads `file:line: problem (near 'token')`;
/// line 0 means the problem is not tied to one line (a missing file, a truncated stream). The
/// message shows file, problem and token through printable_text() (the token cut at 40 bytes);
/// the accessors return them as given.
class IoError : public Error {
 public:
  IoError(std::string file, std::size_t line, const std::string& problem, std::string token = {});

  const std::string& file() const noexcept { return file_; }
  std::size_t line() const noexcept { return line_; }
  const std::string& token() const noexcept { return token_; }
  const std::string& problem() const noexcept { return problem_; }

 private:
  std::string file_;
  std::size_t line_;
  std::string problem_;
  std::string token_;
};

/// An allocation would not fit: says how many bytes were needed and how many were free. When no
/// more was needed than was free (an allocation that failed all the same) the message says the
/// allocation failed, and names the address-space limit if one is set.
class OutOfMemory : public Error {
 public:
  OutOfMemory(const std::string& what, std::uint64_t bytes_needed, std::uint64_t bytes_free);

  std::uint64_t bytes_needed() const noexcept { return bytes_needed_; }
  std::uint64_t bytes_free() const noexcept { return bytes_free_; }

 private:
  std::uint64_t bytes_needed_;
  std::uint64_t bytes_free_;
};

/// A CUDA runtime call or kernel launch failed.
class CudaError : public Error {
 public:
  explicit CudaError(const std::string& message) : Error(message) {}
};

/// An NCCL call failed.
class NcclError : public Error {
 public:
  explicit NcclError(const std::string& message) : Error(message) {}
};

/// A result failed a correctness check (a BFS tree breaking a Graph500 rule, a list with a cycle).
class ValidationError : public Error {
 public:
  explicit ValidationError(const std::string& message) : Error(message) {}
};

/// Bytes from an input, made safe to print in a message: control bytes and bytes that are not
/// UTF-8 become escapes (\n, \r, \t, \0, \xNN), so no terminal escape sequence, NUL or line
/// break reaches the reader; text longer than `max_bytes` input bytes is cut and ends in "…".
std::string printable_text(std::string_view bytes, std::size_t max_bytes = 1024);

/// Formats a byte count for people: "1.50 GiB".
std::string format_bytes(std::uint64_t bytes);

}  // namespace frontier
