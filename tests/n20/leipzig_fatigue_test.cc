// Owns: examples of what Leipzig's Exhaustion (leipzig:16.11) says beyond a case's outcome: the
// fatigue levels its reasons name, and the advance it says is barred, which a case file's
// `expect` cannot state (it checks cited ids, not their reasons).
#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using testing::reasons_cited;
using testing::some_reason_says;

// Each fighter's rise is told from its level to the next, by name (mutation 451608467c,
// leipzig_fatigue.cc, named every level one too high).
TEST(LeipzigFatigue, leipzig_16_11_TheReasonsNameTheLevelsRisenFromAndTo) {
  HEXLAW_CITES("leipzig:16.11");
  const auto fought = reasons_cited("cases/leipzig/16.11/made-spent-by-its-battle-blocked.yaml", "leipzig:16.11");
  EXPECT_TRUE(some_reason_says(fought, {"K fought: weary -> spent"}));
  EXPECT_TRUE(some_reason_says(fought, {"S1 fought: no fatigue -> committed"}));
}

// With one vacated hex in an enemy ZOC and another free, a Spent unit's advance is as long as
// the free path allows, and the answer does not cite a bar that shortened nothing (mutation
// dcc11a6f23, advance.cc, said it may go "at most 1 hex" for a bar on the other path).
TEST(LeipzigFatigue, leipzig_16_11_AnAdvanceOneFreePathAllowsIsNotSaidToBeBarred) {
  HEXLAW_CITES("leipzig:16.11");
  const auto reasons = reasons_cited("cases/leipzig/16.11/spent-advances-by-the-free-path.yaml", "leipzig:16.11");
  EXPECT_FALSE(some_reason_says(reasons, {"may not advance into an enemy zone of control"}));
  const auto blocked = reasons_cited("cases/leipzig/16.11/spent-advance-blocked.yaml", "leipzig:16.11");
  EXPECT_TRUE(some_reason_says(blocked, {"K may not advance into an enemy zone of control: it does not advance"}));
}

}  // namespace
}  // namespace hexlaw
