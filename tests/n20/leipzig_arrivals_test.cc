// Owns: examples of Leipzig's army arrivals at the rules object's own interface (leipzig:11.8):
// a choice the rules bar is refused by make_arrival_choice itself, naming the rule and the
// reason arrival_barred gives, and the position is left as it was. The questions and the
// played game ask arrival_barred first; this holds the hook to the same answer for any other
// caller (a tool, a test, a later game) that does not.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "engine/n20/games/leipzig.h"
#include "engine/n20/rules.h"
#include "tests/support/test_support.h"

namespace hexlaw::n20 {
namespace {

// The position of cases/leipzig/11.8/alternate-only-on-the-turn-of-entry.yaml: Army B is due on
// Turn 8 by Y; it is Turn 7.
constexpr const char* kArmyBDueOnTurn8 = R"(
game: leipzig
map:
  bounds: {cols: [1, 12], rows: [1, 10]}
  entry_areas: {A: ["0101", "0201"], B: ["1205", "1206"], X: ["0110", "0210"], Y: ["1209", "1210"], Z: ["0601", "0701"], U: ["0105"], V: ["0106"]}
units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
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

}  // namespace
}  // namespace hexlaw::n20
