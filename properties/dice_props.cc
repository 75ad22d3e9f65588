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
