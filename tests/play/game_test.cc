// Owns: example tests of whole games (engine/play/): a scenario's first decisions, forced
// march and the morale it costs, reinforcements entering, random games played to the end
// with the invariant checker on every state, replay of the log, branching by copy, and the
// errors a bad scenario or log gets.
#include "engine/play/game.h"

#include <gtest/gtest.h>

#include "engine/core/errors.h"
#include "engine/play/invariants.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

std::shared_ptr<const Scenario> meadow() {
  static auto sc = load_scenario(testing::source_spec(), std::string(HEXLAW_SOURCE_DIR) + "/scenarios/meadow.yaml");
  return sc;
}

void expect_invariants(const Game& g) {
  for (const auto& v : invariant_violations(g)) ADD_FAILURE() << "turn " << g.position().turn << ": " << v;
}

// Plays with a random policy, checking the invariants at every decision.
Game random_game(std::uint64_t seed) {
  Game g(meadow(), seed);
  RandomPolicy p(seed * 7 + 1);
  while (!g.over()) {
    expect_invariants(g);
    const Decision& d = g.decision();
    g.choose(p.choose(g, d));
  }
  expect_invariants(g);
  return g;
}

TEST(Game, std_4_0_StartsWithTheFirstPlayersEventThenMovement) {
  HEXLAW_CITES("std:4.0");
  Game g(meadow(), 1);
  ASSERT_FALSE(g.over());
  EXPECT_EQ(g.position().turn, 1);
  EXPECT_EQ(g.position().phase, n20::Phase::Movement);
  EXPECT_EQ(g.state().phasing, "french");
  EXPECT_EQ(g.decision().kind, DecisionKind::ForcedMarch);
  ASSERT_GE(g.record().size(), 2u);
  EXPECT_NE(g.record()[1].text.find("french draws c1 (top)"), std::string::npos) << g.record()[1].text;
  // The Emperor's card: +1 French morale (std:5.0).
  EXPECT_EQ(g.state().morale.at("french"), 7);
}

TEST(Game, std_12_3_ForcedMarchCostsAPointAndAddsOneHex) {
  HEXLAW_CITES("std:12.3");
  Game normal(meadow(), 1), forced(meadow(), 1);
  normal.choose("no");
  forced.choose("forced-march");
  EXPECT_EQ(forced.state().morale.at("french"), normal.state().morale.at("french") - 1);
  normal.choose("move F-C1");
  forced.choose("move F-C1");
  EXPECT_GT(forced.decision().choices.size(), normal.decision().choices.size());
  EXPECT_EQ(forced.decision().kind, DecisionKind::MoveTo);
}

TEST(Game, std_6_0_AMoveIsRecordedWithItsRules) {
  HEXLAW_CITES("std:6.0");
  Game g(meadow(), 1);
  g.choose("no");
  g.choose("move F-II");
  const auto& d = g.decision();
  ASSERT_NE(std::find(d.choices.begin(), d.choices.end(), "0502"), d.choices.end());
  g.choose("0502");
  EXPECT_EQ(g.state().unit("F-II")->hex, to_axial(*parse_ccrr("0502"), ColumnLayout::OddColumnsLow));
  EXPECT_NE(g.record().back().text.find("F-II moves from 0503 to 0502"), std::string::npos);
  // The unit may not move twice in a phase.
  EXPECT_EQ(std::find(g.decision().choices.begin(), g.decision().choices.end(), "move F-II"), g.decision().choices.end());
}

TEST(Game, std_11_5_AReinforcementMayBeDelayed) {
  HEXLAW_CITES("std:11.5");
  Game g(meadow(), 3);
  // Play French turn 1 and the Prussians' turn 1 with no moves, then the Prussian reinforcement
  // P-5 (turn 2) is offered to the Prussians in their turn-2 movement.
  ScriptedPolicy none({});
  auto pass = [&] {
    const auto& d = g.decision();
    for (const char* c : {"end", "no", "none", "done", "no rally"})
      if (std::find(d.choices.begin(), d.choices.end(), c) != d.choices.end()) return g.choose(c);
    g.choose(d.choices.front());
  };
  while (!(g.position().turn == 2 && g.state().phasing == "prussian" && g.decision().kind == DecisionKind::MoveSelect)) pass();
  const auto& d = g.decision();
  ASSERT_NE(std::find(d.choices.begin(), d.choices.end(), "enter P-5"), d.choices.end());
  g.choose("enter P-5");
  g.choose("stay");
  EXPECT_EQ(g.state().unit("P-5")->status, UnitStatus::Pending);
  EXPECT_EQ(g.record().back().rules, std::vector<std::string>{"std:11.5"});
}

TEST(Game, std_15_0_RandomGamesEndAndKeepTheInvariants) {
  HEXLAW_CITES("std:15.0");
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Game g = random_game(seed);
    EXPECT_TRUE(g.over());
    EXPECT_NE(g.result().level, "none");
  }
}

// Plays randomly until a decision of `kind` is awaited; false if the game ended first.
bool play_until(Game& g, DecisionKind kind, std::uint64_t seed) {
  RandomPolicy p(seed);
  while (!g.over() && g.decision().kind != kind) g.choose(p.choose(g, g.decision()));
  return !g.over();
}

