// JSON as text: a string as a JSON string literal, for benchmarks that print their JSON documents
// with printf; a field's value read back from a command's --json output, for tests.
#pragma once

#include <cstddef>
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

/// The text after the first "key": in `json`, up to the next comma or closing brace; "absent"
/// when the key is not there.
inline std::string json_value(const std::string& json, const std::string& key) {
  const std::string quoted = "\"" + key + "\":";
  const std::size_t at = json.find(quoted);
  if (at == std::string::npos) return "absent";
  const std::size_t from = at + quoted.size();
  return json.substr(from, json.find_first_of(",}", from) - from);
}

}  // namespace frontier::test
