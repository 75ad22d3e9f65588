// Owns: example tests of the printings of the standard rules (engine/n20/rules.h): each game's
// default printing, the printing a case names, what each printing decides where the printings
// differ (PrintingRules), and that no answer under any printing cites a std case it lacks.
#include "engine/n20/rules.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/play/scenario.h"
#include "engine/questions/ask.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

std::unique_ptr<n20::N20Rules> rules_for(const std::string& game, const std::string& printing = "") {
  return n20::make_rules({.game = game, .printing = printing}, testing::source_spec());
}

TEST(Printings, EachGameDefaultsToThePrintingThatCameWithIt) {
  EXPECT_EQ(n20::default_printing("standard"), "v2.0");
  EXPECT_EQ(n20::default_printing("jena"), "jena");
  EXPECT_EQ(n20::default_printing("dresden"), "v2.0");
  EXPECT_EQ(n20::default_printing("leipzig"), "leipzig");
  EXPECT_EQ(rules_for("standard")->printing(), n20::Printing::V2_0);
  EXPECT_EQ(rules_for("jena")->printing(), n20::Printing::Jena);
  EXPECT_EQ(rules_for("dresden")->printing(), n20::Printing::V2_0);
  EXPECT_EQ(rules_for("leipzig")->printing(), n20::Printing::Leipzig);
  EXPECT_EQ(rules_for("leipzig", "v2.0")->printing(), n20::Printing::V2_0);
  for (auto p : {n20::Printing::Jena, n20::Printing::V2_0, n20::Printing::Leipzig})
    EXPECT_EQ(n20::printing_named(n20::printing_name(p)), p);
  EXPECT_FALSE(n20::printing_named("v3.0"));
  EXPECT_THROW(rules_for("standard", "v3.0"), std::invalid_argument);
}

TEST(Printings, CarryTheCasesTheCatalogListsForThem) {
  EXPECT_FALSE(rules_for("leipzig")->carries("std:9.8.6"));
  EXPECT_TRUE(rules_for("leipzig")->carries("leipzig:9.8.6"));
  EXPECT_TRUE(rules_for("leipzig", "v2.0")->carries("std:9.8.6"));
  EXPECT_FALSE(rules_for("jena")->carries("std:9.2.3"));
  EXPECT_TRUE(rules_for("jena")->carries("std:9.6.8"));
  EXPECT_FALSE(rules_for("standard")->carries("std:9.6.8"));
  EXPECT_TRUE(rules_for("standard")->carries("std:7.0"));
}

TEST(Printings, ResolveWhatEachPrintingDecides) {
  HEXLAW_CITES("std:9.2.2", "std:9.2.3", "std:9.6.8", "std:9.8.6", "std:9.8.7", "std:9.9.7", "std:9.9.8",
               "leipzig:9.8.6");
  const n20::PrintingRules v2 = rules_for("standard")->printed();
  EXPECT_EQ(v2.adjacency, "std:9.2.3");
  EXPECT_EQ(v2.engaged, "jena:table.crt");
  EXPECT_EQ(v2.retreat_direction, "std:9.8.6");
  EXPECT_EQ(v2.loc_early_break, "std:9.8.7");
  EXPECT_EQ(v2.advance_immediacy, "std:9.9.7");
  EXPECT_EQ(v2.advance_exhaustion, "std:9.9.8");

  const n20::PrintingRules jena = rules_for("jena")->printed();
  EXPECT_EQ(jena.adjacency, "std:9.2.2");
  EXPECT_EQ(jena.engaged, "std:9.6.8");
  EXPECT_EQ(jena.retreat_direction, "std:9.8.6");
  EXPECT_EQ(jena.loc_early_break, "std:9.8.7");

  const n20::PrintingRules leipzig = rules_for("leipzig")->printed();
  EXPECT_EQ(leipzig.adjacency, "std:9.2.3");
  EXPECT_EQ(leipzig.engaged, "jena:table.crt");
  EXPECT_EQ(leipzig.retreat_direction, "leipzig:9.8.6");  // the exclusive rules' own
  EXPECT_EQ(leipzig.loc_early_break, "");
  EXPECT_EQ(leipzig.advance_immediacy, "std:9.6");
  EXPECT_EQ(leipzig.advance_exhaustion, "std:9.1.2");

  // No direction rule only where neither the printing nor the game has one.
  EXPECT_EQ(rules_for("standard", "leipzig")->printed().retreat_direction, "");
  EXPECT_EQ(rules_for("jena", "leipzig")->printed().retreat_direction, "jena:9.8.6");
  EXPECT_EQ(rules_for("dresden", "leipzig")->printed().retreat_direction, "dresden:9.8.6");
  EXPECT_EQ(rules_for("leipzig", "v2.0")->printed().retreat_direction, "std:9.8.6");
  EXPECT_EQ(rules_for("leipzig", "v2.0")->printed().loc_early_break, "std:9.8.7");
}

