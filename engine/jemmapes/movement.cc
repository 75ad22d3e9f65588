// Owns: Jemmapes movement (see movement.h).
#include "engine/jemmapes/movement.h"

#include <algorithm>
#include <limits>
#include <queue>
#include <stdexcept>

#include "engine/core/errors.h"
#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/terrain.h"

namespace hexlaw::jemmapes {
namespace {

int stack_cp(const Context& x, const Unit& u) { return stacking_cp(x, u.printed_cp, u.cp); }

// The order a combat unit moves under, if any: none for commanders, for routed units (4.1's
// note) and, under jemmapes.command.noncommanded_order_effects = all_effects, for units out of
// command. `benefits` is false for a non-commanded unit (3.2).
struct OrderView {
  bool applies = false;
  Order order = Order::Defensive;
  bool benefits = true;
};

// RULE jemmapes:4.0 — every formation is under one of the four orders, read from the case's state
// RULE jemmapes:4.1 — a unit in rout gets none of its formation's order effects
// RULE jemmapes:table.orders — the orders' summary as the movement rules apply it (its ZoC wording by jemmapes.orders.adjacency_test)
OrderView order_view(const Context& x, const Unit& u) {
  OrderView v;
  if (!u.combat() || u.level == Level::Rout) return v;
  const Formation* f = x.position.formation_of(u);
  if (!f) throw std::logic_error("Jemmapes movement of " + u.id + " without a formation (the question checks this)");
  const bool out = u.has("noncommanded");
  if (out && x.readings.is(jemmapes::reading::command_noncommanded_order_effects_all_effects)) return v;
  v.applies = true;
  v.order = f->order;
  v.benefits = !out;
  return v;
}

// "Next to the enemy" as the orders test it: adjacent to an enemy combat unit, or in an enemy
// ZoC (jemmapes.orders.adjacency_test).
bool near_enemy(const Context& x, const std::string& side, Hex h) {
  if (x.readings.is(jemmapes::reading::orders_adjacency_test_zoc)) return in_enemy_zoc(x, side, h);
  for (Hex n : neighbours(h))
    if (x.position.enemy_combat_in(n, side)) return true;
  return false;
}

int nearest_enemy_distance(const Context& x, const std::string& side, Hex h) {
  int best = std::numeric_limits<int>::max();
  for (const Unit& e : x.position.units)
    if (e.combat() && e.side != side) best = std::min(best, distance(e.hex, h));
  return best;
}

bool surrounded(const Context& x, const Unit& u) {
  for (Hex n : neighbours(u.hex)) {
    if (!x.map.on_map(n)) continue;
    if (!x.position.enemy_combat_in(n, u.side) && !in_enemy_zoc(x, u.side, n)) return false;
  }
  return true;
}

struct Step {
  bool ok = true;
  std::string rule, reason;
  int cost = 0;
  bool zoc = false, stop = false, surrounded_exception = false;
  std::vector<std::string> commanders;  // lone enemy commanders overrun (8.0)
};

// One step of `u` from `prev` into `h`, having spent `spent` of `allowance`; `first` when prev
// is the start hex; no `prev` when the unit enters the map at `h` (jemmapes:9.1.1: no hexside
// crossed, no ZoC left). Step A. Adjacent, on the map, not an enemy's. Step B. The cost: terrain, the
// hexside, the extra MP of an enemy ZoC. Step C. No ZoC to ZoC (the surrounded exception).
// Step D. The MP. Step E. The order's limits next to the enemy.
// RULE jemmapes:1.6 — entering an enemy ZoC costs 1 more MP and stops the unit; no ZoC to ZoC; a surrounded unit may, at a level and all its MP
// RULE jemmapes:5.1 — units move one at a time, never into an enemy-occupied hex
Step try_step(const Context& x, const Unit& u, const OrderView& ov, std::optional<Hex> from, Hex h, bool first, bool start_surrounded,
              int spent, int allowance, Trace& t) {
  Step s;
  auto fail = [&](const char* rule, std::string why) {
    s.ok = false;
    s.rule = rule;
    s.reason = std::move(why);
    return s;
  };
  const Map& m = x.map;
  // Step A.
  const Hex prev = from.value_or(h);
  const auto d = from ? direction_to(prev, h) : std::optional<Direction>(Direction::N);
  if (!d) return fail("jemmapes:5.1", m.name(h) + " is not next to " + m.name(prev));
  const Printed pr = to_printed(h, m.layout());
  if (pr.col < 1 || pr.row < 1 || pr.col > 99 || pr.row > 99) return fail("jemmapes:5.1", "the step leaves the numbered map");
  if (!m.on_map(h)) return fail("jemmapes:5.1", m.name(h) + " is off the map");
  if (x.position.enemy_combat_in(h, u.side)) return fail("jemmapes:5.1", m.name(h) + " holds an enemy unit");
  for (const Unit* o : x.position.units_at(h))
    if (o->side != u.side) {
      if (!u.combat()) return fail("jemmapes:8.0", m.name(h) + " holds an enemy commander; a commander cannot enter it");
      s.commanders.push_back(o->id);
    }
  // RULE jemmapes:9.1.3 — Mons (map.places.mons, map data the source lacks): only Austrian units enter it and none leaves; a routed Austrian crosses the Trouille (a river hexside) only by the bridge at 1203
  const auto& mons = m.place("mons");
  if (mons.count(h) && (!from || !mons.count(prev)) && u.side != "austrian")
    return fail("jemmapes:9.1.3", m.name(h) + " is in Mons: only Austrian units may enter it (the Terrain Effects Table's note)");
  if (from && mons.count(prev) && !mons.count(h)) return fail("jemmapes:9.1.3", m.name(prev) + " is in Mons: a unit that entered Mons may not leave it");
  static const std::set<std::string> kNone;
  const auto& features = from ? m.features(Hexside::of(prev, *d)) : kNone;
  const bool river = std::any_of(features.begin(), features.end(), [](const std::string& f) { return is_river(f); });
  if (river && u.side == "austrian" && u.level == Level::Rout && m.name(prev) != "1203" && m.name(h) != "1203")
    return fail("jemmapes:9.1.3", "a routed Austrian crosses the Trouille only by the bridge at 1203, not between " + m.name(prev) + " and " + m.name(h));
  // Step B.
  if (!features.empty())
    // SOURCE-MISSING jemmapes:table.terrain — movement across or along a hexside feature (road, river, bridge...)
    throw RuleRefusal("jemmapes:table.terrain", "the Terrain Effects Table prints no movement effect for the '" +
                                                    *features.begin() + "' hexside between " + m.name(prev) + " and " +
                                                    m.name(h) + " (cut after the Citadel key: source-missing)");
  const int terrain = move_cost(x.tables, m.terrain(h));
  t.cite("jemmapes:table.terrain"_rule, [&] { return "entering " + m.name(h) + " (" + m.terrain(h) + ") costs " + std::to_string(terrain) + " MP"; });
  s.zoc = in_enemy_zoc(x, u.side, h);
  s.cost = terrain + (s.zoc ? 1 : 0);
  if (s.zoc) {
    const auto by = enemy_zoc_by(x, u.side, h, t);
    t.cite("jemmapes:1.6"_rule, [&] {
      std::string ids;
      for (const Unit* e : by) ids += (ids.empty() ? "" : ", ") + e->id;
      return m.name(h) + " is in the zone of control of " + ids + ": 1 more MP, and the unit stops there";
    });
    s.stop = true;
  } else {
    t.cite("jemmapes:1.6"_rule, [&] { return m.name(h) + " is in no enemy zone of control: no extra MP, no stop"; });
  }
  // Step C.
  if (from && first && s.zoc && in_enemy_zoc(x, u.side, prev)) {
    if (!start_surrounded || !u.combat())
      return fail("jemmapes:1.6", "no move from one enemy zone of control (" + m.name(prev) + ") straight into another (" + m.name(h) + ")");
    t.cite("jemmapes:1.6"_rule, [&] { return u.id + " is surrounded by enemy units and zones of control: it may move into " + m.name(h) + " at one more level of disorganisation, spending all its MP"; });
    s.surrounded_exception = true;
    s.cost = allowance - spent;
  }
  // Step D.
  if (!s.surrounded_exception && spent + s.cost > allowance)
    return fail("jemmapes:5.1", "entering " + m.name(h) + " costs " + std::to_string(s.cost) + " MP and only " +
                                    std::to_string(allowance - spent) + " of " + std::to_string(allowance) + " are left");
  // Step E.
  if (!ov.applies || s.surrounded_exception || !near_enemy(x, u.side, h)) return s;
  const std::string next_to = m.name(h) + (x.readings.is(jemmapes::reading::orders_adjacency_test_zoc) ? " is in an enemy zone of control" : " is next to an enemy unit");
  t.cite("jemmapes:table.orders"_rule, [&] { return next_to + " (jemmapes.orders.adjacency_test = " + x.readings.of(jemmapes::Switch::OrdersAdjacencyTest) + "): the " + to_string(ov.order) + " order decides whether " + u.id + " may enter"; });
  if (ov.order == Order::Manoeuvre) {
    // RULE jemmapes:4.1.2 — under a manoeuvre order no unit enters a hex next to the enemy
    return fail("jemmapes:4.1.2", next_to + ": a manoeuvring formation's units may not enter it");
  }
  if (ov.order == Order::Demoralised) {
    // RULE jemmapes:4.1.4 — a demoralised formation's units do not enter a hex next to the enemy
    return fail("jemmapes:4.1.4", next_to + ": a demoralised formation's units may not enter it");
  }
  if (ov.order == Order::Defensive) {
    // RULE jemmapes:4.1.3 — on the defensive, only where the formation already is or beside a friend in contact
    for (const Unit* o : x.position.combat_units_at(h, u.side))
      if (o->id != u.id && o->formation == u.formation) {
        t.cite("jemmapes:4.1.3"_rule, [&] { return next_to + ", but " + o->id + " of the same formation is already there"; });
        return s;
      }
    const bool same = x.readings.is(jemmapes::reading::orders_defensive_support_unit_same_formation);
    for (Hex n : neighbours(h))
      for (const Unit* o : x.position.combat_units_at(n, u.side))
        if (o->id != u.id && (!same || o->formation == u.formation) && near_enemy(x, u.side, o->hex)) {
          t.cite("jemmapes:4.1.3"_rule, [&] { return next_to + ", but it is next to " + o->id + ", itself in contact with the enemy"; });
          return s;
        }
    return fail("jemmapes:4.1.3", next_to + ": on the defensive a unit enters it only where its formation already is or beside a " +
                                      std::string(same ? "unit of its formation" : "friendly unit") + " in contact with the enemy");
  }
  return s;  // offensive: entry is free; the obligations are checked at the end
}

struct Label {
  int spent = 0;
  std::vector<Hex> path;
  bool stop = false, surrounded = false;
  std::vector<std::string> commanders;
};

// Every hex reachable by legal steps, by cheapest MP, the start included. Of paths of equal
// cost the one kept is found first: hexes are taken in order of MP spent, then of hex number.
// `entering`: the start is the entry hex, its cost spent first (none reachable when the entry
// itself is refused).
std::map<Hex, Label> explore(const Context& x, const Unit& u, const OrderView& ov, int allowance, bool entering = false) {
  Trace off(Trace::Off{}, x.catalog);
  std::map<Hex, Label> best;
  Label start;
  if (entering) {
    const Step s = try_step(x, u, ov, std::nullopt, u.hex, true, false, 0, allowance, off);
    if (!s.ok) return best;
    start = Label{s.cost, {}, s.stop, false, s.commanders};
  }
  best[u.hex] = start;
  const bool surr = !entering && in_enemy_zoc(x, u.side, u.hex) && surrounded(x, u);
  using Item = std::pair<int, Hex>;
  auto cmp = [](const Item& a, const Item& b) { return a.first > b.first || (a.first == b.first && b.second < a.second); };
  std::priority_queue<Item, std::vector<Item>, decltype(cmp)> open(cmp);
  open.push({start.spent, u.hex});
  while (!open.empty()) {
    const auto [spent, h] = open.top();
    open.pop();
    const Label here = best.at(h);
    if (spent != here.spent || here.stop) continue;
    for (Hex n : neighbours(h)) {
      const Printed pr = to_printed(n, x.map.layout());
      if (!x.map.on_map(n) || n == u.hex || pr.col < 1 || pr.row < 1 || pr.col > 99 || pr.row > 99) continue;
      const Step s = try_step(x, u, ov, h, n, h == u.hex, surr, spent, allowance, off);
      if (!s.ok) continue;
      const int total = spent + s.cost;
      auto it = best.find(n);
      if (it != best.end() && it->second.spent <= total) continue;
      Label l{total, here.path, s.stop || s.surrounded_exception, s.surrounded_exception, here.commanders};
      l.path.push_back(n);
      for (const auto& c : s.commanders) l.commanders.push_back(c);
      best[n] = l;
      open.push({total, n});
    }
  }
  return best;
}

// The offensive order's duties at the end of the move (4.1.1), or "" when they hold.
// RULE jemmapes:4.1.1 — good-order infantry and cavalry on the offensive close with the enemy unless in reserve
std::string offensive_duty(const Context& x, const Unit& u, const OrderView& ov, const MoveOptions& o, Hex end,
                           const std::map<Hex, Label>& reachable, Trace& t) {
  if (!ov.applies || ov.order != Order::Offensive) return "";
  if (u.kind == UnitKind::Artillery || u.level != Level::GoodOrder) {
    t.cite("jemmapes:4.1.1"_rule, [&] { return u.id + (u.kind == UnitKind::Artillery ? " is artillery" : " is disorganised") + ": free of the offensive order's duties"; });
    return "";
  }
  if (o.reserve) {
    const Formation* f = x.position.formation_of(u);
    int others = 0;
    for (const Unit& v : x.position.units)
      if (v.id != u.id && v.formation == u.formation && v.has("reserve")) ++others;
    if (!f->reserve) throw std::logic_error("reserve allowance checked by the question");
    if (others + 1 > *f->reserve)
      return "formation " + f->id + " may hold " + std::to_string(*f->reserve) + " unit(s) in reserve and " +
             std::to_string(others) + " other(s) already are";
    t.cite("jemmapes:4.1.1"_rule, [&] { return u.id + " is one of formation " + f->id + "'s reserve units (" + std::to_string(others + 1) + " of " + std::to_string(*f->reserve) + "): not bound to close"; });
    return "";
  }
  bool can_adjacent = false;
  int closest = std::numeric_limits<int>::max();
  for (const auto& [h, l] : reachable) {
    can_adjacent = can_adjacent || near_enemy(x, u.side, h);
    closest = std::min(closest, nearest_enemy_distance(x, u.side, h));
  }
  const bool started_near = near_enemy(x, u.side, u.hex), ends_near = near_enemy(x, u.side, end);
  if (started_near && !ends_near)
    return u.id + " is in contact with the enemy and in good order: it may leave only to end in contact again, or as a reserve unit";
  if (can_adjacent && !ends_near)
    return u.id + " can end next to the enemy and must (good order, offensive order, not in reserve)";
  if (!can_adjacent && nearest_enemy_distance(x, u.side, end) > closest)
    return u.id + " must close with the enemy as far as its MP allow: some reachable hex lies " + std::to_string(closest) +
           " hex(es) from the nearest enemy unit";
  t.cite("jemmapes:4.1.1"_rule, [&] { return u.id + " ends " + (ends_near ? "in contact with the enemy" : "as close to the enemy as it can") + ", as the offensive order requires"; });
  return "";
}

}  // namespace

int stacking_cp(const Context& x, int printed_cp, int current_cp) {
  return x.readings.is(jemmapes::reading::stacking_cp_basis_printed) ? printed_cp : current_cp;
}

bool cp_forbids_pairing(int cp, UnitKind other) { return cp >= 3 && other != UnitKind::Artillery; }

// RULE jemmapes:1.4 — two combat units a hex; one of CP 3 or more only with artillery; commanders do not count
bool stacking_ok(const Context& x, const std::vector<const Unit*>& units, std::string& reason, Trace& t) {
  std::vector<const Unit*> combat;
  for (const Unit* u : units)
    if (u->combat()) combat.push_back(u);
  if (combat.size() > 2) {
    reason = std::to_string(combat.size()) + " combat units in one hex: at most two may stack";
    t.cite("jemmapes:1.4"_rule, reason);
    return false;
  }
  if (combat.size() == 2) {
    for (int i = 0; i < 2; ++i) {
      const Unit& a = *combat[i];
      const Unit& b = *combat[1 - i];
      if (cp_forbids_pairing(stack_cp(x, a), b.kind)) {
        reason = a.id + " has a CP of " + std::to_string(stack_cp(x, a)) + " (" +
                 x.readings.of(jemmapes::Switch::StackingCpBasis) + "): it may stack only with artillery, and " + b.id + " is " +
                 to_string(b.kind);
        t.cite("jemmapes:1.4"_rule, reason);
        return false;
      }
    }
  }
  t.cite("jemmapes:1.4"_rule, [&] { return std::to_string(combat.size()) + " combat unit(s) in the hex: within the stacking limit"; });
  return true;
}

// Step A. The printed MP. Step B. The additive modifiers: -1 out of command (3.2), +1 manoeuvre
// (4.1.2, lost out of command). Step C. The defensive halving (4.1.3), in the order the switch says.
// RULE jemmapes:3.2 — a non-commanded unit has -1 MP and loses its order's benefits
int movement_allowance(const Context& x, const Unit& u, Trace& t) {
  // Step A.
  if (!u.mp) throw std::logic_error("Jemmapes movement of " + u.id + " without an MP (the question checks this)");
  const int base = *u.mp;
  const OrderView ov = order_view(x, u);
  // Step B.
  int add = 0;
  if (u.has("noncommanded")) {
    add -= 1;
    t.cite("jemmapes:3.2"_rule, [&] { return u.id + " is not commanded: -1 MP" + std::string(ov.applies ? ", and no benefit from its order" : ", and its order does not apply (all_effects)"); });
  }
  if (const Formation* f = x.position.formation_of(u); f && u.combat()) {
    t.cite("jemmapes:4.0"_rule, [&] { return u.id + "'s formation " + f->id + " is under " + to_string(f->order) + (f->order == Order::Demoralised ? "" : " order"); });
    if (ov.applies)
      t.cite("jemmapes:table.orders"_rule, [&] { return std::string("the ") + to_string(f->order) + " order's MP change and its limits next to the enemy (tested by " + x.readings.of(jemmapes::Switch::OrdersAdjacencyTest) + ") apply to " + u.id; });
  }
  if (u.level == Level::Rout) t.cite("jemmapes:4.1"_rule, [&] { return u.id + " is in rout: its formation's order does not apply"; });
  if (ov.applies && ov.order == Order::Manoeuvre) {
    if (ov.benefits) {
      add += 1;
      t.cite("jemmapes:4.1.2"_rule, [&] { return u.id + "'s formation manoeuvres: +1 MP"; });
    }
  }
  // Step C.
  int mp = base + add;
  if (ov.applies && ov.order == Order::Defensive) {
    const bool first_add = x.readings.is(jemmapes::reading::movement_mp_modifier_order_add_then_halve);
    mp = first_add ? (std::max(0, base + add) + 1) / 2 : (base + 1) / 2 + add;
    t.cite("jemmapes:4.1.3"_rule, [&] {
      return u.id + "'s formation is on the defensive: MP halved, rounded up (" + (first_add ? "after" : "before") +
             " the other modifiers): " + std::to_string(std::max(0, mp));
    });
  }
  mp = std::max(0, mp);
  t.cite("jemmapes:5.1"_rule, [&] { return u.id + " has " + std::to_string(mp) + " MP this movement segment (printed " + std::to_string(base) + ")"; });
  return mp;
}

// Step A. Refusals and the allowance. Step B. Each step in turn. Step C. At the end: the
// offensive order's duties, stacking, harnessing, the facing.
// RULE jemmapes:5.2 (part: who may react when the move pauses; the reaction itself is the reaction question, reaction.cc) — entering a hex next to an enemy unit not itself in a ZoC of the mover's side suspends the move
nlohmann::json check_path(const Context& x, const Unit& u, const std::vector<Hex>& path, const MoveOptions& o, Trace& t) {
  const Map& m = x.map;
  // Step A.
  if (u.level == Level::Rout) {
    t.cite("jemmapes:5.4"_rule, u.id + " is in rout: it moves only by the rout movement, toward its side's edge (question rout-move)");
    return nlohmann::json{{"unit", u.id}, {"legal", false}, {"failed_step", "start"}, {"rule", "jemmapes:5.4"},
                          {"reason", u.id + " is in rout: it has no move of its own choosing"}};
  }
  if (u.general && u.has("moved") && !path.empty()) {
    t.cite("jemmapes:8.0"_rule, u.id + " has already moved this round (his counter is flipped): the commanding general moves once a round");
    return nlohmann::json{{"unit", u.id}, {"legal", false}, {"failed_step", "start"}, {"rule", "jemmapes:8.0"},
                          {"reason", u.id + " has made his one move of the round"}};
  }
  const OrderView ov = order_view(x, u);
  const int allowance = movement_allowance(x, u, t);
  nlohmann::json out{{"unit", u.id}, {"allowance", allowance}};
  nlohmann::json steps = nlohmann::json::array();
  auto illegal = [&](const std::string& at, const std::string& rule, const std::string& reason) {
    t.cite(rule, reason);
    out["legal"] = false;
    out["failed_step"] = at;
    out["rule"] = rule;
    out["reason"] = reason;
    out["steps"] = steps;
    return out;
  };
  // Step B. An entering unit pays for its entry hex first (jemmapes:9.1.1).
  const bool surr = !o.entering && in_enemy_zoc(x, u.side, u.hex) && surrounded(x, u);
  int spent = 0;
  bool stopped = false, extra_level = false;
  Hex prev = u.hex;
  nlohmann::json commanders = nlohmann::json::array();
  if (o.entering) {
    const Step s = try_step(x, u, ov, std::nullopt, u.hex, true, false, 0, allowance, t);
    if (!s.ok) return illegal(m.name(u.hex), s.rule, s.reason);
    spent = s.cost;
    stopped = s.stop;
    for (const auto& c : s.commanders) commanders.push_back(c);
    t.cite("jemmapes:9.1.1"_rule, [&] { return u.id + " enters the map at " + m.name(u.hex) + " for " + std::to_string(s.cost) + " MP"; });
    steps.push_back({{"hex", m.name(u.hex)}, {"cost", s.cost}, {"mp_spent", spent}, {"enemy_zoc", s.zoc}, {"stop", stopped},
                     {"reactions", nlohmann::json::array()}, {"entry", true}});
  }
  for (std::size_t i = 0; i < path.size(); ++i) {
    const Hex h = path[i];
    if (stopped)
      return illegal(m.name(h), "jemmapes:1.6", u.id + " stopped on entering an enemy zone of control at " + m.name(prev) +
                                                    (extra_level ? " (surrounded: all its MP spent)" : ""));
    const Step s = try_step(x, u, ov, prev, h, i == 0, surr, spent, allowance, t);
    if (!s.ok) return illegal(m.name(h), s.rule, s.reason);
    spent += s.cost;
    stopped = s.stop || s.surrounded_exception;
    extra_level = extra_level || s.surrounded_exception;
    nlohmann::json reactions = nlohmann::json::array();
    if (u.combat())
      for (const Unit& e : x.position.units)
        if (e.combat() && e.side != u.side && distance(e.hex, h) == 1 && !in_enemy_zoc(x, e.side, e.hex)) reactions.push_back(e.id);
    if (!reactions.empty())
      t.cite("jemmapes:5.2"_rule, [&] { return "entering " + m.name(h) + " next to " + reactions.dump() + ", not in a zone of control of " + u.side + ": the move pauses for a reaction"; });
    for (const auto& c : s.commanders) {
      commanders.push_back(c);
      t.cite("jemmapes:8.0"_rule, [&] { return u.id + " enters " + m.name(h) + ", held only by enemy commander " + c + ": he takes an elimination test"; });
    }
    steps.push_back({{"hex", m.name(h)}, {"cost", s.cost}, {"mp_spent", spent}, {"enemy_zoc", s.zoc}, {"stop", stopped}, {"reactions", reactions}});
    prev = h;
  }
  const Hex end = path.empty() ? u.hex : path.back();
  // Step C.
  if (u.combat() && !extra_level) {
    const auto reachable = explore(x, u, ov, allowance, o.entering);
    const std::string duty = offensive_duty(x, u, ov, o, end, reachable, t);
    if (!duty.empty()) return illegal(m.name(end), "jemmapes:4.1.1", duty);
  }
  if (u.combat()) {
    std::vector<const Unit*> stack{&u};
    for (const Unit* v : x.position.combat_units_at(end, u.side))
      if (v->id != u.id) stack.push_back(v);
    std::string why;
    if (!stacking_ok(x, stack, why, t)) return illegal(m.name(end), "jemmapes:1.4", why + " at the end of the movement segment, as the position stands");
  }
  const Direction facing = o.facing.value_or(u.facing);
  // RULE jemmapes:1.3 — a unit ends its move in the facing its owner chooses
  if (facing != u.facing) t.cite("jemmapes:1.3"_rule, [&] { return u.id + " ends its move facing " + std::string(facing_name(facing)); });
  const bool harnessed = u.kind == UnitKind::Artillery && (o.entering || !path.empty() || facing != u.facing);
  if (u.kind == UnitKind::Artillery)
    t.cite("jemmapes:5.1"_rule, [&] { return u.id + (harnessed ? " moved or turned: it takes a harnessed artillery marker at no MP cost" : " neither moved nor turned: no harnessed marker (any is removed)"); });
  if (extra_level) t.cite("jemmapes:1.6"_rule, [&] { return u.id + " takes one more level of disorganisation and has no MP left"; });
  out["legal"] = true;
  out["steps"] = steps;
  out["mp_spent"] = spent;
  out["mp_left"] = extra_level ? 0 : allowance - spent;
  out["ends"] = m.name(end);
  out["facing"] = facing_name(facing);
  out["harnessed"] = harnessed;
  out["extra_level"] = extra_level;
  out["commander_tests"] = commanders;
  return out;
}

// Step A. Every hex reachable by legal steps. Step B. Kept where the move may end: the
// offensive order's duties and stacking hold.
nlohmann::json reach(const Context& x, const Unit& u, const MoveOptions& o, Trace& t) {
  if (u.level == Level::Rout) {
    t.cite("jemmapes:5.4"_rule, u.id + " is in rout: it moves only by the rout movement (question rout-move)");
    return nlohmann::json{{"unit", u.id}, {"count", 0}, {"hexes", nlohmann::json::object()}};
  }
  const OrderView ov = order_view(x, u);
  const int allowance = movement_allowance(x, u, t);
  // Step A.
  const auto all = explore(x, u, ov, allowance, o.entering);
  // Step B.
  Trace off(Trace::Off{}, x.catalog);
  nlohmann::json hexes = nlohmann::json::object();
  for (const auto& [h, l] : all) {
    if (u.combat() && !l.surrounded && !offensive_duty(x, u, ov, o, h, all, off).empty()) continue;
    if (u.combat()) {
      std::vector<const Unit*> stack{&u};
      for (const Unit* v : x.position.combat_units_at(h, u.side))
        if (v->id != u.id) stack.push_back(v);
      std::string why;
      if (!stacking_ok(x, stack, why, off)) continue;
    }
    nlohmann::json path = nlohmann::json::array();
    for (Hex p : l.path) path.push_back(x.map.name(p));
    hexes[x.map.name(h)] = {{"path", path}, {"mp_left", l.surrounded ? 0 : allowance - l.spent}, {"stop", l.stop}, {"extra_level", l.surrounded}};
  }
  t.cite("jemmapes:1.6"_rule, "each hex entered pays its terrain and 1 more MP in an enemy zone of control, where the move stops; no zone of control to zone of control");
  t.cite("jemmapes:5.1"_rule, [&] { return u.id + " may end in " + std::to_string(hexes.size()) + " hex(es) with " + std::to_string(allowance) + " MP"; });
  nlohmann::json out{{"unit", u.id}, {"allowance", allowance}, {"count", hexes.size()}, {"hexes", hexes}};
  if (o.entering) {
    // The entry hex (jemmapes:9.1.1): its cost, or why the unit cannot enter there.
    const Step s = try_step(x, u, ov, std::nullopt, u.hex, true, false, 0, allowance, t);
    out["entry"] = s.ok ? nlohmann::json{{"hex", x.map.name(u.hex)}, {"cost", s.cost}}
                        : nlohmann::json{{"hex", x.map.name(u.hex)}, {"refused", true}, {"rule", s.rule}, {"reason", s.reason}};
  }
  return out;
}

// Step A. The open hexes around: on the map, no enemy unit; hexside features are refused (their
// crossing is in the cut table). Step B. The owner's choice, or the blocked result.
// RULE jemmapes:1.6 — a unit forced to retreat into an enemy ZoC takes one more level (a step loss if in rout)
// RULE jemmapes:6.3 (part: the retreat of one hex) — R: every unit of the side retreats one hex
nlohmann::json retreat(const Context& x, const Unit& u, std::optional<Hex> to, Trace& t) {
  const Map& m = x.map;
  // Step A.
  nlohmann::json options = nlohmann::json::array(), preferred = nlohmann::json::array();
  bool chosen_ok = false;
  nlohmann::json chosen;
  for (Direction d : kAllDirections) {
    const Hex n = neighbour(u.hex, d);
    const Printed pr = to_printed(n, m.layout());
    if (pr.col < 1 || pr.row < 1 || !m.on_map(n) || x.position.enemy_combat_in(n, u.side)) continue;
    if (!m.features(Hexside::of(u.hex, d)).empty())
      // SOURCE-MISSING jemmapes:table.terrain — whether and how a retreat crosses a hexside feature
      throw RuleRefusal("jemmapes:table.terrain", "a retreat across the '" + *m.features(Hexside::of(u.hex, d)).begin() +
                                                      "' hexside at " + m.name(u.hex) + " needs the cut part of the Terrain Effects Table");
    const bool zoc = in_enemy_zoc(x, u.side, n);
    std::vector<const Unit*> stack{&u};
    for (const Unit* v : x.position.combat_units_at(n, u.side))
      if (v->id != u.id) stack.push_back(v);
    std::string why;
    Trace off(Trace::Off{}, x.catalog);
    const bool stack_ok = stacking_ok(x, stack, why, off);
    nlohmann::json o{{"hex", m.name(n)}, {"enemy_zoc", zoc}, {"stacking_ok", stack_ok}};
    if (zoc) o[u.level == Level::Rout ? "step_loss" : "extra_level"] = true;
    options.push_back(o);
    if (!zoc) preferred.push_back(m.name(n));
    if (to && *to == n) chosen_ok = true, chosen = o;
  }
  nlohmann::json out{{"unit", u.id}, {"options", options}, {"outside_enemy_zoc", preferred}};
  t.cite("jemmapes:6.3"_rule, [&] { return u.id + " retreats one hex: " + std::to_string(options.size()) + " hex(es) open, " + std::to_string(preferred.size()) + " outside enemy zones of control"; });
  // Step B.
  if (options.empty()) {
    const bool elim = x.readings.is(jemmapes::reading::retreat_blocked_result_eliminated);
    out["blocked"] = elim ? "eliminated" : "step_loss_stay";
    t.cite("jemmapes:6.3"_rule, [&] { return u.id + " has no hex to retreat into: " + (elim ? "eliminated" : "it loses a step and stays") + " (jemmapes.retreat.blocked_result)"; });
    return out;
  }
  if (!to) return out;
  if (!chosen_ok) {
    out["legal"] = false;
    out["reason"] = m.name(*to) + " is not an open hex next to " + u.id;
    t.cite("jemmapes:6.3"_rule, out["reason"].get<std::string>());
    return out;
  }
  out["legal"] = true;
  out["result"] = chosen;
  // RULE jemmapes:1.3 (part: one facing per hex) — a unit retreating in among friends takes their facing
  const Direction facing = x.position.stack_facing(*to, u.side, u.id).value_or(u.facing);
  out["result"]["facing"] = facing_name(facing);
  if (facing != u.facing)
    t.cite("jemmapes:1.3"_rule, [&] { return u.id + " retreats in among friends in " + m.name(*to) + " and takes their facing (" + facing_name(facing) + ")"; });
  // RULE jemmapes:1.6 (part: a retreat's hex) — retreating into an enemy ZoC costs one more level, or a step for a unit in rout
  if (chosen["enemy_zoc"].get<bool>())
    t.cite("jemmapes:1.6"_rule, [&] { return u.id + " retreats into an enemy zone of control at " + m.name(*to) + ": " + (u.level == Level::Rout ? "a step lost (it is in rout)" : "one more level of disorganisation"); });
  else
    t.cite("jemmapes:1.6"_rule, [&] { return m.name(*to) + " is in no enemy zone of control: no further loss"; });
  return out;
}

// How far `h` is from the goal: hexes to the nearest goal hex, or rows/columns to the edge.
int goal_distance(const Map& m, const RoutGoal& g, Hex h) {
  if (!g.hexes.empty()) {
    int best = 1 << 20;
    for (Hex t : g.hexes) best = std::min(best, distance(h, t));
    return best;
  }
  const Printed p = to_printed(h, m.layout());
  const MapBounds b = *m.bounds();
  switch (g.edge) {
    case 'n': return p.row - b.min_row;
    case 's': return b.max_row - p.row;
    case 'w': return p.col - b.min_col;
    default: return b.max_col - p.col;
  }
}

// Step A. Every hex the routed unit can reach under the movement rules (terrain, the enemy's
// ZoC, no enemy hex; its order does not apply) and may end in (stacking, unless it leaves the
// map there). Step B. The most direct: the least distance to the goal, then the fewest MP. Step
// C. Off the map or into the goal: eliminated. Step D. The friendly units whose hexes it crossed
// take a level. Step E. Ending among friends, it takes their facing (jemmapes:1.3).
// RULE jemmapes:5.4 — routed units spend their MP on the most direct route to their edge; friends crossed take a level; leaving the map eliminates them
// RULE jemmapes:9.1.3 — the rout goals: the French flee to the south edge, the Austrians to Mons (map.places.mons); a routed Austrian entering Mons is eliminated
nlohmann::json rout_move(const Context& x, const Unit& u, const RoutGoal& goal, Trace& t) {
  const Map& m = x.map;
  // Step A.
  const int allowance = movement_allowance(x, u, t);
  auto all = explore(x, u, OrderView{}, allowance);
  const auto leaves_map = [&](const Label& l, Hex h) {
    return goal.hexes.empty() && goal_distance(m, goal, h) == 0 && l.spent < allowance && !l.stop;
  };
  Trace off(Trace::Off{}, x.catalog);
  std::erase_if(all, [&](const auto& entry) {
    const auto& [h, l] = entry;
    if (h == u.hex || leaves_map(l, h)) return false;
    std::vector<const Unit*> stack{&u};
    for (const Unit* v : x.position.combat_units_at(h, u.side)) stack.push_back(v);
    std::string why;
    return !stacking_ok(x, stack, why, off);
  });
  // Step B.
  const Label* best = nullptr;
  Hex best_hex = u.hex;
  int best_d = goal_distance(m, goal, u.hex);
  // Ties (the owner's choice) are listed; the engine takes the one least off the start's line
  // (the nearest in hexes to the start, then the fewest columns and rows aside), and among hexes
  // tied on that too the first in hex order (lowest column, then lowest row): `all` is in that
  // order and only a strictly better hex displaces the best so far.
  auto aside = [&](Hex h) {
    const Printed a = to_printed(h, m.layout()), b = to_printed(u.hex, m.layout());
    return std::make_pair(distance(h, u.hex), std::abs(a.col - b.col) + std::abs(a.row - b.row));
  };
  for (const auto& [h, l] : all) {
    const int d = goal_distance(m, goal, h);
    if (!best || d < best_d || (d == best_d && (l.spent < best->spent || (l.spent == best->spent && aside(h) < aside(best_hex)))))
      best = &l, best_hex = h, best_d = d;
  }
  nlohmann::json tied = nlohmann::json::array();
  for (const auto& [h, l] : all)
    if (goal_distance(m, goal, h) == best_d && l.spent == best->spent && h != best_hex) tied.push_back(m.name(h));
  nlohmann::json path = nlohmann::json::array();
  for (Hex h : best->path) path.push_back(m.name(h));
  nlohmann::json out{{"unit", u.id}, {"allowance", allowance}, {"path", path}, {"ends", m.name(best_hex)}, {"also_most_direct", tied}};
  // Step C.
  const bool arrived = !goal.hexes.empty() && best_d == 0;
  const bool exits = leaves_map(*best, best_hex);
  out["eliminated"] = arrived || exits;
  t.cite("jemmapes:5.4"_rule, [&] {
    return u.id + " flees " + std::to_string(best->path.size()) + " hex(es) by the most direct route to " + m.name(best_hex) +
           (exits ? " and leaves the map: eliminated, its steps count for victory points" : "");
  });
  if (arrived) t.cite("jemmapes:9.1.3"_rule, [&] { return u.id + " reaches " + m.name(best_hex) + ", its rout goal: it cannot leave and is eliminated"; });
  // Step D.
  nlohmann::json crossed = nlohmann::json::array();
  for (std::size_t i = 0; i + 1 < best->path.size(); ++i)
    for (const Unit* o : x.position.combat_units_at(best->path[i], u.side))
      if (o->id != u.id) crossed.push_back(o->id);
  if (!crossed.empty()) t.cite("jemmapes:5.4"_rule, [&] { return "the routed unit crossed " + crossed.dump() + ": each takes one more level"; });
  out["levels_to"] = crossed;
  // Step E.
  // RULE jemmapes:1.3 (part: one facing per hex) — a routed unit ending among friends takes their facing
  const std::optional<Direction> joined = arrived || exits ? std::nullopt : x.position.stack_facing(best_hex, u.side, u.id);
  const Direction facing = joined.value_or(u.facing);
  out["facing"] = facing_name(facing);
  if (facing != u.facing)
    t.cite("jemmapes:1.3"_rule, [&] { return u.id + " ends its rout among friends in " + m.name(best_hex) + " and takes their facing (" + facing_name(facing) + ")"; });
  return out;
}

// RULE jemmapes:9.1.3 — the French rout toward the southern edge, the Austrians toward the town of Mons
std::optional<RoutGoal> scenario_rout_goal(const Map& m, const std::string& side, Trace& t) {
  RoutGoal g;
  if (side == "french") {
    t.cite("jemmapes:9.1.3"_rule, "a routed French unit flees toward the southern edge");
    return g;
  }
  if (side != "austrian" || m.place("mons").empty()) return std::nullopt;
  g.hexes.assign(m.place("mons").begin(), m.place("mons").end());
  t.cite("jemmapes:9.1.3"_rule, [&] {
    std::string hs;
    for (Hex h : g.hexes) hs += (hs.empty() ? "" : ", ") + m.name(h);
    return "a routed Austrian unit flees toward Mons (" + hs + ", map data the source lacks)";
  });
  return g;
}

StepVerdict move_step(const Context& x, const Unit& u, Hex prev, Hex h, bool first, bool surrounded, int spent, int allowance, Trace& t) {
  const Step s = try_step(x, u, order_view(x, u), prev, h, first, surrounded, spent, allowance, t);
  return StepVerdict{s.ok, s.rule, s.reason, s.cost, s.stop, s.surrounded_exception, s.commanders};
}

bool starts_surrounded(const Context& x, const Unit& u) { return in_enemy_zoc(x, u.side, u.hex) && surrounded(x, u); }

}  // namespace hexlaw::jemmapes
