// Unit tests of the ParallelList predicate expressions: evaluation on integers and floats
// (even/odd of non-integral values), parsing of every accepted form with and without spaces,
// round trips through to_string and clear InvalidArgument errors for bad expressions.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "frontier/errors.hpp"
#include "frontier/parallel_list_predicate.hpp"

namespace frontier {
namespace {

TEST(ParallelListPredicate, EvaluatesIntegers) {
  EXPECT_TRUE(Predicate<std::int32_t>::greater(2)(3));
  EXPECT_FALSE(Predicate<std::int32_t>::greater(2)(2));
  EXPECT_TRUE(Predicate<std::int32_t>::less(2)(-5));
  EXPECT_FALSE(Predicate<std::int32_t>::less(2)(2));
  EXPECT_TRUE(Predicate<std::int64_t>::equal(7)(7));
  EXPECT_FALSE(Predicate<std::int64_t>::not_equal(7)(7));
  EXPECT_TRUE(Predicate<std::int32_t>::even()(-4));
  EXPECT_TRUE(Predicate<std::int32_t>::odd()(-3));
  EXPECT_FALSE(Predicate<std::int32_t>::odd()(0));
  EXPECT_TRUE(Predicate<std::int32_t>::all()(123));
  EXPECT_FALSE(Predicate<std::int32_t>::none()(123));
}

TEST(ParallelListPredicate, EvenAndOddOfFloatsHoldForIntegralValuesOnly) {
  EXPECT_TRUE(Predicate<double>::even()(2.0));
  EXPECT_TRUE(Predicate<double>::odd()(-3.0));
  EXPECT_FALSE(Predicate<double>::even()(2.5));
  EXPECT_FALSE(Predicate<double>::odd()(2.5));
  EXPECT_FALSE(Predicate<float>::even()(1e30f));
  EXPECT_TRUE(Predicate<float>::greater(1.5f)(1.75f));
}

TEST(ParallelListPredicate, ParsesEveryForm) {
  using P = Predicate<std::int32_t>;
  const auto same = [](const P& a, const P& b) {
    return a.kind == b.kind && a.operand == b.operand;
  };
  EXPECT_TRUE(same(parse_predicate<std::int32_t>(">2"), P::greater(2)));
  EXPECT_TRUE(same(parse_predicate<std::int32_t>(" > 2 "), P::greater(2)));
  EXPECT_TRUE(same(parse_predicate<std::int32_t>("<-7"), P::less(-7)));
  EXPECT_TRUE(same(parse_predicate<std::int32_t>("== +5"), P::equal(5)));
  EXPECT_TRUE(same(parse_predicate<std::int32_t>("!=0"), P::not_equal(0)));
  EXPECT_TRUE(same(parse_predicate<std::int32_t>("even"), P::even()));
  EXPECT_TRUE(same(parse_predicate<std::int32_t>("odd"), P::odd()));
  EXPECT_TRUE(same(parse_predicate<std::int32_t>("all"), P::all()));
  EXPECT_TRUE(same(parse_predicate<std::int32_t>("none"), P::none()));
  EXPECT_EQ(parse_predicate<double>("< 1.5").operand, 1.5);
  EXPECT_EQ(parse_predicate<std::int64_t>("> 9000000000").operand, 9000000000LL);
}

TEST(ParallelListPredicate, ToStringReadsBack) {
  for (const char* text : {"> 2", "< -7", "== 5", "!= 0", "even", "odd", "all", "none"}) {
    EXPECT_EQ(to_string(parse_predicate<std::int32_t>(text)), text);
  }
  EXPECT_EQ(to_string(parse_predicate<double>("<1.25")), "< 1.25");
}

TEST(ParallelListPredicate, BadExpressionsThrowClearErrors) {
  for (const char* text : {"", "  ", ">", "> ", ">=2", "=>2", "= 2", "2", "> 2x", "> x", "evens",
                           "EVEN", "> 2.5", "> 99999999999", "<<2", "!2"}) {
    try {
      parse_predicate<std::int32_t>(text);
      ADD_FAILURE() << "'" << text << "' was accepted";
    } catch (const InvalidArgument& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find("bad predicate"), std::string::npos) << message;
      EXPECT_NE(message.find("expected all, none, even, odd"), std::string::npos) << message;
    }
  }
  EXPECT_THROW(parse_predicate<double>("> 1e999"), InvalidArgument);
  EXPECT_THROW(parse_predicate<float>("< 2,5"), InvalidArgument);
}

}  // namespace
}  // namespace frontier
