// Owns: reading and checking a Jemmapes position (see position.h).
#include "engine/jemmapes/position.h"

#include <array>
#include <map>
#include <set>

#include "engine/core/errors.h"
#include "engine/core/limits.h"
#include "engine/jemmapes/scenario.h"

namespace hexlaw::jemmapes {
namespace {

constexpr std::array<const char*, 4> kKinds = {"infantry", "cavalry", "artillery", "commander"};
constexpr std::array<const char*, 4> kLevels = {"good_order", "disorganised_1", "disorganised_2", "rout"};
constexpr std::array<const char*, 6> kFacings = {"n", "ne", "se", "s", "sw", "nw"};
constexpr std::array<const char*, 4> kOrders = {"offensive", "manoeuvre", "defensive", "demoralised"};

template <std::size_t N>
std::string list_of(const std::array<const char*, N>& names) {
  std::string out;
  for (const char* n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

template <std::size_t N>
int index_in(const std::array<const char*, N>& names, const std::string& name) {
  for (std::size_t i = 0; i < N; ++i)
    if (name == names[i]) return static_cast<int>(i);
  return -1;
}

}  // namespace

const char* to_string(UnitKind k) { return kKinds[static_cast<std::size_t>(k)]; }
const char* to_string(Level l) { return kLevels[static_cast<std::size_t>(l)]; }
const char* facing_name(Direction d) { return kFacings[static_cast<std::size_t>(d)]; }
const char* to_string(Order o) { return kOrders[static_cast<std::size_t>(o)]; }

std::vector<const Unit*> Position::combat_units_at(Hex h, std::string_view side) const {
  std::vector<const Unit*> out;
  for (const Unit& u : units)
    if (u.hex == h && u.combat() && u.side == side) out.push_back(&u);
  return out;
}

std::optional<Direction> Position::stack_facing(Hex h, std::string_view side, std::string_view except) const {
  for (const Unit& u : units)
    if (u.hex == h && u.combat() && u.side == side && u.id != except) return u.facing;
  return std::nullopt;
}

const Formation* Position::formation_of(const Unit& u) const {
  auto it = formations.find(u.formation);
  return it == formations.end() ? nullptr : &it->second;
}

bool Position::enemy_combat_in(Hex h, std::string_view side) const {
  for (const Unit& u : units)
    if (u.hex == h && u.combat() && u.side != side) return true;
  return false;
}

const Unit* Position::unit(std::string_view id) const {
  for (const Unit& u : units)
    if (u.id == id) return &u;
  return nullptr;
}

const Unit* Position::waiting_unit(std::string_view id) const {
  for (const Unit& u : waiting)
    if (u.id == id) return &u;
  return nullptr;
}

std::vector<const Unit*> Position::units_at(Hex h) const {
  std::vector<const Unit*> out;
  for (const Unit& u : units)
    if (u.hex == h) out.push_back(&u);
  return out;
}

int Position::elevation(Hex h) const {
  auto it = elevations.find(h);
  return it == elevations.end() ? 0 : it->second;
}

bool Position::slope_between(Hex a, Hex b) const {
  return slopes.count(a < b ? std::pair(a, b) : std::pair(b, a)) > 0;
}

// A CCRR hex of the case's map, or a CaseError naming the field.
Hex state_hex(const Field<CaseError>& f, const std::string& text, const Map& map) {
  const auto printed = parse_ccrr(text);
  if (!printed) f.fail("'" + text + "' is not a four-digit CCRR hex number (e.g. \"0407\")");
  const Hex h = to_axial(*printed, map.layout());
  if (!map.on_map(h)) f.fail(text + " is off the map");
  return h;
}

// Reads the elevations and slopes the case gives for line of sight (jemmapes:6.1.1).
void read_relief(const Field<CaseError>& state, const Map& map, Position& p) {
  const auto el = state["elevations"];
  if (el.present() && !el.is_map()) el.fail("expected a mapping of CCRR hex to elevation level");
  el.for_each_entry([&](const std::string& hex, const Field<CaseError>& v) {
    const long long n = v.integer();
    if (n < -9 || n > 99) v.fail("an elevation level lies within -9..99");
    p.elevations[state_hex(v, hex, map)] = static_cast<int>(n);
  });
  const auto sl = state["slopes"];
  if (sl.present() && !sl.is_seq()) sl.fail("expected a list of [CCRR, CCRR] hexside pairs");
  for (std::size_t i = 0; i < sl.size(); ++i) {
    const auto pair = sl.at(i);
    if (!pair.is_seq() || pair.size() != 2) pair.fail("a slope is a pair of adjacent hexes [CCRR, CCRR]");
    const Hex a = state_hex(pair.at(0), pair.at(0).str(), map), b = state_hex(pair.at(1), pair.at(1).str(), map);
    if (distance(a, b) != 1) pair.fail("a slope lies on the hexside between two adjacent hexes");
    p.slopes.insert(a < b ? std::pair(a, b) : std::pair(b, a));
  }
}

// Reads `state`: the round and the formations with their orders (jemmapes:4.0).
void read_state(const Field<CaseError>& state, Position& p) {
  if (!state.present()) return;
  state.expect_keys({"round", "formations", "elevations", "slopes"});
  const long long round = state["round"].int_or(1);
  if (round < 1 || round > 99) state["round"].fail("the round runs from 1 to 99");
  p.round = static_cast<int>(round);
  const auto fs = state["formations"];
  if (fs.present() && !fs.is_map()) fs.fail("expected a mapping of formation id to {side, order, commander, reserve}");
  fs.for_each_entry([&](const std::string& id, const Field<CaseError>& f) {
    f.expect_keys({"side", "order", "commander", "reserve"});
    Formation x;
    x.id = id;
    x.side = f.required("side").str();
    const std::string order = f.required("order").str();
    const int o = index_in(kOrders, order);
    if (o < 0) f["order"].fail("unknown order '" + order + "' (one of " + list_of(kOrders) + ")");
    x.order = static_cast<Order>(o);
    x.commander = f["commander"].str_or("");
    if (f["reserve"].present()) {
      const long long r = f["reserve"].integer();
      if (r < 0 || r > 99) f["reserve"].fail("the reserve allowance lies within 0..99");
      x.reserve = static_cast<int>(r);
    }
    p.formations[id] = x;
  });
}

std::optional<int> small_value(const Field<CaseError>& f, const char* what) {
  if (!f.present()) return std::nullopt;
  const long long v = f.integer();
  if (v < -9 || v > 99) f.fail(std::string(what) + " lies within -9..99");
  return static_cast<int>(v);
}

// RULE jemmapes:1.1 — combat units and commanders and their values (counter values as case data)
// RULE jemmapes:1.5 — the four organisation levels in order of decline
// Step A. Each unit's own fields. Step B. The position as a whole: unique ids, one facing per
// hex (jemmapes:1.3), no enemies in one hex, formations known and of the unit's side.
Position read_position(const Field<CaseError>& units, const Field<CaseError>& state, const Map& map) {
  Position p;
  read_state(state, p);
  if (state.present()) read_relief(state, map, p);
  if (units.present() && !units.is_seq()) units.fail("expected a list of units");
  if (units.size() > static_cast<std::size_t>(kMaxUnits))
    units.fail("more than " + std::to_string(kMaxUnits) + " units (kMaxUnits)");
  // Step A.
  std::set<std::string> ids;
  std::vector<std::size_t> field_of;  // each unit on the map: its entry in `units`
  for (std::size_t i = 0; i < units.size(); ++i) {
    const auto f = units.at(i);
    f.expect_keys({"id", "name", "side", "kind", "hex", "facing", "cp", "printed_cp", "level", "formation", "morale",
                   "mp", "tv", "cv", "general", "markers"});
    Unit u;
    u.id = f.required("id").str();
    if (const std::string why = unit_id_problem(u.id); !why.empty()) f["id"].fail(why);
    if (!ids.insert(u.id).second) f["id"].fail("unit id '" + u.id + "' is used twice");
    u.side = f.required("side").str();
    const std::string kind = f.required("kind").str();
    const int k = index_in(kKinds, kind);
    if (k < 0) f["kind"].fail("unknown Jemmapes unit kind '" + kind + "' (one of " + list_of(kKinds) + ")");
    u.kind = static_cast<UnitKind>(k);
    const std::string text = f.required("hex").str();
    const bool off_map = text == "off_map";
    if (!off_map) {
      const auto printed = parse_ccrr(text);
      if (!printed) f["hex"].fail("'" + text + "' is not a four-digit CCRR hex number (e.g. \"0407\"), nor off_map");
      u.hex = to_axial(*printed, map.layout());
      if (!map.on_map(u.hex)) f["hex"].fail(text + " is off the map");
    }
    const std::string facing = off_map ? f["facing"].str_or("n") : f.required("facing").str();
    const int d = index_in(kFacings, facing);
    if (d < 0) f["facing"].fail("unknown facing '" + facing + "': the hexside faced, one of " + list_of(kFacings));
    u.facing = static_cast<Direction>(d);
    if (u.combat()) {
      const long long cp = f.required("cp").integer();
      if (cp < 0 || cp > 99) f["cp"].fail("combat potential lies within 0..99");
      u.cp = static_cast<int>(cp);
      const long long printed_cp = f["printed_cp"].int_or(cp);
      if (printed_cp < cp || printed_cp > 99) f["printed_cp"].fail("the printed CP lies within cp..99");
      u.printed_cp = static_cast<int>(printed_cp);
    } else if (f["cp"].present()) {
      f["cp"].fail("a commander has no combat potential");
    }
    const std::string level = f["level"].str_or("good_order");
    const int l = index_in(kLevels, level);
    if (l < 0) f["level"].fail("unknown organisation level '" + level + "' (one of " + list_of(kLevels) + ")");
    u.level = static_cast<Level>(l);
    u.formation = f["formation"].str_or("");
    if (!u.formation.empty()) {
      auto it = p.formations.find(u.formation);
      if (it == p.formations.end()) f["formation"].fail("no formation '" + u.formation + "' in state.formations");
      if (it->second.side != u.side)
        f["formation"].fail("formation '" + u.formation + "' is " + it->second.side + "'s, not " + u.side + "'s");
    }
    u.morale = small_value(f["morale"], "morale");
    u.mp = small_value(f["mp"], "a movement potential");
    if (u.mp && *u.mp < 0) f["mp"].fail("a movement potential is not negative");
    if (!u.combat()) {
      u.tv = small_value(f["tv"], "a tactical value");
      u.cv = small_value(f["cv"], "a command value");
      u.general = f["general"].bool_or(false);
      if (f["morale"].present()) f["morale"].fail("a commander has no morale");
    } else {
      for (const char* k : {"tv", "cv", "general"})
        if (f[k].present()) f[k].fail("only commanders have tactical and command values");
    }
    for (const std::string& m : f["markers"].str_list()) {
      bool known = false;
      for (const char* k : kMarkers) known = known || m == k;
      if (!known) f["markers"].fail("unknown marker '" + m + "' (one of harnessed, charge, noncommanded, reserve, moved)");
      if (m == "moved" && !(u.kind == UnitKind::Commander && f["general"].bool_or(false)))
        f["markers"].fail("only a commanding general carries the moved marker (jemmapes:8.0)");
      if (m == "harnessed" && u.kind != UnitKind::Artillery) f["markers"].fail("only artillery is harnessed (jemmapes:5.1)");
      if (m == "charge" && u.kind == UnitKind::Commander) f["markers"].fail("a commander does not charge");
      u.markers.insert(m);
    }
    // RULE jemmapes:9.1.1 (part: units off the map) — only Ferrand's formation waits off the map, to enter by 0107
    if (off_map) {
      if (historical_formation(u.formation) != "ferrand")
        f["hex"].fail(u.id + " is off the map, but only Ferrand's formation starts off the map, entering by 0107 from round 2 "
                      "(jemmapes:9.1.1): give its formation as Ferrand, or a hex");
      p.waiting.push_back(std::move(u));
      continue;
    }
    field_of.push_back(i);
    p.units.push_back(std::move(u));
  }
  // Step B. Each unit is compared with the first unit, and the first combat unit, of its hex
  // (every earlier unit there already agreed with them), so the check is linear in units.
  std::map<Hex, std::pair<std::size_t, std::size_t>> first_in_hex;  // first unit, first combat unit
  const std::size_t none = p.units.size();
  for (std::size_t i = 0; i < p.units.size(); ++i) {
    const Unit& a = p.units[i];
    auto [it, fresh] = first_in_hex.try_emplace(a.hex, i, a.combat() ? i : none);
    if (fresh) continue;
    const Unit& b = p.units[it->second.first];
    if (a.side != b.side)
      units.at(field_of[i])["hex"].fail("illegal position: " + a.id + " (" + a.side + ") and " + b.id + " (" + b.side +
                              ") cannot share hex " + map.name(a.hex));
    if (!a.combat()) continue;
    if (it->second.second == none) {
      it->second.second = i;
      continue;
    }
    const Unit& c = p.units[it->second.second];
    // RULE jemmapes:1.3 (part: one facing per hex) — combat units sharing a hex share one facing
    if (a.facing != c.facing)
      units.at(field_of[i])["facing"].fail("illegal position: " + a.id + " and " + c.id + " share hex " + map.name(a.hex) +
                                 " but face different ways (jemmapes:1.3)");
  }
  return p;
}

}  // namespace hexlaw::jemmapes
