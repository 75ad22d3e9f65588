// Owns: example tests of the rule layers (engine/n20/rules.h): every interpretation switch
// the engine implements is recorded in the catalog note that names it, with its readings;
// unknown games, options and readings are refused.
#include "engine/n20/rules.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

TEST(Rules, EverySwitchIsRecordedInTheCatalogWithItsReadings) {
  for (const auto& sw : n20::known_switches()) {
    const RuleCase* c = default_catalog().find(sw.rule);
    ASSERT_NE(c, nullptr) << sw.name;
    const RuleNote* note = nullptr;
    for (const auto& n : c->notes)
      if (n.switch_name == sw.name) note = &n;
    ASSERT_NE(note, nullptr) << sw.name << " has no note in " << sw.rule;
    for (const auto& reading : sw.readings)
      EXPECT_NE(note->ruling.find(reading), std::string::npos) << sw.name << ": reading " << reading << " not in ruling";
    EXPECT_NE(note->ruling.find("Default " + sw.default_reading), std::string::npos) << sw.name;
  }
}

TEST(Rules, LayersRefuseWhatTheyDoNotKnow) {
  HEXLAW_CITES("std:16.5");
  auto make = [](n20::RulesetChoice c) { return n20::make_rules(c, default_catalog(), default_tables()); };
  EXPECT_THROW(make({.game = "waterloo"}), std::invalid_argument);
  EXPECT_THROW(make({.options = {"std:7.0"}}), std::invalid_argument);
  EXPECT_THROW(make({.interpretations = {{"movement.stacking_check", "sometimes"}}}), std::invalid_argument);
  auto with_rout = make({.options = {"std:16.5"}});
  EXPECT_TRUE(with_rout->option_on("std:16.5"));
  EXPECT_EQ(make({})->interpretation("movement.stacking_check"), "per_unit_move");
  EXPECT_EQ(make({.interpretations = {{"movement.stacking_check", "end_of_phase"}}})->interpretation("movement.stacking_check"),
            "end_of_phase");
}

TEST(Rules, DresdenAndLeipzigReadJenasTables) {
  HEXLAW_CITES("dresden:table.crt", "leipzig:table.crt");
  for (const char* game : {"dresden", "leipzig"}) {
    auto r = n20::make_rules({.game = game}, default_catalog(), default_tables());
    EXPECT_EQ(r->crt().grid.id, "jena:table.crt") << game;
    EXPECT_EQ(r->terrain_chart().id, "jena:table.terrain") << game;
  }
}

}  // namespace
}  // namespace hexlaw
