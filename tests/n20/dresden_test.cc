// Owns: example tests of the Dresden layer's hooks at the played game's boundaries
// (engine/n20/games/dresden_garrisons.cc, dresden_turn.cc): garrisons taken, destroyed and
// restored (dresden:9.10.1, 9.10.2), the catastrophes (12.7), command confusion and its
// lifting (3.1), the turn track's weather (5.1) and Variable Weather with Mud (16.8-16.8.2);
// and the Grosser Garten (6.11) read from a terrain chart that lacks what it needs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/dice.h"
#include "engine/core/errors.h"
#include "engine/core/spec.h"
#include "engine/core/tables.h"
#include "engine/n20/games/dresden.h"
#include "engine/n20/movement.h"
#include "engine/questions/ask.h"
#include "engine/questions/case_file.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using Change = n20::N20Rules::Change;

// A Dresden position: the four garrisons, an Allied unit A and a French unit F.
constexpr const char* kGarrisons = R"(
game: dresden
state: {morale: {french: 7, allied: 8}}
units:
  - {id: GD1, side: french, type: garrison, strength: 0, movement: 0, hex: "1306"}
  - {id: GD2, side: french, type: garrison, strength: 0, movement: 0, hex: "1407"}
  - {id: GK, side: french, type: garrison, strength: 0, movement: 0, hex: "1222"}
  - {id: GL, side: french, type: garrison, strength: 0, movement: 0, hex: "1423"}
  - {id: A, side: allied, type: infantry, strength: 4, movement: 2, hex: "1307"}
  - {id: B, side: allied, type: infantry, strength: 4, movement: 2, hex: "1408"}
  - {id: F, side: french, type: infantry, strength: 4, movement: 2, hex: "1601"}
)";

struct Dresden : testing::InlinePosition {
  explicit Dresden(const std::string& extra = "") : InlinePosition(std::string(kGarrisons) + extra) {}
  const n20::DresdenRules& rules() const { return dynamic_cast<const n20::DresdenRules&>(*InlinePosition::rules); }
  GameState& s() { return c.state; }
  Trace trace() const { return Trace(Trace::IdsOnly{}, c.spec->catalog); }
  // Puts unit `id` in `hex` as an advance after combat would.
  void advance(const char* id, const char* hex, Change why = Change::Advance) {
    s().unit(id)->hex = this->hex(hex);
    Trace t = trace();
    rules().settle_position(*c.map, why, s(), t);
    last = t.entries().empty() ? "" : t.entries().back().rule;
  }
  std::string last;
};

TEST(Dresden, KoenigsteinGarrisonDestroyedForGoodByAnAlliedUnit) {
  HEXLAW_CITES("dresden:9.10.1");
  Dresden d;
  d.advance("A", "1222");
  EXPECT_EQ(d.s().unit("GK")->status, UnitStatus::Eliminated);
  EXPECT_EQ(d.last, "dresden:9.10.1");
  d.advance("A", "1307");  // leaving does not bring it back
  EXPECT_EQ(d.s().unit("GK")->status, UnitStatus::Eliminated);
  EXPECT_EQ(d.s().unit("GL")->status, UnitStatus::OnMap);  // boundary: Lillienstein untouched
  d.advance("B", "1423");
  EXPECT_EQ(d.s().unit("GL")->status, UnitStatus::Eliminated);
}

TEST(Dresden, DresdenGarrisonReturnsWhenTheAlliesAreDrivenOut) {
  HEXLAW_CITES("dresden:9.10.2");
  Dresden d;
  d.advance("A", "1306");
  EXPECT_EQ(d.s().unit("GD1")->status, UnitStatus::Eliminated);
  EXPECT_EQ(d.s().unit("GD2")->status, UnitStatus::OnMap);
  d.advance("A", "1305", Change::Battle);  // driven out
  EXPECT_EQ(d.s().unit("GD1")->status, UnitStatus::OnMap);
  EXPECT_EQ(d.s().unit("GD1")->hex, d.hex("1306"));
  // Any number of times, and to either hex.
  d.advance("B", "1407");
  EXPECT_EQ(d.s().unit("GD2")->status, UnitStatus::Eliminated);
  d.advance("B", "1408", Change::Move);
  EXPECT_EQ(d.s().unit("GD2")->status, UnitStatus::OnMap);
  EXPECT_EQ(d.last, "dresden:9.10.2");
}

