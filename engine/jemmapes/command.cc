// Owns: command, order changes, rally and commander elimination (see command.h).
#include "engine/jemmapes/command.h"

#include <map>
#include <queue>
#include <stdexcept>

#include "engine/core/errors.h"
#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/scenario.h"
#include "engine/jemmapes/terrain.h"

namespace hexlaw::jemmapes {
namespace {

const Unit* formation_commander(const Context& x, const Formation& f) {
  return f.commander.empty() ? nullptr : x.position.unit(f.commander);
}

const Unit* general_of(const Context& x, const std::string& side) {
  for (const Unit& u : x.position.units)
    if (!u.combat() && u.general && u.side == side) return &u;
  return nullptr;
}

// Whether a line of command may pass `h`: no enemy unit, no enemy ZoC unless a friendly unit
// stands there, no hexside the line cannot cross.
bool open_for_command(const Context& x, const std::string& side, Hex h, std::string& why) {
  for (const Unit* o : x.position.units_at(h))
    if (o->side != side) {
      why = x.map.name(h) + " holds an enemy unit";
      return false;
    }
  if (in_enemy_zoc(x, side, h) && x.position.combat_units_at(h, side).empty()) {
    why = x.map.name(h) + " is in an enemy zone of control with no friendly unit";
    return false;
  }
  return true;
}

}  // namespace

// Step A. The formation commander. Step B. Within 4 hexes. Step C. The line: a path of at most 4
// steps through open hexes (hexside features refused: "uncrossable terrain" is in the cut table),
// or the straight line's hexes.
// RULE jemmapes:3.1 — commanded within 4 hexes of the formation commander by a line free of enemy units and enemy ZoC (a friendly unit cancels ZoC)
// RULE jemmapes:1.6 — zones of control block lines of command unless a friendly unit occupies the hex
nlohmann::json line_of_command(const Context& x, const Unit& u, Trace& t) {
  const Map& m = x.map;
  // Step A.
  const Formation* f = x.position.formation_of(u);
  const Unit* c = f ? formation_commander(x, *f) : nullptr;
  if (!c && f && !f->commander.empty() && x.position.waiting_unit(f->commander)) {
    // RULE jemmapes:9.1.1 (part: a commander still off the map) — units on the map whose formation commander has not entered are not commanded
    const std::string why = "its commander " + f->commander + " has not yet entered the map (he enters by 0107, jemmapes:9.1.1)";
    t.cite("jemmapes:9.1.1"_rule, f->commander + " waits off the map: no line of command runs from him yet");
    t.cite("jemmapes:3.1"_rule, u.id + " is not commanded: " + why);
    t.cite("jemmapes:3.2"_rule, u.id + " takes a non-commanded marker until its formation's next activation: -1 MP, -1 morale, no order benefits");
    return nlohmann::json{{"unit", u.id}, {"commander", f->commander}, {"commanded", false}, {"reason", why}};
  }
  if (!c) throw std::logic_error("commander checked by the question");
  nlohmann::json out{{"unit", u.id}, {"commander", c->id}, {"distance", distance(u.hex, c->hex)}};
  auto no = [&](const std::string& why) {
    out["commanded"] = false;
    out["reason"] = why;
    t.cite("jemmapes:3.1"_rule, u.id + " is not commanded: " + why);
    t.cite("jemmapes:3.2"_rule, u.id + " takes a non-commanded marker until its formation's next activation: -1 MP, -1 morale, no order benefits");
    return out;
  };
  // Step B.
  if (distance(u.hex, c->hex) > 4) return no("its commander " + c->id + " is " + std::to_string(distance(u.hex, c->hex)) + " hexes away (at most 4)");
  // Step C.
  std::string why;
  if (x.readings.is(jemmapes::reading::command_line_trace_straight_line)) {
    const auto a = line(u.hex, c->hex, LineNudge::Positive), b = line(u.hex, c->hex, LineNudge::Negative);
    std::string w1, w2;
    auto clear = [&](const std::vector<Hex>& hs, std::string& w) {
      for (std::size_t i = 1; i + 1 < hs.size(); ++i) {
        if (!open_for_command(x, u.side, hs[i], w)) return false;
        const auto d = direction_to(hs[i - 1], hs[i]);
        if (d && !m.features(Hexside::of(hs[i - 1], *d)).empty())
          // SOURCE-MISSING jemmapes:table.terrain — which hexside terrain is uncrossable for command
          throw RuleRefusal("jemmapes:table.terrain", "whether a hexside feature is uncrossable terrain is in the cut part of the Terrain Effects Table");
      }
      return true;
    };
    if (!clear(a, w1) && !clear(b, w2)) return no("the straight line is blocked: " + w1);
    t.cite("jemmapes:3.1"_rule, [&] { return u.id + " is " + std::to_string(distance(u.hex, c->hex)) + " hexes from " + c->id + " along a clear straight line (straight_line)"; });
    out["commanded"] = true;
    return out;
  }
  std::map<Hex, Hex> from;
  std::queue<std::pair<Hex, int>> open;
  open.push({u.hex, 0});
  from[u.hex] = u.hex;
  std::string last_block;
  while (!open.empty() && !from.count(c->hex)) {
    const auto [h, d] = open.front();
    open.pop();
    if (d == 4) continue;
    for (Direction dir : kAllDirections) {
      const Hex n = neighbour(h, dir);
      if (from.count(n) || !m.on_map(n)) continue;
      if (!m.features(Hexside::of(h, dir)).empty())
        // SOURCE-MISSING jemmapes:table.terrain — which hexside terrain is uncrossable for command
        throw RuleRefusal("jemmapes:table.terrain", "whether the '" + *m.features(Hexside::of(h, dir)).begin() +
                                                        "' hexside is uncrossable terrain is in the cut part of the Terrain Effects Table");
      if (n != c->hex && !open_for_command(x, u.side, n, why)) {
        last_block = why;
        continue;
      }
      from[n] = h;
      open.push({n, d + 1});
    }
  }
  if (!from.count(c->hex)) return no("every line of 4 hexes or fewer to " + c->id + " is blocked" + (last_block.empty() ? "" : " (" + last_block + ")"));
  nlohmann::json path = nlohmann::json::array();
  for (Hex h = c->hex; h != u.hex; h = from.at(h)) path.insert(path.begin(), m.name(h));
  out["commanded"] = true;
  out["line"] = path;
  t.cite("jemmapes:3.1"_rule, [&] { return u.id + " is commanded: a line of " + std::to_string(path.size()) + " hex(es) reaches " + c->id; });
  return out;
}

// RULE jemmapes:table.voluntary-order-change — 8 or more succeeds, 7 or less fails
// RULE jemmapes:table.involuntary-order-change — 4 or less demoralises, 5 or more no effect
// RULE jemmapes:table.commander-elimination — 12 or more eliminates
std::string threshold_result(const Context& x, const char* table, int total, Trace& t) {
  const GridTable* g = x.tables.grid(table);
  if (!g) throw std::logic_error(std::string("spec/tables lacks ") + table);
  for (const GridRow& r : g->rows) {
    const auto sp = r.key.find(' ');
    const int n = std::stoi(r.key.substr(0, sp));
    const bool less = r.key.find("or less") != std::string::npos;
    if (less ? total <= n : total >= n) {
      t.cite(table, [&] { return "total " + std::to_string(total) + ", row \"" + r.key + "\": " + *r.cells.at(0); });
      return *r.cells.at(0);
    }
  }
  throw std::logic_error(std::string("no row of ") + table + " for " + std::to_string(total));
}

// RULE jemmapes:4.2.1 — the segment's order and the once-a-round limits: the French make all their attempts, then the Austrians; one attempt a formation a round; the general's CV on one attempt a round
std::optional<std::string> voluntary_not_allowed(const Formation& f, bool use_general, const RoundSpent& spent, Trace& t) {
  // Step 1. The segment's order: French attempts first, then Austrian.
  if (!spent.segment.empty() && spent.segment != f.side) {
    const std::string why = "the " + spent.segment + " attempts are being made: the French make all theirs first, then the Austrians; " + f.id + " is " + f.side;
    t.cite("jemmapes:4.2.1"_rule, why);
    return why;
  }
  // Step 2. One attempt a formation a round.
  if (spent.formation_tried) {
    const std::string why = "formation " + f.id + " has already tried to change its order this round (one attempt a formation a round)";
    t.cite("jemmapes:4.2.1"_rule, why);
    return why;
  }
  // Step 3. The general's CV on one attempt a round.
  if (use_general && spent.general_used) {
    const std::string why = "the general's command value has already been added to an attempt this round (once a round)";
    t.cite("jemmapes:4.2.1"_rule, why);
    return why;
  }
  t.cite("jemmapes:4.2.1"_rule, [&] { return "formation " + f.id + " has not tried this round" + std::string(use_general ? " and the general's CV is unspent" : "") + ": the attempt is allowed"; });
  return std::nullopt;
}

// RULE jemmapes:4.2.1 — one attempt a formation a round on 2D6: the formation commander's CV, the general's once a round, +1 stacked, the offensive modifier, -1 beyond 6 hexes
// RULE jemmapes:4.2 — orders change in the command phase, by a voluntary attempt or an involuntary test
OrderChange voluntary_change(const Context& x, const Formation& f, Order to, bool use_general, Trace& t) {
  t.cite("jemmapes:4.2"_rule, "command phase, voluntary order change segment");
  OrderChange oc;
  const char* table = "jemmapes:table.voluntary-order-change";
  const Unit* fc = formation_commander(x, f);
  const Unit* g = general_of(x, f.side);
  if (fc && fc->cv) oc.drms.push_back({table, "command value of " + fc->id, *fc->cv});
  if (use_general) oc.drms.push_back({table, "command value of the general " + g->id + " (his one use this round)", *g->cv});
  if (fc && g && fc->hex == g->hex) oc.drms.push_back({table, "the formation commander and the general are stacked", 1});
  if (to == Order::Offensive)
    oc.drms.push_back({table, "going over to the offensive (jemmapes.order_change.offensive_drm_sign = " + x.readings.of(jemmapes::Switch::OrderChangeOffensiveDrmSign) + ")",
                       x.readings.is(jemmapes::reading::order_change_offensive_drm_sign_minus) ? -1 : 1});
  // RULE jemmapes:9.1.4 — Ferrand's attempts take the distance penalty whatever Dumouriez's position: while its commander is off the map, or all game (jemmapes.scenario.ferrand_distance_penalty)
  const bool ferrand = historical_formation(f.id) == "ferrand" && (!fc || x.readings.is(jemmapes::reading::scenario_ferrand_distance_penalty_whole_game));
  if (ferrand)
    oc.drms.push_back({"jemmapes:9.1.4", "Ferrand takes the distance penalty whatever the general's position (jemmapes.scenario.ferrand_distance_penalty = " +
                                             x.readings.of(jemmapes::Switch::ScenarioFerrandDistancePenalty) + (fc ? ")" : "; its commander is off the map)"), -1});
  else if (fc && g && distance(fc->hex, g->hex) > 6)
    oc.drms.push_back({table, "the formation commander is more than 6 hexes from the general", -1});
  for (const auto& d : oc.drms) {
    oc.sum += d.value;
    t.cite(d.rule, [&] { return d.what + ": " + (d.value > 0 ? "+" : "") + std::to_string(d.value); });
  }
  t.cite("jemmapes:4.2.1"_rule, [&] { return "formation " + f.id + " tries for a " + to_string(to) + " order: 2D6 " + (oc.sum >= 0 ? "+" : "") + std::to_string(oc.sum); });
  return oc;
}

// RULE jemmapes:4.2.2 — a formation with a step lost or a unit in rout tests: -1 a step, -1 a routed unit, + the commander's CV, the defensive-order modifier
// RULE jemmapes:9.2 (part: the -2 from round 7) — in the historical scenario French tests take -2 from round 7
OrderChange involuntary_change(const Context& x, const Formation& f, int steps_lost, bool french_late, bool& must_test, Trace& t) {
  t.cite("jemmapes:4.2"_rule, "command phase, involuntary order change segment");
  OrderChange oc;
  const char* table = "jemmapes:table.involuntary-order-change";
  int routed = 0;
  for (const Unit& u : x.position.units) routed += u.formation == f.id && u.combat() && u.level == Level::Rout;
  must_test = (steps_lost > 0 || routed > 0) && f.order != Order::Demoralised;
  if (!must_test) {
    t.cite("jemmapes:4.2.2"_rule, [&] { return "formation " + f.id + (f.order == Order::Demoralised ? " is already demoralised" : " has lost no step and has no unit in rout") + ": no test"; });
    return oc;
  }
  if (steps_lost) oc.drms.push_back({table, std::to_string(steps_lost) + " step(s) lost", -steps_lost});
  if (routed) oc.drms.push_back({table, std::to_string(routed) + " unit(s) in rout", -routed});
  const Unit* fc = formation_commander(x, f);
  if (fc && fc->cv) oc.drms.push_back({table, "command value of " + fc->id, *fc->cv});
  if (f.order == Order::Defensive)
    oc.drms.push_back({table, "a defensive order (jemmapes.order_change.involuntary_defensive_drm_sign = " + x.readings.of(jemmapes::Switch::OrderChangeInvoluntaryDefensiveDrmSign) + ")",
                       x.readings.is(jemmapes::reading::order_change_involuntary_defensive_drm_sign_plus) ? 1 : -1});
  if (french_late && f.side == "french") oc.drms.push_back({"jemmapes:9.2", "French army from round 7 (historical scenario)", -2});
  for (const auto& d : oc.drms) {
    oc.sum += d.value;
    t.cite(d.rule, [&] { return d.what + ": " + (d.value > 0 ? "+" : "") + std::to_string(d.value); });
  }
  t.cite("jemmapes:4.2.2"_rule, [&] { return "formation " + f.id + " tests: 2D6 " + (oc.sum >= 0 ? "+" : "") + std::to_string(oc.sum) + "; demoralisation replaces its order"; });
  return oc;
}

// A unit's morale in play, for rallies and for the assault's morale difference alike: as given,
// -1 out of command (3.2), -1 in a demoralised formation unless routed (4.1.4, 4.1's note).
int unit_morale(const Context& x, const Unit& u, Trace& t) {
  if (!u.morale) throw std::logic_error("morale checked by the question");
  int m = *u.morale;
  if (u.has("noncommanded")) {
    m -= 1;
    t.cite("jemmapes:3.2"_rule, [&] { return u.id + " is not commanded: morale -1"; });
  }
  const Formation* f = x.position.formation_of(u);
  if (f && f->order == Order::Demoralised && u.level != Level::Rout) {
    m -= 1;
    // RULE jemmapes:4.1.4 — a demoralised formation's units have morale -1
    t.cite("jemmapes:4.1.4"_rule, [&] { return u.id + "'s formation is demoralised: morale -1"; });
  }
  return m;
}

// RULE jemmapes:7.0 — units not in good order roll 2D6 on the Rally Table; one commander's TV from the hex or next to it
// RULE jemmapes:table.rally — +2 in an enemy ZoC (not in a redoubt or entrenchment), minus a helping commander's TV
OrderChange rally_modifiers(const Context& x, const Unit& u, const Unit* helper, Trace& t) {
  OrderChange oc;
  const TerrainRow here = terrain_row(x.tables, x.map.terrain(u.hex));
  if (in_enemy_zoc(x, u.side, u.hex)) {
    if (here.work) t.cite("jemmapes:table.rally"_rule, [&] { return u.id + " is in a " + here.name + ", which cancels the enemy zone of control"; });
    else oc.drms.push_back({"jemmapes:table.rally", "in an enemy zone of control", 2});
  } else {
    t.cite("jemmapes:table.rally"_rule, [&] { return u.id + " is in no enemy zone of control"; });
  }
  if (helper) oc.drms.push_back({"jemmapes:7.0", "tactical value of " + helper->id, -*helper->tv});
  for (const auto& d : oc.drms) {
    oc.sum += d.value;
    t.cite(d.rule, [&] { return d.what + ": " + (d.value > 0 ? "+" : "") + std::to_string(d.value); });
  }
  return oc;
}

Level rally_result(const Context& x, const Unit& u, int total, int morale, int& removed, Trace& t) {
  const GridTable* g = x.tables.grid("jemmapes:table.rally");
  if (!g) throw std::logic_error("spec/tables lacks jemmapes:table.rally");
  const int lowest_two = std::stoi(g->rows.at(0).key);  // the first row, "3 or less"
  removed = total <= lowest_two ? 2 : total <= morale ? 1 : 0;
  const int lvl = std::max(0, static_cast<int>(u.level) - removed);
  t.cite("jemmapes:1.5"_rule, [&] { return u.id + " was " + to_string(u.level) + "; each level removed is one step back toward good order: now " + to_string(static_cast<Level>(lvl)); });
  t.cite("jemmapes:table.rally"_rule, [&] {
    return "total " + std::to_string(total) + " against morale " + std::to_string(morale) + ": " +
           (removed == 2 ? "two levels removed" : removed == 1 ? "one level removed" : "the rally fails");
  });
  return static_cast<Level>(lvl);
}

// RULE jemmapes:4.2.2 (part: jemmapes.order_change.involuntary_loss_window) — the steps that count are all those the formation has lost (game) or those lost since the previous command phase (last_round)
int involuntary_steps(const Context& x, int since_start, int since_last_command, Trace& t) {
  const bool game = x.readings.is(jemmapes::reading::order_change_involuntary_loss_window_game);
  const int n = game ? since_start : since_last_command;
  t.cite("jemmapes:4.2.2"_rule, [&] {
    return std::to_string(n) + " step(s) lost " + (game ? "since the start of the game" : "since the previous command phase") +
           " count (jemmapes.order_change.involuntary_loss_window = " + x.readings.of(jemmapes::Switch::OrderChangeInvoluntaryLossWindow) + ")";
  });
  return n;
}

// RULE jemmapes:7.0 — each commander lends his TV to one unit a rallying segment (jemmapes.rally.commander_tv_uses = one_unit_per_segment), or to any number of units (any_units)
bool rally_tv_available(const Context& x, const Unit& commander, int lent, Trace& t) {
  const bool one = x.readings.is(jemmapes::reading::rally_commander_tv_uses_one_unit_per_segment);
  const bool ok = !one || lent == 0;
  t.cite("jemmapes:7.0"_rule, [&] {
    return commander.id + " has lent his TV to " + std::to_string(lent) + " unit(s) this rallying segment: " + (ok ? "he may lend it again" : "he may not lend it to another") +
           " (jemmapes.rally.commander_tv_uses = " + x.readings.of(jemmapes::Switch::RallyCommanderTvUses) + ")";
  });
  return ok;
}

// RULE jemmapes:8.0 — a commander tests on 2D6; survivors of an overrun and replacements go on a friendly unit (of the formation)
OrderChange elimination_modifiers(const Context& x, bool step_lost, bool units_destroyed, Trace& t) {
  (void)x;
  OrderChange oc;
  if (units_destroyed) oc.drms.push_back({"jemmapes:table.commander-elimination", "the units he was stacked with are destroyed", 2});
  else if (step_lost) oc.drms.push_back({"jemmapes:table.commander-elimination", "the combat caused a step loss", 1});
  for (const auto& d : oc.drms) {
    oc.sum += d.value;
    t.cite(d.rule, [&] { return d.what + ": +" + std::to_string(d.value); });
  }
  return oc;
}

}  // namespace hexlaw::jemmapes
