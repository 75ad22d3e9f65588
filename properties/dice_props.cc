// Owns: properties of the dice sources (engine/core/dice.h): exact enumeration, seeded
// reproducibility, scripted replay.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>

#include "engine/core/dice.h"
#include "properties/generators.h"

namespace hexlaw {
namespace {

// A random "dice program": a list of steps, each rolling a die of some size, and stopping
// early when the running total passes a threshold — so branches have different depths.
struct DiceProgram {
  std::vector<int> sides;
  int stop_above = 0;
  int play(DiceSource& d) const {
    int total = 0;
    for (int s : sides) {
      total += d.roll(s, "std:9.0", "property");
      if (total > stop_above) break;
    }
    return total;
  }
};

rc::Gen<DiceProgram> dice_program() {
  return rc::gen::exec([] {
    DiceProgram p;
    p.sides = *rc::gen::container<std::vector<int>>(*rc::gen::inRange(1, 5), rc::gen::element(2, 3, 6));
    p.stop_above = *rc::gen::inRange(1, 15);
    return p;
  });
}

RC_GTEST_PROP(DiceProps, EnumeratedProbabilitiesSumToExactlyOne, ()) {
  const DiceProgram p = *dice_program();
  std::function<int(DiceSource&)> play = [&](DiceSource& d) { return p.play(d); };
  auto odds = enumerate_outcomes<int>(play, [](const int& v) { return std::to_string(v); });
  Fraction total(0);
  for (const auto& w : odds) total += w.probability;
  RC_ASSERT(total == Fraction(1));
}

// Enumeration merges sequences exactly: each sequence it plays replays identically through
// a script, and summing 1/sides products per outcome gives the merged probabilities.
RC_GTEST_PROP(DiceProps, EnumerationMatchesScriptedReplay, ()) {
  const DiceProgram p = *dice_program();
  std::map<int, Fraction> by_sequence;
  std::function<int(DiceSource&)> play = [&](DiceSource& d) {
    const int v = p.play(d);
    std::vector<int> faces;
    Fraction prob(1);
    for (const auto& r : d.log()) {  // the enumerating source's log holds this run only
      faces.push_back(r.value);
      prob *= Fraction(1, r.sides);
    }
    ScriptedDice replay(faces);
    RC_ASSERT(p.play(replay) == v);
    replay.finish();
    by_sequence[v] += prob;
    return v;
  };
  auto odds = enumerate_outcomes<int>(play, [](const int& v) { return std::to_string(v); });
  RC_ASSERT(odds.size() == by_sequence.size());
  for (const auto& w : odds) RC_ASSERT(w.probability == by_sequence.at(w.outcome));
}

// Grouped rolls enumerate the same distribution as plain ones for anything that depends only
// on the group: the probabilities of every outcome are equal, with fewer sequences.
RC_GTEST_PROP(DiceProps, GroupedRollsKeepTheDistribution, ()) {
  const int sides = *rc::gen::element(2, 6, 10);
  const auto groups = *rc::gen::container<std::vector<int>>(static_cast<std::size_t>(sides), rc::gen::inRange(0, 3));
  const int rolls = *rc::gen::inRange(1, 4);
  auto outcome = [&](DiceSource& d, bool grouped) {
    std::string k;
    for (int i = 0; i < rolls; ++i) {
      const int face = grouped ? d.roll_grouped(sides, groups, "std:9.0", "") : d.roll(sides, "std:9.0", "");
      k += std::to_string(groups[static_cast<std::size_t>(face - 1)]);
    }
    return k;
  };
  std::function<std::string(DiceSource&)> plain = [&](DiceSource& d) { return outcome(d, false); };
  std::function<std::string(DiceSource&)> grouped = [&](DiceSource& d) { return outcome(d, true); };
  auto id = [](const std::string& s) { return s; };
  auto a = enumerate_outcomes<std::string>(plain, id), b = enumerate_outcomes<std::string>(grouped, id);
  std::map<std::string, Fraction> pa, pb;
  std::uint64_t seq_a = 0, seq_b = 0;
  for (const auto& w : a) pa[w.outcome] = w.probability, seq_a += w.sequences;
  for (const auto& w : b) pb[w.outcome] = w.probability, seq_b += w.sequences;
  RC_ASSERT(pa == pb);
  RC_ASSERT(seq_b <= seq_a);
}

RC_GTEST_PROP(DiceProps, SeededModeIsReproducible, (std::uint64_t seed)) {
  SeededDice a(seed), b(seed);
  for (int i = 0; i < 50; ++i) {
    const int sides = *rc::gen::element(2, 6, 10);
    const int x = a.roll(sides, "std:9.0", ""), y = b.roll(sides, "std:9.0", "");
    RC_ASSERT(x == y);
    RC_ASSERT(x >= 1);
    RC_ASSERT(x <= sides);
  }
}

RC_GTEST_PROP(DiceProps, ScriptedDiceReplayASeededGame, (std::uint64_t seed)) {
  const DiceProgram p = *dice_program();
  SeededDice seeded(seed);
  const int v = p.play(seeded);
  std::vector<int> faces;
  for (const auto& r : seeded.log()) faces.push_back(r.value);
  ScriptedDice scripted(faces);
  RC_ASSERT(p.play(scripted) == v);
  scripted.finish();  // throws if the replay used fewer rolls
}

}  // namespace
}  // namespace hexlaw