TEST(Dresden, BothDresdenHexesHeldAtOnceDestroyBothGarrisons) {
  HEXLAW_CITES("dresden:9.10.2");
  Dresden d;
  d.advance("A", "1306");
  d.advance("B", "1407");
  EXPECT_EQ(d.s().unit("GD1")->status, UnitStatus::Eliminated);
  EXPECT_EQ(d.s().unit("GD2")->status, UnitStatus::Eliminated);
  EXPECT_TRUE(d.s().has_marker("dresden-garrison-destroyed"));
  d.advance("A", "1305", Change::Battle);
  d.advance("B", "1408", Change::Battle);
  EXPECT_EQ(d.s().unit("GD1")->status, UnitStatus::Eliminated);  // for good
  EXPECT_EQ(d.s().unit("GD2")->status, UnitStatus::Eliminated);
}

TEST(Dresden, RestoreSwitchAfterRetreatOnly) {
  HEXLAW_CITES("dresden:9.10.2");
  Dresden d("interpretations: {dresden.dresden_garrison_restore: after_retreat}\n");
  d.advance("A", "1306");
  d.advance("A", "1305", Change::Move);  // left of its own accord: not driven out
  EXPECT_EQ(d.s().unit("GD1")->status, UnitStatus::Eliminated);
  d.advance("B", "1407");
  d.advance("B", "1408", Change::Battle);  // driven out by a battle
  EXPECT_EQ(d.s().unit("GD2")->status, UnitStatus::OnMap);
}

TEST(Dresden, CatastrophesEachOnceAGame) {
  HEXLAW_CITES("dresden:12.7");
  Dresden d;
  Trace t = d.trace();
  d.rules().at_player_turn_close(*d.c.map, "allied", d.s(), t);  // boundary: only the French Player Turn
  d.s().unit("A")->hex = d.hex("1306");
  d.rules().at_player_turn_close(*d.c.map, "allied", d.s(), t);
  EXPECT_EQ(d.s().morale.at("french"), 7);
  d.rules().at_player_turn_close(*d.c.map, "french", d.s(), t);
  EXPECT_EQ(d.s().morale.at("french"), 6);
  d.rules().at_player_turn_close(*d.c.map, "french", d.s(), t);  // once only
  EXPECT_EQ(d.s().morale.at("french"), 6);
  d.s().unit("B")->hex = d.hex("1407");
  d.rules().at_player_turn_close(*d.c.map, "french", d.s(), t);
  EXPECT_EQ(d.s().morale.at("french"), 4);
  EXPECT_EQ(d.s().morale.at("allied"), 9);
  d.rules().at_player_turn_close(*d.c.map, "french", d.s(), t);
  EXPECT_EQ(d.s().morale.at("french"), 4);
  EXPECT_TRUE(t.cites("dresden:12.7"));
}

TEST(Dresden, BothCatastrophesOnOneTurn) {
  HEXLAW_CITES("dresden:12.7");
  Dresden d;
  Trace t = d.trace();
  d.s().unit("A")->hex = d.hex("1306");
  d.s().unit("B")->hex = d.hex("1407");
  d.s().morale[Symbol("allied")] = 10;
  d.rules().at_player_turn_close(*d.c.map, "french", d.s(), t);
  EXPECT_EQ(d.s().morale.at("french"), 4);   // -3 in all
  EXPECT_EQ(d.s().morale.at("allied"), 10);  // never above 10
}

TEST(Dresden, CommandConfusionLimitsAlliedMoves) {
  HEXLAW_CITES("dresden:3.1");
  Dresden d;
  d.s().phasing = "allied";
  d.s().phase = "movement";
  Trace t = d.trace();
  ScriptedDice dice({2});
  d.rules().at_phase_start(n20::Phase::Movement, d.s(), dice, t);
  EXPECT_EQ(n20::DresdenRules::confusion_limit(d.s()), 3);
  for (int moved = 0; moved < 3; ++moved) {
    EXPECT_TRUE(d.rules().may_move_more(d.s(), t));
    ++d.s().counters.units_moved;
  }
  EXPECT_FALSE(d.rules().may_move_more(d.s(), t));
  // The French phase opens with no limit.
  d.s().phasing = "french";
  ScriptedDice none({});
  d.rules().at_phase_start(n20::Phase::Movement, d.s(), none, t);
  EXPECT_FALSE(n20::DresdenRules::confusion_limit(d.s()));
  EXPECT_TRUE(d.rules().may_move_more(d.s(), t));
}

