// Owns: examples of Leipzig's French command limit (leipzig:7.7) counted as moves are made
// (LeipzigRules::after_move): which moves mark an entry into an enemy ZOC (the marker
// zoc-entry-ID), which a path question cannot show since it answers before any move is made.
#include <gtest/gtest.h>

#include "engine/n20/rules.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using Position = testing::InlinePosition;

// The French Movement Phase of Turn 5, the limit in force: F and G are French infantry, S1 an
// Allied unit at 0506 whose ZOC covers its neighbours 0505, 0606 and 0406 among others.
const char* kTurnFive = R"(
game: leipzig
state: {turn: 5, phase: movement, phasing: french, morale: {french: 5, allied-north: 6, allied-south: 6}}
units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 3, hex: "0606"}
  - {id: G, side: french, type: infantry, strength: 3, movement: 3, hex: "0406"}
  - {id: S1, side: allied, army: B, type: infantry, strength: 2, movement: 2, hex: "0506"})";

// A move that ends in an enemy ZOC counts against the limit, but not one that began in an
// enemy ZOC: F moves 0505 -> 0606 within S1's ZOC and is not counted; G, arriving in S1's ZOC
// at 0406 from 0405 outside it, is (mutation 1e759a1a8f counted F too).
TEST(LeipzigCommand, leipzig_7_7_AMoveThatBeganInAnEnemyZocIsNotCounted) {
  HEXLAW_CITES("leipzig:7.7");
  Position p(kTurnFive);
  GameState s = p.c.state;
  Trace t(testing::source_spec()->catalog);
  p.rules->after_move(*p.c.map, Symbol("F"), p.hex("0505"), false, {p.hex("0606")}, s, t);
  EXPECT_FALSE(s.has_marker(Symbol("zoc-entry-F")));
  p.rules->after_move(*p.c.map, Symbol("G"), p.hex("0405"), false, {p.hex("0406")}, s, t);
  EXPECT_TRUE(s.has_marker(Symbol("zoc-entry-G")));
  EXPECT_TRUE(t.cites("leipzig:7.7"));
}

// A unit already counted this phase (its marker in the position, say a case that states it) is
// not counted, nor reported as counted, a second time when it ends another move in an enemy
// ZOC: the limit counts units, not entries (mutation 6f352cd46a reported G twice).
TEST(LeipzigCommand, leipzig_7_7_AUnitAlreadyCountedIsNotCountedAgain) {
  HEXLAW_CITES("leipzig:7.7");
  Position p(kTurnFive);
  GameState s = p.c.state;
  Trace t(testing::source_spec()->catalog);
  auto counted = [&t] {
    int n = 0;
    for (const Citation& c : t.entries())
      if (c.rule == "leipzig:7.7" && c.reason == "G entered an enemy ZOC: counted against the French command limit") ++n;
    return n;
  };
  p.rules->after_move(*p.c.map, Symbol("G"), p.hex("0405"), false, {p.hex("0406")}, s, t);
  ASSERT_TRUE(s.has_marker(Symbol("zoc-entry-G")));
  ASSERT_EQ(counted(), 1);
  const std::size_t markers = s.markers.size();
  p.rules->after_move(*p.c.map, Symbol("G"), p.hex("0405"), false, {p.hex("0406")}, s, t);
  EXPECT_EQ(counted(), 1);
  EXPECT_EQ(s.markers.size(), markers);
}

}  // namespace
}  // namespace hexlaw
