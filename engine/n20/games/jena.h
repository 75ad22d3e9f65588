// Owns: the Jena 20 exclusive rules as a layer over the standard rules (jena:*): the French
// draw no Random Event on the first turn (jena:5.0) and are the First Player (jena:4.0); the
// Elite Forces and the one Guard unit (jena:3.0); the setup lists, deployment options and entry
// areas checked at set-up (jena:3.1 to jena:3.3, jena:11.5; jena_setup.cc); Bernadotte's
// arrival die and the Sudden Death roll at the turn's boundaries (jena:3.1, jena:4.1;
// jena_turns.cc); the objective hexes of the night (jena:14.0) and the LOCs retreats head for
// (jena:9.8.6). Jena's tables (CRT, terrain, hazardous retreats, rally, morale) are the
// standard layer's default tables.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/n20/games/jena_order_of_battle.h"
#include "engine/n20/rules.h"

namespace hexlaw::n20 {

class JenaRules : public N20Rules {
 public:
  // Reads the order of battle (jena:table.order-of-battle) from the spec.
  JenaRules(RulesetChoice choice, std::shared_ptr<const Spec> spec);
  bool skips_random_events(std::string_view side, int turn, const GameState& s, Trace& t) const override;
  std::pair<std::string, std::string> first_player() const override;
  // French and Prussian (jena:3.0).
  GameSides game_sides() const override;
  std::vector<MarkerFamily> marker_families() const override;
  bool is_elite(const Unit& u, Trace& t) const override;
  bool is_guard(const Unit& u, Trace& t) const override;
  void setup_problems(const Map& m, const GameState& s, std::vector<SetupIssue>& problems, Trace& t) const override;
  void at_phase_start(Phase p, GameState& s, DiceSource& dice, Trace& t) const override;
  void at_game_turn_end(int turn, GameState& s, DiceSource& dice, Trace& t) const override;
  NightMorale judge_night_morale(const Map& m, const GameState& s, const std::string& side, Trace& t) const override;
  LocList friendly_locs(const Unit& u, const Map& m, const GameState& s) const override;
  const char* only_an_event_brings(const Unit& u, Trace& t) const override;

  // The Sudden Death number printed in Turn `turn`'s box, from the state marker
  // `sudden-death:TURN=N` (the Turn Track is not in the sources); nothing when not given.
  // std::invalid_argument for a malformed marker.
  static std::optional<int> sudden_death_number(const GameState& s, int turn);
  // The row of the order of battle for this designation and side (either side when `side` is
  // empty), or null; the lookup cites the table when it finds one.
  const jena::OrderOfBattle* listed(std::string_view id, std::string_view side, Trace& t) const;

 private:
  std::vector<jena::OrderOfBattle> order_;
};

}  // namespace hexlaw::n20