// The after-move hook asked about a unit the position does not hold (a caller's slip: the
// engine's own callers pass the unit that moved) changes nothing, rather than reading a unit
// that is not there (mutation 2708ba1bf2 dropped the check).
TEST(Dresden, dresden_3_1_TheAfterMoveHookIgnoresAUnitNotInThePosition) {
  HEXLAW_CITES("dresden:3.1");
  Dresden d;
  const GameState before = d.s();
  Trace t = d.trace();
  d.rules().after_move(*d.c.map, Symbol("NOBODY"), d.hex("1406"), true, {d.hex("1407")}, d.s(), t);
  EXPECT_TRUE(d.s() == before);
  EXPECT_TRUE(t.entries().empty());
}

// Meissen takes one unit (dresden:3.2): once it holds one, a French unit on the map is offered
// no way in, and the reason says which unit holds it (mutation a792543d9c dropped the reason;
// the played game asks under a silent trace, so only a caller with a trace reads it).
TEST(Dresden, dresden_3_2_AFullMeissenOffersNoWayInAndSaysWhoHoldsIt) {
  HEXLAW_CITES("dresden:3.2");
  Dresden d;
  Trace open_box(d.c.spec->catalog);
  EXPECT_STREQ(d.rules().holding_box(*d.s().unit("F"), d.s(), open_box).rule, "dresden:3.2");
  d.s().set_marker("meissen:GK", true);
  Trace full(d.c.spec->catalog);
  EXPECT_EQ(d.rules().holding_box(*d.s().unit("F"), d.s(), full).rule, nullptr);
  bool said = false;
  for (const auto& e : full.entries())
    said |= e.rule == "dresden:3.2" && e.reason.find("Meissen already holds GK") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(Dresden, AFrenchReinforcementCrossingTheElbeLiftsTheLimitForGood) {
  HEXLAW_CITES("dresden:3.1");
  Dresden d(R"(map: {hexsides: [{between: ["1406", "1407"], features: [major_river, bridge]}]}
)");
  Unit& f = *d.s().unit("F");
  Trace t = d.trace();
  // A set-up French unit crossing does not lift it.
  f.hex = d.hex("1406");
  d.rules().after_move(*d.c.map, f.id, d.hex("1406"), false, {d.hex("1407")}, d.s(), t);
  EXPECT_FALSE(d.s().has_marker("confusion-lifted"));
  f.arrival_turn = 4;  // a reinforcement
  d.rules().after_move(*d.c.map, f.id, d.hex("1405"), false, {d.hex("1406")}, d.s(), t);  // no crossing
  EXPECT_FALSE(d.s().has_marker("confusion-lifted"));
  d.rules().after_move(*d.c.map, f.id, d.hex("1406"), false, {d.hex("1407")}, d.s(), t);
  EXPECT_TRUE(d.s().has_marker("confusion-lifted"));
  d.s().phasing = "allied";
  ScriptedDice none({});
  d.rules().at_phase_start(n20::Phase::Movement, d.s(), none, t);  // no roll any more
  EXPECT_TRUE(d.rules().may_move_more(d.s(), t));
}

TEST(Dresden, ConfusionSwitches) {
  HEXLAW_CITES("dresden:3.1");
  {  // exempt: an entering reinforcement is not counted
    Dresden d("interpretations: {dresden.command_confusion_counts_reinforcements: exempt}\n");
    d.s().phasing = "allied";
    Trace t = d.trace();
    ScriptedDice dice({1});
    d.rules().at_phase_start(n20::Phase::Movement, d.s(), dice, t);
    ++d.s().counters.units_moved;
    d.rules().after_move(*d.c.map, Symbol("A"), Hex{}, true, {d.hex("1307")}, d.s(), t);
    EXPECT_TRUE(d.rules().may_move_more(d.s(), t));
    ++d.s().counters.units_moved;
    EXPECT_TRUE(d.rules().may_move_more(d.s(), t));
    ++d.s().counters.units_moved;
    EXPECT_FALSE(d.rules().may_move_more(d.s(), t));
  }
  {  // counts (the default): the same entry is counted
    Dresden d;
    d.s().phasing = "allied";
    Trace t = d.trace();
    ScriptedDice dice({1});
    d.rules().at_phase_start(n20::Phase::Movement, d.s(), dice, t);
    ++d.s().counters.units_moved;
    d.rules().after_move(*d.c.map, Symbol("A"), Hex{}, true, {d.hex("1307")}, d.s(), t);
    ++d.s().counters.units_moved;
    EXPECT_FALSE(d.rules().may_move_more(d.s(), t));
  }
  for (const char* reading : {"literal", "lifted"}) {  // the Historical scenario
    Dresden d(std::string("interpretations: {dresden.command_confusion_historical: ") + reading + "}\n");
    d.s().phasing = "allied";
    d.s().set_marker("historical-scenario", true);
    Trace t = d.trace();
    ScriptedDice dice(std::string(reading) == "literal" ? std::vector<int>{3} : std::vector<int>{});
    d.rules().at_phase_start(n20::Phase::Movement, d.s(), dice, t);
    dice.finish();
    EXPECT_EQ(n20::DresdenRules::confusion_limit(d.s()).has_value(), std::string(reading) == "literal") << reading;
  }
}

// Extra Horses last through the Day they were declared for: the marker is lifted as the next
// Night Game Turn opens, not as a Day turn opens, and not at night when none was declared.
TEST(Dresden, dresden_5_2_ExtraHorsesEndAsANightTurnOpens) {
  HEXLAW_CITES("dresden:5.2");
  Dresden d;
  n20::Calendar cal{.first = "allied", .second = "french", .last_turn = 10};
  cal.night_turns = {4, 8};
  ScriptedDice none({});
  d.s().set_marker("extra-horses", true);
  Trace t = d.trace();
  d.rules().at_game_turn_start(cal, 3, d.s(), none, t);
  EXPECT_TRUE(d.s().has_marker("extra-horses"));  // a Day turn: still in force
  EXPECT_FALSE(t.cites("dresden:5.2"));
  d.rules().at_game_turn_start(cal, 4, d.s(), none, t);
  EXPECT_FALSE(d.s().has_marker("extra-horses"));
  EXPECT_TRUE(t.cites("dresden:5.2"));
  Trace again = d.trace();
  d.rules().at_game_turn_start(cal, 8, d.s(), none, again);
  EXPECT_FALSE(again.cites("dresden:5.2"));  // nothing declared: nothing to end
}

TEST(Dresden, TurnTrackWeather) {
  HEXLAW_CITES("dresden:5.1");
  Dresden d;
  n20::Calendar cal{.first = "allied", .second = "french", .last_turn = 10};
  cal.weather = {{3, "showers"}, {4, "downpour"}};
  ScriptedDice none({});
  Trace t = d.trace();
  d.rules().at_game_turn_start(cal, 3, d.s(), none, t);
  EXPECT_EQ(d.s().weather, "showers");
  d.rules().at_game_turn_start(cal, 4, d.s(), none, t);
  EXPECT_EQ(d.s().weather, "downpour");
  d.rules().at_game_turn_start(cal, 5, d.s(), none, t);
  EXPECT_EQ(d.s().weather, "clear");  // no symbol
  EXPECT_TRUE(t.cites("dresden:5.1"));
  // Boundary: with Variable Weather the track's symbols are not read.
  Dresden v("options: [\"dresden:16.8\"]\n");
  v.s().weather = "cloudy";
  Trace tv = v.trace();
  v.rules().at_game_turn_start(cal, 3, v.s(), none, tv);
  EXPECT_EQ(v.s().weather, "cloudy");
}

TEST(Dresden, WeatherTrendRolls) {
  HEXLAW_CITES("dresden:16.8", "dresden:16.8.1");
  struct Row {
    bool worsening;
    int face;
    const char* from;
    const char* to;
  };
  const Row rows[] = {
      {false, 1, "cloudy", "showers"}, {false, 2, "cloudy", "cloudy"}, {false, 4, "cloudy", "cloudy"},
      {false, 5, "cloudy", "clear"},   {false, 6, "clear", "clear"},   {true, 1, "cloudy", "showers"},
      {true, 2, "showers", "downpour"}, {true, 3, "showers", "showers"}, {true, 5, "showers", "showers"},
      {true, 6, "showers", "cloudy"},
      // An improvement is one box, from anywhere above Clear (mutation fda957b6a1 moved two).
      {false, 5, "showers", "cloudy"}, {false, 6, "downpour", "showers"},
  };
  for (const Row& r : rows) {
    Dresden d("options: [\"dresden:16.8\"]\n");
    d.s().weather = r.from;
    d.s().set_marker("weather-worsening", r.worsening);
    Trace t = d.trace();
    d.rules().weather_check(r.face, 5, d.s(), t);
    EXPECT_EQ(d.s().weather, r.to) << r.from << " " << r.face << (r.worsening ? " worsening" : " improving");
  }
}

// A weather the Weather Track lacks is refused by the check, never read as one of its boxes (the
// position reader refuses it first, as state.weather; this is the hook called directly).
TEST(Dresden, dresden_16_8_AWeatherTheTrackLacksIsRefusedByTheCheck) {
  HEXLAW_CITES("dresden:16.8");
  Dresden d("options: [\"dresden:16.8\"]\n");
  d.s().weather = "fog";
  Trace t = d.trace();
  try {
    d.rules().weather_check(1, 5, d.s(), t);
    ADD_FAILURE() << "a weather the track lacks was checked as " << d.s().weather;
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("weather 'fog' is not a box of the Weather Track"), std::string::npos) << e.what();
  }
}

