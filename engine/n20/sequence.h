// Owns: the sequence of play (std:4.0) as a state machine over positions in the game — which
// Game Turn, which Player Turn, which Phase — saying who acts, what may and what must be done,
// and which position comes next. It does not play moves; it is the clock the rest obeys.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "engine/n20/phases.h"
#include "engine/n20/rules.h"

namespace hexlaw::n20 {

// A moment in the game: the phase of one Player Turn (1 = First, 2 = Second) of one Game Turn.
struct SequencePosition {
  int turn = 1;
  int player_turn = 1;
  Phase phase = Phase::RandomEvents;
  friend bool operator==(const SequencePosition&, const SequencePosition&) = default;
};

// One thing a side may or must do now, with the rule that says so.
struct Duty {
  std::string what;
  std::string rule;
};

// What the sequence says about one position.
struct PhaseReport {
  SequencePosition at;
  std::string phasing;  // whose Player Turn it is
  std::string acting;   // who acts in this phase (the non-phasing side in the Reaction Phase)
  bool night = false;
  std::vector<Duty> may, must;
  // What happens as this phase closes (a lull check, a reshuffle, victory judged).
  std::vector<Duty> on_close;
  bool last_phase_of_game = false;
};

// Checks that `at` is a position of `cal` (turn in range, Night Operations only on a night
// turn); throws std::invalid_argument naming what is wrong.
void check_position(const Calendar& cal, const SequencePosition& at);

// The phases of one Player Turn of `turn`, in order, as the rule set gives them (std:4.0).
std::vector<Phase> player_turn_phases(const N20Rules& rules, const Calendar& cal, int turn);

// Whose phase it is at `at` in the position `state`, what may and must be done, and what happens
// as it closes.
PhaseReport describe(const N20Rules& rules, const Calendar& cal, const SequencePosition& at, const GameState& state,
                     Trace& trace);

// The position after `at`; false when `at` is the last phase of the last Game Turn, after
// which victory is judged (std:15.0).
bool next_position(const N20Rules& rules, const Calendar& cal, const SequencePosition& at, SequencePosition& next);

}  // namespace hexlaw::n20
