// Owns: example tests of the drawings of cases (engine/draw/position.cc, overlays.cc,
// scene.cc) and of the readable answers (readable.cc): every unit drawn once, the ZoC shaded
// as the rule system decides it, what each kind of answer decided laid over the position,
// Jemmapes' facing drawn, and the odds as a table and as bars.
#include "engine/draw/draw.h"

#include <gtest/gtest.h>

#include "engine/core/errors.h"
#include "engine/draw/readable.h"
#include "engine/questions/ask.h"
#include "tests/draw/xml_check.h"
#include "tests/support/source_spec.h"
#include "tests/support/test_support.h"

namespace hexlaw::draw {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

CaseFile read(const std::string& text) { return parse_case_text(testing::source_spec(), text, "<text>"); }

const char* kBattle = R"(
title: A river battle
rules: ["std:9.4"]
game: standard
map:
  hexes: {"0505": forest}
  hexsides:
    - {between: ["0505", "0506"], features: [minor_river, bridge]}
    - {between: ["0504", "0505"], features: [road]}
  locs: {french: ["0501"], prussian: ["0510"]}
  objectives: {prussian: ["0507"]}
units:
  - {id: F1, side: french, type: infantry, strength: 3, movement: 2, hex: "0505", flags: [elite]}
  - {id: F2, side: french, type: cavalry, strength: 2, movement: 4, hex: "0405"}
  - {id: P1, side: prussian, type: infantry, strength: 4, movement: 2, hex: "0506", markers: [routed]}
  - {id: P2, side: prussian, type: artillery, strength: 2, movement: 2, status: broken}
  - {id: P3, side: prussian, type: infantry, strength: 2, movement: 2, status: pending, arrival_turn: 4, entry: A}
state: {turn: 2, phase: combat, phasing: french, morale: {french: 8, prussian: 8}}
question: {kind: battle, attackers: [F1], defenders: [P1]}
)";

TEST(DrawPosition, EveryUnitIsDrawnOnceOnOrOffTheMap) {
  const CaseFile c = read(kBattle);
  const std::string svg = case_svg(c);
  EXPECT_TRUE(testing_xml::well_formed(svg));
  for (const char* id : {"F1", "F2", "P1", "P2", "P3"}) EXPECT_EQ(count(svg, "data-unit=\"" + std::string(id) + "\""), 1u) << id;
  EXPECT_EQ(count(svg, "class=\"counter\""), 3u);      // on the map
  EXPECT_EQ(count(svg, "class=\"counter off\""), 2u);  // broken, pending
  EXPECT_NE(svg.find("arrives turn 4 at A"), std::string::npos);
  EXPECT_NE(svg.find("3-2"), std::string::npos);  // strength-allowance
  EXPECT_EQ(count(svg, "class=\"marker\""), 2u);  // F1 elite, P1 routed
}

TEST(DrawPosition, MapFeaturesAndSpecialHexesAreDrawn) {
  const CaseFile c = read(kBattle);
  const std::string svg = case_svg(c);
  EXPECT_EQ(count(svg, "class=\"hexside\""), 2u);
  EXPECT_NE(svg.find("data-hexside=\"0506-0505\""), std::string::npos);  // stored from 0506 towards N
  EXPECT_EQ(count(svg, "class=\"loc\""), 2u);
  EXPECT_EQ(count(svg, "class=\"objective\""), 1u);
  // Every hex between the hexes that matter, each numbered once.
  EXPECT_EQ(count(svg, "<g class=\"hex\" data-hex=\"0505\">"), 1u);
  EXPECT_EQ(count(svg, "<g class=\"hex\" data-hex=\"0510\">"), 1u);
}

TEST(DrawPosition, TheZocShadedIsTheRuleSystemsOwn) {
  HEXLAW_CITES("std:7.0");
  // A lone infantry unit in the open controls its six neighbours; across a major river
  // without a bridge it controls nothing (std:7.0).
  CaseFile c = read(R"(
rules: ["std:7.0"]
map:
  hexsides: [{between: ["0505", "0504"], features: [major_river]}]
units: [{id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}]
question: {kind: zoc, unit: F, hex: "0506"}
)");
  DrawOptions o;
  o.zoc_of = {"F"};
  const Scene s = position_scene(c, o);
  std::size_t zoc = 0;
  for (const auto& sh : s.shades) {
    if (sh.kind != "zoc") continue;
    ++zoc;
    EXPECT_NE(c.map->name(sh.hex), "0504");
  }
  EXPECT_EQ(zoc, 5u);
  o.zoc_of = {"nobody"};
  EXPECT_THROW(position_scene(c, o), CaseError);
}

TEST(DrawAnswer, ABattleShowsBothSidesAndItsTotals) {
  const CaseFile c = read(kBattle);
  const Answer a = ask(c);
  const std::string svg = case_svg(c, &a);
  EXPECT_EQ(count(svg, "class=\"shade attacker\""), 1u);
  EXPECT_EQ(count(svg, "class=\"shade defender\""), 1u);
  EXPECT_NE(svg.find("Attack " + a.outcome["attack"]["total"].dump()), std::string::npos);
  EXPECT_NE(svg.find("against defence " + a.outcome["defense"]["total"].dump()), std::string::npos);
}