// The printed example of 16.8.3: a Morning Storm places Mud on Afternoon; a Midday Downpour
// pushes it to Evening; the Afternoon's Showers keep Mud; on Evening it is removed.
TEST(Dresden, MudExampleAsPrinted) {
  HEXLAW_CITES("dresden:16.8.2", "dresden:16.8.3");
  Dresden d("options: [\"dresden:16.8\"]\n");
  n20::Calendar cal{.first = "allied", .second = "french", .last_turn = 10};
  ScriptedDice none({});
  const int morning = 1, midday = 2, afternoon = 3, evening = 4;
  d.s().weather = "downpour";
  d.s().set_marker("weather-worsening", true);
  Trace t = d.trace();
  d.rules().at_game_turn_start(cal, morning, d.s(), none, t);
  d.rules().weather_check(1, morning, d.s(), t);  // Storm
  EXPECT_EQ(d.s().weather, "downpour");
  EXPECT_TRUE(d.s().has_marker("mud"));
  EXPECT_TRUE(d.s().has_marker("mud-until-3"));
  d.rules().at_game_turn_start(cal, midday, d.s(), none, t);
  d.rules().weather_check(4, midday, d.s(), t);  // no change: Downpour
  EXPECT_TRUE(d.s().has_marker("mud-until-4"));
  d.rules().at_game_turn_start(cal, afternoon, d.s(), none, t);
  d.rules().weather_check(6, afternoon, d.s(), t);  // improves to Showers
  EXPECT_EQ(d.s().weather, "showers");
  EXPECT_TRUE(n20::DresdenRules::wet(d.s()));  // Mud still in effect
  d.rules().at_game_turn_start(cal, evening, d.s(), none, t);
  EXPECT_FALSE(d.s().has_marker("mud"));
  EXPECT_FALSE(n20::DresdenRules::wet(d.s()));
  d.rules().weather_check(6, evening, d.s(), t);  // improves to Cloudy: no effects at all
  EXPECT_EQ(d.s().weather, "cloudy");
  EXPECT_TRUE(t.cites("dresden:16.8.2"));
}