// Every id a printing resolves to is one that printing carries, for every game.
TEST(Printings, ResolveOnlyToCasesThePrintingCarries) {
  for (const char* game : {"standard", "jena", "dresden", "leipzig"})
    for (const char* printing : {"jena", "v2.0", "leipzig"}) {
      auto r = rules_for(game, printing);
      const n20::PrintingRules& p = r->printed();
      for (const std::string& id : {p.adjacency, p.engaged, p.retreat_direction, p.loc_early_break,
                                    p.advance_immediacy, p.advance_exhaustion})
        if (!id.empty()) {
          EXPECT_TRUE(r->carries(id)) << game << " / " << printing << ": " << id;
        }
    }
}

TEST(Printings, ACaseNamesItsPrintingOrFollowsItsGame) {
  const std::string position = R"(
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0407"}
question: {kind: zoc, unit: A, hex: "0408"}
)";
  EXPECT_EQ(testing::inline_case("game: jena" + position).ruleset.printing, "jena");
  EXPECT_EQ(testing::inline_case("game: leipzig" + position).ruleset.printing, "leipzig");
  EXPECT_EQ(testing::inline_case(position).ruleset.printing, "v2.0");
  EXPECT_EQ(testing::inline_case("game: leipzig\nprinting: jena" + position).ruleset.printing, "jena");
  try {
    testing::inline_case("printing: waterloo" + position);
    FAIL() << "an unknown printing was accepted";
  } catch (const CaseError& e) {
    EXPECT_EQ(e.field(), "printing");
    EXPECT_NE(std::string(e.what()).find("one of jena, v2.0, leipzig"), std::string::npos) << e.what();
  }
  try {
    testing::inline_case("rules: [\"std:9.9.8\"]\ngame: leipzig" + position);
    FAIL() << "a rule the printing lacks was accepted";
  } catch (const CaseError& e) {
    EXPECT_NE(std::string(e.what()).find("std:9.9.8 is not in the leipzig printing of the standard rules"),
              std::string::npos)
        << e.what();
  }
}

// A scenario reads its printing as a case does, so a played game follows it too.
TEST(Printings, AScenarioNamesItsPrinting) {
  std::ifstream in(testing::source_path("scenarios/meadow.yaml"));
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  EXPECT_EQ(play::parse_scenario_text(testing::source_spec(), text, "meadow")->rules->printing(), n20::Printing::V2_0);
  std::string leipzig = text;
  leipzig.replace(leipzig.find("game: standard"), 14, "game: standard\nprinting: leipzig");
  auto sc = play::parse_scenario_text(testing::source_spec(), leipzig, "meadow");
  EXPECT_EQ(sc->ruleset.printing, "leipzig");
  EXPECT_EQ(sc->rules->printing(), n20::Printing::Leipzig);
  EXPECT_EQ(sc->rules->printed().retreat_direction, "");
}

// Every case file asked again under each printing: whatever the answer, it never cites a std
// case that printing lacks (ask() treats that as an engine bug and throws std::logic_error).
TEST(Printings, NoAnswerUnderAnyPrintingCitesACaseThePrintingLacks) {
  namespace fs = std::filesystem;
  int asked = 0;
  for (const auto& e : fs::recursive_directory_iterator(testing::source_path("cases"))) {
    if (e.path().extension() != ".yaml") continue;
    for (const char* printing : {"jena", "v2.0", "leipzig"}) {
      CaseFile c = load_case_file(testing::source_spec(), e.path().string());
      if (c.system != "n20") break;  // printings are the Napoleonic 20 standard rules'
      c.ruleset.printing = printing;
      try {
        Answer a = ask(c);
        auto rules = n20::make_rules(c.ruleset, testing::source_spec());
        for (const auto& id : a.citations()) EXPECT_TRUE(rules->carries(id)) << e.path() << " / " << printing << ": " << id;
        ++asked;
      } catch (const CaseError&) {
        // A question this printing cannot answer (a refusal, a LOC named where no direction
        // rule applies, a game decision that no longer fits) is not a citation.
      } catch (const std::logic_error& err) {
        ADD_FAILURE() << e.path() << " / " << printing << ": " << err.what();
      }
    }
  }
  EXPECT_GT(asked, 1000);
}

}  // namespace
}  // namespace hexlaw
