// Owns: examples of the played Jemmapes activation's moves and combat (jemmapes:2.0,
// engine/play/jemmapes_combat.cc) on small hand-made scenarios: a move pausing for the other
// side's reaction under both readings of jemmapes.reaction.movement_kind (5.2), the overrun of a
// lone commander (8.0), fires and assaults offered when some throw reads a printed cell, a throw
// that reads a lost cell refused by name as it is rolled, and those no throw can play refused, an isolated artillery destroyed and the advance after it (6.2,
// 6.4), a fire read on the printed rows (6.1), and the Austrians routing into Mons (9.1.3).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/play/jemmapes_game.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

// F (French infantry, offensive) at 0506 facing north; A's lines give the Austrian formation L.
struct Sc {
  std::string a;                       // the Austrian units
  std::string interp;                  // interpretations: {...}, or ""
  std::string extra_units;             // more units
  std::string map_extra;               // more map fields, after the bounds
  std::string head;                    // more top-level lines
  std::string f_order = "offensive";
  std::string f_hex = "0506";
  std::string l_order = "defensive";
  std::string last_round = "1";
  std::string formations;              // more formations, each a line
};

std::string text(const Sc& s) {
  return "game: jemmapes\nname: t\nlast_round: " + s.last_round + "\n" + s.head + "map: {bounds: {cols: [1, 9], rows: [1, 9]}" + s.map_extra + "}\n" +
         (s.interp.empty() ? "" : "interpretations: " + s.interp + "\n") +
         "units:\n"
         "  - {id: FG, side: french, kind: commander, general: true, hex: \"0509\", facing: n, cv: 0, tv: 0, mp: 6}\n"
         "  - {id: FC, side: french, kind: commander, formation: E, hex: \"0507\", facing: n, cv: 0, tv: 0, mp: 6}\n"
         "  - {id: F, side: french, kind: infantry, hex: \"" + s.f_hex + "\", facing: n, cp: 2, morale: 4, mp: 3, formation: E}\n"
         "  - {id: AG, side: austrian, kind: commander, general: true, hex: \"0901\", facing: s, cv: 0, tv: 0, mp: 6}\n" +
         s.a + "\n" + s.extra_units +
         "state:\n  formations:\n    E: {side: french, order: " + s.f_order + ", commander: FC}\n    L: {side: austrian, order: " + s.l_order + ", commander: AC}\n" +
         s.formations;
}

const char* kA = "  - {id: A, side: austrian, kind: infantry, hex: \"0503\", facing: ne, cp: 2, morale: 4, mp: 3, formation: L}\n"
                 "  - {id: AC, side: austrian, kind: commander, formation: L, hex: \"0801\", facing: s, cv: 0, tv: 0, mp: 6}";

JemmapesGame start(const Sc& sc, std::uint64_t seed = 3) {
  auto s = jemmapes_scenario_from_text(testing::source_spec(), text(sc), "test.yaml");
  return JemmapesGame(s, seed);
}

