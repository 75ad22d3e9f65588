// Owns: Jemmapes fire and assault up to the table (see combat.h).
#include "engine/jemmapes/combat.h"

#include <algorithm>
#include <mutex>
#include <stdexcept>

#include "engine/core/errors.h"
#include "engine/core/yaml_read.h"
#include "engine/jemmapes/command.h"
#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/terrain.h"

namespace hexlaw::jemmapes {
namespace {

const GridTable& grid(const Context& x, const char* id) {
  const GridTable* g = x.tables.grid(id);
  if (!g) throw std::logic_error(std::string("spec/tables lacks ") + id);
  return *g;
}

bool charging_cavalry(const Unit& u) { return u.kind == UnitKind::Cavalry && u.has("charge"); }

// The terrain modifier of `h` for `column` (fire or assault): the printed row's, or the case's
// own values for terrain the cut table does not print (refused when it gives none).
void terrain_drms(const Context& x, Hex h, bool fire, const std::vector<SuppliedTerrain>& supplied, std::vector<Drm>& out, Trace& t) {
  const std::string& name = x.map.terrain(h);
  const TerrainRow row = terrain_row(x.tables, name);
  if (row.printed) {
    const int v = fire ? row.fire : row.assault;
    t.cite("jemmapes:table.terrain"_rule, [&] { return std::string(fire ? "fire at " : "assault on ") + x.map.name(h) + " (" + name + "): " + std::to_string(v); });
    if (v) out.push_back({"jemmapes:table.terrain", name + " (" + x.map.name(h) + ")", v});
  } else if (supplied.empty()) {
    (void)(fire ? fire_drm(x.tables, name) : assault_drm(x.tables, name));  // refuses by name
  }
  for (const auto& s : supplied) {
    t.cite("jemmapes:table.terrain"_rule, [&] { return s.what + ": " + std::to_string(s.drm) + ", a value the case gives (the table is cut after the Citadel key)"; });
    out.push_back({"jemmapes:table.terrain", s.what + " (case-supplied)", s.drm});
  }
}

// Whether some shortest path from `a` to `b` runs only through `dirs`.
bool along(Hex a, Hex b, const std::vector<Direction>& dirs) {
  if (a == b) return true;
  for (Direction d : dirs) {
    const Hex n = neighbour(a, d);
    if (distance(n, b) == distance(a, b) - 1 && along(n, b, dirs)) return true;
  }
  return false;
}

// Artillery's field of fire (6.1): within 3 hexes, through a frontal hex (or inside the cone of
// the frontal hexes, by jemmapes.fire.artillery_arc).
bool in_arc(const Context& x, const Unit& g, Hex target) {
  const int f = static_cast<int>(g.facing);
  const std::vector<Direction> front = {static_cast<Direction>((f + 5) % 6), g.facing, static_cast<Direction>((f + 1) % 6)};
  if (x.readings.is(jemmapes::reading::fire_artillery_arc_frontal_cone)) return along(g.hex, target, front);
  for (Direction d : front) {
    const Hex n = neighbour(g.hex, d);
    if (distance(n, target) == distance(g.hex, target) - 1) return true;
  }
  return false;
}

// Whether one traced line is blocked (6.1.1), with the elevations and slopes the case gives.
// Step 1. A hex between the ends higher than both blocks (a change in elevation is an obstacle,
// 5.3.1). Step 2. Blocking terrain or a combat unit between blocks, except, with the ends at one
// level, in a hex lower than them. Step 3. With the ends at different levels, a slope hexside
// the line crosses blocks unless it borders the shooter's or the target's hex.
bool line_blocked(const Context& x, const std::vector<Hex>& hexes, std::string& why) {
  const Position& p = x.position;
  const Hex a = hexes.front(), b = hexes.back();
  const int ea = p.elevation(a), eb = p.elevation(b);
  for (std::size_t i = 1; i + 1 < hexes.size(); ++i) {
    const Hex h = hexes[i];
    const int eh = p.elevation(h);
    // Step 1.
    if (eh > ea && eh > eb) {
      why = x.map.name(h) + " (level " + std::to_string(eh) + ") is higher than both ends";
      return true;
    }
    // Step 2.
    const bool lower = ea == eb && eh < ea;
    if (blocks_los(x.tables, x.map.terrain(h))) {
      if (!lower) {
        why = x.map.name(h) + " (" + x.map.terrain(h) + ") blocks the line";
        return true;
      }
    }
    for (const Unit* u : p.units_at(h))
      if (u->combat() && !lower) {
        why = u->id + " at " + x.map.name(h) + " blocks the line";
        return true;
      }
  }
  // Step 3.
  if (ea != eb)
    for (std::size_t i = 0; i + 1 < hexes.size(); ++i) {
      const Hex h = hexes[i], n = hexes[i + 1];
      if (p.slope_between(h, n) && h != a && n != b && h != b && n != a) {
        why = "the slope between " + x.map.name(h) + " and " + x.map.name(n) + " is at neither end";
        return true;
      }
    }
  return false;
}

// RULE jemmapes:6.1.1 — blocking terrain and units block, at one level not from a lower hex; a hex above both ends blocks; between levels a slope not at either end blocks; along a hex edge only if both sides block (elevations and slopes are case data)
bool line_of_sight(const Context& x, Hex a, Hex b, std::string& why, Trace& t) {
  const auto pos = line(a, b, LineNudge::Positive), neg = line(a, b, LineNudge::Negative);
  std::string w1, w2;
  const bool b1 = line_blocked(x, pos, w1);
  const bool blocked = pos == neg ? b1 : b1 && line_blocked(x, neg, w2);
  if (blocked) why = w1 + (w2.empty() ? "" : " and " + w2 + " on the other side of the edge");
  t.cite("jemmapes:6.1.1"_rule, [&] { return "line of sight " + x.map.name(a) + " to " + x.map.name(b) + (blocked ? ": blocked, " + why : std::string(": clear") + (pos == neg ? "" : " (along a hex edge, open on one side)")); });
  return !blocked;
}

// Parses "1/4", "4/1 and more" into p and q.
bool ratio_key(const std::string& key, int& p, int& q) {
  const auto slash = key.find('/');
  if (slash == std::string::npos || key.rfind("Less", 0) == 0) return false;
  p = std::stoi(key.substr(0, slash));
  q = std::stoi(key.substr(slash + 1));
  return true;
}

int ratio_cell(const std::string& cell) { return cell.rfind("Plus ", 0) == 0 ? std::stoi(cell.substr(5)) : std::stoi(cell); }

// The Assault Table rows the rulebook's example prints (example_values in the table's file).
std::optional<std::pair<std::string, std::string>> example_row(const Context& x, int total) {
  static std::mutex mu;
  static std::map<std::string, std::map<int, std::pair<std::string, std::string>>> cache;
  const std::string file = (x.catalog.spec_dir() / "tables" / "jemmapes" / "assault.yaml").string();
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(file);
  if (it == cache.end()) {
    std::map<int, std::pair<std::string, std::string>> rows;
    const auto doc = Field<SpecError>::load_file(file);
    doc["example_values"].for_each_item([&](const Field<SpecError>& e) {
      if (!e["row"].present()) return;
      rows[std::stoi(e["row"].str())] = {e["value"]["Attacker"].str(), e["value"]["Defender"].str()};
    });
    it = cache.emplace(file, std::move(rows)).first;
  }
  auto r = it->second.find(total);
  if (r == it->second.end()) return std::nullopt;
  return r->second;
}

// Marks a fire or assault not allowed, with the rule and the reason, cited in the trace.
template <class Setup>
Setup& refuse(Setup& s, const char* rule, std::string why, Trace& t) {
  s.legal = false;
  s.rule = rule;
  s.reason = std::move(why);
  t.cite(rule, s.reason);
  return s;
}

// RULE jemmapes:6.0 (part: jemmapes.combat.unit_once_per_activation) — a unit that has fought this activation fights no more (true), or may fight again (false)
// Why one of `units` may not fight again this activation, or "".
std::string fought_already(const Context& x, const std::vector<const Unit*>& units, const std::vector<std::string>& fought) {
  if (fought.empty() || !x.readings.is(jemmapes::reading::combat_unit_once_per_activation_true)) return "";
  for (const Unit* u : units)
    if (std::find(fought.begin(), fought.end(), u->id) != fought.end())
      return u->id + " has already fought this activation (jemmapes.combat.unit_once_per_activation = true)";
  return "";
}

// Whether the target hex has already taken `combat` ("assault", "infantry fire" ...) this segment (6.0).
bool already_taken(const std::vector<std::string>& already, const std::string& combat) {
  return std::find(already.begin(), already.end(), combat) != already.end();
}

// The combat units in `h` that are enemies of `side`, in position order.
std::vector<const Unit*> enemies_at(const Position& p, Hex h, const std::string& side) {
  std::vector<const Unit*> out;
  for (const Unit& u : p.units)
    if (u.hex == h && u.combat() && u.side != side) out.push_back(&u);
  return out;
}

// Whether one of `units`, not in rout, belongs to a formation under a defensive order (4.1's note:
// a routed unit has no order).
bool any_defensive(const Context& x, const std::vector<const Unit*>& units) {
  return std::any_of(units.begin(), units.end(), [&](const Unit* u) {
    const Formation* f = x.position.formation_of(*u);
    return f && f->order == Order::Defensive && u->level != Level::Rout;
  });
}

bool any_level2(const std::vector<const Unit*>& units) {
  return std::any_of(units.begin(), units.end(), [](const Unit* u) { return u->level == Level::Disorganised2; });
}

// Cites each modifier under its rule and returns their total.
int cite_and_sum(const std::vector<Drm>& drms, Trace& t) {
  int sum = 0;
  for (const auto& d : drms) {
    sum += d.value;
    t.cite(d.rule, [&] { return d.what + ": " + (d.value > 0 ? "+" : "") + std::to_string(d.value); });
  }
  return sum;
}

}  // namespace

nlohmann::json to_json(const std::vector<Drm>& drms) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& d : drms) out.push_back({{"rule", d.rule}, {"what", d.what}, {"value", d.value}});
  return out;
}

