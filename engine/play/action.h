// Owns: the typed choices of a played game — what each legal choice of a decision does, as a
// value (its kind and the units, hexes, column or index it names) — and the string form in
// which each is offered, logged, typed at the CLI and shown to Python. The game applies the
// typed value; the string form is only for people and logs. Ids are written as they are unless
// they hold a separator, when they are quoted (id_text below; docs/game.md states the rule),
// so no two different choices of one decision share a string.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/hex.h"
#include "engine/core/map.h"
#include "engine/core/symbol.h"

namespace hexlaw::play {

// Every kind of choice, with its string form (ID a unit id, HEX a hex's printed number).
enum class ActionKind : std::uint8_t {
  No,                  // "no" (forced march, combine)
  ForcedMarch,         // "forced-march"
  End,                 // "end" (movement, reaction, declaration)
  Move,                // "move ID"
  BreakDown,           // "break down ID"
  Enter,               // "enter ID"
  Stay,                // "stay"
  MoveTo,              // "HEX"
  NoDummy,             // "no Dummy"
  BringDummy,          // "bring ID"
  Combine,             // "combine A+B into X"
  React,               // "react ID"
  None,                // "none"
  Countercharge,       // "countercharge ID"
  Disengage,           // "disengage HEX"
  Penetrate,           // "penetrate HEX"
  LetItGo,             // "let it go"
  StopWith,            // "stop with ID"
  Attack,              // "attack A+B on C+D"
  Restart,             // "restart"
  NoReserves,          // "no reserves"
  CommitReserves,      // "commit reserves"
  Column,              // "column N"
  Retreat,             // the path, "0506-0507" or "0506-0507 to LOC 0610", " #k" on a repeat
  Exchange,            // "break A+B"
  Done,                // "done"
  Advance,             // "advance ID HEX"
  NoRally,             // "no rally"
  Rally,               // "rally"
  RallySpendingPoint,  // "rally spending a point"
  StayBroken,          // "stay broken"
  PartialRally,        // "partial rally"
  Place,               // "HEX"
  NoMoreDummies,       // "no more Dummies"
  PlaceDummy,          // "at HEX, ID to HEX"
  DeclareAtNight,      // "declare" (a game's night declaration, dresden:5.2)
  IntoBox,             // "into the holding box" (a game's off-map box, dresden:3.2's Meissen)
  BuildCrossing,       // "build pontoon HEX" (a game's crossing built by a move, dresden:6.0's pontoon)
  NameFront,           // "name FRONT" (the Allied player's Front for a battle, leipzig:12.0; in `unit`)
  // Army arrivals (leipzig:11.8 to 11.8.3); `number` is the turn it then arrives on.
  CallArmy,            // "call A by AREA" (the army's Main Body enters this phase)
  AlternateArea,       // "A by AREA on turn N"
  Accelerate,          // "accelerate A to turn N" (an army group, or a Detachment's unit id)
  Detach,              // "detach ID by AREA on turn N"
};

// One legal choice as what it does. Only the fields its kind names are set.
struct Action {
  ActionKind kind = ActionKind::No;
  // The one unit named: Move, BreakDown, Enter, BringDummy, React, StopWith, Advance; the
  // target of a Countercharge; the unit that steps off in PlaceDummy.
  Symbol unit;
  // The hex named: MoveTo, Disengage, Penetrate, Advance, Place, BuildCrossing; where PlaceDummy's unit steps.
  Hex hex;
  Hex at;                   // PlaceDummy: the friendly unit's hex, where the Dummy goes
  int number = 0;           // Column: the column; Attack: how many of `units` attack
  std::uint32_t index = 0;  // MoveTo, IntoBox: the reachable hex offered (IntoBox: kNoPath, none); Retreat: the path; Exchange: the set
  // Attack: the attackers, then the defenders; Exchange: the attackers that break; Combine:
  // the two Cadres, then the unit they become.
  std::vector<Symbol> units;
  std::string path;         // Retreat: the path as written (hex names; the LOC; " #k" on a repeat)
  Symbol area;              // CallArmy, AlternateArea, Detach: the entry area (the army or unit in `unit`)
};

// IntoBox's index when no move on the map comes first (a reinforcement placed straight in, or a
// unit leaving from the hex it stands in).
inline constexpr std::uint32_t kNoPath = 0xffffffffu;

// An id as it stands in a string form: as it is when it is plain (not empty; no whitespace,
// '+', ',', '"' or '\'), otherwise between double quotes with '"' and '\' escaped by '\'.
std::string id_text(std::string_view id);

// The string form of `a` (docs/game.md lists them), hexes named on `map`.
std::string to_text(const Action& a, const Map& map);

}  // namespace hexlaw::play
