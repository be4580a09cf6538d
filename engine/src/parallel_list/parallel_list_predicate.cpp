// Parsing and printing of the ParallelList predicate expressions ("> 2", "even", ...), the form
// the command line uses. Numbers are read with std::from_chars, so the whole operand must be one
// number of the element type: "> 2x", "> ", "> 1e999" and "> 2.5" for integers are rejected.
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

#include "frontier/errors.hpp"
#include "frontier/parallel_list_predicate.hpp"

namespace frontier {
namespace {

constexpr std::string_view kAcceptedForms =
    "expected all, none, even, odd, or '> x', '< x', '== x', '!= x' with a number x";

std::string_view trim(std::string_view text) {
  const auto is_space = [](char c) { return c == ' ' || c == '\t'; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

[[noreturn]] void bad_predicate(std::string_view text, std::string_view problem) {
  throw InvalidArgument("bad predicate '" + std::string(text) + "': " + std::string(problem) +
                        " (" + std::string(kAcceptedForms) + ")");
}

template <typename T>
T parse_operand(std::string_view whole, std::string_view number) {
  if (number.empty()) bad_predicate(whole, "the operator needs a number after it");
  // from_chars takes no leading '+'.
  if (number.front() == '+') number.remove_prefix(1);
  T value{};
  const char* const end = number.data() + number.size();
  const auto [ptr, ec] = std::from_chars(number.data(), end, value);
  if (ec == std::errc::result_out_of_range) {
    bad_predicate(whole, "'" + std::string(number) + "' is out of range for the element type");
  }
  if (ec != std::errc() || ptr != end) {
    bad_predicate(whole, "'" + std::string(number) + "' is not a number of the element type");
  }
  return value;
}

template <typename T>
std::string operand_text(T value) {
  char buffer[64];
  const auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return ec == std::errc() ? std::string(buffer, ptr) : std::string("?");
}

}  // namespace

template <typename T>
Predicate<T> parse_predicate(std::string_view text) {
  const std::string_view body = trim(text);
  if (body.empty()) bad_predicate(text, "it is empty");
  if (body == "all") return Predicate<T>::all();
  if (body == "none") return Predicate<T>::none();
  if (body == "even") return Predicate<T>::even();
  if (body == "odd") return Predicate<T>::odd();
  struct Operator {
    std::string_view symbol;
    PredicateKind kind;
  };
  // Two-character operators first, so that "==" is not read as an unknown "=".
  constexpr Operator kOperators[] = {{"==", PredicateKind::Equal},
                                     {"!=", PredicateKind::NotEqual},
                                     {">", PredicateKind::Greater},
                                     {"<", PredicateKind::Less}};
  for (const Operator& op : kOperators) {
    if (body.substr(0, op.symbol.size()) != op.symbol) continue;
    const std::string_view rest = body.substr(op.symbol.size());
    if (!rest.empty() && (rest.front() == '=' || rest.front() == '<' || rest.front() == '>')) {
      bad_predicate(text, "unknown operator");
    }
    return Predicate<T>{op.kind, parse_operand<T>(text, trim(rest))};
  }
  bad_predicate(text, "unknown expression");
}

template <typename T>
std::string to_string(const Predicate<T>& predicate) {
  switch (predicate.kind) {
    case PredicateKind::All:
      return "all";
    case PredicateKind::None:
      return "none";
    case PredicateKind::Even:
      return "even";
    case PredicateKind::Odd:
      return "odd";
    case PredicateKind::Greater:
      return "> " + operand_text(predicate.operand);
    case PredicateKind::Less:
      return "< " + operand_text(predicate.operand);
    case PredicateKind::Equal:
      return "== " + operand_text(predicate.operand);
    case PredicateKind::NotEqual:
      return "!= " + operand_text(predicate.operand);
  }
  return "?";
}

#define FRONTIER_INSTANTIATE_PREDICATE(T)                          \
  template Predicate<T> parse_predicate<T>(std::string_view text); \
  template std::string to_string<T>(const Predicate<T>& predicate);
FRONTIER_INSTANTIATE_PREDICATE(std::int32_t)
FRONTIER_INSTANTIATE_PREDICATE(std::int64_t)
FRONTIER_INSTANTIATE_PREDICATE(float)
FRONTIER_INSTANTIATE_PREDICATE(double)
#undef FRONTIER_INSTANTIATE_PREDICATE

}  // namespace frontier