// Keeps every order, gives the French the first activation and activates E.
void to_french_movement(JemmapesGame& g) {
  while (g.decision().kind == "order-change") g.choose("keep");
  ASSERT_EQ(g.decision().kind, "initiative");
  g.choose(g.decision().side == "french" ? "keep" : "pass");
  g.choose("activate E");
  ASSERT_EQ(g.decision().kind, "move-select");
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

bool recorded(const JemmapesGame& g, const std::string& part) {
  return std::any_of(g.record().begin(), g.record().end(), [&](const JemmapesEvent& e) { return e.text.find(part) != std::string::npos; });
}

TEST(JemmapesGameCombat, AMovePausesNextToAnUnengagedEnemyWhichMayPivotOneHexside) {
  HEXLAW_CITES("jemmapes:5.2", "jemmapes:2.0");
  auto g = start(Sc{kA});
  to_french_movement(g);
  g.choose("move F");
  g.choose("0504 n");
  ASSERT_EQ(g.decision().kind, "reaction");
  EXPECT_EQ(g.decision().side, "austrian");
  EXPECT_EQ(g.decision().unit, "A");
  // Pivot reading: one hexside either way; no fire (0504 is a flank hex of A).
  EXPECT_EQ(g.decision().choices, (std::vector<std::string>{"none", "pivot n", "pivot se"}));
  g.choose("pivot se");
  EXPECT_EQ(jemmapes::facing_name(g.position().unit("A")->facing), std::string("se"));
  EXPECT_TRUE(recorded(g, "reacts: pivot se, F's move ends"));
  EXPECT_EQ(g.decision().kind, "move-select");
  EXPECT_EQ(g.scenario().map.name(g.position().unit("F")->hex), "0504");
}

TEST(JemmapesGameCombat, UnderMoveOneHexTheReactingStackStepsIntoAnAdjacentHex) {
  HEXLAW_CITES("jemmapes:5.2");
  Sc sc{kA};
  sc.interp = "{jemmapes.reaction.movement_kind: move_one_hex}";
  auto g = start(sc);
  to_french_movement(g);
  g.choose("move F");
  g.choose("0504 n");
  ASSERT_EQ(g.decision().kind, "reaction");
  const auto& c = g.decision().choices;
  EXPECT_EQ(c.front(), "none");
  EXPECT_FALSE(std::any_of(c.begin(), c.end(), [](const std::string& s) { return s.rfind("pivot", 0) == 0; }));
  // Not into F's hex (enemy-held); 0502, north of A, is open.
  EXPECT_FALSE(has(c, "step 0504"));
  ASSERT_TRUE(has(c, "step 0502"));
  g.choose("step 0502");
  EXPECT_EQ(g.scenario().map.name(g.position().unit("A")->hex), "0502");
  EXPECT_EQ(jemmapes::facing_name(g.position().unit("A")->facing), std::string("ne"));
}

// A fire or an assault some of whose throws read printed cells is offered; a throw that reads a
// lost cell (or a morale test whose procedure the source lacks) is refused by name as it is
// rolled: the game is as it was, dice included, and the choice is listed as refused.
TEST(JemmapesGameCombat, AFightIsOfferedWhenSomeThrowReadsAPrintedCellAndALostCellRolledIsRefusedByName) {
  HEXLAW_CITES("jemmapes:2.0", "jemmapes:table.fire", "jemmapes:table.assault", "jemmapes:6.3");
  for (const std::string reading : {"pending", "two_dice_against_morale"}) {
    int resolved = 0, refused_rolled = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      Sc sc{kA};
      sc.interp = "{jemmapes.morale_test.procedure: " + reading + "}";
      auto g = start(sc, seed);
      to_french_movement(g);
      g.choose("move F");
      g.choose("0504 n");
      g.choose("pivot se");
      g.choose("end");
      ASSERT_EQ(g.decision().kind, "combat");
      // Infantry fire at DRM 0 reads rows 2-5 (printed: no result) on 10 throws in 36, the cut
      // row 6 and beyond on the others; the assault at DRM -2 reads rows 0-10.
      ASSERT_TRUE(has(g.decision().choices, "fire infantry at 0503 by F")) << reading;
      ASSERT_TRUE(has(g.decision().choices, "assault 0503 by F head F")) << reading;
      const auto record = g.record().size();
      const auto log = g.log();
      try {
        g.choose("fire infantry at 0503 by F");
        ++resolved;
        EXPECT_TRUE(recorded(g, "infantry fire at 0503 by F: ")) << reading;
      } catch (const JemmapesChoiceRefused& e) {
        ++refused_rolled;
        EXPECT_NE(std::string(e.what()).find("refused: jemmapes:table.fire: a modified total of "), std::string::npos) << e.what();
        EXPECT_EQ(g.record().size(), record);
        EXPECT_EQ(g.log(), log);
        EXPECT_EQ(g.decision().kind, "combat");
        EXPECT_FALSE(has(g.decision().choices, "fire infantry at 0503 by F"));
        const auto& r = g.decision().refused;
        EXPECT_TRUE(std::any_of(r.begin(), r.end(), [](const std::string& x) { return x.rfind("fire infantry at 0503 by F: jemmapes:table.fire", 0) == 0; }));
        EXPECT_THROW(g.choose("fire infantry at 0503 by F"), std::invalid_argument);
      }
    }
    EXPECT_GT(resolved, 0) << reading;
    EXPECT_GT(refused_rolled, 0) << reading;
  }
}

