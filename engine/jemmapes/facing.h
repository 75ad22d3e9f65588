// Owns: what a Jemmapes unit's facing makes of the hexes around it (jemmapes:1.3): three
// frontal hexes, two flank hexes, one rear hex; and the zone of control it exerts
// (jemmapes:1.6): its frontal hexes, all six from a village, none into a redoubt or
// entrenchment from outside nor across a river (the notes of jemmapes:table.terrain).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/map.h"
#include "engine/core/trace.h"
#include "engine/jemmapes/context.h"
#include "engine/jemmapes/position.h"

namespace hexlaw::jemmapes {

enum class Aspect : std::uint8_t { Front, Flank, Rear };
const char* to_string(Aspect a);

// The aspect of the neighbour of `u` in direction `d`: the faced hexside and its two
// neighbours are frontal, the next two flank, the opposite one rear.
Aspect aspect(const Unit& u, Direction d);
Aspect aspect_toward(Direction facing, Direction d);

// The six neighbours of `u` with their aspects, in direction order from north.
struct Around {
  Hex hex;
  Direction direction;
  Aspect aspect;
};
std::array<Around, 6> around(const Unit& u);

// Whether `u` exerts a zone of control into `h`: a combat unit (a routed one only under
// jemmapes.rout.zoc_and_combat = normal), `h` adjacent, one of its frontal hexes or any from a
// village, not into a work from outside, not across a river. Terrain whose effects the cut table
// does not give (a citadel, any unprinted terrain but the works, a hexside feature other than a
// river or road) is refused by name as source-missing.
// `for_combat`: whether `u` may fight into `h` (6.0): the same, except that a work does not
// shelter its hex from attack (the example of combat assaults a redoubt; the catalog's ruling).
bool exerts_zoc_into(const Context& x, const Unit& u, Hex h, Trace& t, bool for_combat = false);

// The enemy combat units (of a side other than `side`) exerting a zone of control into `h`.
std::vector<const Unit*> enemy_zoc_by(const Context& x, const std::string& side, Hex h, Trace& t);
// The same without reasons (hot searches): true when any enemy unit exerts ZoC into `h`.
bool in_enemy_zoc(const Context& x, const std::string& side, Hex h);

}  // namespace hexlaw::jemmapes
