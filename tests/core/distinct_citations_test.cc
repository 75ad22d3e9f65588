// Owns: example tests of DistinctCitations (engine/core/trace.h): citing into its sink gives
// the trace that recording each line on its own and absorbing it gives — each distinct
// (rule, reason) once, in order of first appearance — under every way a trace records.
#include <gtest/gtest.h>

#include <functional>

#include "engine/core/errors.h"
#include "engine/core/trace.h"
#include "tests/support/source_spec.h"

namespace hexlaw {
namespace {

// Three lines of play citing overlapping things, by fixed text, built string and lambda.
void line(Trace& t, int n) {
  t.cite("std:7.0", "a fixed reason");
  t.cite("std:6.0", std::string("built ") + std::to_string(n % 2));
  t.cite("std:9.8", [&] { return "lazy " + std::to_string(n); });
  t.cite("std:7.0", "a fixed reason");
  if (n == 2) t.cite("std:6.0", "only in the last line");
}

std::vector<std::pair<std::string, std::string>> entries(const Trace& t) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& e : t.entries()) out.emplace_back(e.rule, e.reason);
  return out;
}

// The old way: each line in a trace of its own, absorbed once done.
Trace by_absorbing(const Trace& like) {
  Trace into = like.like();
  into.cite("std:6.0", "cited before the lines");
  DistinctCitations c(into);
  for (int n = 0; n < 3; ++n) {
    Trace segment = into.like();
    line(segment, n);
    c.absorb(segment);
  }
  return into;
}

Trace by_sink(const Trace& like) {
  Trace into = like.like();
  into.cite("std:6.0", "cited before the lines");
  DistinctCitations c(into);
  for (int n = 0; n < 3; ++n) line(c.sink(), n);
  return into;
}

TEST(DistinctCitations, SinkEqualsAbsorbingEachLineUnderEveryRecordingMode) {
  const Catalog& catalog = testing::source_spec()->catalog;
  for (const Trace& like : {Trace(catalog), Trace(Trace::IdsOnly{}, catalog), Trace(Trace::Off{}, catalog)}) {
    const Trace a = by_absorbing(like), b = by_sink(like);
    EXPECT_EQ(entries(a), entries(b));
  }
  const Trace on = by_sink(Trace(catalog));
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"std:6.0", "cited before the lines"}, {"std:7.0", "a fixed reason"}, {"std:6.0", "built 0"},
      {"std:9.8", "lazy 0"},                 {"std:6.0", "built 1"},        {"std:9.8", "lazy 1"},
      {"std:9.8", "lazy 2"},                 {"std:6.0", "only in the last line"}};
  EXPECT_EQ(entries(on), expected);
}

TEST(DistinctCitations, ASinkOfASinkKeepsEachCitationOnce) {
  Trace into(testing::source_spec()->catalog);
  DistinctCitations outer(into);
  line(outer.sink(), 0);
  DistinctCitations inner(outer.sink());
  line(inner.sink(), 0);
  line(inner.sink(), 1);
  Trace segment = into.like();
  line(segment, 1);
  inner.absorb(segment);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"std:7.0", "a fixed reason"}, {"std:6.0", "built 0"}, {"std:9.8", "lazy 0"},
      {"std:6.0", "built 1"},        {"std:9.8", "lazy 1"}};
  EXPECT_EQ(entries(into), expected);
}

TEST(DistinctCitations, TheSinkStillRefusesUnknownIds) {
  Trace into(testing::source_spec()->catalog);
  DistinctCitations c(into);
  EXPECT_THROW(c.sink().cite("std:99.9", "no such case"), UnknownRuleError);
  EXPECT_THROW(c.sink().cite("std:99.9", std::string("no such case")), UnknownRuleError);
  EXPECT_TRUE(into.entries().empty());
}

}  // namespace
}  // namespace hexlaw
