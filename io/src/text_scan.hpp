// Hand-written token scanning for the text graph formats (internal to frontier_io).
//
// Every scanner takes a cursor into a TextBuffer, whose text always ends with '\n', so a scan
// stops at the latest on that '\n' and never reads past the buffer. Blanks are ' ', '\t', '\r',
// '\v' and '\f' ('\r' makes CRLF files read like LF files); '\n' ends a line. A number must be
// followed by a blank or '\n' ("12abc" is not a number). On success a scanner moves the cursor past
// the token; on failure it leaves the cursor where it was.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <system_error>

#include "text_source.hpp"

namespace frontier::io {

inline bool is_blank(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}
inline bool is_digit(char c) noexcept { return static_cast<unsigned char>(c - '0') < 10; }
inline bool ends_token(char c) noexcept { return is_blank(c) || c == '\n'; }

inline const char* skip_blanks(const char* p) noexcept {
  while (is_blank(*p)) ++p;
  return p;
}

enum class ScanStatus { Ok, NotANumber, Negative, TooLarge };

/// Scans an unsigned decimal integer (an optional '+', then digits). A '-' before digits reports
/// Negative; more than 19 significant digits report TooLarge.
[[gnu::always_inline]] inline ScanStatus scan_unsigned(const char*& p,
                                                       std::uint64_t& value) noexcept {
  constexpr std::ptrdiff_t kMaxDigits = 19;  // 10^19 - 1 < 2^64
  const char* q = p;
  if (*q == '-') return is_digit(q[1]) ? ScanStatus::Negative : ScanStatus::NotANumber;
  if (*q == '+') ++q;
  if (!is_digit(*q)) return ScanStatus::NotANumber;
  while (*q == '0') ++q;
  const char* digits = q;
  std::uint64_t result = 0;
  while (is_digit(*q)) {
    result = result * 10 + static_cast<std::uint64_t>(*q - '0');
    ++q;
  }
  if (!ends_token(*q)) return ScanStatus::NotANumber;
  if (q - digits > kMaxDigits) return ScanStatus::TooLarge;
  value = result;
  p = q;
  return ScanStatus::Ok;
}

/// The most digits scan_plain_id_pair() takes in one id: 10^9 - 1 fits 32 bits and stays below
/// every id limit of the readers.
inline constexpr std::ptrdiff_t kPlainIdMaxDigits = 9;

/// The common edge line "<digits><one space or tab><digits>\n" (or "\r\n"), each id of at most
/// kPlainIdMaxDigits digits: on a match stores the ids, moves p past the '\n' and returns true.
/// Anything else (a sign, more blanks, a third column, a comment, longer ids) returns false and
/// leaves p alone, for the general scanners to read that line. Every line it takes, skip_blanks()
/// and scan_unsigned() read as the same two ids.
[[gnu::always_inline]] inline bool scan_plain_id_pair(const char*& p, std::uint32_t& first,
                                                      std::uint32_t& second) noexcept {
  const char* q = p;
  const char* digits = q;
  std::uint32_t a = 0;
  while (is_digit(*q)) a = a * 10 + static_cast<std::uint32_t>(*q++ - '0');
  if (q == digits || q - digits > kPlainIdMaxDigits || (*q != ' ' && *q != '\t')) return false;
  digits = ++q;
  std::uint32_t b = 0;
  while (is_digit(*q)) b = b * 10 + static_cast<std::uint32_t>(*q++ - '0');
  if (q == digits || q - digits > kPlainIdMaxDigits) return false;
  if (*q == '\r') ++q;
  if (*q != '\n') return false;
  first = a;
  second = b;
  p = q + 1;
  return true;
}

/// Scans a signed decimal integer (optional '+' or '-').
[[gnu::always_inline]] inline ScanStatus scan_signed(const char*& p, std::int64_t& value) noexcept {
  const char* q = p;
  const bool negative = *q == '-';
  if (negative) ++q;
  std::uint64_t magnitude = 0;
  const ScanStatus status = scan_unsigned(q, magnitude);
  if (status != ScanStatus::Ok)
    return status == ScanStatus::Negative ? ScanStatus::NotANumber : status;
  if (magnitude > static_cast<std::uint64_t>(INT64_MAX)) return ScanStatus::TooLarge;
  value = negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
  p = q;
  return ScanStatus::Ok;
}

/// Scans a finite real number ("3", "-2.5", "1e-3"); `end` bounds the scan.
inline ScanStatus scan_real(const char*& p, const char* end, double& value) noexcept {
  const char* q = p;
  if (*q == '+') ++q;
  double result = 0.0;
  const auto [stop, error] = std::from_chars(q, end, result);
  if (error == std::errc::result_out_of_range) return ScanStatus::TooLarge;
  if (error != std::errc{} || stop == q || !ends_token(*stop) || !std::isfinite(result)) {
    return ScanStatus::NotANumber;
  }
  value = result;
  p = stop;
  return ScanStatus::Ok;
}

/// The token starting at p (up to the next blank or line end), for error messages.
inline std::string token_at(const char* p) {
  constexpr std::size_t kMaxChars = 24;
  const char* q = p;
  while (!ends_token(*q) && static_cast<std::size_t>(q - p) < kMaxChars) ++q;
  if (q == p) return *p == '\n' ? "end of line" : std::string(1, *p);
  std::string quoted(1, '\'');
  quoted += printable_excerpt({p, static_cast<std::size_t>(q - p)});
  quoted.push_back('\'');
  return quoted;
}

/// Describes a failed scan of `what` at p: "expected a vertex id, found 'x'".
inline std::string scan_problem(ScanStatus status, const char* what, const char* p) {
  switch (status) {
    case ScanStatus::Negative:
      return std::string("negative ") + what + " " + token_at(p);
    case ScanStatus::TooLarge:
      return std::string(what) + " " + token_at(p) + " is too large";
    default:
      return std::string("expected ") + what + ", found " + token_at(p);
  }
}

}  // namespace frontier::io