TEST(Dresden, StormWithMudAlreadyOnTheTrackPushesItTwo) {
  HEXLAW_CITES("dresden:16.8.2");
  Dresden d("options: [\"dresden:16.8\"]\n");
  d.s().weather = "downpour";
  d.s().set_marker("mud", true);
  d.s().set_marker("mud-until-6", true);
  Trace t = d.trace();
  d.rules().weather_check(1, 5, d.s(), t);  // Improving side: 1 worsens, to Storm
  EXPECT_TRUE(d.s().has_marker("mud-until-8"));
  EXPECT_EQ(d.s().weather, "downpour");
}

TEST(Dresden, NoWeatherCheckOnTheFirstTurn) {
  HEXLAW_CITES("dresden:5.0", "dresden:16.8");
  Dresden d("options: [\"dresden:16.8\"]\n");
  d.s().phasing = "allied";
  d.s().turn = 1;
  d.s().weather = "cloudy";
  Trace t = d.trace();
  ScriptedDice dice({4});  // only the command confusion roll
  d.rules().at_phase_start(n20::Phase::Movement, d.s(), dice, t);
  dice.finish();
  EXPECT_EQ(d.s().weather, "cloudy");
  d.s().turn = 2;
  ScriptedDice two({5, 4});  // the weather check, then the confusion roll
  d.rules().at_phase_start(n20::Phase::Movement, d.s(), two, t);
  two.finish();
  EXPECT_EQ(d.s().weather, "clear");
}

}  // namespace
}  // namespace hexlaw

