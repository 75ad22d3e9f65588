// Owns: example tests of a rule set's workspace (engine/n20/workspace.h): scratch given back
// is lent again, scratch lent out at once is never shared, a copied workspace starts empty,
// and searches that overlap on one rule set keep to their own arrays.
#include "engine/n20/workspace.h"

#include <gtest/gtest.h>

#include "engine/n20/position_index.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using n20::Workspace;

struct Numbers : Workspace::Scratch {
  static constexpr Workspace::Kind kKind = Workspace::Kind::ReachSearch;
  std::vector<int> values;
};

TEST(Workspace, ScratchGivenBackIsLentAgainAsItWasLeft) {
  Workspace w;
  const Numbers* first = nullptr;
  {
    auto lease = w.take<Numbers>();
    lease->values = {1, 2, 3};
    first = &*lease;
  }
  auto again = w.take<Numbers>();
  EXPECT_EQ(&*again, first);
  EXPECT_EQ(again->values, (std::vector<int>{1, 2, 3}));
}

TEST(Workspace, ScratchLentAtOnceIsNeverShared) {
  Workspace w;
  auto a = w.take<Numbers>();
  auto b = w.take<Numbers>();
  EXPECT_NE(&*a, &*b);
}

TEST(Workspace, ACopyStartsWithoutScratch) {
  Workspace w;
  const Numbers* kept = nullptr;
  {
    auto lease = w.take<Numbers>();
    kept = &*lease;
  }
  Workspace copy = w;
  auto from_copy = copy.take<Numbers>();
  EXPECT_NE(&*from_copy, kept);
  EXPECT_TRUE(from_copy->values.empty());
}

// Two positions indexed at once on one rule set (a played game keeps the reach's index while
// a retreat builds its own): each index answers for its own position.
TEST(Workspace, OverlappingIndexesOnOneRuleSetKeepTheirOwnArrays) {
  HEXLAW_CITES("std:7.0");
  testing::InlinePosition p(R"(
map: {bounds: {cols: [1, 10], rows: [1, 10]}}
units:
  - {id: F, side: french, type: infantry, strength: 2, movement: 2, hex: "0505"}
  - {id: P, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0507"})");
  GameState moved = p.c.state;
  moved.unit("P")->hex = p.hex("0508");
  n20::PositionIndex before(*p.rules, *p.c.map, p.c.state);
  n20::PositionIndex after(*p.rules, *p.c.map, moved);
  EXPECT_NE(before.occupant(p.hex("0507")), nullptr);
  EXPECT_EQ(after.occupant(p.hex("0507")), nullptr);
  EXPECT_NE(after.occupant(p.hex("0508")), nullptr);
  EXPECT_TRUE(before.enemy_zoc(Symbol("french"), p.hex("0506")));
  EXPECT_FALSE(after.enemy_zoc(Symbol("french"), p.hex("0506")));
  EXPECT_TRUE(after.enemy_zoc(Symbol("french"), p.hex("0507")));
  EXPECT_EQ(before.occupant(p.hex("0508")), nullptr);
}

}  // namespace
}  // namespace hexlaw
