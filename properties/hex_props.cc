// Owns: properties of hex geometry (engine/core/hex.h) — the laws every map relies on.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "properties/generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

RC_GTEST_PROP(HexProps, DistanceIsSymmetricAndZeroOnlyToItself, ()) {
  HEXLAW_CITES("std:2.0");
  const Hex a = *gen::hex(), b = *gen::hex();
  RC_ASSERT(distance(a, b) == distance(b, a));
  RC_ASSERT((distance(a, b) == 0) == (a == b));
}

RC_GTEST_PROP(HexProps, DistanceObeysTheTriangleInequality, ()) {
  HEXLAW_CITES("std:2.0");
  const Hex a = *gen::hex(), b = *gen::hex(), c = *gen::hex();
  RC_ASSERT(distance(a, c) <= distance(a, b) + distance(b, c));
}

RC_GTEST_PROP(HexProps, NeighboursAreAtDistanceOneAndMutual, ()) {
  HEXLAW_CITES("std:2.0");
  const Hex a = *gen::hex();
  for (Direction d : kAllDirections) {
    const Hex n = neighbour(a, d);
    RC_ASSERT(distance(a, n) == 1);
    RC_ASSERT(neighbour(n, opposite(d)) == a);
    const auto back = neighbours(n);
    RC_ASSERT(std::find(back.begin(), back.end(), a) != back.end());
    RC_ASSERT(Hexside::between(a, n) == Hexside::between(n, a));
  }
}

RC_GTEST_PROP(HexProps, PrintedToAxialRoundTripsForBothLayouts, ()) {
  HEXLAW_CITES("std:2.0");
  const Printed p = *gen::printed();
  const ColumnLayout layout = *gen::layout();
  RC_ASSERT(to_printed(to_axial(p, layout), layout) == p);
  RC_ASSERT(parse_ccrr(format_ccrr(p)) == p);
}

// Printed neighbours match the picture of flat-topped columns: same column one row up and
// down, and two hexes in each neighbouring column, whose rows depend on which columns are low.
RC_GTEST_PROP(HexProps, PrintedNeighboursFollowTheColumnLayout, ()) {
  HEXLAW_CITES("std:2.0");
  const Printed p{*rc::gen::inRange(1, 99), *rc::gen::inRange(1, 99)};
  const ColumnLayout layout = *gen::layout();
  const bool low = (p.col % 2 == 1) == (layout == ColumnLayout::OddColumnsLow);
  std::vector<Printed> expected = {{p.col, p.row - 1}, {p.col, p.row + 1}};
  for (int dc : {-1, 1}) {
    expected.push_back({p.col + dc, low ? p.row : p.row - 1});
    expected.push_back({p.col + dc, low ? p.row + 1 : p.row});
  }
  for (Hex n : neighbours(to_axial(p, layout))) {
    const Printed q = to_printed(n, layout);
    RC_ASSERT(std::find(expected.begin(), expected.end(), q) != expected.end());
  }
}

RC_GTEST_PROP(HexProps, HexesWithinAreExactlyTheDisc, ()) {
  const Hex c = *gen::hex();
  const int r = *rc::gen::inRange(0, 6);
  const auto disc = hexes_within(c, r);
  RC_ASSERT(disc.size() == static_cast<std::size_t>(1 + 3 * r * (r + 1)));
  for (Hex h : disc) RC_ASSERT(distance(c, h) <= r);
}

RC_GTEST_PROP(HexProps, LinesAreContiguousAndOfMinimalLength, ()) {
  const Hex a = *gen::hex(), b = *gen::hex();
  for (LineNudge nudge : {LineNudge::Positive, LineNudge::Negative}) {
    const auto l = line(a, b, nudge);
    RC_ASSERT(l.size() == static_cast<std::size_t>(distance(a, b) + 1));
    RC_ASSERT(l.front() == a);
    RC_ASSERT(l.back() == b);
    for (std::size_t i = 1; i < l.size(); ++i) RC_ASSERT(distance(l[i - 1], l[i]) == 1);
  }
}

}  // namespace
}  // namespace hexlaw
