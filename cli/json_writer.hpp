// A small streaming JSON writer for --json output: objects, arrays, strings, numbers, booleans.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace frontier::cli {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}

  /// Opens an object: as a value in an array / at top level (no key), or as a member.
  JsonWriter& begin_object(std::string_view key = {});
  JsonWriter& end_object();
  JsonWriter& begin_array(std::string_view key = {});
  JsonWriter& end_array();

  JsonWriter& field(std::string_view key, std::string_view value);
  JsonWriter& field(std::string_view key, const char* value) {
    return field(key, std::string_view(value));
  }
  JsonWriter& field(std::string_view key, const std::string& value) {
    return field(key, std::string_view(value));
  }
  JsonWriter& field(std::string_view key, bool value);
  /// key: null (a value that is not known).
  JsonWriter& null_field(std::string_view key);
  JsonWriter& field(std::string_view key, std::int64_t value);
  JsonWriter& field(std::string_view key, std::uint64_t value);
  JsonWriter& field(std::string_view key, int value) {
    return field(key, static_cast<std::int64_t>(value));
  }
  JsonWriter& field(std::string_view key, double value);

  /// Array elements.
  JsonWriter& value(std::int64_t value);
  JsonWriter& value(double value);
  JsonWriter& value(std::string_view value);

 private:
  void separator();
  void key(std::string_view name);
  void write_string(std::string_view text);
  void write_double(double value);

  std::ostream& out_;
  /// Per open container: whether it already holds an element.
  std::vector<bool> has_element_;
};

}  // namespace frontier::cli