namespace hexlaw {
namespace {

TEST(Dresden, AFrenchReinforcementEnteringThroughAActivatesItsLoc) {
  HEXLAW_CITES("dresden:9.8.6", "dresden:11.5");
  testing::InlinePosition p(R"(
game: dresden
map: {locs: {french: ["1601", "1607"]}}
state: {morale: {french: 7, allied: 8}}
units:
  - {id: F, side: french, type: infantry, strength: 2, movement: 2, status: pending, arrival_turn: 2, entry: A}
  - {id: B, side: allied, type: infantry, strength: 2, movement: 2, status: pending, arrival_turn: 2, entry: A}
)");
  const auto& rules = *p.rules;
  GameState& s = p.c.state;
  Trace t(Trace::IdsOnly{}, p.c.spec->catalog);
  EXPECT_EQ(rules.friendly_locs(*s.unit("F"), *p.c.map, s).size(), 1u);
  rules.after_move(*p.c.map, Symbol("B"), Hex{}, true, {p.hex("1605")}, s, t);  // an Allied entry: nothing
  EXPECT_FALSE(s.has_marker("loc-active-A"));
  s.unit("F")->status = UnitStatus::OnMap;
  s.unit("F")->hex = p.hex("1602");
  rules.after_move(*p.c.map, Symbol("F"), Hex{}, true, {p.hex("1602")}, s, t);
  EXPECT_TRUE(s.has_marker("loc-active-A"));
  EXPECT_TRUE(t.cites("dresden:9.8.6"));
  EXPECT_EQ(rules.friendly_locs(*s.unit("F"), *p.c.map, s).size(), 2u);
}

}  // namespace
}  // namespace hexlaw

