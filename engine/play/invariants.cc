// Owns: the game invariant checker (see invariants.h).
#include "engine/play/invariants.h"

#include <algorithm>

#include <map>

namespace hexlaw::play {

std::vector<std::string> invariant_violations(const Game& game) {
  std::vector<std::string> out;
  const GameState& s = game.state();
  const Map& map = *game.scenario().map;
  // Step A. Morale on the track.
  // A track held at 0 by its game (a Leipzig Front in General Retreat) ends nothing.
  bool someone_at_zero = false;
  Trace silent(Trace::Off{}, game.scenario().rules->catalog());
  for (const auto& [track, m] : s.morale) {
    if (m < 0 || m > 10) out.push_back("morale of " + track + " is " + std::to_string(m) + ", outside 0..10");
    if (m <= 0 && !game.scenario().rules->morale_zero_stands(track, s)) someone_at_zero = true;
  }
  // Step B. Units: one status each, on-map units in bounds, stacking.
  std::map<Hex, std::vector<const Unit*>> at;
  for (const Unit& u : s.units) {
    if (u.status == UnitStatus::OnMap) {
      if (!map.on_map(u.hex)) out.push_back(u.id + " stands off the map in " + map.name(u.hex));
      at[u.hex].push_back(&u);
    } else if (u.status == UnitStatus::Pending && u.arrival_turn < 1) {
      out.push_back(u.id + " is pending with no arrival turn");
    }
  }
  for (const auto& [h, units] : at) {
    if (units.size() < 2) continue;
    bool enemies = false, all_cadres = units.size() == 2;
    int dummies = 0;
    for (const Unit* u : units) {
      enemies = enemies || u->side != units.front()->side;
      all_cadres = all_cadres && u->type == UnitType::Cadre;
      dummies += u->type == UnitType::Dummy ? 1 : 0;
    }
    // A Dummy that came in with a reinforcement shares its hex until it moves off, within its
    // owner's Movement Phase (std:16.1.3).
    const bool arriving_dummy = units.size() == 2 && dummies == 1 && s.phase == "movement" &&
                                units.front()->side == s.phasing;
    // Units that stack freely (Dresden's garrisons, std:6.9 overridden) never count.
    Trace silent(Trace::Off{}, game.scenario().rules->catalog());
    const auto counted = std::count_if(units.begin(), units.end(), [&](const Unit* u) {
      return !game.scenario().rules->stacks_freely(*u, silent);
    });
    // The Cadre pair of 16.7 may share its hex with units that stack freely (a Leipzig Leader).
    const bool cadre_pair = all_cadres || (counted == 2 && std::all_of(units.begin(), units.end(), [&](const Unit* u) {
                                             return u->type == UnitType::Cadre || game.scenario().rules->stacks_freely(*u, silent);
                                           }));
    // A pair a game lets stack (leipzig:16.7.3's Pirch and Kleist, until they recombine).
    const bool pair = units.size() == 2 && !enemies &&
                      game.scenario().rules->stacks_as_pair(*units.front(), *units.back(), s) != nullptr;
    if (enemies) out.push_back("enemy units share " + map.name(h));
    else if (counted >= 2 && !cadre_pair && !arriving_dummy && !pair) out.push_back(std::to_string(units.size()) + " units stack in " + map.name(h));
  }
  // Step C. The end of the game: at once at 0 morale, otherwise only after the last phase.
  n20::SequencePosition next;
  const bool last_phase = !n20::next_position(*game.scenario().rules, game.scenario().calendar, game.position(), next);
  if (someone_at_zero && !game.over()) out.push_back("a side is at 0 morale but the game goes on");
  const bool ended_early = game.state().has_marker(n20::N20Rules::kGameEndsMarker);
  if (ended_early && !game.over()) out.push_back("a rule ended the game but it goes on");
  if (game.over() && !someone_at_zero && !last_phase && !ended_early)
    out.push_back("the game ended before its last phase with no side at 0 morale");
  // Step D. Every game-level marker the game wrote is one its rules read back from a position,
  // so a saved state can be asked about again.
  const auto families = game.scenario().rules->marker_families();
  for (Symbol m : s.markers)
    if (!n20::N20Rules::in_families(m.view(), families))
      out.push_back("game-level marker " + m.str() + " is in no marker family of the game's rules");
  return out;
}

}  // namespace hexlaw::play
