// Owns: example tests of reading the CRT (engine/n20/combat_table.h). Expected values are
// taken from the rulebook's own examples, not from the table file under test.
#include "engine/n20/combat_table.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

std::unique_ptr<n20::N20Rules> jena() {
  return n20::make_rules(n20::RulesetChoice{.game = "jena"}, testing::source_spec());
}

// The forest example under std:9.9: 7 against 5 is +2, and a die of 6 gives DR.
TEST(Crt, ForestExampleGivesDefenderRouted) {
  HEXLAW_CITES("std:9.0", "jena:table.crt");
  Trace t(testing::source_spec()->catalog);
  auto r = n20::crt_lookup(*jena(), 7 - 5, 6, t);
  EXPECT_EQ(r.result, "DR");
  EXPECT_EQ(r.column, 2);
  EXPECT_TRUE(t.cites("jena:table.crt"));
}

// Differentials beyond the printed columns are read on the end columns.
TEST(Crt, DifferentialsBeyondTheTableUseTheEndColumns) {
  HEXLAW_CITES("jena:table.crt");
  Trace t(testing::source_spec()->catalog);
  auto far_up = n20::crt_lookup(*jena(), 9, 1, t);
  auto at_end = n20::crt_lookup(*jena(), 4, 1, t);
  EXPECT_EQ(far_up.column, 4);
  EXPECT_EQ(far_up.result, at_end.result);
  auto far_down = n20::crt_lookup(*jena(), -7, 6, t);
  EXPECT_EQ(far_down.column, -2);
  EXPECT_EQ(far_down.result, n20::crt_lookup(*jena(), -2, 6, t).result);
}

// The eight result codes of the table's legend read back as themselves; a name that is none of
// them (the table reader refuses such a cell, so only a caller in code can pass one) is refused,
// naming it, never read as the nearest code.
TEST(Crt, jena_table_crt_ResultCodesReadBackAndAnUnknownOneIsRefusedByName) {
  HEXLAW_CITES("jena:table.crt");
  for (const char* name : {"AB", "AR", "AW", "DB", "DR", "DW", "EX", "N"})
    EXPECT_STREQ(n20::to_string(n20::crt_code(name)), name);
  try {
    n20::crt_code("XX");
    ADD_FAILURE() << "an unknown result code was read";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("'XX'"), std::string::npos) << e.what();
  }
}

TEST(Crt, RollsTheBattleDieFromTheDiceSource) {
  HEXLAW_CITES("std:9.0");
  Trace t(testing::source_spec()->catalog);
  ScriptedDice dice({6});
  auto r = n20::crt_roll(*jena(), 2, dice, t);
  EXPECT_EQ(r.die, 6);
  EXPECT_EQ(r.result, "DR");
  ASSERT_EQ(dice.log().size(), 1u);
  EXPECT_EQ(dice.log()[0].rule, "std:9.0");
}

// With enumerated dice each result on a column comes out at (faces showing it) / 6.
TEST(Crt, EnumeratedOddsOverTheDie) {
  HEXLAW_CITES("jena:table.crt");
  CaseFile c = testing::inline_case(R"(
game: jena
question: {kind: crt, differential: 0}
dice: enumerate
)");
  Answer a = ask(c);
  const auto& odds = a.outcome["odds"];
  ASSERT_EQ(odds.size(), 6u);  // one outcome per die face (the die is part of the outcome)
  for (const auto& o : odds) EXPECT_EQ(o["probability"], "1/6");
}

}  // namespace
}  // namespace hexlaw
