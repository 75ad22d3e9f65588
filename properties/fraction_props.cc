// Owns: properties of exact fractions (engine/core/fraction.h): a product is the reduced value
// of the two factors' product, and one too large for 64 bits is refused, never wrapped.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <numeric>

#include "engine/core/errors.h"
#include "engine/core/fraction.h"

namespace hexlaw {
namespace {

// The product worked out the long way: 128-bit numerator and denominator, then reduced.
struct Reduced {
  __int128 num, den;
};
Reduced long_product(Fraction a, Fraction b) {
  __int128 num = static_cast<__int128>(a.num()) * b.num(), den = static_cast<__int128>(a.den()) * b.den();
  __int128 x = num < 0 ? -num : num, y = den;
  while (y != 0) {
    const __int128 t = x % y;
    x = y;
    y = t;
  }
  if (x > 1) num /= x, den /= x;
  if (num == 0) den = 1;
  return {num, den};
}

// Factors from small dice odds up to values near the 64-bit edge, either sign.
rc::Gen<Fraction> fraction() {
  return rc::gen::exec([] {
    const int bits = *rc::gen::inRange(1, 63);
    const std::int64_t limit = bits >= 63 ? INT64_MAX : (std::int64_t{1} << bits);
    const std::int64_t num = *rc::gen::inRange<std::int64_t>(-limit + 1, limit);
    const std::int64_t den = *rc::gen::inRange<std::int64_t>(1, limit);
    return Fraction(num, den);
  });
}

RC_GTEST_PROP(FractionProps, AProductIsTheReducedProductOrRefused, ()) {
  const Fraction a = *fraction();
  const Fraction b = *fraction();
  const Reduced want = long_product(a, b);
  constexpr __int128 kMax = INT64_MAX;
  if (want.num > kMax || want.num < -kMax || want.den > kMax) {
    RC_ASSERT_THROWS_AS(a * b, LimitError);
    return;
  }
  const Fraction got = a * b;
  RC_ASSERT(static_cast<__int128>(got.num()) == want.num);
  RC_ASSERT(static_cast<__int128>(got.den()) == want.den);
  RC_ASSERT(got.den() > 0);
  RC_ASSERT(std::gcd(got.num(), got.den()) == 1);
}

// The chance tree's own products: a probability times a die's branch weight over its sides.
RC_GTEST_PROP(FractionProps, DiceProbabilitiesMultiplyExactly, ()) {
  const int rolls = *rc::gen::inRange(1, 12);
  Fraction p(1);
  __int128 den = 1, num = 1;
  for (int i = 0; i < rolls; ++i) {
    const int sides = *rc::gen::element(2, 6, 10);
    const int weight = *rc::gen::inRange(1, sides + 1);
    p = p * Fraction(weight, sides);
    num *= weight, den *= sides;
  }
  RC_ASSERT(static_cast<__int128>(p.num()) * den == num * p.den());
  RC_ASSERT(std::gcd(p.num(), p.den()) == 1);
}

}  // namespace
}  // namespace hexlaw