// Step A. Who takes part: attackers with the hex in their ZoC (6.0), the defenders. Step B. An
// isolated artillery hex is destroyed (6.2). Step C. The strength ratio (matrix). Step D. Heads,
// charges, counter-charge (5.3, 6.2). Step E. The modifiers of the Assault Table. Step F. The cap.
// RULE jemmapes:6.0 — active units fight enemy units in their ZoC, whatever their order; a hex takes one fire of each type and one assault a segment
// RULE jemmapes:6.2 — head units, the morale difference, bayonet charges, isolated artillery destroyed, the +/-6 cap
// RULE jemmapes:table.assault — the modifiers of the Assault Table, with the signs the catalog rules
// RULE jemmapes:table.strength-ratio — the attacker's SS to the defender's, read down to the printed ratio reached
// RULE jemmapes:5.3.1 — the cavalry moved before arriving next to its target (jemmapes.charge.min_move_hexes, judged on the move the case gives, else on its charge marker); clear ground at both ends, no obstacle between
// RULE jemmapes:5.3.2 — each charging cavalry unit +2 (at most +4 with bayonets) and a level after the combat
// RULE jemmapes:5.3.3 — cavalry in the charged hex not in another enemy ZoC may counter-charge
// RULE jemmapes:5.3.4 — a counter-charge cancels the charge modifier; both sides' chargers take a level
AssaultSetup assault_setup(const Context& x, const AssaultInput& in, Trace& t) {
  const Map& m = x.map;
  AssaultSetup s;
  auto illegal = [&](const char* rule, std::string why) { return refuse(s, rule, std::move(why), t); };
  // Step A.
  if (already_taken(in.already, "assault"))
    return illegal("jemmapes:6.0", m.name(in.target) + " has already been assaulted this combat segment");
  if (const std::string why = fought_already(x, in.attackers, in.fought); !why.empty()) return illegal("jemmapes:6.0", why);
  const std::string side = in.attackers.front()->side;
  for (const Unit* a : in.attackers) {
    if (!a->combat() || a->side != side) return illegal("jemmapes:6.0", a->id + " is not a combat unit of " + side);
    if (!exerts_zoc_into(x, *a, in.target, t, true))
      return illegal("jemmapes:6.0", a->id + " does not have " + m.name(in.target) + " in its zone of control");
  }
  s.defenders = enemies_at(x.position, in.target, side);
  if (s.defenders.empty()) return illegal("jemmapes:6.0", m.name(in.target) + " holds no enemy combat unit");
  t.cite("jemmapes:6.0"_rule, [&] { return std::to_string(in.attackers.size()) + " unit(s) have " + m.name(in.target) + " in their zone of control and may assault it, whatever their order"; });
  // Step B.
  if (std::all_of(s.defenders.begin(), s.defenders.end(), [](const Unit* d) { return d->kind == UnitKind::Artillery; })) {
    s.artillery_destroyed = true;
    t.cite("jemmapes:6.2"_rule, [&] { return "the artillery alone in " + m.name(in.target) + " is destroyed outright; the attacker loses nothing"; });
    return s;
  }
  // Step C.
  for (const Unit* a : in.attackers) s.attack_ss += a->cp;
  for (const Unit* d : s.defenders) s.defence_ss += d->cp;
  const GridTable& matrix = grid(x, "jemmapes:table.strength-ratio");
  std::optional<int> ratio_drm;
  for (const GridRow& r : matrix.rows) {
    int p = 0, q = 0;
    if (!ratio_key(r.key, p, q)) continue;
    if (s.attack_ss * q >= p * s.defence_ss) ratio_drm = ratio_cell(*r.cells.at(0)), s.ratio = r.key;
  }
  if (!ratio_drm)
    return illegal("jemmapes:table.strength-ratio", std::to_string(s.attack_ss) + " SS against " + std::to_string(s.defence_ss) + ": less than 1/4, combat prohibited");
  t.cite("jemmapes:table.strength-ratio"_rule, [&] { return std::to_string(s.attack_ss) + " SS against " + std::to_string(s.defence_ss) + " reads " + s.ratio + ": " + std::to_string(*ratio_drm); });
  // Step D.
  std::vector<const Unit*> chargers;
  for (const Unit* a : in.attackers) {
    if (!charging_cavalry(*a)) continue;
    const auto d = direction_to(a->hex, in.target);
    if (!terrain_row(x.tables, m.terrain(a->hex)).printed || m.terrain(a->hex) != "clear" || m.terrain(in.target) != "clear" ||
        !m.features(Hexside::of(a->hex, *d)).empty())
      return illegal("jemmapes:5.3.1", a->id + " cannot charge: its hex and the target's must be clear terrain with no obstacle between");
    if (const auto mv = in.charge_moves.find(a->id); mv != in.charge_moves.end()) {
      const int entered = static_cast<int>(mv->second.size()) - 1;
      const bool two = x.readings.is(jemmapes::reading::charge_min_move_hexes_2);
      const bool started_next = distance(mv->second.front(), in.target) <= 1;
      if (two ? entered < 2 : (entered < 1 || started_next))
        return illegal("jemmapes:5.3.1", a->id + " entered " + std::to_string(entered) + " hex(es)" + (started_next ? " from a hex next to the target" : "") +
                                             ": a charge needs " + (two ? "two hexes entered, the last next to the target" : "a hex entered from a start not next to the target") +
                                             " (jemmapes.charge.min_move_hexes = " + x.readings.of(jemmapes::Switch::ChargeMinMoveHexes) + ")");
      t.cite("jemmapes:5.3.1"_rule, [&] { return a->id + " entered " + std::to_string(entered) + " hex(es) before arriving next to " + m.name(in.target) + ": it may charge (jemmapes.charge.min_move_hexes = " + x.readings.of(jemmapes::Switch::ChargeMinMoveHexes) + ")"; });
    } else {
      t.cite("jemmapes:5.3.1"_rule, [&] { return a->id + " carries a charge marker: the case gives it as having moved before arriving (question.charge_moves judges the move)"; });
    }
    t.cite("jemmapes:5.3.1"_rule, [&] { return a->id + "'s hex and " + m.name(in.target) + " are clear, with no obstacle between"; });
    chargers.push_back(a);
  }
  if (in.bayonet.size() > 2) return illegal("jemmapes:6.2", "at most two infantry units make a bayonet charge");
  for (const Unit* b : in.bayonet) {
    if (side != "french" || b->kind != UnitKind::Infantry || std::find(in.attackers.begin(), in.attackers.end(), b) == in.attackers.end())
      return illegal("jemmapes:6.2", b->id + " cannot make a bayonet charge: only attacking French infantry may");
    chargers.push_back(b);
  }
  if (!chargers.empty() && std::find(chargers.begin(), chargers.end(), in.attacker_head) == chargers.end())
    return illegal("jemmapes:6.2", "units charge, so the head unit must be one of them, not " + in.attacker_head->id);
  const Unit* countercharger = nullptr;
  if (in.countercharge) {
    bool cavalry_charge = false;
    for (const Unit* c : chargers) cavalry_charge = cavalry_charge || c->kind == UnitKind::Cavalry;
    if (!cavalry_charge) return illegal("jemmapes:5.3.3", "there is no cavalry charge to counter");
    for (const Unit* d : s.defenders)
      if (d->kind == UnitKind::Cavalry) {
        Trace off(Trace::Off{}, x.catalog);
        bool held = false;
        for (const Unit& e : x.position.units)
          if (e.side == side && e.combat() && std::find(chargers.begin(), chargers.end(), &e) == chargers.end() &&
              distance(e.hex, d->hex) == 1 && exerts_zoc_into(x, e, d->hex, off))
            held = true;
        if (!held) countercharger = d;
      }
    if (!countercharger) return illegal("jemmapes:5.3.3", "no defending cavalry free of other enemy zones of control can counter-charge");
    t.cite("jemmapes:5.3.3"_rule, [&] { return countercharger->id + " counter-charges"; });
  }
  // Step E.
  t.cite("jemmapes:table.assault"_rule, "the Assault Table's modifiers: terrain, strength ratio, head units' morale, commanders, flank and rear, unengaged enemies, defensive order, level-2 units, charges");
  terrain_drms(x, in.target, false, in.terrain, s.drms, t);
  if (*ratio_drm) s.drms.push_back({"jemmapes:table.strength-ratio", "strength ratio " + s.ratio, *ratio_drm});
  const int morale = unit_morale(x, *in.attacker_head, t) - unit_morale(x, *in.defender_head, t);
  t.cite("jemmapes:6.2"_rule, [&] { return "head units " + in.attacker_head->id + " and " + in.defender_head->id + ": morale difference " + std::to_string(morale); });
  if (morale) s.drms.push_back({"jemmapes:6.2", "morale difference of the head units", morale});
  if (in.attacker_commander) s.drms.push_back({"jemmapes:table.assault", "tactical value of " + in.attacker_commander->id, *in.attacker_commander->tv});
  if (in.defender_commander) s.drms.push_back({"jemmapes:table.assault", "tactical value of " + in.defender_commander->id, -*in.defender_commander->tv});
  const Unit& dh = *in.defender_head;
  if (terrain_row(x.tables, m.terrain(in.target)).zoc_all_round) {
    t.cite("jemmapes:table.terrain"_rule, "the defenders stand in a village: they have no flank or rear hexes");
  } else {
    int best = 0;
    for (const Unit* a : in.attackers) {
      const Aspect asp = aspect(dh, *direction_to(dh.hex, a->hex));
      best = std::max(best, asp == Aspect::Rear ? 4 : asp == Aspect::Flank ? 2 : 0);
    }
    if (best) s.drms.push_back({"jemmapes:table.assault", best == 4 ? "attack from the defender's rear hex" : "attack from a flank hex of the defender", best});
  }
  std::set<Hex> unengaged;
  const bool by_zoc = x.readings.is(jemmapes::reading::assault_unengaged_enemy_test_zoc);
  Trace off(Trace::Off{}, x.catalog);
  for (const Unit& e : x.position.units) {
    if (!e.combat() || e.side == side || e.hex == in.target) continue;
    if (std::find(in.engaged.begin(), in.engaged.end(), e.hex) != in.engaged.end()) continue;
    for (const Unit* a : in.attackers)
      if (distance(a->hex, e.hex) == 1 && (!by_zoc || exerts_zoc_into(x, e, a->hex, off))) unengaged.insert(e.hex);
  }
  for (Hex h : unengaged) s.drms.push_back({"jemmapes:table.assault", "unengaged enemy " + std::string(by_zoc ? "zone of control on" : "next to") + " an attacker at " + m.name(h), -2});
  if (any_defensive(x, s.defenders)) s.drms.push_back({"jemmapes:table.assault", "the defenders are under a defensive order", -2});
  if (any_level2(in.attackers)) s.drms.push_back({"jemmapes:table.assault", "a level-2 disorganised unit attacks", -2});
  if (any_level2(s.defenders))
    s.drms.push_back({"jemmapes:table.assault", "a level-2 disorganised unit defends", 2});
  const bool cancel_bayonet = x.readings.is(jemmapes::reading::charge_countercharge_cancels_bayonet_true);
  int charge = 0;
  for (const Unit* c : chargers) {
    const bool cancelled = countercharger && (c->kind == UnitKind::Cavalry || cancel_bayonet);
    if (cancelled) t.cite("jemmapes:5.3.4"_rule, [&] { return c->id + "'s charge modifier is cancelled by the counter-charge"; });
    else charge += 2;
    s.extra_level.push_back(c->id);
  }
  if (countercharger) s.extra_level.push_back(countercharger->id);
  charge = std::min(charge, 4);
  if (charge) s.drms.push_back({chargers.front()->kind == UnitKind::Cavalry ? "jemmapes:5.3.2" : "jemmapes:6.2", "charging units (+2 each, at most +4)", charge});
  for (const auto& id : s.extra_level) t.cite(countercharger ? "jemmapes:5.3.4" : chargers.front()->kind == UnitKind::Cavalry ? "jemmapes:5.3.2" : "jemmapes:6.2", [&] { return id + " charged: one more level of disorganisation after the combat"; });
  // Step F.
  s.sum = cite_and_sum(s.drms, t);
  const int others = s.sum - morale;  // every modifier but the head units' morale difference
  if (x.readings.is(jemmapes::reading::assault_drm_cap_scope_excludes_morale)) s.capped = std::clamp(others, -6, 6) + morale;
  else s.capped = std::clamp(s.sum, -6, 6);
  t.cite("jemmapes:6.2"_rule, [&] { return "modifiers total " + std::to_string(s.sum) + ", capped at +/-6 (" + x.readings.of(jemmapes::Switch::AssaultDrmCapScope) + "): " + std::to_string(s.capped); });
  return s;
}

