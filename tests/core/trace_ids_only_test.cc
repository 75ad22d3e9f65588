// Owns: example tests of the ids-only trace (engine/core/trace.h): it keeps each cited rule
// once, in order, builds no reasons, and still refuses ids the catalog lacks.
#include <gtest/gtest.h>

#include "engine/core/errors.h"
#include "engine/core/trace.h"
#include "tests/support/source_spec.h"

namespace hexlaw {
namespace {

TEST(TraceIdsOnly, KeepsEachRuleOnceInOrderWithoutReasons) {
  Trace t{Trace::IdsOnly{}, testing::source_spec()->catalog};
  bool built = false;
  t.cite("std:7.0", [&] {
    built = true;
    return std::string("a reason");
  });
  t.cite("std:6.0", "plain reason");
  t.cite("std:7.0", "again");
  EXPECT_FALSE(built);
  EXPECT_EQ(t.citations(), (std::vector<std::string>{"std:7.0", "std:6.0"}));
  ASSERT_EQ(t.entries().size(), 2u);
  EXPECT_EQ(t.entries()[0].reason, "");
  EXPECT_THROW(t.cite("std:99.9", "no such case"), UnknownRuleError);
}

}  // namespace
}  // namespace hexlaw
