// Owns: the typed choices of a played Jemmapes round (engine/play/jemmapes_game.h) — what each
// legal choice of a decision does, as a value (its kind and the units, hex, facing, order or unit
// type it names) — and the one string form in which each is offered, logged, typed at the CLI
// and shown to Python, with the parser that reads that form back: for every action a,
// parse_jemmapes_action(to_text(a)) == a. Ids are written as Napoleonic 20 games write them
// (play::id_text: plain, or quoted when they hold a space, '+', ',', '"' or '\'), so an id that
// holds " with ", " to ", " on " or a keyword never splits a choice; lists of ids are joined by
// ','. The round applies the typed value; nothing reads a choice's text by offsets.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/hex.h"
#include "engine/core/map.h"
#include "engine/jemmapes/position.h"

namespace hexlaw::play {

// Every kind of choice, with its string form (ID an id, IDS ids joined by ',', HEX a printed hex
// number, F a facing n ne se s sw nw, ORDER offensive | manoeuvre | defensive, TYPE infantry |
// artillery).
enum class JemmapesActionKind : std::uint8_t {
  Keep,       // "keep" (an order, or the initiative)
  Attempt,    // "attempt ORDER", "attempt ORDER with general" (jemmapes:4.2.1)
  Pass,       // "pass" (the initiative)
  Activate,   // "activate ID" (a formation)
  End,        // "end" (movement, combat or rallying segment)
  Move,       // "move ID"
  Enter,      // "enter ID" (a unit off the map enters by 0107 and moves on, jemmapes:9.1.1)
  MoveTo,     // "HEX" (a commander), "HEX F", "HEX F as reserve"
  None,       // "none" (no reaction; no unit follows)
  Step,       // "step HEX" (reaction movement, move_one_hex)
  Pivot,      // "pivot F" (reaction movement, pivot_one_hexside)
  ReactFire,  // "fire TYPE" (reaction fire of the stack's units of that type)
  Fire,       // "fire TYPE at HEX by IDS"
  Assault,    // "assault HEX by IDS head ID[ bayonet IDS][ charge][ with ID]"
  Head,       // "head ID[ countercharge][ with ID]" (the defender's answer to an assault)
  Retreat,    // "retreat ID to HEX"
  Place,      // "place ID at HEX" (a commander, jemmapes:8.0)
  Advance,    // "advance ID F"
  Follow,     // "follow ID"
  Rally,      // "rally ID", "rally ID with ID"
};

// One legal choice as what it does. Only the fields its kind names are set.
struct JemmapesAction {
  JemmapesActionKind kind = JemmapesActionKind::End;
  // Activate: the formation; Move, Enter, Retreat, Place, Advance, Follow, Rally: the unit; Assault:
  // the attacker's head unit; Head: the defender's head unit.
  std::string unit;
  // Assault, Head, Rally: the commander who lends his TV ("" for none).
  std::string commander;
  std::vector<std::string> units;    // Fire: the shooters; Assault: the attackers
  std::vector<std::string> bayonet;  // Assault: the French infantry making a bayonet charge
  Hex hex;                           // MoveTo, Step, Fire, Assault (the target), Retreat, Place
  std::optional<Direction> facing;   // MoveTo (combat units), Pivot, Advance
  jemmapes::Order order = jemmapes::Order::Offensive;               // Attempt
  jemmapes::UnitKind type = jemmapes::UnitKind::Infantry;           // Fire, ReactFire
  // Attempt: with the general's CV; MoveTo: as reserve; Assault: the moved cavalry charges;
  // Head: the defending cavalry counter-charges.
  bool flag = false;
  friend bool operator==(const JemmapesAction&, const JemmapesAction&) = default;
};

// The string form of `a` (the list above), hexes named on `map`.
std::string to_text(const JemmapesAction& a, const Map& map);

// The action whose string form is `text`, hexes read on `map`. Throws std::invalid_argument
// naming what is wrong when `text` is no action's string form (so to_text(parse(t)) == t).
JemmapesAction parse_jemmapes_action(std::string_view text, const Map& map);

}  // namespace hexlaw::play