// RULE jemmapes:table.assault — the printed rows "0 or less" to 8 read on the modified total
TableRead assault_table(const Context& x, int modified, Trace& t) {
  const GridTable& g = grid(x, "jemmapes:table.assault");
  TableRead out;
  const std::string key = modified <= 0 ? "0 or less" : std::to_string(modified);
  out.row = key;
  const GridRow* row = nullptr;
  for (const GridRow& r : g.rows)
    if (r.key == key) row = &r;
  if (!row || !row->cells.at(0) || !row->cells.at(1)) {
    if (x.readings.is(jemmapes::reading::assault_unprinted_rows_example_values))
      if (const auto e = example_row(x, modified)) {
        t.cite("jemmapes:table.assault"_rule, [&] { return "row " + key + " is not printed; the example of combat gives " + e->first + " / " + e->second + " (jemmapes.assault.unprinted_rows = example_values)"; });
        out.attacker = parse_result(e->first);
        out.defender = parse_result(e->second);
        return out;
      }
    // SOURCE-MISSING jemmapes:table.assault — row 8's Defender cell and the rows from 9 are cut from the transcription
    throw RuleRefusal("jemmapes:table.assault", "a modified total of " + key + " needs " + (row ? "row " + key + "'s Defender cell" : "row " + key) +
                                                    ", which the transcription does not print (source-missing)");
  }
  out.attacker = parse_result(*row->cells[0]);
  out.defender = parse_result(*row->cells[1]);
  t.cite("jemmapes:table.assault"_rule, [&] { return "row " + key + ": attacker " + *row->cells[0] + ", defender " + *row->cells[1]; });
  return out;
}

