// Owns: rallying broken units (std:10.0, std:12.4, jena:table.rally, optional std:16.4 and
// std:16.6): the die per unit with its modifiers, the result on the Rally Table, where a
// rallied unit may be placed, partial rallies into Cadres and Cadres that cannot rally.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/n20/rules.h"

namespace hexlaw::n20 {

struct RallyRequest {
  std::vector<std::string> units;           // broken units trying to rally, all of one side
  bool spend_point = false;                 // +1 to every roll made now, for a morale point (std:12.4)
  std::vector<std::string> partial_rally;   // infantry whose No Effect becomes a Cadre (std:16.6.1)
  // Where a side buys the bonus per group (Leipzig's armies, leipzig:12.4): the groups it buys
  // for, a point each from the group's track; empty: every group among the units.
  std::vector<std::string> spend_for;
};

struct RallyRoll {
  std::string unit;
  int die = 0, modifier = 0, modified = 0;
  std::string result;  // eliminated, no-effect, rallied, partial-rally, cannot-rally
  bool may_partial_rally = false;
};

struct RallyOutcome {
  std::vector<RallyRoll> rolls;
  std::vector<Hex> placements;  // empty friendly LOC hexes, and 16.4 rally hexes when in use
  std::vector<Hex> rally_hexes;  // which of them are 16.4 rally hexes
  int morale_spent = 0;
  std::map<std::string, int> spent_by_track;  // the points spent, per morale track
  // Where the units' LOC sets differ (Leipzig's Fronts: rally_locs), each unit's own places,
  // a subset of `placements`; empty when every unit may go to every one of them.
  std::map<std::string, std::vector<Hex>> unit_placements;
};

RallyOutcome rally(const N20Rules& rules, const Map& map, const GameState& state, const RallyRequest& request,
                   DiceSource& dice, Trace& trace);

// Is `h` a 16.4 rally hex for `side` (empty town, fortified, redoubt or own objective hex; 4 or
// more hexes from every enemy unit; nearer its nearest friendly LOC than any enemy unit is; a
// path to that LOC clear of enemy units and their neighbours, across no impassable river)?
bool is_rally_hex(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side, Hex h,
                  Trace& trace);
// The same, tracing to the nearest of `locs` (the rallying unit's rally_locs) instead of the
// side's map LOCs.
bool is_rally_hex(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side, Hex h,
                  const std::set<Hex>& locs, Trace& trace);

}  // namespace hexlaw::n20
