#include "frontier/errors.hpp"

#include <sys/resource.h>

#include <array>
#include <cstdio>
#include <string>

namespace frontier {
namespace {

std::string io_message(const std::string& file, std::size_t line, const std::string& problem,
                       const std::string& token) {
  constexpr std::size_t kMaxTokenBytes = 40;
  std::string message = printable_text(file);
  if (line > 0) message += ':' + std::to_string(line);
  message += ": " + printable_text(problem);
  if (!token.empty()) message += " (near '" + printable_text(token, kMaxTokenBytes) + "')";
  return message;
}

// Length of the UTF-8 sequence starting at text[0] that encodes a printable character (not a
// C1 control, U+0080..U+009F, which terminals may take as escape sequences); 0 if there is none.
std::size_t printable_utf8_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  std::uint32_t code_point = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code_point = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code_point = lead & 0x0Fu;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code_point = lead & 0x07u;
  } else {
    return 0;
  }
  if (text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0u) != 0x80u) return 0;
    code_point = (code_point << 6) | (byte(i) & 0x3Fu);
  }
  const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  const bool valid = code_point >= smallest[length] && code_point <= 0x10FFFF &&
                     (code_point < 0xD800 || code_point > 0xDFFF);
  return valid && code_point >= 0xA0 ? length : 0;
}

std::string bytes_text(std::uint64_t bytes) {
  return format_bytes(bytes) + " (" + std::to_string(bytes) + " bytes)";
}

// More needed than free: say both. Otherwise the memory was there and the allocation failed on
// something else, most often the address-space limit (ulimit -v), which is named when set.
std::string out_of_memory_message(const std::string& what, std::uint64_t needed,
                                  std::uint64_t free) {
  if (needed > free && free > 0) {
    return what + ": needs " + bytes_text(needed) + " but only " + bytes_text(free) + " are free";
  }
  std::string message = what + ": allocating " + bytes_text(needed) + " failed";
  if (free > 0) message += " although " + format_bytes(free) + " are free";
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    message += " (the address-space limit, ulimit -v, is " +
               format_bytes(static_cast<std::uint64_t>(limit.rlim_cur)) + ")";
  }
  return message;
}

}  // namespace

std::string printable_text(std::string_view bytes, std::size_t max_bytes) {
  const bool cut = bytes.size() > max_bytes;
  if (cut) bytes = bytes.substr(0, max_bytes);
  std::string shown;
  shown.reserve(bytes.size());
  for (std::size_t i = 0; i < bytes.size();) {
    const auto byte = static_cast<unsigned char>(bytes[i]);
    if (byte >= 0x20 && byte < 0x7F) {
      shown += static_cast<char>(byte);
      ++i;
      continue;
    }
    if (const std::size_t length = byte >= 0x80 ? printable_utf8_length(bytes.substr(i)) : 0) {
      shown.append(bytes.substr(i, length));
      i += length;
      continue;
    }
    switch (byte) {
      case '\n':
        shown += "\\n";
        break;
      case '\r':
        shown += "\\r";
        break;
      case '\t':
        shown += "\\t";
        break;
      case '\0':
        shown += "\\0";
        break;
      default: {
        std::array<char, 8> escape{};
        std::snprintf(escape.data(), escape.size(), "\\x%02x", byte);
        shown += escape.data();
      }
    }
    ++i;
  }
  if (cut) shown += "\u2026";
  return shown;
}

IoError::IoError(std::string file, std::size_t line, const std::string& problem, std::string token)
    : Error(io_message(file, line, problem, token)),
      file_(std::move(file)),
      line_(line),
      problem_(problem),
      token_(std::move(token)) {}

OutOfMemory::OutOfMemory(const std::string& what, std::uint64_t bytes_needed,
                         std::uint64_t bytes_free)
    : Error(out_of_memory_message(what, bytes_needed, bytes_free)),
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