// A fight no throw of which can be played is not offered, and is refused by name: at 8 SS
// against 2 (4/1, +8) the assault's capped +6 reads rows 8-18, all lost.
TEST(JemmapesGameCombat, AFightNoThrowOfWhichReadsAPrintedCellIsNotOfferedAndIsRefusedByName) {
  HEXLAW_CITES("jemmapes:2.0", "jemmapes:table.assault");
  Sc sc{kA};
  sc.interp = "{jemmapes.morale_test.procedure: two_dice_against_morale}";
  sc.extra_units = "  - {id: F8, side: french, kind: infantry, hex: \"0606\", facing: n, cp: 8, morale: 4, mp: 3, formation: E}\n";
  auto g = start(sc);
  to_french_movement(g);
  g.choose("move F8");
  g.choose("0504 n");
  if (g.decision().kind == "reaction") g.choose("none");
  g.choose("end");
  ASSERT_EQ(g.decision().kind, "combat");
  EXPECT_FALSE(has(g.decision().choices, "assault 0503 by F8 head F8"));
  const auto& r = g.decision().refused;
  EXPECT_TRUE(std::any_of(r.begin(), r.end(), [](const std::string& x) { return x.rfind("assault 0503 by F8 head F8: jemmapes:table.assault", 0) == 0 && x.find("no throw of the dice can be played") != std::string::npos; }))
      << ::testing::PrintToString(r);
  try {
    g.choose("assault 0503 by F8 head F8");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("is refused: jemmapes:table.assault"), std::string::npos) << e.what();
  }
}

TEST(JemmapesGameCombat, AnIsolatedArtilleryAssaultedIsDestroyedAndTheHeadUnitAdvances) {
  HEXLAW_CITES("jemmapes:6.2", "jemmapes:6.4", "jemmapes:9.3");
  const std::string a = "  - {id: A, side: austrian, kind: artillery, hex: \"0503\", facing: ne, cp: 1, morale: 3, mp: 2, formation: L}\n"
                        "  - {id: A2, side: austrian, kind: infantry, hex: \"0901\", facing: s, cp: 1, morale: 3, mp: 2, formation: L}\n"
                        "  - {id: AC, side: austrian, kind: commander, formation: L, hex: \"0801\", facing: s, cv: 0, tv: 0, mp: 6}";
  auto g = start(Sc{a});
  to_french_movement(g);
  g.choose("move F");
  g.choose("0504 n");
  g.choose("none");
  g.choose("end");
  ASSERT_EQ(g.decision().kind, "combat");
  ASSERT_TRUE(has(g.decision().choices, "assault 0503 by F head F"));
  g.choose("assault 0503 by F head F");
  EXPECT_EQ(g.position().unit("A"), nullptr);
  EXPECT_EQ(g.french_vp(), 1);
  ASSERT_EQ(g.decision().kind, "advance");
  EXPECT_EQ(g.decision().choices, (std::vector<std::string>{"advance F n", "advance F nw", "advance F ne"}));
  g.choose("advance F ne");
  EXPECT_EQ(g.scenario().map.name(g.position().unit("F")->hex), "0503");
  EXPECT_EQ(jemmapes::facing_name(g.position().unit("F")->facing), std::string("ne"));
  // F has fought: the combat segment offers nothing more.
  EXPECT_EQ(g.decision().kind, "combat");
  EXPECT_EQ(g.decision().choices, std::vector<std::string>{"end"});
}

