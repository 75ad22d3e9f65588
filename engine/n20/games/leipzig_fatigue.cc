// Owns: Leipzig's optional Fatigue (leipzig:16.11) as hooks of the Leipzig layer: each unit's
// level, read from the game markers fatigue-committed-ID, fatigue-tired-ID, fatigue-weary-ID,
// fatigue-spent-ID, and its effects on movement (no forced march bonus from Tired, -1 allowance
// from Weary, no entering enemy ZOCs when Spent), their rise by a level for every unit that
// fights a battle (battle_fought) and their fall by a level as its owner's Player Turn closes
// for a unit not adjacent to an enemy unit (at_player_turn_close: after the Combat Phase, and
// after Night Operations on a Night turn, which read no fatigue).
#include "engine/n20/games/leipzig.h"
#include "engine/n20/zoc.h"

namespace hexlaw::n20 {
namespace {
constexpr const char* kLevels[] = {"committed", "tired", "weary", "spent"};

// Sets `id`'s fatigue level (0 none, 1-4) as its one game marker fatigue-LEVEL-ID.
void set_fatigue(GameState& s, Symbol id, int level) {
  // By value: the markers are not always kept in order (a plain search, not set_marker's).
  for (const char* l : kLevels) std::erase(s.markers, Symbol("fatigue-" + std::string(l) + "-" + std::string(id)));
  if (level > 0) s.set_marker(Symbol("fatigue-" + std::string(kLevels[level - 1]) + "-" + std::string(id)), true);
}
std::string level_name(int level) { return level == 0 ? "no fatigue" : kLevels[level - 1]; }
}  // namespace

int LeipzigRules::fatigue_level(const Unit& u, const GameState& s) const {
  if (!on(Optional::LeipzigFatigue)) return 0;
  int level = 0;
  for (int i = 0; i < 4; ++i)
    if (s.has_marker(Symbol("fatigue-" + std::string(kLevels[i]) + "-" + std::string(u.id)))) level = i + 1;
  return level;
}

// RULE leipzig:16.11 — Weary: optional: a Weary or Spent unit has 1 less Movement Allowance
int LeipzigRules::movement_allowance_modifier(const Unit& u, const GameState& s, Trace& t) const {
  const int base = N20Rules::movement_allowance_modifier(u, s, t);
  if (fatigue_level(u, s) < 3) return base;
  t.cite("leipzig:16.11"_rule, [&] { return u.id + " is Weary or Spent: -1 movement allowance"; });
  return base - 1;
}

// With leipzig.spent_blocks_advance = true, a Spent unit may not advance after combat into an
// enemy ZOC (std:7.5 overridden for it; its cavalry duty to advance is then waived).
// RULE leipzig:16.11 — Spent and advances: leipzig.spent_blocks_advance = true: a Spent unit may not advance after combat into an enemy ZOC
const char* LeipzigRules::forbids_advance_into(const Unit& u, const Map& m, Hex h, const GameState& s) const {
  if (fatigue_level(u, s) < 4 || !readings().leipzig_spent_blocks_advance) return nullptr;
  Trace silent(Trace::Off{}, catalog());
  Unit there = u;
  there.hex = h;
  return in_enemy_zoc(*this, m, s, there, silent) ? "leipzig:16.11" : nullptr;
}

// Step A. Every unit that fought (Leaders never: they add no strength) rises a level, none past
// Spent. Step B. A unit the battle took off the map carries no fatigue (its marker goes with
// the counter; one that rallies comes back fresh).
// RULE leipzig:16.11 — Exhaustion: optional: each unit that fights a battle, attacking or defending, rises one fatigue level (none past Spent)
void LeipzigRules::battle_fought(std::span<const Symbol> fought, GameState& s, Trace& t) const {
  clear_risen_fronts(s);  // leipzig:12.7: a Front back at 0 that this battle raised may fall to 0 again
  if (!on(Optional::LeipzigFatigue)) return;
  for (Symbol id : fought) {
    const Unit* u = s.unit(id);
    if (!u || u->type == UnitType::Leader) continue;
    // Step A.
    const int level = fatigue_level(*u, s);
    if (level >= 4) {
      t.cite("leipzig:16.11"_rule, [&] { return id + " fought and is already Spent: no change"; });
    } else {
      set_fatigue(s, id, level + 1);
      t.cite("leipzig:16.11"_rule, [&] { return id + " fought: " + level_name(level) + " -> " + level_name(level + 1); });
    }
    // Step B.
    if (!s.unit(id)->on_map()) set_fatigue(s, id, 0);
  }
}

// Each fatigued unit of `side` on the map with no enemy unit adjacent (adjacency for the rules,
// std:7.0: not across an unbridged Major River; Dummies are no units) drops a level.
// RULE leipzig:16.11 — Recovery: optional: as its owner's Combat Phase ends, a fatigued unit not adjacent to an enemy unit drops one level (even at Night)
void LeipzigRules::at_player_turn_close(const Map& m, std::string_view side, GameState& s, Trace& t) const {
  N20Rules::at_player_turn_close(m, side, s, t);
  if (!on(Optional::LeipzigFatigue)) return;
  Trace silent(Trace::Off{}, catalog());
  for (const Unit& u : UnitTable(s.units)) {
    if (!u.on_map() || u.side != Symbol(side)) continue;
    const int level = fatigue_level(u, s);
    if (level == 0) continue;
    bool near = false;
    for (const Unit& e : s.units)
      if (e.on_map() && e.side != u.side && e.type != UnitType::Dummy && distance(e.hex, u.hex) == 1 &&
          adjacent_for_rules(*this, m, s, u.hex, e.hex, silent))
        near = true;
    if (near) {
      t.cite("leipzig:16.11"_rule, [&] { return u.id + " is adjacent to an enemy unit: it stays " + level_name(level); });
      continue;
    }
    set_fatigue(s, u.id, level - 1);
    t.cite("leipzig:16.11"_rule, [&] { return u.id + " is not adjacent to an enemy unit: " + level_name(level) + " -> " + level_name(level - 1); });
  }
}

}  // namespace hexlaw::n20
