// Owns: Leipzig's optional Lindenau bridge demolition (leipzig:16.10) as hooks of the Leipzig
// layer: the accidental demolition roll at the end of each Allied Movement Phase (the Leipzig
// hexes are the map's named hex set `leipzig` in entry_areas; the bridge is the printed hexside
// 1412/1512), and the destroyed bridge's effect (the game marker
// lindenau-bridge-destroyed: the hexside loses its bridge and is an unbridged Major River).
// The French voluntary demolition as a played decision and the rolls after each Allied battle
// are refused by name.
#include <algorithm>

#include "engine/n20/games/leipzig.h"
#include "engine/n20/zoc.h"

namespace hexlaw::n20 {

namespace {
const Symbol kDestroyed("lindenau-bridge-destroyed");
const Symbol kFrench("french");

// Whether `side` is the Lindenau bridge's hexside, 1412/1512 as printed in leipzig:16.10.
bool is_lindenau(const Map& m, Hexside side) {
  const auto lindenau = Hexside::between(m.hex("1412"), m.hex("1512"));
  return lindenau && *lindenau == side;
}
}  // namespace

// RULE leipzig:16.10 (part: effect) — once destroyed, the Lindenau hexside is an unbridged Major River
void LeipzigRules::hexside_types(const Map& m, Hexside side, const GameState& s,
                                 std::vector<const HexsideType*>& out) const {
  const bool blown = option_on("leipzig:16.10") && s.has_marker(kDestroyed) && is_lindenau(m, side);
  if (!blown) return N20Rules::hexside_types(m, side, s, out);
  record_dynamic_citation("leipzig:16.10");  // this hook has no trace; coverage still sees it
  bool river = false;
  for (const auto& f : m.features(side)) {
    if (f == "bridge") continue;
    if (f == "major_river") river = true;
    if (const HexsideType* t = terrain_chart().side(f)) out.push_back(t);
  }
  if (!river)
    if (const HexsideType* t = terrain_chart().side("major_river")) out.push_back(t);
}

// The number of Leipzig hexes holding an Allied unit, and whether any Allied unit is in or
// adjacent to one (the trigger of leipzig:16.10, adjacency for the rules as std:7.0: not across an
// unbridged Major River).
std::pair<int, bool> LeipzigRules::leipzig_presence(const Map& m, const GameState& s) const {
  const auto& city = m.entry_area("leipzig");
  int occupied = 0;
  bool near = false;
  for (Hex h : city) {
    bool held = false;
    for (const Unit& u : s.units) {
      if (!u.on_map() || u.side == kFrench) continue;
      if (u.hex == h) held = true, near = true;
      Trace silent(Trace::Off{}, catalog());
      if (!near && distance(u.hex, h) == 1 && adjacent_for_rules(*this, m, s, u.hex, h, silent)) near = true;
    }
    occupied += held ? 1 : 0;
  }
  return {occupied, near};
}

// Steps at a phase's start: 1. the end of a French Movement Phase offers the voluntary
// demolition (refused by name in a played game); 2. the end of an Allied Movement Phase rolls
// for an accidental demolition when an Allied unit is in or next to Leipzig; 3. the Allied
// Combat Phase's rolls after each battle are refused by name.
void LeipzigRules::at_phase_start_on_map(const Map& m, Phase p, GameState& s, DiceSource& dice, Trace& t) const {
  if (!option_on("leipzig:16.10") || s.has_marker(kDestroyed)) return;
  // REFUSES leipzig:16.10 — the map must name the four Leipzig hexes
  if (m.entry_area("leipzig").empty())
    throw RuleRefusal("leipzig:16.10", "the map names no Leipzig hexes (entry_areas: leipzig); the demolition "
                                       "check needs them");
  if (p == Phase::Reaction && s.phasing == kFrench)
    // REFUSES leipzig:16.10 — the French voluntary demolition is not offered as a decision
    throw RuleRefusal("leipzig:16.10", "the French choice to blow the Lindenau bridge at the end of a French "
                                       "Movement Phase is not offered in played games (state it with the game "
                                       "marker lindenau-bridge-destroyed)");
  if (p == Phase::Combat && s.phasing != kFrench && leipzig_presence(m, s).second)
    // REFUSES leipzig:16.10 — the check after each battle of the Allied Combat Phase
    throw RuleRefusal("leipzig:16.10", "the accidental demolition check after each battle of an Allied Combat "
                                       "Phase is not implemented");
  if (p != Phase::Reaction || s.phasing == kFrench) return;
  // RULE leipzig:16.10 — end of the Allied Movement Phase: roll, -1 per Leipzig hex held by the Allies, 1 or less blows the bridge
  const auto [occupied, near] = leipzig_presence(m, s);
  if (!near) {
    t.cite("leipzig:16.10", [&] { return std::string("no Allied unit in or next to a Leipzig hex: no demolition check"); });
    return;
  }
  const int die = dice.roll(6, "leipzig:16.10", "Lindenau bridge accidental demolition");
  const int modified = die - occupied;
  const bool blown = modified <= 1;
  t.cite("leipzig:16.10", [&] {
    return "demolition check: die " + std::to_string(die) + " - " + std::to_string(occupied) +
           " (Leipzig hexes held by the Allies) = " + std::to_string(modified) +
           (blown ? ": 1 or less, the Lindenau bridge is destroyed" : ": above 1, the bridge stands");
  });
  if (blown) s.set_marker(kDestroyed, true);
}

}  // namespace hexlaw::n20