TEST(JemmapesGameCombat, ALoneCommanderOverrunTakesAnEliminationTestAndIsPlacedByHisPlayer) {
  HEXLAW_CITES("jemmapes:8.0");
  const std::string a = "  - {id: A, side: austrian, kind: infantry, hex: \"0501\", facing: s, cp: 2, morale: 4, mp: 3, formation: L}\n"
                        "  - {id: AC, side: austrian, kind: commander, formation: L, hex: \"0505\", facing: s, cv: 0, tv: 0, mp: 6}";
  auto g = start(Sc{a});
  to_french_movement(g);
  g.choose("move F");
  ASSERT_TRUE(has(g.decision().choices, "0503 n"));
  g.choose("0503 n");
  ASSERT_EQ(g.decision().kind, "place-commander");
  EXPECT_EQ(g.decision().side, "austrian");
  EXPECT_EQ(g.decision().choices, std::vector<std::string>{"place AC at 0501"});
  EXPECT_TRUE(recorded(g, "AC is overrun at 0505"));
  EXPECT_TRUE(recorded(g, "AC tests for elimination"));
  g.choose("place AC at 0501");
  EXPECT_EQ(g.scenario().map.name(g.position().unit("AC")->hex), "0501");
  EXPECT_EQ(g.scenario().map.name(g.position().unit("F")->hex), "0503");
}

// Ferrand's commander overrun on the map while every unit of his formation still waits off it
// (jemmapes:9.1.1): not all its units are destroyed, so he is not eliminated; with no unit of
// his on the map to be placed on, he waits with them and enters as they do (the ruling on the
// gap in jemmapes:8.0). Found by a random game that then activated Ferrand with no commander.
TEST(JemmapesGameCombat, jemmapes_8_0_ACommanderOverrunWhileHisFormationWaitsOffTheMapWaitsWithIt) {
  HEXLAW_CITES("jemmapes:8.0", "jemmapes:9.1.1");
  for (std::uint64_t seed : {1, 2, 3, 4, 5, 6}) {  // the elimination test's dice: eliminated or not, the same
    const std::string text =
        "game: jemmapes\nname: t\nlast_round: 3\nmap: {bounds: {cols: [1, 9], rows: [1, 9]}}\nunits:\n"
        "  - {id: FG, side: french, kind: commander, general: true, hex: \"0909\", facing: n, cv: 0, tv: 0, mp: 6}\n"
        "  - {id: FC, side: french, kind: commander, formation: Ferrand, hex: \"0505\", facing: n, cv: 0, tv: 0, mp: 6}\n"
        "  - {id: F, side: french, kind: infantry, hex: off_map, facing: s, cp: 2, morale: 4, mp: 3, formation: Ferrand}\n"
        "  - {id: AG, side: austrian, kind: commander, general: true, hex: \"0901\", facing: s, cv: 0, tv: 0, mp: 6}\n"
        "  - {id: A, side: austrian, kind: infantry, hex: \"0503\", facing: s, cp: 2, morale: 4, mp: 3, formation: L}\n"
        "  - {id: AC, side: austrian, kind: commander, formation: L, hex: \"0502\", facing: s, cv: 0, tv: 0, mp: 6}\n"
        "state:\n  formations:\n"
        "    Ferrand: {side: french, order: offensive, commander: FC}\n"
        "    L: {side: austrian, order: offensive, commander: AC}\n";
    JemmapesGame g(jemmapes_scenario_from_text(testing::source_spec(), text, "test.yaml"), seed);
    while (g.decision().kind == "order-change") g.choose("keep");
    ASSERT_EQ(g.decision().kind, "initiative");
    g.choose(g.decision().side == "austrian" ? "keep" : "pass");
    g.choose("activate L");
    g.choose("move A");
    ASSERT_TRUE(has(g.decision().choices, "0505 s")) << "seed " << seed;
    g.choose("0505 s");
    EXPECT_TRUE(recorded(g, "FC is overrun at 0505")) << "seed " << seed;
    EXPECT_TRUE(recorded(g, "FC leaves the map to wait with his formation's units")) << "seed " << seed;
    EXPECT_EQ(g.position().unit("FC"), nullptr);
    ASSERT_NE(g.position().waiting_unit("FC"), nullptr);
    EXPECT_TRUE(g.invariant_violations().empty()) << g.invariant_violations().front();
    // Play on to Ferrand's activation: its units are told apart from a formation without a
    // commander (they are not commanded while he waits), and he may enter with them.
    // (A played game starts at round 1; Ferrand enters from round 2.)
    bool activated = false;
    for (int steps = 0; steps < 400 && !g.over() && !activated; ++steps) {
      const auto& c = g.decision().choices;
      const auto ferrand = std::find(c.begin(), c.end(), "activate Ferrand");
      const auto end = std::find(c.begin(), c.end(), "end");
      activated = ferrand != c.end() && g.round() >= 2;
      g.choose(ferrand != c.end() ? std::size_t(ferrand - c.begin()) : end != c.end() ? std::size_t(end - c.begin()) : 0);
    }
    ASSERT_TRUE(activated) << "seed " << seed;
    ASSERT_EQ(g.decision().kind, "move-select") << "seed " << seed;
    EXPECT_TRUE(has(g.decision().choices, "enter FC")) << "seed " << seed << " " << g.decision().kind << ": " << ::testing::PrintToString(g.decision().choices) << ::testing::PrintToString(g.decision().refused) << " round " << g.round();
    EXPECT_TRUE(has(g.decision().choices, "enter F")) << "seed " << seed;
  }
}

