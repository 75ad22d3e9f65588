// Owns: a Jemmapes 1792 position (jemmapes:1.1, 1.3, 1.5) — the system's own unit fields
// (kind, facing, combat potential, organisation level) and how a case file's `units` are read
// into it. Jemmapes shares only the core with Napoleonic 20 (hexes, map, catalog, trace,
// case-file fields); none of its notions live there.
#pragma once

#include <cstdint>
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

struct Unit {
  std::string id, side;
  UnitKind kind = UnitKind::Infantry;
  Hex hex;
  Direction facing = Direction::N;  // the hexside it faces (the catalog's ruling on jemmapes:1.3)
  int cp = 0;                       // combat potential now (its strength steps, jemmapes:1.1)
  int printed_cp = 0;               // as printed on the counter
  Level level = Level::GoodOrder;
  bool combat() const { return kind != UnitKind::Commander; }
};

struct Position {
  std::vector<Unit> units;
  const Unit* unit(std::string_view id) const;
  std::vector<const Unit*> units_at(Hex h) const;
};

// Reads `units` (a list of {id, side, kind, hex, facing, cp, printed_cp, level}) on `map`.
// Throws CaseError naming the field: unknown kinds, levels or facings, bad hexes, duplicate
// ids, two combat units of one hex facing different ways (jemmapes:1.3), enemies sharing a hex.
Position read_position(const Field<CaseError>& units, const Map& map);

// The facing's name as case files write it: n, ne, se, s, sw, nw.
const char* facing_name(Direction d);

}  // namespace hexlaw::jemmapes
