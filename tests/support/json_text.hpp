// A string as a JSON string literal, for benchmarks that print their JSON documents with printf.
#pragma once

#include <string>

namespace frontier::test {

/// `text` quoted, with quotes and backslashes escaped.
inline std::string json_string(const std::string& text) {
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

}  // namespace frontier::test
