// Owns: example tests of the chance tree (engine/core/chance.h): branches of plain and grouped
// dice, and an exploration that agrees with the replaying enumeration leaf for leaf.
#include "engine/core/chance.h"

#include <gtest/gtest.h>

#include <functional>

#include "engine/core/dice.h"
#include "engine/core/enumeration_limits.h"
#include "engine/core/errors.h"

namespace hexlaw {
namespace {

TEST(Chance, APlainDieBranchesOncePerFace) {
  const auto b = chance_branches(6, nullptr);
  ASSERT_EQ(b.size(), 6u);
  for (int f = 1; f <= 6; ++f) {
    EXPECT_EQ(b[static_cast<std::size_t>(f - 1)].face, f);
    EXPECT_EQ(b[static_cast<std::size_t>(f - 1)].weight, 1);
  }
}

TEST(Chance, AGroupedDieBranchesOncePerGroupInOrderOfFirstFace) {
  // Faces 1, 2 and 5 give group 7; 3 and 4 group 2; 6 group 0.
  const std::vector<int> groups = {7, 7, 2, 2, 7, 0};
  const auto b = chance_branches(6, &groups);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].face, 1);
  EXPECT_EQ(b[0].weight, 3);
  EXPECT_EQ(b[1].face, 3);
  EXPECT_EQ(b[1].weight, 2);
  EXPECT_EQ(b[2].face, 6);
  EXPECT_EQ(b[2].weight, 1);
  const std::vector<int> short_list = {1, 2};
  EXPECT_THROW(chance_branches(6, &short_list), std::invalid_argument);
}

// A toy process with explicit chance nodes: roll a d6; on 4-6 roll a grouped hazard die
// (1-3 one way, 4-6 the other) and then, on the safe side, a d3. The leaf is the sum of faces.
struct Toy {
  int stage = 0, total = 0, face = 0;
  std::vector<int> hazard = {0, 0, 0, 1, 1, 1};
  bool waits() const { return stage < 3; }
  int roll_sides() const { return stage == 2 ? 3 : 6; }
  ChanceBranches roll_branches() const {
    return chance_branches(roll_sides(), stage == 1 ? &hazard : nullptr);
  }
  void give_roll(int f) {
    total += f;
    if (stage == 0) stage = f >= 4 ? 1 : 3;
    else if (stage == 1) stage = f >= 4 ? 2 : 3;
    else stage = 3;
  }
};

// The same process written against a DiceSource, for the replaying enumeration.
int toy_played(DiceSource& dice) {
  const std::vector<int> hazard = {0, 0, 0, 1, 1, 1};
  int total = dice.roll(6, "std:9.0", "first");
  if (total < 4) return total;
  const int h = dice.roll_grouped(6, hazard, "std:9.8.3", "hazard");
  total += h;
  if (h < 4) return total;
  return total + dice.roll(3, "std:9.0", "last");
}

TEST(Chance, ExploringTheTreeAgreesWithReplayingEverySequence) {
  std::vector<std::pair<int, Fraction>> tree;
  explore_chance_tree(
      Toy{}, [](Toy& t) { return t.waits(); },
      [&](Toy& t, const Fraction& p) { tree.emplace_back(t.total, p); });
  std::function<int(DiceSource&)> play = toy_played;
  // The replay merges equal outcomes; compare sums per outcome and the leaf order of first sight.
  auto merged = enumerate_outcomes<int>(play, [](const int& v) { return std::to_string(v); });
  std::vector<std::pair<int, Fraction>> tree_merged;
  for (const auto& [v, p] : tree) {
    auto it = std::find_if(tree_merged.begin(), tree_merged.end(), [&](const auto& e) { return e.first == v; });
    if (it == tree_merged.end()) tree_merged.emplace_back(v, p);
    else it->second += p;
  }
  ASSERT_EQ(tree_merged.size(), merged.size());
  Fraction total(0);
  for (std::size_t i = 0; i < merged.size(); ++i) {
    EXPECT_EQ(tree_merged[i].first, merged[i].outcome) << "leaf order differs at " << i;
    EXPECT_EQ(tree_merged[i].second, merged[i].probability) << "outcome " << merged[i].outcome;
    total += tree_merged[i].second;
  }
  EXPECT_EQ(total, Fraction(1));
  // 3 low first rolls, 3 x (1 broken hazard branch + 3 last rolls) = 15 leaves.
  EXPECT_EQ(tree.size(), 15u);
}

TEST(Chance, AnExplorationPastItsLeafLimitStopsWithAnError) {
  EXPECT_THROW(explore_chance_tree(
                   Toy{}, [](Toy& t) { return t.waits(); }, [](Toy&, const Fraction&) {}, 10),
               std::runtime_error);
}

TEST(Chance, ANodeBudgetStopsTheWorkPastItsLimitWithALimitError) {
  // Issue 16: the budget bounds the work (time) of an exploration, not only its leaves. The
  // toy tree played through a budget: the root, its 6 first faces, the hazard's 2 branches
  // under each of 3, and 3 last rolls under each of the 3 safe ones, 1 + 6 + 6 + 9 nodes.
  auto run = [](std::uint64_t limit) {
    EnumerationBudget budget(EnumerationBudget::Kind::ChanceNodes, limit);
    explore_chance_tree(
        Toy{}, [&](Toy& t) { budget.add(); return t.waits(); }, [](Toy&, const Fraction&) {});
  };
  run(kMaxChanceNodes);
  EXPECT_EQ(last_enumeration_work(EnumerationBudget::Kind::ChanceNodes), 22u);
  EXPECT_NO_THROW(run(22));
  try {
    run(21);
    FAIL() << "an exploration past its node budget went on";
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("kMaxChanceNodes"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace hexlaw
