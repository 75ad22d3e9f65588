// Owns: example tests of hex geometry (engine/core/hex.h).
#include "engine/core/hex.h"

#include <gtest/gtest.h>

#include <set>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

TEST(Hex, ParsesAndFormatsPrintedNumbers) {
  HEXLAW_CITES("std:2.0");
  auto p = parse_ccrr("0407");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->col, 4);
  EXPECT_EQ(p->row, 7);
  EXPECT_EQ(format_ccrr(*p), "0407");
  EXPECT_EQ(format_ccrr(Printed{22, 10}), "2210");
  for (const char* bad : {"407", "04070", "04a7", "", "-407"}) EXPECT_FALSE(parse_ccrr(bad)) << bad;
}

// On an odd-columns-low map, column 3 sits half a hex below columns 2 and 4: hex 0305
// touches 0205 and 0206 on its left and 0405 and 0406 on its right.
TEST(Hex, OddColumnsLowNeighbours) {
  HEXLAW_CITES("std:2.0");
  const auto L = ColumnLayout::OddColumnsLow;
  const Hex h = to_axial({3, 5}, L);
  std::set<std::string> names;
  for (Hex n : neighbours(h)) names.insert(format_ccrr(to_printed(n, L)));
  EXPECT_EQ(names, (std::set<std::string>{"0304", "0306", "0205", "0206", "0405", "0406"}));
  // An even (high) column: 0405 touches 0304/0305 and 0504/0505.
  names.clear();
  for (Hex n : neighbours(to_axial({4, 5}, L))) names.insert(format_ccrr(to_printed(n, L)));
  EXPECT_EQ(names, (std::set<std::string>{"0404", "0406", "0304", "0305", "0504", "0505"}));
}

TEST(Hex, EvenColumnsLowNeighbours) {
  HEXLAW_CITES("std:2.0");
  const auto L = ColumnLayout::EvenColumnsLow;
  std::set<std::string> names;
  for (Hex n : neighbours(to_axial({4, 5}, L))) names.insert(format_ccrr(to_printed(n, L)));
  EXPECT_EQ(names, (std::set<std::string>{"0404", "0406", "0305", "0306", "0505", "0506"}));
}

TEST(Hex, DistanceCountsHexesAlongTheGrid) {
  HEXLAW_CITES("std:2.0");
  const auto L = ColumnLayout::OddColumnsLow;
  auto d = [&](Printed a, Printed b) { return distance(to_axial(a, L), to_axial(b, L)); };
  EXPECT_EQ(d({4, 7}, {4, 7}), 0);
  EXPECT_EQ(d({4, 7}, {4, 9}), 2);
  EXPECT_EQ(d({1, 1}, {5, 1}), 4);   // zig-zag along a row: one hex per column
  EXPECT_EQ(d({1, 1}, {5, 3}), 4);
  EXPECT_EQ(d({1, 1}, {5, 4}), 5);
  EXPECT_EQ(d({2, 2}, {2, 10}), 8);
}

TEST(Hex, HexsideIsTheSameValueFromEitherSide) {
  const Hex a{2, 3}, b = neighbour(a, Direction::SW);
  auto s1 = Hexside::between(a, b), s2 = Hexside::between(b, a);
  ASSERT_TRUE(s1 && s2);
  EXPECT_EQ(*s1, *s2);
  EXPECT_TRUE(s1->touches(a));
  EXPECT_TRUE(s1->touches(b));
  EXPECT_FALSE(Hexside::between(a, Hex{5, 5}));
  std::set<Hexside> all;
  for (Direction dir : kAllDirections) all.insert(Hexside::of(a, dir));
  EXPECT_EQ(all.size(), 6u);
}

TEST(Hex, HexesWithinRange) {
  EXPECT_EQ(hexes_within(Hex{0, 0}, 0).size(), 1u);
  EXPECT_EQ(hexes_within(Hex{0, 0}, 1).size(), 7u);
  EXPECT_EQ(hexes_within(Hex{3, -2}, 3).size(), 37u);
  for (Hex h : hexes_within(Hex{3, -2}, 3)) EXPECT_LE(distance(h, Hex{3, -2}), 3);
  EXPECT_TRUE(hexes_within(Hex{0, 0}, -1).empty());
}

TEST(Hex, LineRunsFromCentreToCentreThroughContiguousHexes) {
  const Hex a{0, 0}, b{4, -1};
  auto l = line(a, b);
  ASSERT_EQ(l.size(), static_cast<std::size_t>(distance(a, b) + 1));
  EXPECT_EQ(l.front(), a);
  EXPECT_EQ(l.back(), b);
  for (std::size_t i = 1; i < l.size(); ++i) EXPECT_EQ(distance(l[i - 1], l[i]), 1);
  // Along a hexside the nudge picks one of the two hexes, consistently.
  const Hex c{2, -1};  // runs exactly between (1,0) and (1,-1)
  auto pos = line(Hex{0, 0}, c, LineNudge::Positive), neg = line(Hex{0, 0}, c, LineNudge::Negative);
  EXPECT_NE(pos[1], neg[1]);
}

TEST(Hex, ColumnLayoutNames) {
  EXPECT_EQ(parse_column_layout("odd-columns-low"), ColumnLayout::OddColumnsLow);
  EXPECT_EQ(parse_column_layout("even-columns-low"), ColumnLayout::EvenColumnsLow);
  EXPECT_FALSE(parse_column_layout("odd"));
}

}  // namespace
}  // namespace hexlaw
