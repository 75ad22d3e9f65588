// Owns: example tests of the rule layers (engine/n20/rules.h): every interpretation switch
// the engine implements is recorded in the catalog note that names it, with its readings;
// unknown games, options and readings are refused.
#include "engine/n20/rules.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <map>
#include <set>
#include <string>

#include "engine/core/errors.h"
#include "engine/core/trace.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

TEST(Rules, EverySwitchIsRecordedInTheCatalogWithItsReadings) {
  for (const auto& sw : n20::known_switches()) {
    const RuleCase* c = testing::source_spec()->catalog.find(sw.rule);
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

// No switch the catalog records is silently missing: the engine implements it, or refuses it
// by name under the case whose note records it.
TEST(Rules, EveryCatalogSwitchIsKnownOrRefusedByName) {
  int refused = 0;
  for (const RuleCase& c : testing::source_spec()->catalog.cases())
    for (const RuleNote& n : c.notes) {
      if (n.switch_name.empty()) continue;
      const bool known = std::any_of(n20::known_switches().begin(), n20::known_switches().end(),
                                     [&](const n20::InterpretationSwitch& s) { return s.name == n.switch_name; });
      if (known) continue;
      const bool n20_game = c.book == "jena" || c.book == "dresden" || c.book == "leipzig";
      n20::RulesetChoice choice{.game = n20_game ? c.book : "standard"};
      choice.interpretations[n.switch_name] = "any";
      try {
        n20::make_rules(choice, testing::source_spec());
        ADD_FAILURE() << n.switch_name << " was accepted";
      } catch (const RuleRefusal& e) {
        // Refused under a case whose note records the switch (some are recorded in two).
        const RuleCase* by = testing::source_spec()->catalog.find(e.rule());
        ASSERT_NE(by, nullptr) << e.rule();
        EXPECT_TRUE(std::any_of(by->notes.begin(), by->notes.end(),
                                [&](const RuleNote& x) { return x.switch_name == n.switch_name; }))
            << n.switch_name << " refused under " << e.rule();
        EXPECT_NE(std::string(e.what()).find(n.switch_name), std::string::npos);
        ++refused;
      }
    }
  EXPECT_GT(refused, 0);
}

TEST(Rules, LayersRefuseWhatTheyDoNotKnow) {
  HEXLAW_CITES("std:16.5");
  auto make = [](n20::RulesetChoice c) { return n20::make_rules(c, testing::source_spec()); };
  // Each is refused by its own check, named (a later check failing instead would say something else).
  auto refusal = [&](n20::RulesetChoice c) -> std::string {
    try {
      make(std::move(c));
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(refusal({.game = "waterloo"}), "unknown Napoleonic 20 game 'waterloo' (one of standard, jena, dresden, leipzig)");
  EXPECT_EQ(refusal({.printing = "v3.0"}), "unknown printing 'v3.0' of the standard rules (one of jena, v2.0, leipzig)");
  EXPECT_EQ(refusal({.options = {"std:7.0"}}), "'std:7.0' is not an optional rule in the catalog");
  EXPECT_EQ(refusal({.interpretations = {{"movement.stacking_check", "sometimes"}}}),
            "switch 'movement.stacking_check' has no reading 'sometimes'");
  EXPECT_EQ(refusal({.interpretations = {{"movement.no_such_switch", "x"}}}), "unknown interpretation switch 'movement.no_such_switch'");
  auto with_rout = make({.options = {"std:16.5"}});
  EXPECT_TRUE(with_rout->option_on("std:16.5"));
  EXPECT_TRUE(with_rout->on(n20::Optional::RoutedUnits));
  // Without it, neither query says it is in use (mutation bbbfa98470 answered every option on).
  EXPECT_FALSE(make({})->option_on("std:16.5"));
  EXPECT_FALSE(make({})->on(n20::Optional::RoutedUnits));
  EXPECT_FALSE(with_rout->option_on("std:16.7"));
  EXPECT_EQ(make({})->interpretation("movement.stacking_check"), "per_unit_move");
  EXPECT_EQ(make({.interpretations = {{"movement.stacking_check", "end_of_phase"}}})->interpretation("movement.stacking_check"),
            "end_of_phase");
}

// Every switch is resolved into a typed reading when the rule set is built (issue 10): each
// reading other than the default changes Readings (or, for the printing's direction rule, the
// PrintingRules), so no procedure needs to read a switch by name.
TEST(Rules, EveryReadingIsResolvedIntoATypedValue) {
  auto game_of = [](const std::string& rule) {
    const std::string book = rule.substr(0, rule.find(':'));
    return book == "jena" || book == "dresden" || book == "leipzig" ? book : std::string("standard");
  };
  for (const auto& sw : n20::known_switches()) {
    const auto base = n20::make_rules({.game = game_of(sw.rule)}, testing::source_spec());
    for (const auto& reading : sw.readings) {
      const auto r = n20::make_rules({.game = game_of(sw.rule), .interpretations = {{sw.name, reading}}},
                                     testing::source_spec());
      EXPECT_EQ(r->interpretation(sw.name), reading);
      if (reading == sw.default_reading)
        EXPECT_TRUE(r->readings() == base->readings()) << sw.name << " = " << reading;
      else
        EXPECT_FALSE(r->readings() == base->readings()) << sw.name << " = " << reading << " leaves no typed trace";
    }
  }
  // The Leipzig printing-only reading also reaches the printing's direction rule.
  const auto alone = n20::make_rules({.game = "leipzig", .interpretations = {{"retreat.leipzig_loc_rule", "printed-only"}}},
                                     testing::source_spec());
  EXPECT_TRUE(alone->printed().direction_by_final_hex);
  const auto jena_printing = n20::make_rules(
      {.game = "leipzig", .interpretations = {{"retreat.leipzig_loc_rule", "printed-only"}}, .printing = "jena"},
      testing::source_spec());
  EXPECT_FALSE(jena_printing->printed().direction_by_final_hex);
  // The games' optional rules, by name once built.
  const auto leaders = n20::make_rules({.game = "leipzig", .options = {"leipzig:16.12"}}, testing::source_spec());
  EXPECT_TRUE(leaders->on(n20::Optional::LeipzigLeaders));
  EXPECT_FALSE(leaders->on(n20::Optional::LeipzigFatigue));
}

// An unknown reading of a known switch, or an unknown switch, is refused by name when the rule
// set is built, never read by name later.
TEST(Rules, AnUnknownReadingIsRefusedByNameWhenBuilt) {
  for (const auto& sw : n20::known_switches()) {
    try {
      n20::make_rules({.game = "leipzig", .interpretations = {{sw.name, "no-such-reading"}}}, testing::source_spec());
      ADD_FAILURE() << sw.name << " accepted an unknown reading";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("'" + sw.name + "'"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("no-such-reading"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(n20::make_rules({.game = "leipzig", .interpretations = {{"leipzig.no_such_switch", "x"}}},
                               testing::source_spec()),
               std::invalid_argument);
}

// A layer under which units of one side answer to two morale tracks, but which does not say
// which track a battle gains on or pays reserves from, is refused by name (std:12.0), both
// tracks named: never answered with the first track met.
class TwoTracksOneSide : public n20::N20Rules {
 public:
  using N20Rules::N20Rules;
  Symbol morale_track_for(const Unit& u, const GameState&, Trace&) const override {
    return u.id == Symbol("B") ? Symbol("french-north") : Symbol("french");
  }
};

TEST(Rules, std_12_0_ALayerMixingTracksInOneBattleWithoutSayingHowIsRefusedNamingBoth) {
  HEXLAW_CITES("std:12.0");
  auto rules = n20::make_layer<TwoTracksOneSide>({}, testing::source_spec());
  Unit a, b, c;
  a.id = Symbol("A"), b.id = Symbol("B"), c.id = Symbol("C");
  a.side = b.side = c.side = Symbol("french");
  GameState s;
  Trace t(testing::source_spec()->catalog);
  const Unit* mixed[] = {&a, &c, &b};
  for (auto what : {n20::N20Rules::BattleMorale::Gain, n20::N20Rules::BattleMorale::Reserves}) {
    try {
      rules->battle_tracks(mixed, what, s, t);
      ADD_FAILURE() << "two tracks in one battle were answered";
    } catch (const RuleRefusal& e) {
      EXPECT_EQ(e.rule(), "std:12.0");
      const std::string text = e.what();
      EXPECT_NE(text.find("different morale tracks (french, french-north)"), std::string::npos) << text;
      EXPECT_NE(text.find(what == n20::N20Rules::BattleMorale::Gain ? "which track gains" : "which track pays for reserves"),
                std::string::npos) << text;
    }
  }
  const Unit* one_track[] = {&a, &c};
  EXPECT_EQ(rules->battle_tracks(one_track, n20::N20Rules::BattleMorale::Gain, s, t), n20::TrackList{Symbol("french")});
}

TEST(Rules, DresdenAndLeipzigReadJenasTables) {
  HEXLAW_CITES("dresden:table.crt", "leipzig:table.crt");
  for (const char* game : {"dresden", "leipzig"}) {
    auto r = n20::make_rules({.game = game}, testing::source_spec());
    EXPECT_EQ(r->crt().grid.id, "jena:table.crt") << game;
    EXPECT_EQ(r->terrain_chart().id, "jena:table.terrain") << game;
  }
}

// A map built in code (not read from a scenario, whose reader checks names) may name a terrain
// the chart does not have: asking the rules for its type is refused, naming the terrain and the
// chart, never answered with another row. A known name on the same map is still answered.
TEST(Rules, jena_table_terrain_ATerrainNameTheChartLacksIsRefusedByName) {
  HEXLAW_CITES("jena:table.terrain");
  const auto r = n20::make_rules({}, testing::source_spec());
  Map map;
  map.set_terrain(Hex{3, 3}, "lava");
  map.set_terrain(Hex{4, 3}, "forest");
  GameState state;
  EXPECT_EQ(r->terrain_of(map, Hex{4, 3}, state).name, "forest");
  try {
    r->terrain_of(map, Hex{3, 3}, state);
    ADD_FAILURE() << "a terrain the chart lacks was given a type";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("terrain 'lava' is not in jena:table.terrain"), std::string::npos) << e.what();
  }
}

// A spec whose catalog keeps one of the tables a rule set reads when it is built (every game's
// CRT, hazardous-retreat table, terrain chart and rally table; Jena's and Dresden's orders of
// battle) but gives it no data: building the rule set is refused, naming the table, never a rule
// set that reads a table it lacks (mutations 58083b88bd and 87b0eba18c dropped the terrain
// chart's and Dresden's order of battle's checks).
TEST(Rules, ASpecWithoutATableTheRuleSetReadsIsRefusedByName) {
  HEXLAW_CITES("jena:table.crt", "jena:table.hazardous-retreat", "jena:table.terrain", "jena:table.rally",
               "jena:table.order-of-battle", "dresden:table.order-of-battle");
  namespace fs = std::filesystem;
  struct Missing {
    const char* game;
    const char* catalog;  // the catalog file under spec/catalog
    const char* data;     // the table's data file under spec/tables
    const char* refusal;
  };
  for (const Missing& m :
       {Missing{"standard", "jena-tables", "jena/crt", "spec has no CRT 'jena:table.crt'"},
        Missing{"standard", "jena-tables", "jena/hazardous-retreat",
                "spec has no hazardous-retreat table 'jena:table.hazardous-retreat'"},
        Missing{"standard", "jena-tables", "jena/terrain", "spec has no terrain chart 'jena:table.terrain'"},
        Missing{"standard", "jena-tables", "jena/rally", "spec has no rally table 'jena:table.rally'"},
        Missing{"jena", "jena-tables", "jena/order-of-battle", "spec has no table 'jena:table.order-of-battle'"},
        Missing{"dresden", "dresden", "dresden/order-of-battle", "spec has no table 'dresden:table.order-of-battle'"}}) {
    SCOPED_TRACE(m.data);
    const fs::path dir = testing::scratch_dir(std::string("no-") + m.game + "-" + fs::path(m.data).filename().string());
    fs::copy(testing::source_path("spec"), dir, fs::copy_options::recursive);
    fs::remove(dir / "tables" / (std::string(m.data) + ".yaml"));
    const fs::path catalog = dir / "catalog" / (std::string(m.catalog) + ".yaml");
    std::stringstream text;
    text << std::ifstream(catalog).rdbuf();
    std::string yaml = text.str();
    const std::string data_line = "    data: tables/" + std::string(m.data) + ".yaml\n";
    ASSERT_NE(yaml.find(data_line), std::string::npos);
    yaml.erase(yaml.find(data_line), data_line.size());
    std::ofstream(catalog) << yaml;
    const auto spec = Spec::load(dir.string());
    try {
      n20::make_rules({.game = m.game}, spec);
      ADD_FAILURE() << "a rule set was built without its table";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(m.refusal), std::string::npos) << e.what();
    }
    fs::remove_all(dir);
  }
}

// Each game's marker families (N20Rules::marker_families) say exactly what the position reader
// and the invariant checker admit: a family without a tail admits its own name and nothing
// longer, one with a tail admits its name followed by something and never the bare name, and no
// name is declared twice. Which kind each family should be is the rules' business: cases that
// carry the marker show it (cases/dresden/12.7/both-catastrophes-already-paid.yaml, for one).
TEST(Rules, EachGamesMarkerFamiliesAdmitExactlyTheirOwnMarkers) {
  for (const char* game : {"standard", "jena", "dresden", "leipzig"}) {
    SCOPED_TRACE(game);
    const auto rules = n20::make_rules({.game = game}, testing::source_spec());
    const auto families = rules->marker_families();
    ASSERT_FALSE(families.empty());
    // A marker that another family, one with a tail, covers anyway is no fault of this one.
    auto covered_by_another_prefix = [&](const auto& self, const std::string& marker) {
      return std::any_of(families.begin(), families.end(), [&](const auto& f) {
        return &f != &self && f.prefix && marker.starts_with(f.name) && marker != f.name;
      });
    };
    std::set<std::string> names;
    for (const auto& f : families) {
      EXPECT_TRUE(names.insert(f.name).second) << f.name << " is declared twice";
      const std::string longer = f.name + "~x";
      if (f.prefix) {
        EXPECT_TRUE(n20::N20Rules::in_families(longer, families)) << f.name;
        const bool bare_declared = std::any_of(families.begin(), families.end(),
                                               [&](const auto& g) { return !g.prefix && g.name == f.name; });
        if (!bare_declared && !covered_by_another_prefix(f, f.name)) {
          EXPECT_FALSE(n20::N20Rules::in_families(f.name, families)) << f.name << " admitted without its tail";
        }
      } else {
        EXPECT_TRUE(n20::N20Rules::in_families(f.name, families)) << f.name;
        if (!covered_by_another_prefix(f, longer)) {
          EXPECT_FALSE(n20::N20Rules::in_families(longer, families)) << f.name << " admitted with a tail";
        }
      }
    }
  }
}

// The markers each game's rules write and read, one example of every family, written out here
// as the rules and docs give them (not from marker_families(), so a family declared the wrong
// kind is caught: an exact one made a prefix refuses its bare marker, a prefix made exact its
// tailed ones). Each is read in a position of its game, and each family has an example.
TEST(Rules, EachGamesMarkersAsItsRulesWriteThemAreRead) {
  const std::vector<std::string> standard = {"game-ends", "dummy-arrived-french"};
  auto with = [&](std::vector<std::string> own) {
    own.insert(own.begin(), standard.begin(), standard.end());
    return own;
  };
  const std::map<std::string, std::vector<std::string>> examples = {
      {"standard", standard},
      {"jena", with({"sudden-death:10=3", "jena-deployment:historical-setup"})},
      {"dresden", with({"dresden-scenario:standard", "historical-scenario", "mud", "mud-until-4", "weather-worsening",
                        "extra-horses", "extra-horses-used", "loc-active-A", "confusion-limit-4", "confusion-exempt-1",
                        "confusion-lifted", "catastrophe-one-dresden-hex", "catastrophe-both-dresden-hexes",
                        "pontoon-built:1115", "garrison-out:G@1306", "dresden-garrison-destroyed", "meissen:V",
                        "meissen-placement"})},
      {"leipzig",
       with({"leipzig-scenario:standard", "dresden-defence:strong", "dresden-abandoned", "morale-track-later:allied-north=7@7",
             "allied-front:allied-south", "cadre-army:C=S", "army-group:B=8@Y", "army-entry:S=U+0,V+2", "detached:B2",
             "main-body-entering:B", "army-arrived:B", "army-loc-active:B", "imperial-dispatches:5",
             "imperial-dispatches-table:5=1-3", "detachment-table:1-3", "accelerated-allied-south-7", "a-hot-meal",
             "lindenau-bridge-destroyed", "napoleon-activated", "zoc-entry-F", "leader-discretion-L", "wavering-XI",
             "general-retreat-until-allied-north-16", "fatigue-committed-F", "fatigue-tired-F", "fatigue-weary-XI",
             "fatigue-spent-F", "demoralized-allied-north", "shattered-allied-north", "general-retreat-allied-north",
             "general-retreat-owed-allied-north", "general-retreat-zoc-allied-north",
             "general-retreat-zoc-pending-allied-north", "general-retreat-returned-allied-north",
             "demoralized-allied-south", "shattered-allied-south", "general-retreat-allied-south",
             "general-retreat-owed-allied-south", "general-retreat-zoc-allied-south",
             "general-retreat-zoc-pending-allied-south", "general-retreat-returned-allied-south"})},
  };
  for (const auto& [game, markers] : examples) {
    SCOPED_TRACE(game);
    const auto families = n20::make_rules({.game = game}, testing::source_spec())->marker_families();
    for (const auto& f : families)
      EXPECT_TRUE(std::any_of(markers.begin(), markers.end(), [&](const std::string& m) {
        return f.prefix ? m.starts_with(f.name) && m.size() > f.name.size() : m == f.name;
      })) << "no example of the family " << f.name;
    for (const auto& m : markers) {
      const std::string yaml = "game: " + game +
                               "\nunits:\n  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: \"0505\"}\n"
                               "state: {markers: [\"" + m + "\"]}\nquestion: {kind: zoc, unit: F}\n";
      EXPECT_NO_THROW(testing::inline_case(yaml)) << m;
    }
  }
}

}  // namespace
}  // namespace hexlaw
