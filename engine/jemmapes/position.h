// Owns: a Jemmapes 1792 position (jemmapes:1.1, 1.3, 1.5, 4.0) — the system's own unit fields
// (kind, facing, combat potential, morale, movement potential, organisation level, markers;
// commanders' role, tactical and command values), its formations (side, order, commander,
// reserve allowance) and the round, and how a case file's `units` and `state` are read into it.
// Jemmapes shares only the core with Napoleonic 20 (hexes, map, catalog, trace, case-file
// fields); none of its notions live there. Counter values are not printed in the source, so
// every value a question needs comes from the case file, and a missing one is an error that
// names the field.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/hex.h"
#include "engine/core/map.h"
#include "engine/core/yaml_read.h"

namespace hexlaw::jemmapes {

// Combat units are infantry, cavalry or artillery; commanders are not combat units
// (jemmapes:1.1).
enum class UnitKind : std::uint8_t { Infantry, Cavalry, Artillery, Commander };
const char* to_string(UnitKind k);

// The four organisation levels, in order of decline (jemmapes:1.5).
enum class Level : std::uint8_t { GoodOrder, Disorganised1, Disorganised2, Rout };
const char* to_string(Level l);

// The four situations of a formation (jemmapes:4.0).
enum class Order : std::uint8_t { Offensive, Manoeuvre, Defensive, Demoralised };
const char* to_string(Order o);

// Markers a unit may carry (jemmapes:1.1): harnessed artillery (5.1), a declared charge (5.3.2),
// non-commanded (3.1), and "reserve", the owner's choice of the unit as one of its formation's
// reserve units under an offensive order (4.1.1).
// "moved" marks a commanding general who has made his one move of the round (his counter
// flipped, jemmapes:8.0).
inline constexpr const char* kMarkers[] = {"harnessed", "charge", "noncommanded", "reserve", "moved"};

struct Unit {
  std::string id, side;
  UnitKind kind = UnitKind::Infantry;
  Hex hex;
  Direction facing = Direction::N;  // the hexside it faces (the catalog's ruling on jemmapes:1.3)
  int cp = 0;                       // combat potential now (its strength steps, jemmapes:1.1)
  int printed_cp = 0;               // as printed on the counter
  Level level = Level::GoodOrder;
  std::string formation;            // the formation it belongs to ("" when the case gives none)
  std::optional<int> morale, mp;    // counter values, as the case gives them (the side in play)
  std::optional<int> tv, cv;        // commanders: tactical and command values
  bool general = false;             // commanders: the commanding general (else a formation commander)
  std::set<std::string> markers;
  bool combat() const { return kind != UnitKind::Commander; }
  bool has(const std::string& marker) const { return markers.count(marker) > 0; }
};

struct Formation {
  std::string id, side;
  Order order = Order::Defensive;
  std::string commander;        // the formation commander's unit id ("" when none is given)
  std::optional<int> reserve;   // units it may hold in reserve under an offensive order (4.1.1)
};

struct Position {
  std::vector<Unit> units;
  // Units off the map, waiting to enter (jemmapes:9.1.1: Ferrand's formation, by 0107 from round
  // 2). No rule that reads `units` sees them; their `hex` means nothing until they enter.
  std::vector<Unit> waiting;
  std::map<std::string, Formation> formations;
  int round = 1;
  // Map data the source lacks (jemmapes:6.1.1), from the case: each hex's elevation level (0
  // when not given) and the slope hexsides, each pair stored lowest hex first.
  std::map<Hex, int> elevations;
  std::set<std::pair<Hex, Hex>> slopes;
  int elevation(Hex h) const;
  bool slope_between(Hex a, Hex b) const;
  const Unit* unit(std::string_view id) const;
  // The unit `id` among those off the map, or null.
  const Unit* waiting_unit(std::string_view id) const;
  std::vector<const Unit*> units_at(Hex h) const;
  // Combat units of `side` in `h`.
  std::vector<const Unit*> combat_units_at(Hex h, std::string_view side) const;
  // The one facing the combat units of `side` in `h` share (jemmapes:1.3), leaving out the unit
  // `except`; none when no such unit is there. A combat unit that ends a move, reaction step,
  // retreat or rout among friends takes this facing.
  std::optional<Direction> stack_facing(Hex h, std::string_view side, std::string_view except = {}) const;
  // The formation of `u`, or null when the case gives none.
  const Formation* formation_of(const Unit& u) const;
  // True when a combat unit of a side other than `side` stands in `h`.
  bool enemy_combat_in(Hex h, std::string_view side) const;
};

// Reads `units` (a list of {id, side, kind, hex, facing, cp, printed_cp, level, formation,
// morale, mp, tv, cv, general, markers}; `hex: off_map` puts one of Ferrand's units among the
// waiting, jemmapes:9.1.1, its facing then optional) and `state` ({round, formations: {ID: {side, order,
// commander, reserve}}, elevations: {CCRR: level}, slopes: [[CCRR, CCRR]]}) on `map`. Throws CaseError naming the field: unknown kinds, levels,
// orders, markers or facings, bad hexes, duplicate ids, two combat units of one hex facing
// different ways (jemmapes:1.3), enemies sharing a hex, a unit of an unknown formation, a unit
// off the map that is not Ferrand's.
Position read_position(const Field<CaseError>& units, const Field<CaseError>& state, const Map& map);

// The facing's name as case files write it: n, ne, se, s, sw, nw.
const char* facing_name(Direction d);

}  // namespace hexlaw::jemmapes
