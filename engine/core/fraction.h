// Owns: exact probabilities. A Fraction is a reduced ratio of 64-bit integers; dice
// enumeration multiplies and adds them without ever rounding. Overflow throws rather than
// silently wrapping.
#pragma once

#include <cstdint>
#include <string>

namespace hexlaw {

class Fraction {
 public:
  Fraction() = default;
  Fraction(std::int64_t num, std::int64_t den = 1);  // throws std::invalid_argument on den == 0
  std::int64_t num() const { return num_; }
  std::int64_t den() const { return den_; }
  double to_double() const { return static_cast<double>(num_) / static_cast<double>(den_); }
  std::string to_string() const;  // "5/36", "1", "0"

  friend Fraction operator+(Fraction a, Fraction b);
  friend Fraction operator-(Fraction a, Fraction b);
  friend Fraction operator*(Fraction a, Fraction b);
  Fraction& operator+=(Fraction b) { return *this = *this + b; }
  Fraction& operator*=(Fraction b) { return *this = *this * b; }
  friend bool operator==(const Fraction&, const Fraction&) = default;
  friend bool operator<(const Fraction& a, const Fraction& b);

 private:
  std::int64_t num_ = 0;
  std::int64_t den_ = 1;
};

}  // namespace hexlaw
