// Owns: example tests of interned names (Symbol), the bit sets of flags and markers, and the
// inline morale tracks: the pieces of the compact state that replace strings.
#include "engine/core/symbol.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>
#include <vector>

#include "engine/n20/state.h"

namespace hexlaw {
namespace {

TEST(Symbol, EqualTextsShareOneHandleAndCompareWithStrings) {
  const Symbol a("french"), b(std::string("french")), c("prussian");
  EXPECT_EQ(a.handle(), b.handle());
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_EQ(a, "french");
  EXPECT_EQ(std::string("french"), a);
  EXPECT_NE(a, std::string_view("frenc"));
  EXPECT_EQ("unit " + a + "!", "unit french!");
  EXPECT_TRUE(Symbol().empty());
  EXPECT_EQ(Symbol(""), Symbol());
}

TEST(Symbol, OrdersByTextNotByHandle) {
  const Symbol late("zz-interned-first"), early("aa-interned-second");
  EXPECT_LT(late.handle(), early.handle());
  EXPECT_TRUE(early < late);
  EXPECT_FALSE(late < early);
  EXPECT_FALSE(early < early);
  std::set<Symbol> s{late, early};
  EXPECT_EQ(s.begin()->str(), "aa-interned-second");
}

TEST(Symbol, FindNeverAddsAText) {
  EXPECT_FALSE(Symbol::find("a-name-no-unit-ever-carried").has_value());
  EXPECT_FALSE(Symbol::find("a-name-no-unit-ever-carried").has_value());
  const Symbol x("now-interned");
  ASSERT_TRUE(Symbol::find("now-interned").has_value());
  EXPECT_EQ(*Symbol::find("now-interned"), x);
  GameState s;
  EXPECT_EQ(s.unit("a-name-no-unit-ever-carried"), nullptr);
}

TEST(Symbol, ThreadsInterningTheSameTextsAgree) {
  std::vector<std::vector<std::uint32_t>> seen(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([t, &seen] {
      for (int i = 0; i < 2000; ++i) seen[static_cast<std::size_t>(t)].push_back(Symbol("thread-text-" + std::to_string(i)).handle());
    });
  for (auto& th : threads) th.join();
  for (int t = 1; t < 4; ++t) EXPECT_EQ(seen[static_cast<std::size_t>(t)], seen[0]);
  EXPECT_EQ(Symbol::text_of(seen[0][1234]), "thread-text-1234");
}

TEST(TagSet, FlagsAndMarkersListInNameOrderAndRefuseUnknownNames) {
  UnitFlags f{"guard", "elite"};
  EXPECT_EQ(f.names(), (std::vector<std::string>{"elite", "guard"}));
  EXPECT_TRUE(f.has(UnitFlag::Guard));
  EXPECT_FALSE(f.has(UnitFlag::Light));
  EXPECT_THROW((UnitFlags{"gaurd"}), std::invalid_argument);
  EXPECT_FALSE(UnitMarkers::parse("fatigue-1").has_value());
  EXPECT_EQ(UnitMarkers::parse("spent"), UnitMarker::Spent);
}

TEST(MoraleTracks, KeepTracksInNameOrderInlineAndRefuseAFifth) {
  MoraleTracks m;
  m["prussian"] = 6;
  m["french"] = 7;
  m["allied-north"] = 5;
  std::vector<std::string> order;
  for (const auto& [track, points] : m) order.push_back(track);
  EXPECT_EQ(order, (std::vector<std::string>{"allied-north", "french", "prussian"}));
  EXPECT_EQ(m.at("french"), 7);
  EXPECT_EQ(m.count("austrian"), 0u);
  EXPECT_THROW(m.at("austrian"), std::out_of_range);
  m["austrian"] = 1;
  EXPECT_THROW(m["russian"], std::length_error);
  EXPECT_EQ(m.size(), 4u);
}

TEST(GameState, ACopyIsOneBlockOfUnits) {
  static_assert(std::is_trivially_copyable_v<Unit>);
  EXPECT_LE(sizeof(Unit), 64u);
}

}  // namespace
}  // namespace hexlaw
