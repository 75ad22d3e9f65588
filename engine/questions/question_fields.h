// Owns: small readers shared by question kinds — a hex number, a unit id, a pair of hexes —
// each failing with the question field's name.
#pragma once

#include <utility>

#include "engine/questions/ask.h"

namespace hexlaw {

Hex question_hex(const Situation& s, const std::string& key);
// A CCRR hex number in any field, on the map's bounds; fails naming the field otherwise.
Hex read_hex(const Situation& s, const CaseField& f);
std::pair<Hex, Hex> question_hex_pair(const Situation& s, const std::string& key);
const Unit& question_unit(const Situation& s, const std::string& key);
const Unit& question_unit_on_map(const Situation& s, const std::string& key);
// The friendly LOC hex `where` names for unit u's retreat to head for. Fails on `where` when no
// rule sets a retreat's direction (the standard game under the Leipzig printing, which has no
// std:9.8.6), or when the position knows u's LOCs and the hex is not one of them; a position
// that knows none takes the hex as the LOC the case gives.
Hex named_retreat_loc(const Situation& s, const CaseField& where, const Unit& u);

}  // namespace hexlaw