TEST(Game, std_9_8_TheOwnerChoosesAmongTheLegalRetreatPaths) {
  HEXLAW_CITES("std:9.8");
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 40 && checked < 5; ++seed) {
    Game g(meadow(), seed);
    if (!play_until(g, DecisionKind::Retreat, seed)) continue;
    const Decision d = g.decision();
    ASSERT_GT(d.choices.size(), 1u);
    const std::string unit = d.unit;
    const std::string side = g.state().unit(unit)->side;
    EXPECT_EQ(d.side, side);  // the owner decides
    const std::string last = d.choices.back();
    g.choose(last);
    expect_invariants(g);
    // The unit ends on the chosen path's last hex, unless a hazard roll broke it on the way.
    const Unit& u = *g.state().unit(unit);
    const std::string end = last.substr(0, last.find(' ')).substr(last.substr(0, last.find(' ')).rfind('-') + 1);
    if (u.on_map()) EXPECT_EQ(g.scenario().map->name(u.hex), end) << last;
    else EXPECT_EQ(u.status, UnitStatus::Broken);
    EXPECT_EQ(replay(meadow(), g.log()).state(), g.state());
    ++checked;
  }
  EXPECT_GT(checked, 0) << "no retreat choice arose in 40 games";
}

TEST(Game, ReplayingTheLogGivesTheSameGame) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Game g = random_game(seed);
    Game again = replay(meadow(), g.log());
    EXPECT_EQ(again.state(), g.state());
    EXPECT_EQ(again.record(), g.record());
    EXPECT_EQ(again.result().level, g.result().level);
    EXPECT_EQ(log_from_json(log_to_json(g.log()), "log"), g.log());
  }
}

TEST(Game, ABranchIsIndependentOfItsOrigin) {
  Game g(meadow(), 5);
  Game branch = g;
  branch.choose("forced-march");
  g.choose("no");
  EXPECT_EQ(g.state().morale.at("french"), branch.state().morale.at("french") + 1);
  EXPECT_EQ(g.log().decisions, std::vector<std::string>{"no"});
  EXPECT_EQ(branch.log().decisions, std::vector<std::string>{"forced-march"});
}

// A game offering moves keeps an index of its position, whose arrays its rule set lent: a game
// assigned another scenario, whose own scenario then goes, still gives them back to a live
// rule set (the index holds its scenario), and plays on.
TEST(Game, AGameAssignedAnotherScenarioLetsGoOfTheOldOneSafely) {
  auto own = load_scenario(testing::source_spec(), std::string(HEXLAW_SOURCE_DIR) + "/scenarios/meadow.yaml");
  Game g(std::move(own), 1);
  g.choose("no");
  g.choose("move F-C1");
  ASSERT_EQ(g.decision().kind, DecisionKind::MoveTo);
  g = Game(meadow(), 2);
  RandomPolicy p(5);
  play(g, p, 50);
  expect_invariants(g);
}

TEST(Game, AnIllegalChoiceIsRefusedWithTheLegalOnes) {
  Game g(meadow(), 1);
  try {
    g.choose("move F-I");
    FAIL() << "expected a refusal";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'no', 'forced-march'"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(g.log().decisions.empty());
}

TEST(Game, AnEditedLogNamesTheStep) {
  Game g = random_game(2);
  GameLog bad = g.log();
  ASSERT_GT(bad.decisions.size(), 3u);
  bad.decisions[3] = "move NOBODY";
  try {
    replay(meadow(), bad);
    FAIL() << "expected the edited log to be refused";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("log decision 3"), std::string::npos) << e.what();
  }
}

TEST(Scenario, BadScenariosNameTheField) {
  const std::string base = R"(
map: {bounds: {cols: [1, 5], rows: [1, 5]}}
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0101"}
  - {id: B, side: prussian, type: infantry, strength: 3, movement: 2, hex: "0505"}
)";
  auto field_of = [](const std::string& text) {
    try {
      parse_scenario_text(testing::source_spec(), text, "bad.yaml");
    } catch (const CaseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(field_of(base + "state: {morale: {french: 5, prussian: 5}}\n").find("calendar"), std::string::npos);
  EXPECT_NE(field_of(base + "state: {morale: {french: 5}}\ncalendar: {first: french, second: prussian, last_turn: 2}\n")
                .find("state.morale"),
            std::string::npos);
  EXPECT_NE(field_of(base + "state: {morale: {french: 5, prussian: 5}}\ncalendar: {first: french, second: austrian, "
                            "last_turn: 2}\n")
                .find("units[1].side"),
            std::string::npos);
  EXPECT_NE(field_of(base + "state: {turn: 3, morale: {french: 5, prussian: 5}}\ncalendar: {first: french, second: "
                            "prussian, last_turn: 2}\n")
                .find("starts at turn 1"),
            std::string::npos);
  const std::string calendar = "calendar: {first: french, second: prussian, last_turn: 2}\n";
  const std::string morale = "state: {morale: {french: 5, prussian: 5}}\n";
  std::string no_id = base;
  no_id.replace(no_id.find("id: B"), 5, "id: ''");
  EXPECT_NE(field_of(no_id + morale + calendar).find("units[1].id"), std::string::npos) << field_of(no_id + morale + calendar);
  EXPECT_EQ(field_of(base + morale + calendar), "no error");
}

}  // namespace
}  // namespace hexlaw::play
