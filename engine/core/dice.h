// Owns: dice as a parameter. The engine asks a DiceSource for every roll, naming the rule
// that calls for it; three sources plug in and the same engine code runs under all three:
//   - SeededDice: pseudo-random from a seed, identical on every machine and compiler;
//   - ScriptedDice: a fixed list of rolls (a rulebook example); running out, leaving rolls
//     unused, or a face out of range is a DiceScriptError;
//   - enumerate_outcomes(): runs the engine once per distinct dice sequence and returns every
//     outcome with its exact probability as a Fraction. Code that stops at its rolls (a battle's
//     resolution) is explored as a tree instead, each prefix played once (chance.h).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/fraction.h"

namespace hexlaw {

struct RollRecord {
  int sides = 6;
  int value = 0;
  std::string rule;     // the rule case that called for the roll
  std::string purpose;  // "battle die", "rout distance", "hazard: enemy ZOC" …
};

class DiceSource {
 public:
  virtual ~DiceSource() = default;
  // One die with `sides` faces, 1..sides, for `rule` and `purpose`.
  int roll(int sides, std::string_view rule, std::string_view purpose);
  // A die whose faces fall into groups the caller treats alike (a hazard roll: 1-3 breaks,
  // 4-6 is safe): `group_of_face[f - 1]` names each face's group. Seeded and scripted dice
  // roll the real die; enumeration branches once per group, weighted by its faces, and
  // returns the group's first face. Only for rolls whose exact face the answer never shows.
  int roll_grouped(int sides, const std::vector<int>& group_of_face, std::string_view rule, std::string_view purpose);
  const std::vector<RollRecord>& log() const { return log_; }
  // Whether rolls are written to log() (by default they are). A source whose log nobody reads
  // (a played game's dice) turns it off; callers then need not write a roll's purpose, and
  // may pass "" (BattleResolution::roll_from does).
  bool keeps_log() const { return keeps_log_; }
  void keep_no_log() {
    keeps_log_ = false;
    log_.clear();
  }
  virtual std::string mode() const = 0;

 protected:
  virtual int next(int sides, std::string_view rule, std::string_view purpose) = 0;
  virtual int next_grouped(int sides, const std::vector<int>& group_of_face, std::string_view rule,
                           std::string_view purpose) {
    (void)group_of_face;
    return next(sides, rule, purpose);
  }
  void clear_log() { log_.clear(); }

 private:
  std::vector<RollRecord> log_;
  bool keeps_log_ = true;
};

// xoshiro256** seeded through splitmix64; faces drawn by rejection so every face is exactly
// equally likely. No std:: distribution is used, so results do not depend on the library.
class SeededDice : public DiceSource {
 public:
  explicit SeededDice(std::uint64_t seed);
  std::string mode() const override { return "seeded"; }
  std::uint64_t next_u64();

 protected:
  int next(int sides, std::string_view rule, std::string_view purpose) override;

 private:
  std::uint64_t s_[4];
};

class ScriptedDice : public DiceSource {
 public:
  explicit ScriptedDice(std::vector<int> rolls) : rolls_(std::move(rolls)) {}
  std::string mode() const override { return "scripted"; }
  // Throws DiceScriptError when rolls remain unused.
  void finish() const;
  std::size_t used() const { return pos_; }
  std::size_t remaining() const { return rolls_.size() - pos_; }

 protected:
  int next(int sides, std::string_view rule, std::string_view purpose) override;

 private:
  std::vector<int> rolls_;
  std::size_t pos_ = 0;
};

// Drives enumeration: replays a fixed prefix of faces, extends with 1s, then advances to the
// next sequence like an odometer. Used only through enumerate_outcomes().
class EnumeratingDice : public DiceSource {
 public:
  std::string mode() const override { return "enumerate"; }
  // Probability of the sequence just played (product of each choice's share).
  Fraction probability() const;
  // Moves to the next unexplored sequence; false when all have been played.
  bool advance();
  // Starts the next play: replays from the first choice; the log holds this play only, so
  // memory does not grow with the number of sequences.
  void rewind() {
    pos_ = 0;
    clear_log();
  }
  std::size_t depth() const { return path_.size(); }

 protected:
  int next(int sides, std::string_view rule, std::string_view purpose) override;
  int next_grouped(int sides, const std::vector<int>& group_of_face, std::string_view rule,
                   std::string_view purpose) override;

 private:
  struct Choice {
    int value;    // 1..options
    int options;  // faces, or groups of a grouped roll
    int sides;    // faces of the die
    std::vector<int> first_face, weight;  // per group, for a grouped roll
  };
  std::vector<Choice> path_;
  std::size_t pos_ = 0;
};

template <class Outcome>
struct Weighted {
  Outcome outcome;
  Fraction probability;
  std::uint64_t sequences = 0;  // how many dice sequences led here
};

// Runs `play` once for every distinct dice sequence it can consume and merges outcomes with
// equal keys. Memory grows with the number of distinct outcomes, not of sequences. Outcomes
// come back in the order they were first reached. Throws LimitError past `max_sequences`
// or kMaxDistinctOutcomes, so a runaway question cannot hang a caller or exhaust memory.
template <class Outcome>
std::vector<Weighted<Outcome>> enumerate_outcomes(
    const std::function<Outcome(DiceSource&)>& play,
    const std::function<std::string(const Outcome&)>& key,
    std::uint64_t max_sequences = 10'000'000);

// ---- implementation of the template ----
void enumeration_limit_exceeded(std::uint64_t limit);
// Distinct outcomes an enumeration may hold (memory grows with them): past it, LimitError.
inline constexpr std::size_t kMaxDistinctOutcomes = 20'000;
void distinct_outcome_limit_exceeded();

template <class Outcome>
std::vector<Weighted<Outcome>> enumerate_outcomes(
    const std::function<Outcome(DiceSource&)>& play,
    const std::function<std::string(const Outcome&)>& key, std::uint64_t max_sequences) {
  std::vector<Weighted<Outcome>> out;
  std::map<std::string, std::size_t> index;
  EnumeratingDice dice;
  std::uint64_t count = 0;
  do {
    if (++count > max_sequences) enumeration_limit_exceeded(max_sequences);
    dice.rewind();
    Outcome o = play(dice);
    const Fraction p = dice.probability();
    std::string k = key(o);
    auto it = index.find(k);
    if (it == index.end()) {
      if (out.size() == kMaxDistinctOutcomes) distinct_outcome_limit_exceeded();
      index.emplace(std::move(k), out.size());
      out.push_back(Weighted<Outcome>{std::move(o), p, 1});
    } else {
      out[it->second].probability += p;
      out[it->second].sequences += 1;
    }
  } while (dice.advance());
  return out;
}

}  // namespace hexlaw
