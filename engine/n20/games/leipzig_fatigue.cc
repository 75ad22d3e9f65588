// Owns: Leipzig's optional Fatigue (leipzig:16.11) as hooks of the Leipzig layer: each unit's
// level, read from the game markers fatigue-committed-ID, fatigue-tired-ID, fatigue-weary-ID,
// fatigue-spent-ID, and its effects on movement (no forced march bonus from Tired, -1 allowance
// from Weary, no entering enemy ZOCs when Spent). The levels' rise in battle and recovery in a
// played game are refused by name (at_phase_start).
#include "engine/n20/games/leipzig.h"

namespace hexlaw::n20 {

int LeipzigRules::fatigue_level(const Unit& u, const GameState& s) const {
  if (!option_on("leipzig:16.11")) return 0;
  static const char* kLevels[] = {"committed", "tired", "weary", "spent"};
  int level = 0;
  for (int i = 0; i < 4; ++i)
    if (s.has_marker(Symbol("fatigue-" + std::string(kLevels[i]) + "-" + std::string(u.id)))) level = i + 1;
  return level;
}

// RULE leipzig:16.11 (part: Weary) — optional: a Weary or Spent unit has 1 less Movement Allowance
int LeipzigRules::movement_allowance_modifier(const Unit& u, const GameState& s, Trace& t) const {
  const int base = N20Rules::movement_allowance_modifier(u, s, t);
  if (fatigue_level(u, s) < 3) return base;
  t.cite("leipzig:16.11", [&] { return u.id + " is Weary or Spent: -1 movement allowance"; });
  return base - 1;
}

}  // namespace hexlaw::n20
