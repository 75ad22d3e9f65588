// Owns: example tests of the sequence of play (engine/n20/sequence.h): the order of phases on
// day and night turns, who acts, and what is refused.
#include "engine/n20/sequence.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using n20::Phase;

std::unique_ptr<n20::N20Rules> rules_with(n20::RulesetChoice c = {}) {
  return n20::make_rules(c, testing::source_spec());
}

n20::Calendar jena_like() { return {.first = "french", .second = "prussian", .last_turn = 4, .night_turns = {3}}; }

TEST(Sequence, std_4_0_DayAndNightPlayerTurns) {
  HEXLAW_CITES("std:4.0");
  const auto cal = jena_like();
  EXPECT_EQ(n20::player_turn_phases(*rules_with(), cal, 1),
            (std::vector<Phase>{Phase::RandomEvents, Phase::Movement, Phase::Reaction, Phase::Combat}));
  EXPECT_EQ(n20::player_turn_phases(*rules_with(), cal, 3).back(), Phase::NightOperations);
  EXPECT_EQ(n20::player_turn_phases(*rules_with(), cal, 3).size(), 5u);
}

TEST(Sequence, std_4_0_NextPositionCrossesPlayerAndGameTurns) {
  HEXLAW_CITES("std:4.0");
  const auto cal = jena_like();
  n20::SequencePosition next;
  ASSERT_TRUE(n20::next_position(*rules_with(), cal, {2, 1, Phase::Combat}, next));
  EXPECT_EQ(next, (n20::SequencePosition{2, 2, Phase::RandomEvents}));
  ASSERT_TRUE(n20::next_position(*rules_with(), cal, {2, 2, Phase::Combat}, next));
  EXPECT_EQ(next, (n20::SequencePosition{3, 1, Phase::RandomEvents}));
  ASSERT_TRUE(n20::next_position(*rules_with(), cal, {3, 2, Phase::Combat}, next));
  EXPECT_EQ(next, (n20::SequencePosition{3, 2, Phase::NightOperations}));
  EXPECT_FALSE(n20::next_position(*rules_with(), cal, {4, 2, Phase::Combat}, next));
}

TEST(Sequence, std_4_0_TheReactionPhaseBelongsToTheOtherSide) {
  HEXLAW_CITES("std:4.0", "std:8.0");
  auto rules = rules_with();
  Trace t(testing::source_spec()->catalog);
  const auto r = n20::describe(*rules, jena_like(), {1, 2, Phase::Reaction}, GameState{}, t);
  EXPECT_EQ(r.phasing, "prussian");
  EXPECT_EQ(r.acting, "french");
  EXPECT_TRUE(t.cites("std:4.0"));
  EXPECT_TRUE(t.cites("std:8.0"));
}

TEST(Sequence, std_8_3_NightDisengagementFollowsItsSwitch) {
  HEXLAW_CITES("std:8.3", "std:14.0");
  for (const std::string reading : {"allowed", "forbidden"}) {
    auto rules = rules_with({.interpretations = {{"reaction.night_disengagement", reading}}});
    Trace t(testing::source_spec()->catalog);
    const auto r = n20::describe(*rules, jena_like(), {3, 1, Phase::Reaction}, GameState{}, t);
    EXPECT_EQ(r.may.size(), reading == "allowed" ? 1u : 0u) << reading;
    EXPECT_TRUE(t.cites("std:14.0"));
  }
}

TEST(Sequence, std_16_5_3_RoutRecoveryClosesThePlayerTurnOnlyWithTheOption) {
  HEXLAW_CITES("std:16.5.3");
  Trace off(testing::source_spec()->catalog), on(testing::source_spec()->catalog);
  auto plain = rules_with();
  auto routs = rules_with({.options = {"std:16.5"}});
  EXPECT_FALSE(n20::describe(*plain, jena_like(), {1, 1, Phase::Combat}, GameState{}, off).on_close.size() > 1);
  const auto r = n20::describe(*routs, jena_like(), {1, 1, Phase::Combat}, GameState{}, on);
  ASSERT_EQ(r.on_close.size(), 2u);
  EXPECT_EQ(r.on_close[1].rule, "std:16.5.3");
  EXPECT_FALSE(off.cites("std:16.5.3"));
  EXPECT_TRUE(on.cites("std:16.5.3"));
}

TEST(Sequence, RefusesPositionsOutsideTheCalendar) {
  const auto cal = jena_like();
  n20::SequencePosition next;
  EXPECT_THROW(n20::check_position(cal, {5, 1, Phase::Movement}), std::invalid_argument);
  EXPECT_THROW(n20::check_position(cal, {0, 1, Phase::Movement}), std::invalid_argument);
  EXPECT_THROW(n20::check_position(cal, {1, 3, Phase::Movement}), std::invalid_argument);
  EXPECT_THROW(n20::check_position(cal, {2, 1, Phase::NightOperations}), std::invalid_argument);
  EXPECT_THROW(n20::next_position(*rules_with(), cal, {2, 1, Phase::NightOperations}, next), std::invalid_argument);
  EXPECT_THROW(n20::parse_phase("supper"), std::invalid_argument);
  n20::Calendar same = cal;
  same.second = "french";
  EXPECT_THROW(n20::check_position(same, {1, 1, Phase::Movement}), std::invalid_argument);
  // A calendar of no turns is refused for what it is, not as a turn outside the game.
  n20::Calendar none = cal;
  none.last_turn = 0;
  try {
    n20::check_position(none, {1, 1, Phase::Movement});
    ADD_FAILURE() << "a calendar with last turn 0 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "the last turn must be 1 or later");
  }
}

}  // namespace
}  // namespace hexlaw
