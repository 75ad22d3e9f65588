// Owns: examples of the Jemmapes result grammar (jemmapes:6.3) read from the printed cells.
#include <gtest/gtest.h>

#include "engine/jemmapes/results.h"
#include "tests/support/test_support.h"

namespace hexlaw::jemmapes {
namespace {

TEST(JemmapesResults, TheAssaultTablesWorstCellCombinesFourResults) {
  HEXLAW_CITES("jemmapes:6.3", "jemmapes:table.assault");
  const CombatResult r = parse_result("1P 4D R*");
  EXPECT_EQ(r.step_losses, 1);
  EXPECT_EQ(r.disorganisation, 4);
  EXPECT_TRUE(r.retreat);
  EXPECT_TRUE(r.artillery_step);
  EXPECT_FALSE(r.morale_test);
}

TEST(JemmapesResults, MoraleTestWithItsFootnoteMarkAndNoResult) {
  HEXLAW_CITES("jemmapes:6.3", "jemmapes:table.assault");
  const CombatResult m = parse_result("MT (1)");
  EXPECT_TRUE(m.morale_test);
  EXPECT_FALSE(m.retreat);
  EXPECT_TRUE(parse_result("-").none());
  EXPECT_FALSE(parse_result("M").none());
}

TEST(JemmapesResults, AnUnreadableCellIsAnError) {
  HEXLAW_CITES("jemmapes:6.3");
  EXPECT_THROW(parse_result("2X"), std::invalid_argument);
}

}  // namespace
}  // namespace hexlaw::jemmapes
