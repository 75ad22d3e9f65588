// Owns: Jemmapes movement as questions ask it — stacking (jemmapes:1.4), a unit's movement
// potential under its order and command (jemmapes:3.2, 4.1.2, 4.1.3), and whether a path is
// legal and why, step by step: terrain costs (jemmapes:table.terrain), the extra MP, the stop
// and no ZoC to ZoC with the surrounded exception (jemmapes:1.6), enemy hexes and harnessed
// artillery (jemmapes:5.1), the orders' limits next to the enemy (jemmapes:4.1.1-4.1.4), reaction
// opportunities (jemmapes:5.2) and lone commanders overrun (jemmapes:8.0); and every hex a unit
// can reach. Rout movement (jemmapes:5.4) is refused by name.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/trace.h"
#include "engine/jemmapes/context.h"

namespace hexlaw::jemmapes {

// The CP that 1.4's pairing rule reads: the CP left now, or the printed CP
// (jemmapes.stacking.cp_basis). Callers that hold a unit after a combat pass the CP it has then.
int stacking_cp(const Context& x, int printed_cp, int current_cp);

// 1.4's pairing rule for one unit: a combat unit of CP 3 or more shares a hex only with artillery.
// True when a unit of `cp` may not stack with a unit of kind `other`.
bool cp_forbids_pairing(int cp, UnitKind other);

// Whether `units` (combat units meant to share one hex) respect 1.4; `reason` says why not.
bool stacking_ok(const Context& x, const std::vector<const Unit*>& units, std::string& reason, Trace& t);

// The unit's movement potential this segment, with the reasons cited.
int movement_allowance(const Context& x, const Unit& u, Trace& t);

struct MoveOptions {
  bool reserve = false;                 // the owner counts the unit as a reserve unit (4.1.1)
  std::optional<Direction> facing;      // the facing it ends with (1.3); default: unchanged
  // The unit stands on the hex it enters the map by, not yet paid for (jemmapes:9.1.1, Ferrand by
  // 0107; see with_entered): its move starts by entering that hex from off the map, at the hex's
  // terrain cost, with the ZoC and the order's limits as for any step; no hexside is crossed.
  bool entering = false;
};

// Checks `path` (the hexes entered, in order, after the entry hex when `o.entering`) for `u`. The outcome is {legal, allowance,
// mp_spent, mp_left, steps: [{hex, cost, enemy_zoc, stop, reactions}], ends, facing, harnessed,
// extra_level, commander_tests, stacking} and, when illegal, {failed_step, rule, reason}.
nlohmann::json check_path(const Context& x, const Unit& u, const std::vector<Hex>& path, const MoveOptions& o, Trace& t);

// Where `u` may retreat one hex (jemmapes:6.3's R): each adjacent hex not held by the enemy, with
// whether it lies in an enemy ZoC (one more level, or a step lost in rout: jemmapes:1.6) and
// whether stacking holds there; with `to`, that choice's result; none open: eliminated or a step
// lost in place (jemmapes.retreat.blocked_result).
nlohmann::json retreat(const Context& x, const Unit& u, std::optional<Hex> to, Trace& t);

// Where a routed unit flees (jemmapes:5.4): toward a map edge (n, s, e, w; the map needs bounds)
// or a set of goal hexes (Mons for the Austrians, jemmapes:9.1.3).
struct RoutGoal {
  char edge = 's';
  std::vector<Hex> hexes;
};
nlohmann::json rout_move(const Context& x, const Unit& u, const RoutGoal& goal, Trace& t);
// The goal 9.1.3 gives a routed unit of `side`: the south edge for the French, the Mons hexes
// (map.places.mons) for the Austrians; nullopt for another side or a map naming no Mons (map data
// the source lacks).
std::optional<RoutGoal> scenario_rout_goal(const Map& m, const std::string& side, Trace& t);

// One step of a move carried out hex by hex (a played game, where a reaction may change the
// position between steps): `u` entering `h` from `prev` with `spent` of `allowance` MP gone;
// `first` when `prev` is its start, `surrounded` whether it started surrounded (1.6). The same
// checks as check_path's steps (terrain, ZoC, enemy hexes, Mons, the orders' limits).
struct StepVerdict {
  bool ok = true;
  std::string rule, reason;
  int cost = 0;
  bool stop = false, extra_level = false;   // stops there (enemy ZoC); the surrounded exception
  std::vector<std::string> commanders;      // lone enemy commanders in `h` (8.0)
};
StepVerdict move_step(const Context& x, const Unit& u, Hex prev, Hex h, bool first, bool surrounded, int spent, int allowance, Trace& t);
// Whether `u` starts its move in an enemy ZoC and surrounded (the exception of 1.6).
bool starts_surrounded(const Context& x, const Unit& u);

// Every hex `u` may end its move in, with a cheapest legal path: {count, hexes: {HEX: {path,
// mp_left, stop}}} (the start hex included when the unit may stay). Entering (o.entering): the
// entry hex's cost is spent first, the paths leave it out, and the answer adds {entry: {hex,
// cost}} or, when the entry itself is refused, {entry: {hex, refused, rule, reason}}.
nlohmann::json reach(const Context& x, const Unit& u, const MoveOptions& o, Trace& t);

}  // namespace hexlaw::jemmapes
