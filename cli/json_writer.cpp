#include "json_writer.hpp"

#include <cmath>
#include <cstdio>

namespace frontier::cli {

void JsonWriter::separator() {
  if (has_element_.empty()) return;
  if (has_element_.back()) out_ << ',';
  has_element_.back() = true;
}

void JsonWriter::key(std::string_view name) {
  separator();
  if (!name.empty()) {
    write_string(name);
    out_ << ':';
  }
}

void JsonWriter::write_string(std::string_view text) {
  out_ << '"';
  for (const char c : text) {
    switch (c) {
      case '"':
        out_ << "\\\"";
        break;
      case '\\':
        out_ << "\\\\";
        break;
      case '\n':
        out_ << "\\n";
        break;
      case '\r':
        out_ << "\\r";
        break;
      case '\t':
        out_ << "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
          out_ << escaped;
        } else {
          out_ << c;
        }
    }
  }
  out_ << '"';
}

void JsonWriter::write_double(double value) {
  if (!std::isfinite(value)) {
    out_ << "null";
    return;
  }
  char text[32];
  std::snprintf(text, sizeof(text), "%.17g", value);
  out_ << text;
}

JsonWriter& JsonWriter::begin_object(std::string_view name) {
  key(name);
  out_ << '{';
  has_element_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  has_element_.pop_back();
  out_ << '}';
  if (has_element_.empty()) out_ << '\n';
  return *this;
}

JsonWriter& JsonWriter::begin_array(std::string_view name) {
  key(name);
  out_ << '[';
  has_element_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  has_element_.pop_back();
  out_ << ']';
  if (has_element_.empty()) out_ << '\n';
  return *this;
}

JsonWriter& JsonWriter::field(std::string_view name, std::string_view text) {
  key(name);
  write_string(text);
  return *this;
}

JsonWriter& JsonWriter::field(std::string_view name, bool flag) {
  key(name);
  out_ << (flag ? "true" : "false");
  return *this;
}

JsonWriter& JsonWriter::null_field(std::string_view name) {
  key(name);
  out_ << "null";
  return *this;
}

JsonWriter& JsonWriter::field(std::string_view name, std::int64_t number) {
  key(name);
  out_ << number;
  return *this;
}

JsonWriter& JsonWriter::field(std::string_view name, std::uint64_t number) {
  key(name);
  out_ << number;
  return *this;
}

JsonWriter& JsonWriter::field(std::string_view name, double number) {
  key(name);
  write_double(number);
  return *this;
}

JsonWriter& JsonWriter::value(std::int64_t number) {
  separator();
  out_ << number;
  return *this;
}

JsonWriter& JsonWriter::value(double number) {
  separator();
  write_double(number);
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
  separator();
  write_string(text);
  return *this;
}

}  // namespace frontier::cli
