#include "frontier/errors.hpp"

#include <array>
#include <cstdio>
#include <sstream>

namespace frontier {
namespace {

std::string io_message(const std::string& file, std::size_t line, const std::string& problem,
                       const std::string& token) {
  std::ostringstream message;
  message << file;
  if (line > 0) message << ':' << line;
  message << ": " << problem;
  if (!token.empty()) {
    constexpr std::size_t kMaxTokenChars = 40;
    std::string shown = token.substr(0, kMaxTokenChars);
    if (token.size() > kMaxTokenChars) shown += "...";
    message << " (near '" << shown << "')";
  }
  return message.str();
}

}  // namespace

IoError::IoError(std::string file, std::size_t line, const std::string& problem, std::string token)
    : Error(io_message(file, line, problem, token)),
      file_(std::move(file)),
      line_(line),
      problem_(problem),
      token_(std::move(token)) {}

OutOfMemory::OutOfMemory(const std::string& what, std::uint64_t bytes_needed,
                         std::uint64_t bytes_free)
    : Error(what + ": needs " + format_bytes(bytes_needed) + " (" + std::to_string(bytes_needed) +
            " bytes) but only " + format_bytes(bytes_free) + " (" + std::to_string(bytes_free) +
            " bytes) are free"),
      bytes_needed_(bytes_needed),
      bytes_free_(bytes_free) {}

std::string format_bytes(std::uint64_t bytes) {
  constexpr std::array<const char*, 6> kUnits = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  double value = static_cast<double>(bytes);
  std::size_t unit = 0;
  while (value >= 1024.0 && unit + 1 < kUnits.size()) {
    value /= 1024.0;
    ++unit;
  }
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), unit == 0 ? "%.0f %s" : "%.2f %s", value, kUnits[unit]);
  return text.data();
}

}  // namespace frontier
