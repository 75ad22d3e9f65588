// Owns: what a Jemmapes unit's facing makes of the hexes around it (jemmapes:1.3): three
// frontal hexes, two flank hexes, one rear hex; and the zone of control its frontal hexes carry
// (jemmapes:1.6, on open ground: the terrain exceptions are refused by name).
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/map.h"
#include "engine/core/trace.h"
#include "engine/jemmapes/position.h"

namespace hexlaw::jemmapes {

enum class Aspect : std::uint8_t { Front, Flank, Rear };
const char* to_string(Aspect a);

// The aspect of the neighbour of `u` in direction `d`: the faced hexside and its two
// neighbours are frontal, the next two flank, the opposite one rear.
Aspect aspect(const Unit& u, Direction d);

// The six neighbours of `u` with their aspects, in direction order from north.
struct Around {
  Hex hex;
  Direction direction;
  Aspect aspect;
};
std::array<Around, 6> around(const Unit& u);

// Whether `u` exerts a zone of control into `h`: a combat unit, `h` one of its frontal hexes.
// Terrain (a village, a redoubt or entrenchment, a river between) changes this by the terrain
// effects table, which is not implemented: any terrain other than the map's default, or any
// hexside feature between, is refused by name.
bool exerts_zoc_into(const Map& map, const Unit& u, Hex h, Trace& t);

}  // namespace hexlaw::jemmapes
