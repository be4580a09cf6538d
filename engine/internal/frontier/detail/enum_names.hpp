/// @file detail/enum_names.hpp
/// @brief One table per public enum names its values; the enum's to_string() and parse_...()
/// both read it, so a name is written once and the two directions always agree. A value's first
/// entry is its name; later entries for the same value are accepted aliases ("td" for top-down).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "frontier/errors.hpp"

namespace frontier::detail {

template <typename Enum>
struct EnumName {
  Enum value;
  std::string_view name;
};

/// The name of `value`: its first entry in `table`.
template <typename Enum, std::size_t N>
constexpr std::string_view name_of(const EnumName<Enum> (&table)[N], Enum value) {
  for (const EnumName<Enum>& entry : table) {
    if (entry.value == value) return entry.name;
  }
  return "unknown";
}

/// The value named `text` (a name or an alias).
/// @throws InvalidArgument "unknown <what> '<text>' (expected a, b or c)", listing the names.
template <typename Enum, std::size_t N>
Enum parse_name(const EnumName<Enum> (&table)[N], std::string_view text, std::string_view what) {
  for (const EnumName<Enum>& entry : table) {
    if (entry.name == text) return entry.value;
  }
  std::vector<std::string_view> names;
  for (const EnumName<Enum>& entry : table) {
    if (name_of(table, entry.value) == entry.name) names.push_back(entry.name);
  }
  std::string expected;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) expected += i + 1 == names.size() ? " or " : ", ";
    expected += names[i];
  }
  throw InvalidArgument("unknown " + std::string(what) + " '" + std::string(text) + "' (expected " +
                        expected + ")");
}

}  // namespace frontier::detail
