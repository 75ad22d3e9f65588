// Owns: reading a Napoleonic 20 position (see position_reader.h).
#include "engine/n20/position_reader.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>


namespace hexlaw {
namespace {

// Names joined for a refusal: "a, b, c".
std::string comma_list(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  return list;
}

}  // namespace

void check_rule_id(const CaseField& f, const std::string& id, const Catalog& catalog) {
  std::string why;
  if (!parse_rule_id(id, &why)) f.fail(why);
  if (!catalog.has(id)) f.fail("rule id '" + id + "' is not in the spec catalog");
}

// Step A. The rule set (game, printing, options, interpretations). Step B. The map, checked
// against the game's terrain chart. Step C. Units and state, checked for an illegal position.
CasePosition parse_position(const CaseField& root, std::shared_ptr<const Spec> spec) {
  CasePosition c;
  // Step A.
  const std::string game = root["game"].str_or("standard");
  c.ruleset.game = game;
  // The printing of the standard rules: the one that came with the game unless named.
  c.ruleset.printing = root["printing"].str_or(std::string(n20::default_printing(game)));
  if (root["printing"].present() && !n20::printing_named(c.ruleset.printing))
    root["printing"].fail("unknown printing '" + c.ruleset.printing +
                          "' of the standard rules (one of jena, v2.0, leipzig)");
  if (root["options"].present() && !root["options"].is_seq())
    root["options"].fail("expected a list of optional rule ids, such as [\"std:16.1\"]");
  for (std::size_t i = 0; i < root["options"].size(); ++i) {
    auto o = root["options"].at(i);
    check_rule_id(o, o.str(), spec->catalog);
    if (!n20::is_optional_rule(spec->catalog, o.str())) o.fail("'" + o.str() + "' is not an optional rule");
    c.ruleset.options.insert(o.str());
  }
  root["interpretations"].for_each_entry(
      [&](const std::string& k, const CaseField& v) { c.ruleset.interpretations[k] = v.str(); });
  try {
    try {
      c.rules = n20::make_rules(c.ruleset, spec);
    } catch (const RuleRefusal& e) {
      // A switch of a rule not yet implemented: the position still reads (with the standard
      // readings), and asking anything of it is refused by name (ask(), load_scenario()).
      c.refusal = std::make_shared<RuleRefusal>(e);
      n20::RulesetChoice plain = c.ruleset;
      plain.interpretations.clear();
      for (const auto& [name, reading] : c.ruleset.interpretations)
        for (const auto& known : n20::known_switches())
          if (known.name == name) plain.interpretations[name] = reading;
      try {
        c.rules = n20::make_rules(plain, spec);
      } catch (const RuleRefusal&) {  // a known switch's reading refused (leipzig.general_retreat_return_value)
        plain.interpretations.clear();
        c.rules = n20::make_rules(plain, spec);
      }
    }
  } catch (const std::invalid_argument& e) {
    (root["interpretations"].present() ? root["interpretations"] : root["game"]).fail(e.what());
  }
  // Step B.
  auto map = std::make_shared<Map>(Map::parse(root["map"]));
  const TerrainChart& chart = c.rules->terrain_chart();
  auto known_terrain = [&](const std::string& t, const CaseField& where) {
    if (!chart.terrain(t) && !c.rules->knows_terrain(t)) {
      std::string list;
      for (const auto& [n, _] : chart.hex_terrain) list += (list.empty() ? "" : ", ") + n;
      where.fail("terrain '" + t + "' is not in " + chart.id + " (one of " + list + ")");
    }
  };
  known_terrain(map->default_terrain(), root["map"]["default_terrain"]);
  root["map"]["hexes"].for_each_entry([&](const std::string&, const CaseField& v) {
    known_terrain(v.is_map() ? v["terrain"].str() : v.str(), v);
  });
  c.map = map;
  // Step C.
  parse_state_fields(root["state"], c.state);
  root["state"].expect_keys({"turn", "phase", "phasing", "night", "weather", "morale", "markers"});
  c.state.units = parse_units(root["units"], map->layout());
  std::set<std::string> sides;
  for (const auto& u : c.state.units) sides.insert(u.side);
  // A game that names its sides (jena:3.0: french and prussian) refuses any other: a misspelt
  // side would otherwise be judged an enemy of both.
  if (const auto game_sides = c.rules->game_sides(); !game_sides.names.empty()) {
    const std::string list = comma_list(game_sides.names);
    auto known = [&](const std::string& side) {
      return std::find(game_sides.names.begin(), game_sides.names.end(), side) != game_sides.names.end();
    };
    for (std::size_t i = 0; i < c.state.units.size(); ++i)
      if (!known(c.state.units[i].side))
        root["units"].at(i)["side"].fail("side '" + c.state.units[i].side + "' is not a side of game " + game + " (" +
                                         list + "; " + game_sides.rule + ")");
    if (!c.state.phasing.empty() && !known(c.state.phasing))
      root["state"]["phasing"].fail("side '" + c.state.phasing + "' is not a side of game " + game + " (" + list + "; " +
                                    game_sides.rule + ")");
  }
  // A game-level marker must be one the game reads: a misspelt one would be kept and never read,
  // and the answer would silently be the one without it.
  if (const auto listed = root["state"]["markers"]; listed.is_seq()) {
    const auto families = c.rules->marker_families();
    for (std::size_t i = 0; i < listed.size(); ++i) {
      const std::string m = listed.at(i).str();
      if (n20::N20Rules::in_families(m, families)) continue;
      std::string list;
      for (const auto& f : families) list += (list.empty() ? "" : ", ") + f.name + (f.prefix ? "*" : "");
      listed.at(i).fail("marker '" + m + "' is not a game-level marker of game " + game + " (one of " + list + ")");
    }
  }
  // A stated weather must be one the game's rules read: a misspelt one, or any in a game without
  // weather rules, would be kept and never read.
  if (!c.state.weather.empty()) {
    const auto [names, rule] = c.rules->weathers();
    if (names.empty())
      root["state"]["weather"].fail("game " + game + " has no weather rule: its weather would never be read");
    if (std::find(names.begin(), names.end(), c.state.weather.str()) == names.end())
      root["state"]["weather"].fail("weather '" + c.state.weather.str() + "' is not a weather of game " + game + " (one of " +
                                    comma_list(names) + "; " + rule + ")");
  }
  // Each unit on the map is compared with the first unit of its hex (every earlier unit there
  // already shares that unit's side), so the check is linear in units.
  std::map<Hex, std::size_t> first_in_hex;
  for (std::size_t i = 0; i < c.state.units.size(); ++i) {
    const Unit& u = c.state.units[i];
    if (!u.on_map()) continue;
    if (!map->on_map(u.hex)) root["units"].at(i)["hex"].fail("hex " + map->name(u.hex) + " is off the map's bounds");
    const auto [it, fresh] = first_in_hex.try_emplace(u.hex, i);
    const Unit& v = c.state.units[it->second];
    if (!fresh && v.side != u.side)
      root["units"].at(i)["hex"].fail("illegal position: " + u.id + " (" + u.side + ") and " + v.id + " (" +
                                      v.side + ") cannot share hex " + map->name(u.hex));
  }
  if (!c.state.phasing.empty() && !sides.empty() && !sides.count(c.state.phasing))
    root["state"]["phasing"].fail("no unit belongs to side '" + c.state.phasing + "'");
  // A game's own checks of the position (Dresden's pontoon: state, not map).
  if (const auto [field, reason] = c.rules->position_problem(*map, c.state); !reason.empty())
    (field == "state.markers" ? root["state"]["markers"] : root["map"]).fail(reason);
  return c;
}

}  // namespace hexlaw