namespace hexlaw {
namespace {

// dresden:0.0: the exclusive rules win where they conflict: the same hook answers differently
// under the Dresden layer (Koenigstein: four hexes fewer) than under the standard rules (one,
// std:9.8.1, for a Fortified hex).
TEST(Dresden, TheExclusiveRulesWinOverTheStandardRules) {
  HEXLAW_CITES("dresden:0.0", "dresden:6.12");
  const std::string where = "map: {hexes: {\"1222\": fortified}}\nunits: [{id: F, side: french, type: infantry, strength: 2, movement: 2, hex: \"1222\"}]\n";
  testing::InlinePosition standard("game: standard\n" + where);
  testing::InlinePosition dresden("game: dresden\n" + where);
  Trace t(Trace::IdsOnly{}, dresden.c.spec->catalog);
  EXPECT_EQ(standard.rules->retreat_reduction(*standard.c.map, standard.hex("1222"), standard.c.state, t), 1);
  EXPECT_EQ(dresden.rules->retreat_reduction(*dresden.c.map, dresden.hex("1222"), dresden.c.state, t), 4);
  EXPECT_NE(dynamic_cast<const n20::DresdenRules*>(dresden.rules.get()), nullptr);
}

// dresden:table.order-of-battle read as data: a row due on a turn must give the turn. The table
// as shipped reads (OG due on Turn 4 through area A in the Standard scenario); the same table
// with OG's turn cell emptied is refused, naming the row, rather than read as some turn; a cell
// left out altogether (null) is refused naming its column.
TEST(DresdenOrderOfBattle, dresden_table_order_of_battle_ARowDueOnATurnWithoutItsTurnIsRefusedByName) {
  HEXLAW_CITES("dresden:table.order-of-battle");
  const std::string text = [] {
    std::ifstream in(testing::source_path("spec/tables/dresden/order-of-battle.yaml"));
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }();
  const std::string og = R"({key: "OG", cells: [french, turn, "-", "4", "A",)";
  ASSERT_NE(text.find(og), std::string::npos);
  auto write_spec = [](const std::filesystem::path& dir, const std::string& table) {
    std::filesystem::create_directories(dir / "tables" / "dresden");
    std::ofstream(dir / "tables" / "dresden" / "order-of-battle.yaml") << table;
  };
  const auto base = testing::scratch_dir("oob");
  write_spec(base / "good", text);
  const auto listed = n20::DresdenRules::read_order_of_battle(TableSet::load(base / "good"), false);
  const auto it = std::find_if(listed.begin(), listed.end(), [](const auto& l) { return l.id == "OG"; });
  ASSERT_NE(it, listed.end());
  EXPECT_EQ(it->arrives, "turn");
  EXPECT_EQ(it->turn, 4);
  EXPECT_EQ(it->entry, "A");
  // The table with OG's cells from its turn on replaced by `cells` must be refused with `message`.
  auto expect_refused = [&](const std::string& name, const std::string& cells, const std::string& extra,
                            const std::string& message) {
    std::string table = text;
    table.replace(table.find(og), og.size(), cells);
    write_spec(base / name, table + extra);
    try {
      n20::DresdenRules::read_order_of_battle(TableSet::load(base / name), false);
      ADD_FAILURE() << name << ": the row was read";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  };
  expect_refused("broken", R"({key: "OG", cells: [french, turn, "-", "-", "A",)", "", "row 'OG' is incomplete");
  // A cell the table leaves out (null, explained under `missing`) is no "-": the reader refuses
  // the row and names the column, rather than reading an absent value.
  expect_refused("gap", R"({key: "OG", cells: [french, turn, "-", ~, "A",)",
                 "missing:\n  - where: \"OG standard_turn\"\n    what: \"left out for this test\"\n",
                 "row 'OG' has no standard_turn");
  std::filesystem::remove_all(base);
}

// dresden:3.2 through the holding-box hook the played game calls: a French unit goes in (held as
// a reinforcement that never arrives, named by the meissen:ID marker). The hook refuses, by name,
// a unit the position lacks and a second occupant, rather than corrupting the state; the game
// never asks either, so only this test would notice the checks gone.
TEST(Dresden, dresden_3_2_TheHoldingBoxTakesOneUnitAndRefusesAnUnknownOne) {
  HEXLAW_CITES("dresden:3.2");
  testing::InlinePosition p(R"(
game: dresden
units:
  - {id: F, side: french, type: infantry, strength: 2, movement: 2, hex: "1605"}
  - {id: H, side: french, type: infantry, strength: 2, movement: 2, hex: "1606"}
)");
  GameState& s = p.c.state;
  Trace t(Trace::IdsOnly{}, p.c.spec->catalog);
  auto refused = [&](const char* id, const char* why) {
    try {
      p.rules->enter_holding_box(Symbol(id), s, t);
      ADD_FAILURE() << id << " was put in Meissen";
    } catch (const std::logic_error& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  };
  refused("NOBODY", "no unit NOBODY to put in Meissen (dresden:3.2)");  // the box still empty
  p.rules->enter_holding_box(Symbol("F"), s, t);
  EXPECT_EQ(s.unit("F")->status, UnitStatus::Pending);
  EXPECT_TRUE(s.has_marker("meissen:F"));
  EXPECT_TRUE(t.cites("dresden:3.2"));
  refused("H", "Meissen is occupied (dresden:3.2)");
  EXPECT_EQ(s.unit("H")->status, UnitStatus::OnMap);
}

// dresden:3.2 under each reading of dresden.meissen_au4_may_leave: Au IV put in the box is told
// whether it may come out again, as the switch says (mutation 5c60087f76 read the switch for
// French units only, so Au IV was always told it stays).
TEST(Dresden, dresden_3_2_AuIvInTheHoldingBoxIsToldWhatTheSwitchSays) {
  HEXLAW_CITES("dresden:3.2");
  for (const std::string reading : {"may_leave", "stays"}) {
    SCOPED_TRACE(reading);
    testing::InlinePosition p(R"(
game: dresden
interpretations: {dresden.meissen_au4_may_leave: )" + reading + R"(}
units:
  - {id: AU4, side: allied, type: infantry, strength: 4, movement: 2, hex: "0409"}
)");
    GameState& s = p.c.state;
    Trace t(p.c.spec->catalog);
    p.rules->enter_holding_box(Symbol("AU4"), s, t);
    ASSERT_TRUE(s.has_marker("meissen:AU4"));
    const std::string told = reading == "may_leave"
                                 ? "dresden.meissen_au4_may_leave=may_leave: it may enter through area Y from the "
                                   "next Allied Movement Phase"
                                 : "dresden.meissen_au4_may_leave=stays: it stays in Meissen for the rest of the game";
    int said = 0;
    for (const Citation& c : t.entries()) said += c.rule == "dresden:3.2" && c.reason == told;
    EXPECT_EQ(said, 1);
  }
}

// dresden:6.0: a built pontoon is a bridge for French units across the Elbe between 1216 and its
// hex. One rule set answers a position without the pontoon, then the same position with it built at
// 1115: the second answer must see the bridge, though the rule set keeps the terrain it worked out
// for the first (mutation 4e902f21b8 gave "no pontoon" the key of a pontoon at 1115, so the kept
// terrain was read again and the crossing refused).
TEST(Dresden, dresden_6_0_APontoonBuiltAfterAQueryIsSeenByTheNext) {
  HEXLAW_CITES("dresden:6.0");
  testing::InlinePosition p(R"(
game: dresden
map:
  hexsides: [{between: ["1216", "1115"], features: [major_river]}]
state: {phase: movement, phasing: french, morale: {french: 7, allied: 8}}
units:
  - {id: F, side: french, type: infantry, strength: 2, movement: 2, hex: "1216"}
)");
  GameState& s = p.c.state;
  Trace t(Trace::IdsOnly{}, p.c.spec->catalog);
  const auto cross = [&] { return n20::check_path(*p.rules, *p.c.map, s, *s.unit("F"), {p.hex("1115")}, {}, t).legal; };
  EXPECT_FALSE(cross()) << "no pontoon yet: the Elbe is a major river";
  s.set_marker("pontoon-built:1115", true);
  EXPECT_TRUE(cross()) << "the pontoon at 1115 is a bridge for the French";
  s.set_marker("pontoon-built:1115", false);
  EXPECT_FALSE(cross()) << "the pontoon gone again";
}

// The Grosser Garten moves as the chart's open terrain and defends as its forest (dresden:6.11).
// A designer's chart without forest is a spec defect: the question that reaches the Garten is
// refused naming the chart's file and the terrain it lacks, never answered with a guess.
TEST(Dresden, dresden_6_11_AChartWithoutForestIsRefusedByFileAndTerrain) {
  HEXLAW_CITES("dresden:6.11");
  const std::string rel = "cases/dresden/6.11/garten-defends-as-woods.yaml";
  const auto same = testing::whole_spec_with_table_row("jena/terrain.yaml", "garten-same", "  forest: ", "  forest: ");
  EXPECT_NO_THROW(ask(load_case_file(Spec::load(same), testing::source_path(rel))));
  const auto dir = testing::whole_spec_with_table_row("jena/terrain.yaml", "garten-no-forest", "  forest: ", "  woods:  ");
  const CaseFile c = load_case_file(Spec::load(dir), testing::source_path(rel));
  try {
    ask(c);
    ADD_FAILURE() << "answered without forest terrain";
  } catch (const SpecError& e) {
    EXPECT_EQ(e.file(), "tables/jena/terrain.yaml");
    EXPECT_EQ(e.field(), "hex_terrain.forest");
    EXPECT_NE(e.reason().find("dresden:6.11"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace hexlaw
