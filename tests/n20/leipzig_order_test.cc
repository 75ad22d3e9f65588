// Owns: example tests of Leipzig's order of battle read from its table
// (LeipzigRules::read_order_of_battle, leipzig:table.order-of-battle).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "engine/core/tables.h"
#include "engine/n20/games/leipzig.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// The spec's table with one row's text replaced, written where TableSet::load reads it.
std::filesystem::path spec_with(const std::string& name, const std::string& row, const std::string& replacement) {
  return testing::spec_with_table_row("leipzig/order-of-battle.yaml", "leipzig-oob-" + name, row, replacement);
}

std::string refusal(const std::filesystem::path& dir) {
  const TableSet tables = TableSet::load(dir);
  const GridTable* t = tables.grid("leipzig:table.order-of-battle");
  if (!t) return "no table";
  try {
    n20::LeipzigRules::read_order_of_battle(*t);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

// A set-up row must give its hex and a reinforcement row its turn; either missing is refused
// by the row's name and the way it comes into play, never read as a unit with no place or time.
TEST(LeipzigOrderOfBattle, leipzig_table_order_of_battle_AnIncompleteRowIsRefusedByName) {
  HEXLAW_CITES("leipzig:table.order-of-battle");
  const std::string vi = R"({key: "VI", cells: [french, "-", "-", "no", setup, setup, setup, "0705", "-", "-"]})";
  const std::string og = R"({key: "OG", cells: [french, "-", guard-elite, "no", turn, turn, turn, "-", "4", "B"]})";
  EXPECT_EQ(refusal(spec_with("good", vi, vi)), "");
  const TableSet good = TableSet::load(spec_with("good", vi, vi));
  const auto listed = n20::LeipzigRules::read_order_of_battle(*good.grid("leipzig:table.order-of-battle"));
  const auto it = std::find_if(listed.begin(), listed.end(), [](const auto& l) { return l.id == "OG"; });
  ASSERT_NE(it, listed.end());
  EXPECT_EQ(it->turn, 4);
  EXPECT_EQ(it->entry, "B");
  EXPECT_NE(refusal(spec_with("no-hex", vi, R"({key: "VI", cells: [french, "-", "-", "no", setup, setup, setup, "-", "-", "-"]})"))
                .find("row 'VI' is incomplete for how it arrives ('setup')"),
            std::string::npos);
  EXPECT_NE(refusal(spec_with("no-turn", og, R"({key: "OG", cells: [french, "-", guard-elite, "no", turn, turn, turn, "-", "-", "B"]})"))
                .find("row 'OG' is incomplete for how it arrives ('turn')"),
            std::string::npos);
  EXPECT_NE(refusal(spec_with("unknown", vi, R"({key: "VI", cells: [french, "-", "-", "no", setup, marching, setup, "0705", "-", "-"]})"))
                .find("row 'VI' is incomplete for how it arrives ('marching')"),
            std::string::npos);
}

// A row's side is french or allied and its quality one of the three the table's key names (or
// "-"); a row with another side or quality is refused by its name and the cell, never read as a
// unit of no side or as an ordinary unit. The printed rows (VI with no quality, OG guard-elite)
// read as they are.
TEST(LeipzigOrderOfBattle, leipzig_table_order_of_battle_AnUnknownSideOrQualityIsRefusedByName) {
  HEXLAW_CITES("leipzig:table.order-of-battle");
  const std::string vi = R"({key: "VI", cells: [french, "-", "-", "no", setup, setup, setup, "0705", "-", "-"]})";
  const std::string og = R"({key: "OG", cells: [french, "-", guard-elite, "no", turn, turn, turn, "-", "4", "B"]})";
  EXPECT_EQ(refusal(spec_with("side-good", vi, vi)), "");
  EXPECT_NE(refusal(spec_with("side-saxon", vi, R"({key: "VI", cells: [saxon, "-", "-", "no", setup, setup, setup, "0705", "-", "-"]})"))
                .find("row 'VI': side is french or allied"),
            std::string::npos);
  for (const char* quality : {"elite", "guard-elite", "guard-no-recule"})
    EXPECT_EQ(refusal(spec_with(std::string("quality-") + quality, og,
                                std::string(R"({key: "OG", cells: [french, "-", )") + quality +
                                    R"(, "no", turn, turn, turn, "-", "4", "B"]})")),
              "")
        << quality;
  EXPECT_NE(refusal(spec_with("quality-veteran", og, R"({key: "OG", cells: [french, "-", veteran, "no", turn, turn, turn, "-", "4", "B"]})"))
                .find("row 'OG': unknown quality 'veteran'"),
            std::string::npos);
}

}  // namespace
}  // namespace hexlaw
