// Owns: the Jemmapes scenarios a played round starts from (see jemmapes_game.h): a generated one
// (an invented map and counters, the printed scenario's formations and Ferrand off the map when
// its rules are played, jemmapes:9.1.1, 9.2, 9.4) and one read from a scenario file's text, with
// the checks that make it playable (bounds for the rout edges, commanders for command, Ferrand
// off the map in a printed scenario).
#include <algorithm>
#include <stdexcept>

#include "engine/core/errors.h"
#include "engine/core/yaml_read.h"
#include "engine/play/jemmapes_game.h"

namespace hexlaw::play {

using jemmapes::Level;
using jemmapes::Order;
using jemmapes::Unit;
using jemmapes::UnitKind;

// Step 1. The map: clear, with bounds (the rout edges) and a few villages and woods. Step 2.
// The generals. Step 3. Each formation: its commander, order, reserve and units, one a hex.
// Step 4. A printed scenario's Ferrand, off the map. Step 5. Its invented objectives.
std::shared_ptr<const JemmapesScenario> jemmapes_generated_scenario(std::shared_ptr<const Spec> spec, int formations_per_side,
                                                                    int units_per_formation, int last_round, std::uint64_t seed,
                                                                    std::map<std::string, std::string> interpretations, const std::string& rules) {
  if (rules != "" && rules != "historical" && rules != "free") throw std::invalid_argument("rules is historical (9.2), free (9.4) or empty");
  if (formations_per_side < 1 || formations_per_side > 4) throw std::invalid_argument("formations_per_side lies within 1..4");
  if (units_per_formation < 1 || units_per_formation > 4) throw std::invalid_argument("units_per_formation lies within 1..4");
  if (last_round < 1 || last_round > 20) throw std::invalid_argument("last_round lies within 1..20");
  SeededDice rng(seed);
  auto pick = [&](int lo, int hi) { return lo + rng.roll(hi - lo + 1, "jemmapes:9.4", "generated scenario") - 1; };
  auto s = std::make_shared<JemmapesScenario>();
  s->name = "jemmapes-generated-" + std::to_string(formations_per_side) + "x" + std::to_string(units_per_formation) + "-" + std::to_string(seed);
  s->spec = std::move(spec);
  s->last_round = last_round;
  s->interpretations = std::move(interpretations);
  for (const auto& [k, v] : s->interpretations) s->name += "-" + k.substr(k.rfind('.') + 1) + "=" + v;
  if (!rules.empty()) {
    // The printed scenario's length (9.2: eight rounds; 9.4: five).
    s->rules = rules == "free" ? jemmapes::ScenarioKind::Free : jemmapes::ScenarioKind::Historical;
    s->last_round = rules == "free" ? 5 : 8;
    s->name += "-" + rules;
  }
  // The printed formations' names when a printed scenario is played (Ferrand, off the map in
  // round 1, comes in Step 4), their orders as 9.1.1 and 9.1.2 give them.
  auto formation_name = [&](const std::string& side, int f) {
    static const char* french[] = {"Egalite", "Beurnonville", "Harville"};
    static const char* austrian[] = {"Lilien", "Clairfayt", "Beaulieu"};
    if (!rules.empty() && f < 3) return std::string(side == "french" ? french[f] : austrian[f]);
    return std::string(side == "french" ? "F" : "A") + std::to_string(f + 1);
  };
  // Step 1.
  const int cols = formations_per_side * (units_per_formation + 1) + 2, rows = 10;
  s->map.set_default_terrain("clear");
  s->map.set_bounds(MapBounds{1, cols, 1, rows});
  for (int c = 1; c <= cols; ++c)
    for (int r = 4; r <= 7; ++r) {
      const int t = pick(1, 10);
      if (t == 1) s->map.set_terrain(to_axial(Printed{c, r}, s->map.layout()), "village");
      if (t == 2) s->map.set_terrain(to_axial(Printed{c, r}, s->map.layout()), "wood");
    }
  auto& p = s->position;
  for (const std::string side : {"french", "austrian"}) {
    const int row = side == "french" ? 8 : 3;
    const Direction facing = side == "french" ? Direction::N : Direction::S;
    // Step 2.
    Unit g;
    g.id = side == "french" ? "Dumouriez" : "Saxe-Teschen";
    g.side = side;
    g.kind = UnitKind::Commander;
    g.general = true;
    g.hex = to_axial(Printed{cols / 2, side == "french" ? 9 : 2}, s->map.layout());
    g.facing = facing;
    g.tv = pick(1, 2), g.cv = pick(0, 2), g.mp = 6;
    p.units.push_back(g);
    // Step 3.
    for (int f = 0; f < formations_per_side; ++f) {
      jemmapes::Formation fm;
      fm.id = formation_name(side, f);
      fm.side = side;
      fm.order = static_cast<Order>(pick(0, 2));
      if (!rules.empty() && f < 3) fm.order = fm.id == "Harville" ? Order::Manoeuvre : Order::Defensive;
      fm.reserve = pick(1, 2);
      fm.commander = fm.id + "-cmd";
      int col = 2 + f * (units_per_formation + 1);
      for (int k = 0; k < units_per_formation; ++k, ++col) {
        Unit u;
        u.id = fm.id + "-" + std::to_string(k + 1);
        u.side = side;
        const int kind = pick(1, 20);
        u.kind = kind <= 12 ? UnitKind::Infantry : kind <= 17 ? UnitKind::Cavalry : UnitKind::Artillery;
        u.hex = to_axial(Printed{col, row}, s->map.layout());
        u.facing = facing;
        u.cp = u.printed_cp = pick(1, 4);
        u.morale = pick(3, 6);
        u.mp = u.kind == UnitKind::Cavalry ? pick(5, 6) : u.kind == UnitKind::Artillery ? pick(2, 3) : pick(3, 4);
        u.formation = fm.id;
        if (pick(1, 5) == 1) u.level = Level::Disorganised1;  // some start shaken, so the rally segment plays
        p.units.push_back(u);
      }
      Unit c;
      c.id = fm.commander;
      c.side = side;
      c.kind = UnitKind::Commander;
      c.formation = fm.id;
      c.hex = to_axial(Printed{2 + f * (units_per_formation + 1), row}, s->map.layout());
      c.facing = facing;
      c.tv = pick(0, 2), c.cv = pick(0, 2), c.mp = 6;
      p.units.push_back(c);
      p.formations[fm.id] = fm;
    }
  }
  // Step 4. A printed scenario's Ferrand: a formation of `units_per_formation` units and its
  // commander, off the map under a manoeuvre order, entering by 0107 from round 2 (9.1.1).
  if (!rules.empty()) {
    jemmapes::Formation fm;
    fm.id = "Ferrand";
    fm.side = "french";
    fm.order = Order::Manoeuvre;
    fm.reserve = pick(1, 2);
    fm.commander = "Ferrand-cmd";
    for (int k = 0; k < units_per_formation; ++k) {
      Unit u;
      u.id = fm.id + "-" + std::to_string(k + 1);
      u.side = "french";
      const int kind = pick(1, 20);
      u.kind = kind <= 12 ? UnitKind::Infantry : kind <= 17 ? UnitKind::Cavalry : UnitKind::Artillery;
      u.cp = u.printed_cp = pick(1, 4);
      u.morale = pick(3, 6);
      u.mp = u.kind == UnitKind::Cavalry ? pick(5, 6) : u.kind == UnitKind::Artillery ? pick(2, 3) : pick(3, 4);
      u.formation = fm.id;
      p.waiting.push_back(u);
    }
    Unit c;
    c.id = fm.commander;
    c.side = "french";
    c.kind = UnitKind::Commander;
    c.formation = fm.id;
    c.tv = pick(0, 2), c.cv = pick(0, 2), c.mp = 6;
    p.waiting.push_back(c);
    p.formations[fm.id] = fm;
  }
  // Step 5. A printed scenario's objectives on the invented map (the source has no map): the
  // villages Jemmapes and Cuesmes, three village hexes each in rows 4 and 5 at either end of the
  // Austrian line, and up to three starred redoubts under the first, middle and last Austrian
  // combat units (clear terrain: the redoubt's row of the Terrain Effects Table is cut).
  if (!rules.empty()) {
    const std::pair<const char*, int> villages[] = {{"Jemmapes", 2}, {"Cuesmes", cols - 2}};
    for (const auto& [name, c] : villages) {
      std::vector<Hex> hexes;
      for (const Printed pr : {Printed{c, 4}, Printed{c + 1, 4}, Printed{c, 5}}) {
        hexes.push_back(to_axial(pr, s->map.layout()));
        s->map.set_terrain(hexes.back(), "village");
      }
      s->objectives.villages.emplace_back(name, hexes);
    }
    std::vector<Hex> austrians;
    for (const auto& u : p.units)
      if (u.combat() && u.side == "austrian") austrians.push_back(u.hex);
    std::set<Hex> redoubts;
    for (std::size_t i : {std::size_t{0}, austrians.size() / 2, austrians.size() - 1}) redoubts.insert(austrians[i]);
    for (const auto& u : p.units)  // in the units' order
      if (redoubts.count(u.hex) && std::find(s->objectives.redoubts.begin(), s->objectives.redoubts.end(), u.hex) == s->objectives.redoubts.end())
        s->objectives.redoubts.push_back(u.hex);
  }
  return s;
}

bool is_jemmapes_scenario_text(const std::string& text, const std::string& file) {
  const auto root = Field<CaseError>::load_text(text, file);
  return root.is_map() && root["game"].str_or("") == "jemmapes";
}

// Step 1. The keys. Step 2. A generated scenario. Step 3. The map, with bounds. Step 4. The
// switches, units and formations. Step 5. The printed scenario played, the rounds, the
// objectives; then the rout edges.
std::shared_ptr<const JemmapesScenario> jemmapes_scenario_from_text(std::shared_ptr<const Spec> spec, const std::string& text, const std::string& file) {
  const auto root = Field<CaseError>::load_text(text, file);
  // Step 1.
  root.expect_keys({"game", "name", "title", "last_round", "rout_edges", "map", "interpretations", "units", "state", "generated", "rules", "objectives"});
  if (root.required("game").str() != "jemmapes") root["game"].fail("a Jemmapes scenario says game: jemmapes");
  // Step 2.
  if (root["generated"].present()) {
    const auto g = root["generated"];
    g.expect_keys({"formations_per_side", "units_per_formation", "last_round", "seed", "rules"});
    try {
      return jemmapes_generated_scenario(spec, static_cast<int>(g["formations_per_side"].int_or(2)), static_cast<int>(g["units_per_formation"].int_or(3)),
                                         static_cast<int>(g["last_round"].int_or(3)), static_cast<std::uint64_t>(g["seed"].int_or(1)), {},
                                         g["rules"].str_or(""));
    } catch (const std::invalid_argument& e) {
      g.fail(e.what());
    }
  }
  auto s = std::make_shared<JemmapesScenario>();
  s->spec = std::move(spec);
  s->name = root.required("name").str();
  // Step 3.
  s->map = Map::parse(root["map"]);
  if (!root["map"]["default_terrain"].present()) s->map.set_default_terrain("clear");
  if (!s->map.bounds()) root["map"].fail("a Jemmapes scenario's map needs bounds (the rout edges, jemmapes:5.4)");
  // Step 4.
  root["interpretations"].for_each_entry([&](const std::string& name, const Field<CaseError>& v) {
    const auto* def = jemmapes::find_switch(name);
    if (!def) v.fail("'" + name + "' is not a switch the Jemmapes engine reads");
    if (std::find(def->readings.begin(), def->readings.end(), v.str()) == def->readings.end()) v.fail("'" + v.str() + "' is not a reading of " + name);
    s->interpretations[name] = v.str();
  });
  s->position = jemmapes::read_position(root.required("units"), root["state"], s->map);
  // A played game opens at round 1 (it sets its own round); a later round would be read and
  // then silently replaced.
  if (const auto round = root["state"]["round"]; round.present() && s->position.round != 1)
    round.fail("a played game starts at round 1 (jemmapes:2.0); a position in a later round is for a question, not a scenario to play");
  // Step 5. The printed scenario played, its length and its objectives (9.2, 9.3, 9.4).
  const std::string rules = root["rules"].str_or("");
  if (rules != "" && rules != "historical" && rules != "free") root["rules"].fail("historical (jemmapes:9.2) or free (jemmapes:9.4)");
  if (!rules.empty()) s->rules = rules == "free" ? jemmapes::ScenarioKind::Free : jemmapes::ScenarioKind::Historical;
  const int printed_last = rules == "free" ? 5 : 8;
  const long long last = root["last_round"].int_or(rules.empty() ? 5 : printed_last);
  if (last < 1 || last > 20) root["last_round"].fail("the last round lies within 1..20");
  if (!rules.empty() && last != printed_last)
    root["last_round"].fail("the " + rules + " scenario lasts " + std::to_string(printed_last) + " rounds (" + (rules == "free" ? "jemmapes:9.4)" : "jemmapes:9.2)"));
  s->last_round = static_cast<int>(last);
  const auto ob = root["objectives"];
  ob.expect_keys({"villages", "redoubts"});
  auto objective_hex = [&](const Field<CaseError>& f) {
    const auto printed = parse_ccrr(f.str());
    if (!printed) f.fail("'" + f.str() + "' is not a four-digit CCRR hex number");
    const Hex h = to_axial(*printed, s->map.layout());
    if (!s->map.on_map(h)) f.fail(f.str() + " is off the map");
    return h;
  };
  ob["villages"].for_each_entry([&](const std::string& name, const Field<CaseError>& v) {
    if (!v.is_seq() || v.size() == 0) v.fail("a village is a list of its hexes");
    std::vector<Hex> hexes;
    for (std::size_t i = 0; i < v.size(); ++i) hexes.push_back(objective_hex(v.at(i)));
    s->objectives.villages.emplace_back(name, hexes);
  });
  for (std::size_t i = 0; i < ob["redoubts"].size(); ++i) s->objectives.redoubts.push_back(objective_hex(ob["redoubts"].at(i)));
  // RULE jemmapes:9.1.1 (part: Ferrand in a played scenario) — Ferrand's units and commander start off the map (hex: off_map) and enter by 0107 from round 2
  if (s->rules)
    for (const auto& u : s->position.units)
      if (jemmapes::historical_formation(u.formation) == "ferrand")
        root["units"].fail(u.id + " (Ferrand) is on the map in round 1: Ferrand enters from round 2 by the Valenciennes road at 0107 (jemmapes:9.1.1); "
                           "write its hex as off_map");
  if (!s->position.waiting.empty() && !s->map.on_map(jemmapes::entry_hex(s->map)))
    root["map"].fail(std::string("Ferrand's units wait off the map to enter by ") + jemmapes::kFerrandEntryHex + " (jemmapes:9.1.1), which is not on this map");
  root["rout_edges"].for_each_entry([&](const std::string& side, const Field<CaseError>& v) {
    if (side != "french" && side != "austrian") v.fail("rout edges are given for french and austrian");
    const std::string e = v.str();
    if (e == "mons") {
      // jemmapes:9.1.3: the Austrians rout toward Mons, whose hexes the map names.
      if (side != "austrian") v.fail("only the Austrians rout toward Mons (jemmapes:9.1.3)");
      if (s->map.place("mons").empty()) root["map"].fail("rout_edges names Mons: give its hexes as map.places.mons (map data the source lacks, jemmapes:9.1.3)");
      s->rout_edge[side] = 'm';
      return;
    }
    if (e.size() != 1 || std::string("nsew").find(e[0]) == std::string::npos) v.fail("an edge is n, s, e or w, or mons for the Austrians");
    s->rout_edge[side] = e[0];
  });
  for (const auto& u : s->position.units)
    if (u.combat() && u.formation.empty()) root["units"].fail(u.id + " belongs to no formation: a played round activates formations (jemmapes:2.0)");
  std::vector<const jemmapes::Unit*> combat;
  for (const auto* list : {&s->position.units, &s->position.waiting})
    for (const auto& u : *list) combat.push_back(&u);
  for (const jemmapes::Unit* up : combat) {
    const auto& u = *up;
    if (!u.combat()) continue;
    const auto& f = s->position.formations.at(u.formation);
    // Ferrand's commander may wait off the map with his units (9.1.1).
    const jemmapes::Unit* c = f.commander.empty() ? nullptr : s->position.unit(f.commander);
    if (!c && !f.commander.empty()) c = s->position.waiting_unit(f.commander);
    if (!c || c->combat() || c->side != f.side)
      root["state"]["formations"][f.id]["commander"].fail("formation " + f.id + " has units but no commander of its side on the map: its activation verifies command from him (jemmapes:3.1)");
  }
  return s;
}

}  // namespace hexlaw::play