TEST(DrawAnswer, APathShowsItsStepsAndTheFailingStep) {
  const CaseFile ok = read(R"(
units: [{id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}]
question: {kind: path, unit: F, path: ["0504", "0503"]}
)");
  const Answer a = ask(ok);
  Scene s = position_scene(ok);
  add_answer(s, ok, a);
  ASSERT_EQ(s.routes.size(), 1u);
  EXPECT_EQ(s.routes[0].kind, "path");
  EXPECT_EQ(s.routes[0].hexes.size(), 3u);  // the start and two steps
  EXPECT_EQ(s.routes[0].labels.back(), "2");  // MP spent on arriving
  const CaseFile bad = read(R"(
units: [{id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}]
question: {kind: path, unit: F, path: ["0504", "0503", "0502"]}
)");
  const Answer b = ask(bad);
  ASSERT_FALSE(b.outcome["legal"].get<bool>());
  Scene t = position_scene(bad);
  add_answer(t, bad, b);
  bool failed = false;
  for (const auto& sh : t.shades) failed |= sh.kind == "failed" && bad.map->name(sh.hex) == b.outcome["failed_step"];
  EXPECT_TRUE(failed);
}

TEST(DrawAnswer, ReachShadesEveryHexTheAnswerLists) {
  const CaseFile c = read(R"(
units: [{id: F, side: french, type: infantry, strength: 3, movement: 1, hex: "0505"}]
question: {kind: reach, unit: F}
)");
  const Answer a = ask(c);
  Scene s = position_scene(c);
  add_answer(s, c, a);
  std::size_t reach = 0;
  for (const auto& sh : s.shades) reach += sh.kind == "reach";
  EXPECT_EQ(reach, a.outcome["hexes"].size());
  EXPECT_EQ(reach, 6u);
  EXPECT_NE(readable(a).find("0504  0 MP left, by 0504"), std::string::npos) << readable(a);
}

TEST(DrawAnswer, EveryRetreatPathAndHazardIsDrawn) {
  HEXLAW_CITES("std:9.8.2");
  const CaseFile c = read(R"(
rules: ["std:9.8.2"]
units:
  - {id: D, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0505"}
  - {id: F, side: french, type: infantry, strength: 2, movement: 2, hex: "0404"}
question: {kind: retreat, unit: D, distance: 1}
)");
  const Answer a = ask(c);
  Scene s = position_scene(c);
  add_answer(s, c, a);
  EXPECT_EQ(s.routes.size(), a.outcome["paths"].size());
  std::size_t hazards = 0, listed = 0;
  for (const auto& sh : s.shades) hazards += sh.kind == "hazard";
  for (const auto& p : a.outcome["paths"]) listed += p["hazards"].size();
  EXPECT_EQ(hazards, listed);
  EXPECT_GT(s.routes.size(), 0u);
}

TEST(DrawAnswer, OddsAreABarAndARowPerOutcome) {
  const CaseFile c = read(R"(
game: jena
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0507"}
  - {id: D, side: prussian, type: infantry, strength: 3, movement: 2, hex: "0508"}
map: {locs: {french: ["0501"], prussian: ["0515"]}}
state: {phase: combat, phasing: french}
question: {kind: odds, attackers: [A], defenders: [D]}
dice: enumerate
)");
  const Answer a = ask(c);
  const auto& odds = a.outcome["odds"];
  Scene s = position_scene(c);
  add_answer(s, c, a);
  ASSERT_EQ(s.bars.size(), odds.size());
  double total = 0;
  for (const auto& b : s.bars) total += b.p;
  EXPECT_NEAR(total, 1.0, 1e-12);
  const std::string text = readable(a);
  EXPECT_NE(text.find("probability"), std::string::npos);
  EXPECT_NE(text.find("(" + std::to_string(odds.size()) + " outcomes, total 100.00%)"), std::string::npos) << text;
  EXPECT_EQ(text.find("outcome: {"), std::string::npos);  // the table replaces the JSON line
  EXPECT_EQ(count(render_svg(s), "class=\"bar\""), odds.size());
}

TEST(DrawPosition, JemmapesCountersShowTheirFacing) {
  HEXLAW_CITES("jemmapes:1.3");
  const CaseFile c = read(R"(
rules: ["jemmapes:1.3"]
game: jemmapes
map: {layout: odd-columns-low}
units:
  - {id: B, side: french, kind: infantry, hex: "0505", facing: se, cp: 2, level: disorganised_1}
question: {kind: facing, unit: B}
)");
  const Answer a = ask(c);
  const std::string svg = case_svg(c, &a);
  EXPECT_TRUE(testing_xml::well_formed(svg));
  EXPECT_EQ(count(svg, "class=\"facing\""), 1u);
  EXPECT_EQ(count(svg, "data-unit=\"B\""), 1u);
  EXPECT_NE(svg.find(">front<"), std::string::npos);
}

TEST(Readable, SummarisesABattleOutcome) {
  const nlohmann::json o = nlohmann::json::parse(R"({"applied":"DR","result":"DR","fates":[
      {"unit":"A","fate":"stays","ends":"0507"},{"unit":"D","fate":"routed","distance":2,"ends":"0510"}],
      "morale":{"prussian":-1}})");
  EXPECT_EQ(summarize_outcome(o), "DR: A stays; D routed 2 to 0510; morale prussian -1");
  EXPECT_DOUBLE_EQ(fraction_value("1/36"), 1.0 / 36);
  EXPECT_DOUBLE_EQ(fraction_value("1"), 1.0);
  EXPECT_EQ(percent(1.0 / 3), "33.33%");
}

}  // namespace
}  // namespace hexlaw::draw
