// Owns: the victory check (see victory.h).
#include "engine/n20/victory.h"

#include <stdexcept>

namespace hexlaw::n20 {

// Step A. Morale destroyed: a side at 0 loses at once, both at once draw (std:12.1.2).
// Step B. At the end of the game: the anti-French marginal victory, or a draw (std:15.0).
VictoryVerdict victory(const N20Rules& rules, const GameState& state, const std::string& french_side, bool end_of_game,
                       Trace& trace) {
  return rules.judge_victory(state, french_side, end_of_game, trace);
}

VictoryVerdict standard_victory(const GameState& state, const std::string& french_side, bool end_of_game, Trace& trace) {
  VictoryVerdict v;
  auto it = state.morale.find(french_side);
  if (it == state.morale.end()) throw std::invalid_argument("the state has no morale track '" + french_side + "'");
  if (state.morale.size() != 2) throw std::invalid_argument("the victory check needs exactly two morale tracks");
  std::string other_side;
  for (const auto& [track, points] : state.morale)
    if (track != french_side) other_side = track;
  const int french = it->second, other = state.morale.at(other_side);
  // Step A.
  if (french == 0 || other == 0) {
    v.over = true;
    if (french == 0 && other == 0) {
      v.level = "draw";
      v.rule = "std:12.1.2";
      // RULE std:12.1.2 — a side whose morale reaches 0 loses at once; both at once is a draw
      trace.cite("std:12.1.2"_rule, "both sides' morale reached 0 together: the game is a draw");
      return v;
    }
    v.level = "decisive";
    v.winner = french == 0 ? other_side : french_side;
    v.rule = "std:15.0";
    trace.cite("std:12.1.2"_rule, (french == 0 ? french_side : other_side) + "'s morale reached 0: it loses at once");
    // RULE std:15.0 — decisive victory when the enemy's morale is 0 and one's own at least 1
    trace.cite("std:15.0"_rule, v.winner + " wins a decisive victory");
    return v;
  }
  // Step B.
  if (!end_of_game) {
    v.level = "none";
    trace.cite("std:15.0"_rule, "both sides have morale left and the game goes on");
    return v;
  }
  v.over = true;
  v.rule = "std:15.0";
  if (other >= french + 1) {
    v.level = "marginal";
    v.winner = other_side;
    trace.cite("std:15.0"_rule, other_side + " ends with " + std::to_string(other) + " morale against " +
                               std::to_string(french) + ": an anti-French marginal victory");
  } else {
    v.level = "draw";
    trace.cite("std:15.0"_rule, "the anti-French side is not ahead by a point at the end: a draw (the French have no "
                           "marginal victory)");
  }
  return v;
}

}  // namespace hexlaw::n20
