// Owns: reading and checking a Jemmapes position (see position.h).
#include "engine/jemmapes/position.h"

#include <array>
#include <set>

#include "engine/core/errors.h"

namespace hexlaw::jemmapes {
namespace {

constexpr std::array<const char*, 4> kKinds = {"infantry", "cavalry", "artillery", "commander"};
constexpr std::array<const char*, 4> kLevels = {"good_order", "disorganised_1", "disorganised_2", "rout"};
constexpr std::array<const char*, 6> kFacings = {"n", "ne", "se", "s", "sw", "nw"};

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

const Unit* Position::unit(std::string_view id) const {
  for (const Unit& u : units)
    if (u.id == id) return &u;
  return nullptr;
}

std::vector<const Unit*> Position::units_at(Hex h) const {
  std::vector<const Unit*> out;
  for (const Unit& u : units)
    if (u.hex == h) out.push_back(&u);
  return out;
}

// Step A. Each unit's own fields. Step B. The position as a whole: unique ids, one facing per
// hex (jemmapes:1.3), no enemies in one hex.
Position read_position(const Field<CaseError>& units, const Map& map) {
  Position p;
  if (units.present() && !units.is_seq()) units.fail("expected a list of units");
  // Step A.
  std::set<std::string> ids;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const auto f = units.at(i);
    f.expect_keys({"id", "name", "side", "kind", "hex", "facing", "cp", "printed_cp", "level"});
    Unit u;
    u.id = f.required("id").str();
    if (u.id.empty()) f["id"].fail("a unit id may not be empty");
    if (!ids.insert(u.id).second) f["id"].fail("unit id '" + u.id + "' is used twice");
    u.side = f.required("side").str();
    const std::string kind = f.required("kind").str();
    const int k = index_in(kKinds, kind);
    if (k < 0) f["kind"].fail("unknown Jemmapes unit kind '" + kind + "' (one of " + list_of(kKinds) + ")");
    u.kind = static_cast<UnitKind>(k);
    const std::string text = f.required("hex").str();
    const auto printed = parse_ccrr(text);
    if (!printed) f["hex"].fail("'" + text + "' is not a four-digit CCRR hex number (e.g. \"0407\")");
    u.hex = to_axial(*printed, map.layout());
    if (!map.on_map(u.hex)) f["hex"].fail(text + " is off the map");
    const std::string facing = f.required("facing").str();
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
    p.units.push_back(std::move(u));
  }
  // Step B.
  for (std::size_t i = 0; i < p.units.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      const Unit &a = p.units[i], &b = p.units[j];
      if (a.hex != b.hex) continue;
      if (a.side != b.side)
        units.at(i)["hex"].fail("illegal position: " + a.id + " (" + a.side + ") and " + b.id + " (" + b.side +
                                ") cannot share hex " + map.name(a.hex));
      // RULE jemmapes:1.3 (part: one facing per hex) — combat units sharing a hex share one facing
      if (a.combat() && b.combat() && a.facing != b.facing)
        units.at(i)["facing"].fail("illegal position: " + a.id + " and " + b.id + " share hex " + map.name(a.hex) +
                                   " but face different ways (jemmapes:1.3)");
    }
  return p;
}

}  // namespace hexlaw::jemmapes
