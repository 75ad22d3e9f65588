// Owns: the names of the sequence of play (std:4.0) that the rule set's hooks speak in — the
// phases of a Player Turn and the scenario's calendar. The clock itself is sequence.h.
#pragma once

#include <map>
#include <set>
#include <string>

namespace hexlaw::n20 {

// The five phases of a Player Turn, in order (std:4.0). Night Operations exist only on Night
// Game Turns.
enum class Phase { RandomEvents, Movement, Reaction, Combat, NightOperations };
const char* phase_name(Phase p);
// Parses a phase name ("random-events", "movement", "reaction", "combat", "night-operations");
// throws std::invalid_argument on anything else.
Phase parse_phase(const std::string& name);

// The scenario's calendar: who plays first, how long the game lasts, which turns are Night
// Game Turns.
struct Calendar {
  std::string first, second;  // the First and Second Player's sides (exclusive rules say which)
  int last_turn = 1;
  // The Game Turn a played game opens on (a scenario starting later on the track, as Dresden's
  // Historical scenario on Turn 6, dresden:17.2); 1 unless the calendar names it.
  int first_turn = 1;
  std::set<int> night_turns;
  // The weather printed on the turn track, by turn (Dresden's 5.1); empty when the game's track
  // prints none. A turn not listed shows no symbol (clear).
  std::map<int, std::string> weather;
  bool is_night(int turn) const { return night_turns.count(turn) > 0; }
};

}  // namespace hexlaw::n20
