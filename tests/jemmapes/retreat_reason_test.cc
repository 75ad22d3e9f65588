// Owns: examples of what a Jemmapes retreat's answer says beyond its outcome — the reason it
// cites for the hex it retreats into (jemmapes:1.6) — which a case file's `expect` cannot state
// (it checks cited ids, not their reasons).
#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using testing::reasons_cited;
using testing::some_reason_says;

// A retreat into an enemy zone of control says what it costs: a level for a unit in order, a
// step for one in rout; one outside says there is no further loss (mutation f64c88c653,
// jemmapes/movement.cc, always said the latter).
TEST(JemmapesRetreat, jemmapes_1_6_TheReasonNamesTheCostOfTheHexRetreatedInto) {
  HEXLAW_CITES("jemmapes:1.6");
  const auto into = reasons_cited("cases/jemmapes/1.6/retreat-into-zoc.yaml", "jemmapes:1.6");
  EXPECT_TRUE(some_reason_says(into, {"F retreats into an enemy zone of control at 0605: one more level of disorganisation"}));
  EXPECT_FALSE(some_reason_says(into, {"0605 is in no enemy zone of control: no further loss"}));
  const auto in_rout = reasons_cited("cases/jemmapes/1.6/retreat-in-rout-into-zoc.yaml", "jemmapes:1.6");
  EXPECT_TRUE(some_reason_says(in_rout, {"retreats into an enemy zone of control at", "a step lost (it is in rout)"}));
  const auto outside = reasons_cited("cases/jemmapes/1.6/retreat-out-of-zoc-free.yaml", "jemmapes:1.6");
  EXPECT_TRUE(some_reason_says(outside, {"is in no enemy zone of control: no further loss"}));
}

}  // namespace
}  // namespace hexlaw
