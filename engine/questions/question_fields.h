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
// Fails on `where` (a LOC named for a retreat to head for) when no rule sets a retreat's
// direction: the standard game under the Leipzig printing, which has no std:9.8.6.
void no_retreat_direction(const Situation& s, const CaseField& where);

}  // namespace hexlaw
