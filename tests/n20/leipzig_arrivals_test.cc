// Owns: examples of Leipzig's army arrivals at the rules object's own interface (leipzig:11.8):
// a choice the rules bar is refused by make_arrival_choice itself, naming the rule and the
// reason arrival_barred gives, and the position is left as it was. The questions and the
// played game ask arrival_barred first; this holds the hook to the same answer for any other
// caller (a tool, a test, a later game) that does not.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/n20/games/leipzig.h"
#include "engine/n20/rules.h"
#include "tests/support/test_support.h"

namespace hexlaw::n20 {
namespace {

// The map of the positions below (as cases/leipzig/11.8/ has it), with one French unit.
const std::string kMapAndFrench = R"(
game: leipzig
map:
  bounds: {cols: [1, 12], rows: [1, 10]}
  entry_areas: {A: ["0101", "0201"], B: ["1205", "1206"], X: ["0110", "0210"], Y: ["1209", "1210"], Z: ["0601", "0701"], U: ["0105"], V: ["0106"]}
units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
)";

// The position of cases/leipzig/11.8/alternate-only-on-the-turn-of-entry.yaml: Army B is due on
// Turn 8 by Y; it is Turn 7.
const std::string kArmyBDueOnTurn8 = kMapAndFrench + R"(
  - {id: B1, side: allied, army: B, type: infantry, strength: 3, movement: 2, status: pending, arrival_turn: 8, entry: Y}
state: {turn: 7, phase: movement, phasing: allied, morale: {french: 5, allied-north: 7, allied-south: 7},
        markers: ["army-group:B=8@Y"]}
)";

TEST(LeipzigArrivals, leipzig_11_8_ABarredChoiceIsRefusedByTheHookItselfAndChangesNothing) {
  HEXLAW_CITES("leipzig:11.8");
  testing::InlinePosition p(kArmyBDueOnTurn8);
  const auto* leipzig = dynamic_cast<const LeipzigRules*>(p.rules.get());
  ASSERT_NE(leipzig, nullptr);
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  using Kind = N20Rules::ArrivalChoice::Kind;
  for (const N20Rules::ArrivalChoice& c :
       {N20Rules::ArrivalChoice{.kind = Kind::Alternate, .army = Symbol("B"), .area = Symbol("Z")},
        N20Rules::ArrivalChoice{.kind = Kind::Call, .army = Symbol("B"), .area = Symbol("Y")}}) {
    const auto why = leipzig->arrival_barred(c, p.c.state, t);
    ASSERT_TRUE(why.has_value()) << "Army B may not be called or sent elsewhere before Turn 8";
    GameState s = p.c.state;
    try {
      p.rules->make_arrival_choice(*p.c.map, c, s, t);
      ADD_FAILURE() << "a barred choice was applied";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()), why->first + ": " + why->second);
    }
    EXPECT_EQ(s, p.c.state) << "the position is left as it was";
  }
}

// Army B's Main Body is called in on Turn 8 by Y: B1 waits in its holding box; B2 is a
// Detachment of B (it enters on its own, by Z); B3 is of army B but due on Turn 10, so not in the
// box; BL is B's Leader counter, which without leipzig:16.12 only marks the turn.
const std::string kArmyBCalledIn = kMapAndFrench + R"(
  - {id: B1, side: allied, army: B, type: infantry, strength: 3, movement: 2, status: pending, arrival_turn: 8, entry: Y}
  - {id: B2, side: allied, army: B, type: infantry, strength: 3, movement: 2, status: pending, arrival_turn: 8, entry: Z}
  - {id: B3, side: allied, army: B, type: infantry, strength: 3, movement: 2, status: pending, arrival_turn: 10, entry: Y}
  - {id: BL, side: allied, army: B, type: leader, strength: 0, movement: 4, status: pending, arrival_turn: 8, entry: Y}
state: {turn: 8, phase: movement, phasing: allied, morale: {french: 5, allied-north: 7, allied-south: 7},
        markers: ["army-group:B=8@Y", "main-body-entering:B", "detached:B2"]}
)";

// leipzig:11.8.3: a Main Body called in enters all of it, so each unit of its holding box is
// compelled to enter (the game offers it no delay); a Detachment, a unit of the same army due
// another turn and a Leader counter without the Leader rule are not in the box and are not.
TEST(LeipzigArrivals, leipzig_11_8_3_OnlyTheHoldingBoxOfAMainBodyCalledInIsCompelledToEnter) {
  HEXLAW_CITES("leipzig:11.8.3");
  testing::InlinePosition p(kArmyBCalledIn);
  const GameState& s = p.c.state;
  const char* b1 = p.rules->arrival_compelled(*s.unit("B1"), s);
  ASSERT_NE(b1, nullptr);
  EXPECT_STREQ(b1, "leipzig:11.8.3");
  EXPECT_EQ(p.rules->arrival_compelled(*s.unit("B2"), s), nullptr) << "a Detachment enters on its own";
  EXPECT_EQ(p.rules->arrival_compelled(*s.unit("B3"), s), nullptr) << "due on Turn 10, not in the box";
  EXPECT_EQ(p.rules->arrival_compelled(*s.unit("BL"), s), nullptr) << "without leipzig:16.12 a Leader never enters";
  GameState later = s;
  later.markers.erase(std::remove(later.markers.begin(), later.markers.end(), Symbol("main-body-entering:B")),
                      later.markers.end());
  EXPECT_EQ(p.rules->arrival_compelled(*later.unit("B1"), later), nullptr) << "not called in: nothing compels it";
}

}  // namespace
}  // namespace hexlaw::n20