// Step A. The shooters: one type, each able to reach the target (6.1). Step B. Their SS and the
// column. Step C. The modifiers of the Fire Table.
// RULE jemmapes:6.1 — infantry at 1 hex, no cavalry, artillery to 3 hexes through its front with a line of sight; one type per fire, CP combined
// RULE jemmapes:table.fire — the column of the shooters' combined SS and the printed modifiers
FireSetup fire_setup(const Context& x, const FireInput& in, Trace& t) {
  const Map& m = x.map;
  FireSetup s;
  auto illegal = [&](const char* rule, std::string why) { return refuse(s, rule, std::move(why), t); };
  // Step A.
  const Unit& first = *in.shooters.front();
  for (const Unit* u : in.shooters) {
    if (u->kind == UnitKind::Cavalry || !u->combat()) return illegal("jemmapes:6.1", u->id + " cannot fire: only infantry and artillery fire");
    if (u->kind != first.kind) return illegal("jemmapes:6.1", "infantry and artillery never combine their CP in one fire");
    if (u->side != first.side) return illegal("jemmapes:6.1", "the shooters are of two sides");
    if (u->level == Level::Rout && x.readings.is(jemmapes::reading::rout_zoc_and_combat_none))
      return illegal("jemmapes:6.0", u->id + " is in rout and does not fight (jemmapes.rout.zoc_and_combat = none)");
    const int dist = distance(u->hex, in.target);
    if (u->kind == UnitKind::Infantry || dist == 1) {
      if (!exerts_zoc_into(x, *u, in.target, t, true))
        return illegal("jemmapes:6.1", u->id + " can fire only at 1 hex, into its zone of control, and " + m.name(in.target) + " is not in it");
      continue;
    }
    if (dist > 3 || dist < 1) return illegal("jemmapes:6.1", u->id + " is " + std::to_string(dist) + " hexes from the target: artillery reaches 3");
    if (!in_arc(x, *u, in.target))
      return illegal("jemmapes:6.1", m.name(in.target) + " is outside " + u->id + "'s field of fire (" + x.readings.of(jemmapes::Switch::FireArtilleryArc) + ")");
    std::string why;
    if (!line_of_sight(x, u->hex, in.target, why, t)) return illegal("jemmapes:6.1.1", u->id + " has no line of sight: " + why);
  }
  if (const std::string why = fought_already(x, in.shooters, in.fought); !why.empty()) return illegal("jemmapes:6.0", why);
  const std::vector<const Unit*> targets = enemies_at(x.position, in.target, first.side);
  if (targets.empty()) return illegal("jemmapes:6.1", m.name(in.target) + " holds no enemy combat unit");
  s.type = to_string(first.kind);
  if (already_taken(in.already, s.type + " fire"))
    return illegal("jemmapes:6.0", m.name(in.target) + " has already taken " + s.type + " fire this combat segment");
  t.cite("jemmapes:6.0"_rule, [&] { return "units may fire at enemy units they reach, whatever their order"; });
  t.cite("jemmapes:6.1"_rule, [&] { return std::to_string(in.shooters.size()) + " " + s.type + " unit(s) may fire on " + m.name(in.target) + ", their CP combined"; });
  // Step B.
  for (const Unit* u : in.shooters) s.ss += u->cp;
  const GridTable& g = grid(x, "jemmapes:table.fire");
  for (const std::string& c : g.columns) {
    const int lo = std::stoi(c);
    const auto to = c.find(" to ");
    const int hi = to == std::string::npos ? 1 << 20 : std::stoi(c.substr(to + 4));
    if (s.ss >= lo && s.ss <= hi) s.column = c;
  }
  if (s.column.empty()) return illegal("jemmapes:table.fire", "the shooters have no strength steps");
  t.cite("jemmapes:table.fire"_rule, [&] { return s.type + " fire with " + std::to_string(s.ss) + " SS: column " + s.column; });
  // Step C.
  terrain_drms(x, in.target, true, in.terrain, s.drms, t);
  for (const Unit* u : in.shooters)
    if (u->kind == UnitKind::Artillery && distance(u->hex, in.target) == 1) {
      s.drms.push_back({"jemmapes:table.fire", "artillery fires at 1 hex", 2});
      break;
    }
  if (targets.size() == 2) s.drms.push_back({"jemmapes:table.fire", "the target hex holds two units", 2});
  if (any_level2(in.shooters))
    s.drms.push_back({"jemmapes:table.fire", "a level-2 disorganised unit fires", -2});
  if (std::any_of(in.shooters.begin(), in.shooters.end(), [](const Unit* u) { return u->has("harnessed"); }))
    s.drms.push_back({"jemmapes:table.fire", "harnessed artillery fires", -2});
  if (any_defensive(x, in.shooters))
    s.drms.push_back({"jemmapes:table.fire", "the shooters are under a defensive order (jemmapes.fire.defensive_order_drm_sign = " + x.readings.of(jemmapes::Switch::FireDefensiveOrderDrmSign) + ")",
                      x.readings.is(jemmapes::reading::fire_defensive_order_drm_sign_plus) ? 1 : -1});
  s.sum = cite_and_sum(s.drms, t);
  return s;
}

