// Owns: Fraction arithmetic with overflow checks (128-bit intermediates, then reduction).
#include "engine/core/fraction.h"

#include <numeric>
#include <stdexcept>

#include "engine/core/errors.h"

namespace hexlaw {
namespace {

Fraction make_reduced(__int128 num, __int128 den) {
  if (den < 0) num = -num, den = -den;
  __int128 a = num < 0 ? -num : num, b = den;
  while (b != 0) {
    __int128 t = a % b;
    a = b;
    b = t;
  }
  if (a > 1) num /= a, den /= a;
  constexpr __int128 kMax = INT64_MAX;
  // A limit of the question (ask() names the dice field), not an engine bug: issue 16.
  if (num > kMax || num < -kMax || den > kMax)
    throw LimitError("exact odds overflow 64-bit fractions: too many dice in one question (use seeded dice)");
  return Fraction(static_cast<std::int64_t>(num), static_cast<std::int64_t>(den));
}

}  // namespace

Fraction::Fraction(std::int64_t num, std::int64_t den) : num_(num), den_(den) {
  if (den == 0) throw std::invalid_argument("Fraction with zero denominator");
  if (den_ < 0) num_ = -num_, den_ = -den_;
  const std::int64_t g = std::gcd(num_ < 0 ? -num_ : num_, den_);
  if (g > 1) num_ /= g, den_ /= g;
}

std::string Fraction::to_string() const {
  return den_ == 1 ? std::to_string(num_) : std::to_string(num_) + "/" + std::to_string(den_);
}

Fraction operator+(Fraction a, Fraction b) {
  return make_reduced(static_cast<__int128>(a.num_) * b.den_ + static_cast<__int128>(b.num_) * a.den_,
                      static_cast<__int128>(a.den_) * b.den_);
}
Fraction operator-(Fraction a, Fraction b) { return a + Fraction(-b.num_, b.den_); }
// Both factors are in lowest terms, so after cancelling each numerator against the other's
// denominator the products are too: no 128-bit product and no reduction after it.
Fraction operator*(Fraction a, Fraction b) {
  if (a.num_ == 0 || b.num_ == 0) return Fraction(0);
  const std::int64_t g1 = std::gcd(a.num_, b.den_), g2 = std::gcd(b.num_, a.den_);
  std::int64_t num = 0, den = 0;
  if (__builtin_mul_overflow(a.num_ / g1, b.num_ / g2, &num) || __builtin_mul_overflow(a.den_ / g2, b.den_ / g1, &den) ||
      num == INT64_MIN)
    throw LimitError("exact odds overflow 64-bit fractions: too many dice in one question (use seeded dice)");
  Fraction out;
  out.num_ = num, out.den_ = den;
  return out;
}
bool operator<(const Fraction& a, const Fraction& b) {
  return static_cast<__int128>(a.num_) * b.den_ < static_cast<__int128>(b.num_) * a.den_;
}

}  // namespace hexlaw
