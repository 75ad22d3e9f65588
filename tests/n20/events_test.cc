// Owns: example tests of the Random Event deck (engine/n20/events.h): which half is read, whom
// it affects, and that a reshuffle deals every order of the cards with equal chance.
#include "engine/n20/events.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

std::unique_ptr<n20::N20Rules> standard() { return n20::make_rules({}, testing::source_spec()); }

n20::EventDeck three_cards() {
  n20::EventDeck d;
  for (const char* id : {"a", "b", "c"}) d.draw_pile.push_back(n20::EventCard{.id = id});
  return d;
}

std::string order(const n20::EventDeck& d) {
  std::string s;
  for (const auto& c : d.draw_pile) s += c.id;
  return s;
}

TEST(Events, std_5_0_ReshuffleDealsEveryOrderWithEqualChance) {
  HEXLAW_CITES("std:5.0");
  const auto outcomes = enumerate_outcomes<std::string>(
      [](DiceSource& dice) {
        n20::EventDeck d = three_cards();
        d.discards.push_back(d.draw_pile.back());
        d.draw_pile.pop_back();
        Trace t(Trace::Off{}, testing::source_spec()->catalog);
        n20::reshuffle_events(d, dice, t);
        return order(d);
      },
      [](const std::string& s) { return s; });
  ASSERT_EQ(outcomes.size(), 6u);
  for (const auto& w : outcomes) {
    EXPECT_EQ(w.probability, Fraction(1, 6)) << w.outcome;
    EXPECT_EQ(w.outcome.size(), 3u);
  }
}

TEST(Events, std_5_0_DrawMovesTheCardToTheDiscardsAndEmptyPilesAreRefused) {
  HEXLAW_CITES("std:5.0");
  auto rules = standard();
  GameState s;
  s.morale = {{"french", 5}, {"prussian", 5}};
  n20::EventDeck d = three_cards();
  Trace t(testing::source_spec()->catalog);
  ScriptedDice no_dice({});
  for (const char* expected : {"a", "b", "c"})
    EXPECT_EQ(n20::draw_event(*rules, s, d, "prussian", "french", no_dice, t).card, expected);
  EXPECT_EQ(d.discards.size(), 3u);
  n20::EventDeck empty;
  EXPECT_THROW(n20::draw_event(*rules, s, empty, "prussian", "french", no_dice, t), std::invalid_argument);
  EXPECT_TRUE(t.cites("std:5.0"));
}

TEST(Events, std_5_0_MoraleEventsNeedATrackAndStopAtZero) {
  HEXLAW_CITES("std:5.0", "std:12.1");
  auto rules = standard();
  GameState s;
  s.morale = {{"french", 1}, {"prussian", 5}};
  n20::EventDeck d;
  d.draw_pile.push_back({.id = "rout", .top = {.morale = -3}});
  d.draw_pile.push_back({.id = "austria", .top = {.morale = -1, .side = "austrian"}});
  Trace t(testing::source_spec()->catalog);
  ScriptedDice no_dice({});
  EXPECT_EQ(n20::draw_event(*rules, s, d, "french", "french", no_dice, t).morale_change, -1);
  EXPECT_EQ(s.morale["french"], 0);
  EXPECT_THROW(n20::draw_event(*rules, s, d, "french", "french", no_dice, t), std::invalid_argument);
}

}  // namespace
}  // namespace hexlaw