// A scenario to play that gives a later round is refused by name: the game opens at round 1
// and would otherwise replace it silently.
TEST(JemmapesGameCombat, jemmapes_2_0_AScenarioToPlayThatStartsInALaterRoundIsRefusedNamingTheField) {
  HEXLAW_CITES("jemmapes:2.0");
  Sc sc{kA};
  sc.last_round = "3";
  std::string t = text(sc);
  t.replace(t.find("state:\n"), 7, "state:\n  round: 2\n");
  try {
    jemmapes_scenario_from_text(testing::source_spec(), t, "later.yaml");
    FAIL() << "a scenario starting in round 2 was accepted";
  } catch (const CaseError& e) {
    EXPECT_NE(std::string(e.what()).find("later.yaml"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("state.round"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("starts at round 1"), std::string::npos) << e.what();
  }
  sc.last_round = "3";
  EXPECT_NO_THROW(jemmapes_scenario_from_text(testing::source_spec(), text(sc), "first.yaml"));
}

TEST(JemmapesGameCombat, AFireWhoseEveryThrowReadsThePrintedRowsIsOfferedAndResolved) {
  HEXLAW_CITES("jemmapes:6.1", "jemmapes:6.1.2", "jemmapes:table.fire");
  // Harnessed artillery (-2) at level 2 (-2) under a defensive order (-1, the minus reading) at
  // a target in a wood (-2): DRM -7, so 2D6 gives -5 to 5, every row printed (under 2 reads 2).
  const std::string a = "  - {id: A, side: austrian, kind: infantry, hex: \"0503\", facing: s, cp: 2, morale: 4, mp: 3, formation: L}\n"
                        "  - {id: AC, side: austrian, kind: commander, formation: L, hex: \"0801\", facing: s, cv: 0, tv: 0, mp: 6}";
  Sc sc{a};
  sc.interp = "{jemmapes.fire.defensive_order_drm_sign: minus}";
  sc.extra_units = "  - {id: G, side: french, kind: artillery, hex: \"0505\", facing: n, cp: 2, morale: 3, mp: 2, formation: E, level: disorganised_2}\n";
  sc.map_extra = ", hexes: {\"0503\": wood}";
  sc.f_order = "defensive";
  sc.f_hex = "0706";
  auto g = start(sc);
  to_french_movement(g);
  g.choose("move G");
  g.choose("0505 nw");  // turning harnesses the artillery (5.1)
  EXPECT_TRUE(g.position().unit("G")->has("harnessed"));
  g.choose("end");
  ASSERT_EQ(g.decision().kind, "combat");
  ASSERT_TRUE(has(g.decision().choices, "fire artillery at 0503 by G")) << ::testing::PrintToString(g.decision().refused);
  g.choose("fire artillery at 0503 by G");
  EXPECT_TRUE(recorded(g, "artillery fire at 0503 by G: "));
  EXPECT_TRUE(recorded(g, "-7, -"));  // column 1 to 2 prints no result in rows 2-5
  EXPECT_EQ(g.position().unit("A")->level, jemmapes::Level::GoodOrder);
}

TEST(JemmapesGameCombat, RoutedAustriansFleeIntoMonsAndAreEliminated) {
  HEXLAW_CITES("jemmapes:9.1.3", "jemmapes:5.4");
  const std::string a = "  - {id: A, side: austrian, kind: infantry, hex: \"0503\", facing: s, cp: 2, morale: 4, mp: 3, formation: L, level: rout}\n"
                        "  - {id: A2, side: austrian, kind: infantry, hex: \"0901\", facing: s, cp: 1, morale: 3, mp: 3, formation: L}\n"
                        "  - {id: AC, side: austrian, kind: commander, formation: L, hex: \"0801\", facing: s, cv: 0, tv: 0, mp: 6}";
  Sc sc{a};
  sc.map_extra = ", places: {mons: [\"0501\"]}";
  sc.head = "rout_edges: {french: s, austrian: mons}\n";
  auto g = start(sc);
  while (g.decision().kind == "order-change") g.choose("keep");
  g.choose(g.decision().side == "austrian" ? "keep" : "pass");
  g.choose("activate L");
  g.choose("end");  // the movement segment ends: A routs
  EXPECT_EQ(g.position().unit("A"), nullptr);
  EXPECT_TRUE(recorded(g, "A routs off the map and is eliminated"));
  EXPECT_EQ(g.french_vp(), 2);
  const auto rules = g.rules_applied();
  EXPECT_TRUE(has(rules, "jemmapes:9.1.3"));
}

// A rally choice is a typed action, never split at " with ": a unit whose id itself holds
// " with " is quoted in the string form and rallies with its commander.
TEST(JemmapesGameCombat, jemmapes_7_0_ARallyOfAUnitWhoseIdHoldsWithIsReadAsOffered) {
  HEXLAW_CITES("jemmapes:7.0");
  Sc sc{kA};
  sc.f_hex = "0606";
  sc.extra_units = "  - {id: F with FC, side: french, kind: infantry, hex: \"0508\", facing: n, cp: 1, morale: 4, mp: 3, "
                   "formation: E, level: disorganised_2}\n";
  auto g = start(sc);
  to_french_movement(g);
  g.choose("end");  // no moves
  while (g.decision().kind != "rally") g.choose("end");
  ASSERT_TRUE(has(g.decision().choices, "rally \"F with FC\" with FC"));
  g.choose("rally \"F with FC\" with FC");
  EXPECT_TRUE(recorded(g, "F with FC rallies"));
}

// jemmapes.scenario.inactive_formation_reacts in the played round: d'Harville's formation, held
// back in round 1 of the historical scenario (9.2), is never offered an activation, and its unit
// next to a moving Austrian reacts only under the true reading.
TEST(JemmapesGameCombat, jemmapes_5_2_AHeldBackFormationReactsOnlyUnderTheTrueReading) {
  HEXLAW_CITES("jemmapes:5.2", "jemmapes:9.2");
  for (const std::string reading : {"false", "true"}) {
    Sc sc{"  - {id: A, side: austrian, kind: infantry, hex: \"0305\", facing: n, cp: 2, morale: 4, mp: 3, formation: L}\n"
          "  - {id: AC, side: austrian, kind: commander, formation: L, hex: \"0801\", facing: s, cv: 0, tv: 0, mp: 6}"};
    sc.interp = "{jemmapes.scenario.inactive_formation_reacts: \"" + reading + "\"}";
    sc.extra_units = "  - {id: H, side: french, kind: infantry, hex: \"0303\", facing: ne, cp: 2, morale: 4, mp: 3, formation: dHarville}\n"
                     "  - {id: HC, side: french, kind: commander, formation: dHarville, hex: \"0202\", facing: n, cv: 0, tv: 0, mp: 6}\n";
    sc.formations = "    dHarville: {side: french, order: manoeuvre, commander: HC}\n";
    sc.l_order = "offensive";
    sc.f_hex = "0708";
    sc.head = "rules: historical\n";  // the printed scenario's restrictions (jemmapes:9.2), its eight rounds
    sc.last_round = "8";
    auto g = start(sc);
    while (g.decision().kind == "order-change") g.choose("keep");
    g.choose(g.decision().side == "austrian" ? "keep" : "pass");
    ASSERT_EQ(g.decision().kind, "activate");
    ASSERT_TRUE(has(g.decision().choices, "activate L"));
    g.choose("activate L");
    g.choose("move A");
    ASSERT_TRUE(has(g.decision().choices, "0304 n")) << ::testing::PrintToString(g.decision().choices) << ::testing::PrintToString(g.decision().refused) << " round " << g.round();
    g.choose("0304 n");
    if (reading == "true") {
      ASSERT_EQ(g.decision().kind, "reaction") << reading;
      EXPECT_EQ(g.decision().unit, "H");
      g.choose("none");
    } else {
      EXPECT_EQ(g.decision().kind, "move-select") << reading;
    }
    EXPECT_EQ(g.scenario().map.name(g.position().unit("A")->hex), "0304");
    // The French activate E only: d'Harville waits (jemmapes:9.2).
    while (g.decision().kind != "activate") g.choose("end");
    EXPECT_EQ(g.decision().side, "french");
    EXPECT_EQ(g.decision().choices, std::vector<std::string>{"activate E"});
  }
}

// jemmapes.rally.commander_tv_uses in the played round: once FC has lent his TV to F2's rally,
// F3's rally with FC is offered only under any_units.
TEST(JemmapesGameCombat, jemmapes_7_0_ACommanderLendsHisTvToOneRallyASegmentUnlessAnyUnits) {
  HEXLAW_CITES("jemmapes:7.0");
  for (const std::string reading : {"one_unit_per_segment", "any_units"}) {
    Sc sc{kA};
    sc.interp = "{jemmapes.rally.commander_tv_uses: " + reading + "}";
    sc.f_hex = "0306";
    sc.extra_units = "  - {id: F2, side: french, kind: infantry, hex: \"0506\", facing: n, cp: 1, morale: 4, mp: 3, formation: E, level: disorganised_2}\n"
                     "  - {id: F3, side: french, kind: infantry, hex: \"0508\", facing: n, cp: 1, morale: 4, mp: 3, formation: E, level: disorganised_2}\n";
    auto g = start(sc);
    to_french_movement(g);
    while (g.decision().kind != "rally") g.choose("end");
    ASSERT_TRUE(has(g.decision().choices, "rally F2 with FC"));
    ASSERT_TRUE(has(g.decision().choices, "rally F3 with FC"));
    g.choose("rally F2 with FC");
    ASSERT_EQ(g.decision().kind, "rally");
    EXPECT_TRUE(has(g.decision().choices, "rally F3"));
    EXPECT_EQ(has(g.decision().choices, "rally F3 with FC"), reading == "any_units") << reading;
  }
}

}  // namespace
}  // namespace hexlaw::play
