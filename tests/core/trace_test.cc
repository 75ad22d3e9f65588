// Owns: example tests of the rule trace (engine/core/trace.h).
#include "engine/core/trace.h"

#include <gtest/gtest.h>

#include "engine/core/catalog.h"
#include "engine/core/errors.h"
#include "tests/support/source_spec.h"

namespace hexlaw {
namespace {

TEST(Trace, RecordsCitationsInOrderOfFirstUse) {
  Trace t(testing::source_spec()->catalog);
  t.cite("std:7.0", "a");
  t.cite("std:7.6", "b");
  t.cite("std:7.0", "c");
  EXPECT_EQ(t.entries().size(), 3u);
  EXPECT_EQ(t.citations(), (std::vector<std::string>{"std:7.0", "std:7.6"}));
  EXPECT_TRUE(t.cites("std:7.6"));
  EXPECT_FALSE(t.cites("std:9.0"));
}

TEST(Trace, CitingAnIdTheCatalogLacksIsAnError) {
  Trace t(testing::source_spec()->catalog);
  EXPECT_THROW(t.cite("std:99.9", "no such case"), UnknownRuleError);
  EXPECT_THROW(t.cite("std-7.0", "malformed"), UnknownRuleError);
  EXPECT_THROW(t.cite("napoleon:7.0", "unknown book"), UnknownRuleError);
  EXPECT_TRUE(t.entries().empty());
}

TEST(Trace, ASilentTraceStillRefusesUnknownIds) {
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  EXPECT_NO_THROW(t.cite("std:7.0", [] { return std::string("fine"); }));
  EXPECT_THROW(t.cite("std:77.7", [] { return std::string("no such case"); }), UnknownRuleError);
  EXPECT_THROW(t.cite("std:77.7", "again"), UnknownRuleError);
  EXPECT_TRUE(t.entries().empty());
}

// The id a trace found last is remembered by content, never by address: a buffer that held a
// known id and now holds an unknown one of the same length is still refused.
TEST(Trace, TheIdRememberedIsComparedByContent) {
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  std::string id = "std:7.0";
  EXPECT_NO_THROW(t.cite(id, "known"));
  id[4] = '8';  // std:8.0 is catalogued
  EXPECT_NO_THROW(t.cite(id, "known too"));
  id = "std:7.0";
  EXPECT_NO_THROW(t.cite(id, "known"));
  id[6] = '9';  // std:7.9 is not
  EXPECT_THROW(t.cite(id, "unknown, in the same buffer"), UnknownRuleError);
  EXPECT_THROW(t.cite("", "the empty id"), UnknownRuleError);
}

TEST(RuleId, ParsesTheHouseForm) {
  EXPECT_TRUE(parse_rule_id("std:9.8.2"));
  EXPECT_TRUE(parse_rule_id("std:7.0"));
  EXPECT_TRUE(parse_rule_id("std:8.3b"));
  EXPECT_TRUE(parse_rule_id("jena:table.crt"));
  EXPECT_TRUE(parse_rule_id("jemmapes:table.commander-elimination"));
  std::string why;
  EXPECT_FALSE(parse_rule_id("std:9.8.2.", &why));
  EXPECT_FALSE(parse_rule_id("waterloo:1.0", &why));
  EXPECT_NE(why.find("unknown book"), std::string::npos);
  EXPECT_FALSE(parse_rule_id("std 9.8.2", &why));
  EXPECT_NE(why.find("book:number"), std::string::npos);
}

}  // namespace
}  // namespace hexlaw
