// Owns: the Jemmapes question kinds about combat — `fire` and `assault`: who may take part, the
// modifiers with their rules, the capped total, and with `roll: true` the 2D6 and the table's
// results in their grammar (exact odds under dice: enumerate).
#include <algorithm>
#include <set>

#include "engine/jemmapes/apply.h"
#include "engine/jemmapes/combat.h"
#include "engine/questions/jemmapes_kinds.h"

namespace hexlaw::jemmapes_questions {
namespace {

std::vector<jemmapes::SuppliedTerrain> supplied_terrain(const Situation& s) {
  std::vector<jemmapes::SuppliedTerrain> out;
  const auto f = s.c.question["terrain_modifiers"];
  if (f.present() && !f.is_seq()) f.fail("expected a list of {what, drm}: values of terrain the cut table does not print");
  for (std::size_t i = 0; i < f.size(); ++i) {
    const auto e = f.at(i);
    e.expect_keys({"what", "drm"});
    const long long v = e.required("drm").integer();
    if (v < -9 || v > 9) e["drm"].fail("a terrain modifier lies within -9..9");
    out.push_back({e.required("what").str(), static_cast<int>(v)});
  }
  return out;
}

const jemmapes::Unit* commander_field(const Situation& s, const std::string& key, const std::string& side,
                                      const std::vector<const jemmapes::Unit*>& units) {
  const auto f = s.c.question[key];
  if (!f.present()) return nullptr;
  const jemmapes::Unit* c = s.position.unit(f.str());
  if (!c) f.fail("no unit '" + f.str() + "' in the case's units");
  if (c->combat() || c->side != side) f.fail(c->id + " is not a commander of " + side);
  need_value(s, *c, "tv", c->tv.has_value());
  const bool adjacent = s.x.readings.is(jemmapes::reading::assault_commander_tv_reach_adjacent);
  bool near = false;
  for (const auto* u : units) near = near || distance(u->hex, c->hex) <= (adjacent ? 1 : 0);
  if (!near)
    f.fail(c->id + " is not " + (adjacent ? "in or next to the hex of" : "stacked with") +
           " a unit in the combat (jemmapes.assault.commander_tv_reach = " + s.x.readings.of(jemmapes::Switch::AssaultCommanderTvReach) + ")");
  return c;
}

// The combats the target hex has already taken this segment (6.0), as the case states them.
std::vector<std::string> already(const Situation& s) {
  const auto f = s.c.question["already"];
  std::vector<std::string> out;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const std::string v = f.at(i).str();
    if (v != "infantry fire" && v != "artillery fire" && v != "assault")
      f.at(i).fail("one of 'infantry fire', 'artillery fire', 'assault'");
    out.push_back(v);
  }
  return out;
}

jemmapes::AssaultInput assault_input(const Situation& s) {
  const auto q = s.c.question;
  jemmapes::AssaultInput in;
  in.attackers = units_field(s, "attackers");
  if (in.attackers.empty()) q["attackers"].fail("name the attacking units");
  in.target = hex_field(s, "hex");
  const std::string side = in.attackers.front()->side;
  std::vector<const jemmapes::Unit*> defenders;
  for (const auto& u : s.position.units)
    if (u.hex == in.target && u.combat() && u.side != side) defenders.push_back(&u);
  in.attacker_head = &unit_field(s, "attacker_head");
  if (std::find(in.attackers.begin(), in.attackers.end(), in.attacker_head) == in.attackers.end())
    q["attacker_head"].fail("the head unit must be one of the attackers");
  if (q["defender_head"].present()) {
    in.defender_head = &unit_field(s, "defender_head");
    if (std::find(defenders.begin(), defenders.end(), in.defender_head) == defenders.end())
      q["defender_head"].fail("the head unit must be one of the units in " + s.map.name(in.target));
  } else if (defenders.size() == 1) {
    in.defender_head = defenders.front();
  } else if (!defenders.empty() && !std::all_of(defenders.begin(), defenders.end(), [](auto* d) { return d->kind == jemmapes::UnitKind::Artillery; })) {
    q["defender_head"].fail("two units defend: the defender names a head unit");
  }
  const bool isolated_artillery = !defenders.empty() && std::all_of(defenders.begin(), defenders.end(), [](auto* d) { return d->kind == jemmapes::UnitKind::Artillery; });
  if (in.defender_head && !isolated_artillery) {
    need_value(s, *in.attacker_head, "morale", in.attacker_head->morale.has_value());
    need_value(s, *in.defender_head, "morale", in.defender_head->morale.has_value());
  }
  in.attacker_commander = commander_field(s, "attacker_commander", side, in.attackers);
  if (!defenders.empty()) in.defender_commander = commander_field(s, "defender_commander", defenders.front()->side, defenders);
  in.bayonet = units_field(s, "bayonet");
  in.countercharge = q["countercharge"].bool_or(false);
  const auto e = q["engaged"];
  for (std::size_t i = 0; i < e.size(); ++i) in.engaged.push_back(hex_of(s, e.at(i)));
  in.terrain = supplied_terrain(s);
  in.already = already(s);
  for (const auto* u : units_field(s, "fought")) in.fought.push_back(u->id);
  // Each charging cavalry's move: a list of hexes from its start to its present hex, each next
  // to the one before (5.3.1).
  const auto cm = q["charge_moves"];
  if (cm.present() && !cm.is_map()) cm.fail("expected {UNIT: [start hex, ..., its present hex]}");
  cm.for_each_entry([&](const std::string& key, const CaseField& f) {
    const jemmapes::Unit* u = s.position.unit(key);
    if (!u || std::find(in.attackers.begin(), in.attackers.end(), u) == in.attackers.end() || u->kind != jemmapes::UnitKind::Cavalry || !u->has("charge"))
      f.fail("'" + key + "' is not an attacking cavalry unit with a charge marker");
    std::vector<Hex> path;
    for (std::size_t i = 0; i < f.size(); ++i) path.push_back(hex_of(s, f.at(i)));
    if (path.empty() || path.back() != u->hex) f.fail("the move ends in " + key + "'s present hex, " + s.map.name(u->hex));
    for (std::size_t i = 1; i < path.size(); ++i)
      if (distance(path[i - 1], path[i]) != 1) f.at(i).fail("each hex of the move is next to the one before");
    in.charge_moves[key] = path;
  });
  return in;
}

nlohmann::json assault_answer(const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
  const auto in = assault_input(s);
  const auto set = jemmapes::assault_setup(s.x, in, t);
  nlohmann::json out{{"legal", set.legal}};
  if (!set.legal) {
    out["rule"] = set.rule;
    out["reason"] = set.reason;
    headline = "the assault is not allowed: " + set.reason;
    return out;
  }
  if (set.artillery_destroyed) {
    out["artillery_destroyed"] = true;
    headline = "the isolated artillery is destroyed";
    return out;
  }
  out["attack_ss"] = set.attack_ss;
  out["defence_ss"] = set.defence_ss;
  out["ratio"] = set.ratio;
  out["drms"] = jemmapes::to_json(set.drms);
  out["sum"] = set.sum;
  out["drm"] = set.capped;
  out["extra_level"] = set.extra_level;
  headline = "assault at " + set.ratio + ", DRM " + std::to_string(set.capped);
  if (!s.c.question["roll"].bool_or(false)) return out;
  const int total = roll_2d6(dice, "jemmapes:6.2", "assault");
  const int modified = total + set.capped;
  const auto r = jemmapes::assault_table(s.x, modified, t);
  out["dice"] = total;
  out["modified"] = modified;
  t.cite("jemmapes:6.3"_rule, "results: attacker " + r.attacker.text + ", defender " + r.defender.text + " (M morale test, nD levels, R retreat, * artillery step, nP step losses)");
  out["attacker"] = jemmapes::to_json(r.attacker);
  out["defender"] = jemmapes::to_json(r.defender);
  // The results applied: the head units first, then the others in the order given.
  std::vector<const jemmapes::Unit*> att{in.attacker_head}, def{in.defender_head};
  for (const auto* u : in.attackers)
    if (u != in.attacker_head) att.push_back(u);
  for (const auto* u : set.defenders)
    if (u != in.defender_head) def.push_back(u);
  const auto a_after = jemmapes::apply_result(s.x, r.attacker, att, set.extra_level, dice, t);
  const auto d_after = jemmapes::apply_result(s.x, r.defender, def, set.extra_level, dice, t);
  out["after"] = {{"attacker", jemmapes::to_json(a_after)}, {"defender", jemmapes::to_json(d_after)}};
  out["advance"] = jemmapes::advance_after_assault(s.x, a_after, d_after, set.extra_level, t);
  // RULE jemmapes:8.0 (part: who tests after an assault) — every commander stacked with a unit implicated in the assault takes an elimination test after it
  std::set<Hex> implicated{in.target};
  for (const auto* u : in.attackers) implicated.insert(u->hex);
  nlohmann::json tests = nlohmann::json::array();
  for (const auto& c : s.position.units)
    if (!c.combat() && implicated.count(c.hex)) {
      tests.push_back(c.id);
      t.cite("jemmapes:8.0"_rule, c.id + " is stacked with a unit implicated in the assault: he takes an elimination test after it");
    }
  out["commander_tests"] = tests;
  headline += ": " + std::to_string(total) + " rolled, " + std::to_string(modified) + " modified: attacker " + r.attacker.text + ", defender " + r.defender.text;
  return out;
}

nlohmann::json fire_answer(const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
  jemmapes::FireInput in;
  in.shooters = units_field(s, "shooters");
  in.target = hex_field(s, "hex");
  in.terrain = supplied_terrain(s);
  in.already = already(s);
  for (const auto* u : units_field(s, "fought")) in.fought.push_back(u->id);
  const auto set = jemmapes::fire_setup(s.x, in, t);
  nlohmann::json out{{"legal", set.legal}};
  if (!set.legal) {
    out["rule"] = set.rule;
    out["reason"] = set.reason;
    headline = "the fire is not allowed: " + set.reason;
    return out;
  }
  out["type"] = set.type;
  out["ss"] = set.ss;
  out["column"] = set.column;
  out["drms"] = jemmapes::to_json(set.drms);
  out["drm"] = set.sum;
  headline = set.type + " fire, " + std::to_string(set.ss) + " SS, DRM " + std::to_string(set.sum);
  if (!s.c.question["roll"].bool_or(false)) return out;
  const int total = roll_2d6(dice, "jemmapes:6.1.2", "fire");
  const int modified = total + set.sum;
  out["dice"] = total;
  out["modified"] = modified;
  const auto r = jemmapes::fire_table(s.x, set.column, modified, t);
  out["row"] = r.row;
  t.cite("jemmapes:6.3"_rule, "result on the target: " + r.defender.text + " (M morale test, nD levels, R retreat, * artillery step, nP step losses)");
  out["result"] = jemmapes::to_json(r.defender);
  // The result applied to the units in the target hex, in the case's order (the owner's choice:
  // the first takes the morale test).
  std::vector<const jemmapes::Unit*> targets;
  for (const auto& u : s.position.units)
    if (u.hex == in.target && u.combat() && u.side != in.shooters.front()->side) targets.push_back(&u);
  out["after"] = jemmapes::to_json(jemmapes::apply_result(s.x, r.defender, targets, {}, dice, t));
  headline += ": " + std::to_string(total) + " rolled, " + std::to_string(modified) + " modified: " + r.defender.text;
  return out;
}

}  // namespace

std::vector<Kind> combat_kinds() {
  return {
      {"assault",
       "An assault's ratio, modifiers and capped DRM, and with roll: true its results (question: attackers, hex, "
       "attacker_head, optional defender_head, attacker_commander, defender_commander, bayonet, countercharge, engaged, "
       "terrain_modifiers, roll, charge_moves, already, fought: units that have fought this activation)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "attackers", "hex", "attacker_head", "defender_head", "attacker_commander",
                                   "defender_commander", "bayonet", "countercharge", "engaged", "terrain_modifiers", "roll", "already", "charge_moves", "fought"});
         assault_input(s);
       },
       assault_answer, true},
      {"fire",
       "A fire's column and modifiers, and with roll: true its result (question: shooters, hex, terrain_modifiers, roll, already, fought: units that have fought this activation)",
       [](const Situation& s) {
         s.c.question.expect_keys({"kind", "shooters", "hex", "terrain_modifiers", "roll", "already", "fought"});
         units_field(s, "fought");
         already(s);
         if (units_field(s, "shooters").empty()) s.c.question["shooters"].fail("name the firing units");
         hex_field(s, "hex");
         supplied_terrain(s);
       },
       fire_answer, true},
  };
}

}  // namespace hexlaw::jemmapes_questions