// RULE jemmapes:6.1.2 — fire is rolled on 2D6 and read at once on the Fire Table
TableRead fire_table(const Context& x, const std::string& column, int modified, Trace& t) {
  const GridTable& g = grid(x, "jemmapes:table.fire");
  TableRead out;
  t.cite("jemmapes:6.1.2"_rule, [&] { return "the fire's modified 2D6 total " + std::to_string(modified) + " is read at once"; });
  const int r = std::max(modified, 2);
  if (modified < 2) t.cite("jemmapes:table.fire"_rule, [&] { return "a total of " + std::to_string(modified) + " is under the lowest printed row: read on row 2"; });
  out.row = std::to_string(r);
  const auto* cell = g.cell(out.row, column);
  if (!cell || !*cell)
    // SOURCE-MISSING jemmapes:table.fire — the rows from 6 are cut from the transcription
    throw RuleRefusal("jemmapes:table.fire", "a modified total of " + std::to_string(modified) + " needs row " + out.row + ", column " + column +
                                                 ", which the transcription does not print (source-missing)");
  out.defender = parse_result(**cell);
  t.cite("jemmapes:table.fire"_rule, [&] { return "row " + out.row + ", column " + column + ": " + **cell; });
  return out;
}

}  // namespace hexlaw::jemmapes
