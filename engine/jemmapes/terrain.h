// Owns: the Jemmapes Terrain Effects Table as the engine reads it (jemmapes:table.terrain,
// loaded from spec/tables/jemmapes/terrain.yaml): the movement cost, fire and assault DRMs,
// line-of-sight blocking and the all-round zone of control of the printed rows, and the
// terrain the table's notes name without a row (redoubt, entrenchment, river). The table is cut
// after the Citadel key: any value it would have carried is refused by name as source-missing,
// never guessed. Case files name terrain in lower case (clear, village, wood, swamp, ...); a map
// that names no default terrain is clear.
#pragma once

#include <optional>
#include <string>

#include "engine/core/map.h"
#include "engine/core/tables.h"

namespace hexlaw::jemmapes {

struct TerrainRow {
  std::string name;            // as the case writes it
  bool printed = false;        // a row of the table with its cells (Clear, Village, Wood, Swamp)
  int move = 1;                // MP to enter
  int fire = 0, assault = 0;   // DRMs against a unit in the hex
  bool blocks_los = false;
  bool zoc_all_round = false;  // "Various: ZoC" — the unit exerts ZoC into all six hexes
  bool work = false;           // a redoubt or entrenchment: no ZoC reaches in from outside (TET note)
};

// The row for `terrain`. Unprinted terrain comes back with printed = false; its values must not
// be read (use the checked accessors below).
TerrainRow terrain_row(const TableSet& tables, const std::string& terrain);

// The checked values: throw RuleRefusal("jemmapes:table.terrain", ...) naming the terrain and
// the missing column when the table does not print them.
int move_cost(const TableSet& tables, const std::string& terrain);
int fire_drm(const TableSet& tables, const std::string& terrain);
int assault_drm(const TableSet& tables, const std::string& terrain);
bool blocks_los(const TableSet& tables, const std::string& terrain);

// Whether a hexside feature is a river (no ZoC along it, TET note).
bool is_river(const std::string& feature);

}  // namespace hexlaw::jemmapes
