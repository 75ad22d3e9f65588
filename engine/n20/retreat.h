// Owns: retreat after combat (std:9.7–9.8.7, with std:7.4): every legal retreat path for a
// unit and a distance under the priorities — empty hexes outside enemy ZOCs first, then enemy
// ZOC hexes (a hazard roll each), then through friends (extending past them), by default as few
// of each as any complete retreat needs (retreat.priority_evaluation, std:9.8.2 note); each hex
// closer to the chosen friendly LOC wherever possible; the full distance; a break on reaching a LOC
// early or when no legal path exists — and the hazard rolls each path meets. Which LOCs count
// is the rule set's hook (friendly_locs), so exclusive rules change it without touching this;
// whether the direction rule and the LOC break apply is the printing's (PrintingRules).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/inline_vector.h"
#include "engine/n20/rules.h"

namespace hexlaw::n20 {

struct RetreatStep {
  Hex hex;
  bool enemy_zoc = false;       // a hazard roll for entering an enemy ZOC hex (std:9.8.3)
  Symbol river;                 // the river feature crossed, if any: a hazard roll (std:9.8.4)
  bool friendly = false;        // the hex holds a friendly unit (std:9.8.5)
  // Crossing into this hex breaks the unit without a roll, before it enters (a retreat across
  // Dresden's pontoon in Downpour or Mud, dresden:5.1.1); `river` names the crossing.
  bool doomed = false;
  const char* doomed_rule = nullptr;  // the case that breaks it so
  int rolls() const { return doomed ? 0 : (enemy_zoc ? 1 : 0) + (river.empty() ? 0 : 1); }
};

struct RetreatPath {
  InlineVector<RetreatStep, 8> steps;  // inline up to 8 (a rout of 6 and two hexes more)
  std::optional<Hex> loc;       // the friendly LOC the retreat heads for, when there is one
  bool breaks_at_loc = false;   // reached a friendly LOC with hexes still owed (std:9.8.7)
  int extended = 0;             // hexes added to leave friendly-occupied hexes (std:9.8.5)
  int rolls() const;
  // Whether some step breaks the unit for certain (RetreatStep::doomed).
  bool doomed() const;
};

struct RetreatOptions {
  bool must_break = false;      // no legal path at all (std:9.8)
  std::string break_rule, break_reason;
  InlineVector<RetreatPath, 1> paths;  // every legal path, in a stable order (one held inline)
  bool may_shorten = false;     // in a Fortified or Redoubt hex: may retreat one hex fewer (std:9.8.1)
  bool truncated = false;       // more paths exist than the limit
};

// Why a unit with no legal retreat breaks, as answers and traces write it.
std::string no_retreat_reason(Symbol unit, int distance, Hex at, const Map& map);

// Every legal retreat of `distance` hexes for `unit` from the hex it stands in. When `loc` is
// given, only retreats heading for that friendly LOC hex; otherwise one set per LOC the owner
// could choose. Where no direction rule applies (PrintingRules::retreat_direction empty), no
// LOC is headed for and each hex must be farther from the battle hex.
RetreatOptions retreat_paths(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                             int distance, std::optional<Hex> loc, Trace& trace, std::size_t limit = 5000);

// The path the resolution's stated policy takes among retreat_paths' paths — the first with
// the fewest hazard rolls, one that breaks for certain only when no other is legal — found
// without enumerating the others (`paths` holds it alone; must_break, break_rule and
// may_shorten as retreat_paths sets them). It cites the search's premises only, not the
// explanation of the paths (which rules shaped them), which needs every path: for a caller
// whose trace records nothing. It passes no limit on the number of paths. A search that stands
// in more than `node_limit` hexes gives up and answers as retreat_paths does (by enumerating),
// so a runaway search costs no more than the enumeration did.
inline constexpr std::size_t kRetreatChoiceNodes = 100'000;
RetreatOptions retreat_choice(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                              int distance, std::optional<Hex> loc, Trace& trace,
                              std::size_t node_limit = kRetreatChoiceNodes);

}  // namespace hexlaw::n20
