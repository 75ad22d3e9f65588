// Owns: what every Jemmapes rule reads besides its own arguments — the map, the tables and
// catalog of the spec in use, the readings of the interpretation switches, and the position.
#pragma once

#include "engine/core/catalog.h"
#include "engine/core/map.h"
#include "engine/core/tables.h"
#include "engine/jemmapes/position.h"
#include "engine/jemmapes/switches.h"

namespace hexlaw::jemmapes {

struct Context {
  const Map& map;
  const TableSet& tables;
  const Catalog& catalog;
  const Readings& readings;
  const Position& position;
};

}  // namespace hexlaw::jemmapes
