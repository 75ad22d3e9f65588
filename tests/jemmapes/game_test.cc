// Owns: examples of the played Jemmapes round (jemmapes:2.0, engine/play/jemmapes_game.h): the
// command phase first, the initiative's keep or pass, activations alternating with no passing
// until every formation has gone once, the final phase and the end, and replay from the log.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/play/jemmapes_game.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

std::shared_ptr<const JemmapesScenario> small(std::uint64_t seed, int rounds = 2) {
  return jemmapes_generated_scenario(testing::source_spec(), 2, 2, rounds, seed);
}

// Takes the first choice until a decision of `kind` is awaited.
void first_until(JemmapesGame& g, const std::string& kind) {
  for (int i = 0; i < 1000 && g.decision().kind != kind; ++i) g.choose(std::size_t{0});
  ASSERT_EQ(g.decision().kind, kind);
}

TEST(JemmapesGame, TheRoundOpensWithTheFrenchAttemptsThenTheAustrians) {
  HEXLAW_CITES("jemmapes:2.0", "jemmapes:4.2.1");
  JemmapesGame g(small(3), 11);
  std::vector<std::string> sides;
  while (g.decision().kind == "order-change") {
    sides.push_back(g.decision().side);
    EXPECT_EQ(g.decision().choices.front(), "keep");
    g.choose("keep");
  }
  EXPECT_EQ(sides, (std::vector<std::string>{"french", "french", "austrian", "austrian"}));
  EXPECT_EQ(g.decision().kind, "initiative");
  EXPECT_EQ(g.decision().choices, (std::vector<std::string>{"keep", "pass"}));
}

TEST(JemmapesGame, PassingTheInitiativeLetsTheOtherSideActivateFirstThenSidesAlternate) {
  HEXLAW_CITES("jemmapes:2.0");
  for (const std::string pick : {"keep", "pass"}) {
    JemmapesGame g(small(5), 7);
    first_until(g, "initiative");
    const std::string winner = g.decision().side;
    g.choose(pick);
    const std::string first = pick == "keep" ? winner : (winner == "french" ? "austrian" : "french");
    std::vector<std::string> order;
    while (!g.over() && g.round() == 1) {
      if (g.decision().kind == "activate") {
        order.push_back(g.decision().side);
        // No passing: every choice activates a formation.
        for (const auto& c : g.decision().choices) EXPECT_EQ(c.rfind("activate ", 0), 0u);
      }
      g.choose(std::size_t{0});
    }
    ASSERT_EQ(order.size(), 4u);
    const std::string second = first == "french" ? "austrian" : "french";
    EXPECT_EQ(order, (std::vector<std::string>{first, second, first, second})) << pick;
  }
}

TEST(JemmapesGame, EveryFormationIsActivatedExactlyOnceEachRoundAndTheAustriansWinWithoutEightVp) {
  HEXLAW_CITES("jemmapes:2.0", "jemmapes:9.3");
  JemmapesGame g(small(9, 3), 4);
  SeededDice rng(99);
  while (!g.over()) {
    ASSERT_TRUE(g.invariant_violations().empty()) << g.invariant_violations().front();
    g.try_choose(static_cast<std::size_t>(rng.roll(static_cast<int>(g.decision().choices.size()), "jemmapes:2.0", "test") - 1));
  }
  ASSERT_EQ(g.activations().size(), 3u);
  for (const auto& [round, counts] : g.activations()) {
    EXPECT_EQ(counts.size(), 4u) << "round " << round;
    for (const auto& [f, n] : counts) EXPECT_EQ(n, 1) << f << " in round " << round;
  }
  if (g.french_vp() < 8) {
    EXPECT_EQ(g.winner(), "austrian");
  }
  EXPECT_THROW(g.decision(), std::logic_error);
  const auto rules = g.rules_applied();
  for (const char* r : {"jemmapes:2.0", "jemmapes:3.1", "jemmapes:5.1", "jemmapes:9.3"})
    EXPECT_NE(std::find(rules.begin(), rules.end(), r), rules.end()) << r;
}

TEST(JemmapesGame, TheLogReplaysTheSameGame) {
  HEXLAW_CITES("jemmapes:2.0");
  const auto s = small(21, 2);
  JemmapesGame g(s, 5);
  SeededDice rng(3);
  for (int i = 0; i < 60 && !g.over(); ++i)
    g.try_choose(static_cast<std::size_t>(rng.roll(static_cast<int>(g.decision().choices.size()), "jemmapes:2.0", "test") - 1));
  const JemmapesGame r = replay(s, g.log());
  ASSERT_EQ(r.record().size(), g.record().size());
  for (std::size_t i = 0; i < r.record().size(); ++i) EXPECT_EQ(r.record()[i].text, g.record()[i].text);
  ASSERT_EQ(r.position().units.size(), g.position().units.size());
  for (std::size_t i = 0; i < r.position().units.size(); ++i) {
    EXPECT_EQ(r.position().units[i].hex, g.position().units[i].hex);
    EXPECT_EQ(r.position().units[i].level, g.position().units[i].level);
    EXPECT_EQ(r.position().units[i].facing, g.position().units[i].facing);
  }
  EXPECT_EQ(r.log(), g.log());
}

TEST(JemmapesGame, AChoiceNotOfferedIsRefusedNamingTheLegalOnes) {
  HEXLAW_CITES("jemmapes:2.0");
  JemmapesGame g(small(2), 1);
  try {
    g.choose("attempt victory");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("keep"), std::string::npos);
  }
  GameLog bad = g.log();
  bad.decisions = {"keep", "nonsense"};
  EXPECT_THROW(replay(small(2), bad), std::invalid_argument);
}

TEST(JemmapesGame, AMoveIsOfferedAsTheHexesReachAndCheckPathAllowWithAFacing) {
  HEXLAW_CITES("jemmapes:5.1", "jemmapes:1.3");
  JemmapesGame g(small(8), 2);
  first_until(g, "move-select");
  const std::string side = g.decision().side;
  auto it = std::find_if(g.decision().choices.begin(), g.decision().choices.end(), [](const std::string& c) {
    // A combat unit (ids F1-1, A2-3 ...), not a commander.
    return (c.rfind("move F", 0) == 0 || c.rfind("move A", 0) == 0) && c.find("-cmd") == std::string::npos;
  });
  ASSERT_NE(it, g.decision().choices.end());
  const std::string id = it->substr(5);
  g.choose(*it);
  ASSERT_EQ(g.decision().kind, "move-to");
  EXPECT_EQ(g.decision().unit, id);
  const std::string to = g.decision().choices.back();
  g.choose(to);
  const auto* u = g.position().unit(id);
  EXPECT_EQ(g.scenario().map.name(u->hex), to.substr(0, 4));
  EXPECT_EQ(std::string(jemmapes::facing_name(u->facing)), to.substr(5, to.find(' ', 5) - 5));
  // The unit moved once: it is not offered again this segment.
  EXPECT_EQ(std::count(g.decision().choices.begin(), g.decision().choices.end(), "move " + id), 0);
  EXPECT_EQ(g.decision().side, side);
}

}  // namespace
}  // namespace hexlaw::play
