// Owns: movement in the Movement Phase (std:6.0–6.9, with 7.0's start-in-ZOC rule, 7.2,
// 12.3 forced march, 12.2.1/12.6 committing the Guard, and 14.0's night allowance): the
// check of one path, and every hex a unit can reach with its cheapest legal path. Both use
// the same step rules (MovementRules::step), so they agree by construction — and a property
// checks that they do.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/inline_vector.h"
#include "engine/n20/rules.h"

namespace hexlaw::n20 {

struct MoveOptions {
  bool forced_march = false;  // std:12.3: the side spent a morale point this phase
  // A reinforcement entering the map (std:11.1–11.2): the first hex of the path is the entry
  // hex, paid by its terrain (or road) plus `march_position` (0 for the lead unit).
  bool entering = false;
  int march_position = 0;
};

// Why a unit must stop in a hex (or nothing, when it could go on).
struct StopReason {
  std::string_view rule;  // std:6.7, std:6.5, std:6.2 … (the engine's own literals)
  std::string reason;  // for a person
};

struct StepRecord {
  Hex hex;
  int cost = 0;            // MP paid to enter
  int mp_spent = 0;        // total after entering
  bool road = false;       // entered along a road hexside
  std::optional<StopReason> stop;  // the unit may go no further from here
};

// Morale cost of committing a Guard unit on this move (std:12.2.1, std:12.6).
struct GuardCommitment {
  bool commits = false;  // moves from a hex where it could not attack into one where it can
  int cost = 0;          // 1 morale point, or 0 when either side is at 1
  bool reveals = false;  // a hidden unit paying to commit is revealed (fog of war, std:16.1.1)
};

struct PathVerdict {
  bool legal = true;
  int failed_step = -1;  // index into the path of the first illegal step (-1: none, or the start)
  std::string rule;      // the rule that forbids it
  std::string reason;
  int allowance = 0;     // movement allowance for this move (road bonus included when earned)
  int mp_left = 0;
  bool road_bonus = false;  // std:6.6: the whole move ran along connected road
  std::vector<StepRecord> steps;
  GuardCommitment guard;
};

// The hexes a move enters, start excluded. Paths as long as an ordinary allowance allows are
// held inline, so a reach answer of fifty hexes allocates nothing per hex; longer ones move
// to the heap. It reads as a std::vector<Hex> does and converts to one (check_path takes one).
using HexPath = InlineVector<Hex, 7>;

struct ReachableHex {
  Hex hex;
  HexPath path;  // hexes entered, start excluded
  int mp_left = 0;
  int allowance = 0;
  bool road_bonus = false;
  std::optional<StopReason> stop;  // why the unit could not continue from here, if it could not
                                   // (with a silent trace, only the rule is filled in)
  GuardCommitment guard;
};

// Checks one path (hexes entered, start hex excluded) for a unit in the Movement Phase.
PathVerdict check_path(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                       const std::vector<Hex>& path, const MoveOptions& options, Trace& trace);

// Every hex the unit may end its move in, with the legal path leaving it the most MP (then
// the fewest hexes), sorted by hex. The start hex is not listed. Among paths equal on both, the
// one the search meets first: it spreads out one MP at a time, first come first served, trying
// each hex's neighbours in the direction order N, NE, SE, S, SW, NW.
std::vector<ReachableHex> reachable_hexes(const N20Rules& rules, const Map& map, const GameState& state,
                                          const Unit& unit, const MoveOptions& options, Trace& trace);

// The same two queries over a position index shared by many queries of one position (the
// unit must be one of the position's units).
class PositionIndex;
PathVerdict check_path(const PositionIndex& index, const Unit& unit, const std::vector<Hex>& path,
                       const MoveOptions& options, Trace& trace);
std::vector<ReachableHex> reachable_hexes(const PositionIndex& index, const Unit& unit, const MoveOptions& options,
                                          Trace& trace);

// The allowance before any road bonus: printed (via the hook), 1 at night (std:14.0), +1 for
// forced march (std:12.3).
int movement_allowance(const N20Rules& rules, const GameState& state, const Unit& unit, const MoveOptions& options,
                       Trace& trace);

// The Guard commitment (std:12.2.1) of `unit` moving from its hex through `path` by a move the
// path search does not make (Dresden's pontoon crossing, dresden:6.0).
GuardCommitment guard_commitment_of(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                                    const std::vector<Hex>& path, Trace& trace);

// May a unit cross from a to b (adjacent) at all: not over a hexside the terrain chart
// forbids, such as a major river without bridge or ford? With `side`, a crossing reserved to
// another side (N20Rules::reserved_crossing: Dresden's pontoon) is closed too.
bool may_cross(const N20Rules& rules, const Map& map, const GameState& state, Hex a, Hex b, Symbol side = Symbol());

// Could `unit` attack an enemy unit from `hex` (an enemy adjacent for the rules)?
bool could_attack_from(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit, Hex hex,
                       Trace& trace);

namespace movement_detail {
// Moves the reach search's epoch counter in `rules`' workspace to `epoch` (forward only): a
// long-running program reaches its largest value, where the scratch is cleared and the count
// starts again, so a test sets it there rather than asking four billion questions.
void set_reach_epoch(const N20Rules& rules, std::uint32_t epoch);
}  // namespace movement_detail

}  // namespace hexlaw::n20
