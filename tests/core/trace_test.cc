// Owns: example tests of the rule trace (engine/core/trace.h).
#include "engine/core/trace.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

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

// The eight ids a trace remembers are compared by every byte, at each length the compare
// treats apart (4 to 7 bytes, 8 to 16, longer): an unknown id that differs from a remembered
// one in its middle, its first or its last byte is still refused, however full the memory.
TEST(Trace, RememberedIdsAreComparedByEveryByte) {
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const std::vector<std::string> known = {"std:7.0",   "std:9.6",      "std:9.8.2",  "std:12.1.1", "std:16.7.2",
                                          "std:9.8.1", "dresden:6.12", "jena:table.hazardous-retreat"};
  for (int round = 0; round < 3; ++round)
    for (const std::string& id : known) EXPECT_NO_THROW(t.cite(id, "known")) << id;
  for (const char* id : {"std:7.9", "xtd:7.0", "std:9.8.9", "std:12.1.9", "std:16.7.9", "dresden:6.19",
                         "jena:table.hazardous-retreaX", "jena:table.hazardous-Xetreat", "Xena:table.hazardous-retreat"})
    EXPECT_THROW(t.cite(id, "unknown"), UnknownRuleError) << id;
  for (const std::string& id : known) EXPECT_NO_THROW(t.cite(id, "still known")) << id;
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
