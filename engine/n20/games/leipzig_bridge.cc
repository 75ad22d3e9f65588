// Owns: Leipzig's optional Lindenau bridge demolition (leipzig:16.10) as hooks of the Leipzig
// layer: the French voluntary demolition offered as the French Movement Phase ends, the
// accidental demolition roll at the end of each Allied Movement Phase and after each battle of
// an Allied Combat Phase (the Leipzig hexes are the map's place `leipzig`; the bridge is the
// printed hexside 1412/1512), and the destroyed bridge's effect (the game marker
// lindenau-bridge-destroyed: the hexside loses its bridge and is an unbridged Major River).
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
  const bool blown = on(Optional::LeipzigBridge) && s.has_marker(kDestroyed) && is_lindenau(m, side);
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
  const auto& city = m.place("leipzig");
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

// With the option in use a played game rolls for the bridge whenever Allies come near Leipzig,
// so a scenario must name the four Leipzig hexes (leipzig:table.map, absent from the sources).
std::vector<N20Rules::NeededPlace> LeipzigRules::places_a_game_needs() const {
  if (!on(Optional::LeipzigBridge)) return {};
  return {{"leipzig", "leipzig:16.10", "the accidental demolition check counts the Leipzig hexes the Allies hold "
                                       "(leipzig:table.map is not in the sources)"}};
}

// Step A. Nothing to check without the option or once the bridge is down; a map naming no
// Leipzig hexes is refused. Step B. No Allied unit in or next to Leipzig: no roll. Step C. The
// die, -1 per Leipzig hex an Allied unit holds; 1 or less destroys the bridge. `when` names the
// moment for the trace.
void LeipzigRules::accidental_demolition(const Map& m, GameState& s, DiceSource& dice, const char* when,
                                         Trace& t) const {
  // Step A.
  if (!on(Optional::LeipzigBridge) || s.has_marker(kDestroyed)) return;
  // SOURCE-MISSING leipzig:16.10 — the four Leipzig hexes are map data (leipzig:table.map)
  if (m.place("leipzig").empty())
    throw RuleRefusal("leipzig:16.10", "the map names no Leipzig hexes (places: leipzig); the demolition "
                                       "check needs them (leipzig:table.map)");
  // Step B.
  const auto [occupied, near] = leipzig_presence(m, s);
  if (!near) {
    t.cite("leipzig:16.10"_rule, [&] { return std::string(when) + ": no Allied unit in or next to a Leipzig hex, no demolition check"; });
    return;
  }
  // Step C.
  const int die = dice.roll(6, "leipzig:16.10", "Lindenau bridge accidental demolition");
  const int modified = die - occupied;
  const bool blown = modified <= 1;
  t.cite("leipzig:16.10"_rule, [&, &occupied = occupied] {
    return std::string(when) + ": demolition check, die " + std::to_string(die) + " - " + std::to_string(occupied) +
           " (Leipzig hexes held by the Allies) = " + std::to_string(modified) +
           (blown ? ": 1 or less, the Lindenau bridge is destroyed" : ": above 1, the bridge stands");
  });
  if (blown) s.set_marker(kDestroyed, true);
}

// RULE leipzig:16.10 — end of the Allied Movement Phase (the Reaction Phase opening): roll, -1 per Leipzig hex held by the Allies, 1 or less blows the bridge
void LeipzigRules::at_phase_start_on_map(const Map& m, Phase p, GameState& s, DiceSource& dice, Trace& t) const {
  // Leader Discretion (leipzig:16.12, leipzig_leaders.cc): the enemy's Leaders as a Movement
  // Phase opens, the phasing side's own as its Combat Phase opens.
  if (p == Phase::Movement) check_leader_discretion(m, s, false, t);
  if (p == Phase::Combat) check_leader_discretion(m, s, true, t);
  if (p != Phase::Reaction || s.phasing == kFrench) return;
  recombine_prussian_ii(s, t);  // leipzig:16.7.3, as the Allied Movement Phase ends
  accidental_demolition(m, s, dice, "the Allied Movement Phase ends", t);
}

// RULE leipzig:16.10 — after each battle of an Allied Combat Phase (its advance made): the same roll
void LeipzigRules::after_battle(const Map& m, GameState& s, DiceSource& dice, Trace& t) const {
  if (s.phase == Symbol("combat")) check_leader_discretion(m, s, true, t);  // leipzig:16.12
  if (s.phasing == kFrench || s.phase != Symbol("combat")) return;
  accidental_demolition(m, s, dice, "an Allied battle is over", t);
}

// RULE leipzig:16.10 — the French may blow the standing bridge as any French Movement Phase ends, by saying so (no die)
std::optional<N20Rules::NightDeclaration> LeipzigRules::movement_end_declaration(const Map& m, const GameState& s,
                                                                                 std::string_view side, Trace& t) const {
  (void)m;
  if (!on(Optional::LeipzigBridge) || Symbol(side) != kFrench || s.has_marker(kDestroyed)) return std::nullopt;
  t.cite("leipzig:16.10"_rule, "the French Movement Phase ends: the French may blow the Lindenau bridge");
  return NightDeclaration{"leipzig:16.10", "the demolition of the Lindenau bridge"};
}

void LeipzigRules::declare_at_movement_end(const Map& m, GameState& s, std::string_view side, Trace& t) const {
  (void)m, (void)side;
  s.set_marker(kDestroyed, true);
  t.cite("leipzig:16.10"_rule, "the French blow the Lindenau bridge: 1412/1512 is an unbridged Major River for the rest of the game");
}

}  // namespace hexlaw::n20
