// Owns: the three dice sources and the enumeration odometer.
#include "engine/core/dice.h"

#include <algorithm>
#include <stdexcept>

#include "engine/core/chance.h"
#include "engine/core/errors.h"

namespace hexlaw {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

std::string describe(int sides, std::string_view rule, std::string_view purpose) {
  return "d" + std::to_string(sides) + " for " + std::string(rule) +
         (purpose.empty() ? "" : " (" + std::string(purpose) + ")");
}

}  // namespace

int DiceSource::roll_grouped(int sides, const std::vector<int>& group_of_face, std::string_view rule,
                             std::string_view purpose) {
  if (sides < 1 || group_of_face.size() != static_cast<std::size_t>(sides))
    throw std::invalid_argument("a grouped die needs one group per face");
  const int v = next_grouped(sides, group_of_face, rule, purpose);
  if (keeps_log_) log_.push_back(RollRecord{sides, v, std::string(rule), std::string(purpose)});
  return v;
}

int DiceSource::roll(int sides, std::string_view rule, std::string_view purpose) {
  if (sides < 1) throw std::invalid_argument("a die needs at least one face");
  const int v = next(sides, rule, purpose);
  if (keeps_log_) log_.push_back(RollRecord{sides, v, std::string(rule), std::string(purpose)});
  return v;
}

SeededDice::SeededDice(std::uint64_t seed) {
  for (auto& s : s_) s = splitmix64(seed);
}

std::uint64_t SeededDice::next_u64() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

int SeededDice::next(int sides, std::string_view, std::string_view) {
  const std::uint64_t n = static_cast<std::uint64_t>(sides);
  const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % n);  // reject the biased tail
  std::uint64_t x;
  do x = next_u64();
  while (x >= limit);
  return static_cast<int>(x % n) + 1;
}

int ScriptedDice::next(int sides, std::string_view rule, std::string_view purpose) {
  if (pos_ >= rolls_.size())
    throw DiceScriptError("dice script ran out: roll " + std::to_string(pos_ + 1) + " (" +
                          describe(sides, rule, purpose) + ") was asked for, but the script has only " +
                          std::to_string(rolls_.size()) + " roll(s)");
  const int v = rolls_[pos_];
  if (v < 1 || v > sides)
    throw DiceScriptError("dice script roll " + std::to_string(pos_ + 1) + " is " + std::to_string(v) +
                          ", not a face of the " + describe(sides, rule, purpose));
  ++pos_;
  return v;
}

void ScriptedDice::finish() const {
  if (pos_ != rolls_.size())
    throw DiceScriptError("dice script left " + std::to_string(rolls_.size() - pos_) +
                          " roll(s) unused (used " + std::to_string(pos_) + " of " +
                          std::to_string(rolls_.size()) + ")");
}

int EnumeratingDice::next(int sides, std::string_view rule, std::string_view purpose) {
  if (pos_ < path_.size()) {
    if (path_[pos_].sides != sides || !path_[pos_].weight.empty())
      throw std::logic_error("enumeration: the engine asked for a different die on replay (" +
                             describe(sides, rule, purpose) + "): play must be deterministic");
    return path_[pos_++].value;
  }
  path_.push_back(Choice{1, sides, sides, {}, {}});
  ++pos_;
  return 1;
}

int EnumeratingDice::next_grouped(int sides, const std::vector<int>& group_of_face, std::string_view rule,
                                  std::string_view purpose) {
  if (pos_ < path_.size()) {
    const Choice& c = path_[pos_];
    if (c.sides != sides || c.weight.empty())
      throw std::logic_error("enumeration: the engine asked for a different die on replay (" +
                             describe(sides, rule, purpose) + "): play must be deterministic");
    ++pos_;
    return c.first_face[static_cast<std::size_t>(c.value - 1)];
  }
  // Groups in order of their first face, as the chance tree branches (chance.h).
  Choice c{1, 0, sides, {}, {}};
  for (const ChanceBranch& b : chance_branches(sides, &group_of_face)) {
    c.first_face.push_back(b.face);
    c.weight.push_back(b.weight);
  }
  c.options = static_cast<int>(c.weight.size());
  path_.push_back(std::move(c));
  ++pos_;
  return path_.back().first_face[0];
}

Fraction EnumeratingDice::probability() const {
  Fraction p(1);
  for (std::size_t i = 0; i < pos_; ++i) {
    const Choice& c = path_[i];
    p *= c.weight.empty() ? Fraction(1, c.sides) : Fraction(c.weight[static_cast<std::size_t>(c.value - 1)], c.sides);
  }
  return p;
}

// Step A. Drop choices the last play did not reach (a shorter branch). Step B. Pop exhausted
// trailing choices. Step C. Turn the last remaining choice to its next face.
bool EnumeratingDice::advance() {
  path_.resize(pos_);
  while (!path_.empty() && path_.back().value == path_.back().options) path_.pop_back();
  if (path_.empty()) return false;
  ++path_.back().value;
  return true;
}

void enumeration_limit_exceeded(std::uint64_t limit) {
  throw LimitError("enumeration stopped: more than " + std::to_string(limit) +
                   " dice sequences; ask a narrower question or use seeded dice");
}

void distinct_outcome_limit_exceeded() {
  throw LimitError("enumeration stopped: more than " + std::to_string(kMaxDistinctOutcomes) +
                   " distinct outcomes (kMaxDistinctOutcomes); ask a narrower question or use seeded dice");
}

}  // namespace hexlaw
