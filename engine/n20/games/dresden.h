// Owns: the Dresden 20 exclusive rules as a layer over the standard rules (dresden:*). So far:
// the weather (dresden:5.1.1, 6.10, 9.4.5, 16.8.3) changing strengths, movement allowances,
// the road bonus, artillery and the rivers; garrisons in part (dresden:9.10: movement,
// stacking, attacks, reserves; their combat results are refused by name). Everything else is
// the standard rules unchanged.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

class DresdenRules : public N20Rules {
 public:

  // Downpour, or Mud under Variable Weather (the game marker "mud").
  static bool wet(const GameState& s);
  // Rain actually falling: Showers or Downpour (16.8.3: Mud alone does not weaken infantry).
  static bool raining(const GameState& s);

  void hexside_types(const Map& m, Hexside side, const GameState& s,
                     std::vector<const HexsideType*>& out) const override;
  // The hexside hook reads only whether the ground is wet.
  std::uint64_t terrain_context(const GameState& s) const override { return wet(s) ? 1 : 0; }
  int movement_allowance_modifier(const Unit& u, const GameState& s, Trace& t) const override;
  bool road_bonus_allowed(const GameState& s, Trace& t) const override;
  int strength_modifier(const Unit& u, const GameState& s, Trace& t) const override;
  bool artillery_doubles(const GameState& s, Trace& t) const override;
  bool halve_before_doubling() const override { return true; }
  // Garrisons (dresden:9.10): they never move or attack, French units stack freely with them,
  // reserves are never committed to a battle of garrisons only. Their combat results (a lone
  // garrison's loss, a garrison subsumed by its French defender, the advance it blocks) are
  // not implemented yet: a battle that involves a garrison hex is refused by name.
  bool may_move(const Unit& u, Trace& t) const override;
  // The Allies draw no Random Event on the first turn (dresden:5.0).
  bool skips_random_events(std::string_view side, int turn, Trace& t) const override;
  // The Austrian Light Corps may disengage like cavalry (dresden:16.9).
  bool may_disengage(const Unit& u, Trace& t) const override;
  // Königstein (1222): a super-fortified hex, +4 in defence and four hexes fewer to retreat
  // (dresden:6.12).
  DresdenRules(RulesetChoice choice, std::shared_ptr<const Spec> spec);
  const TerrainType& terrain_of(const Map& m, Hex h, const GameState& s) const override;
  int retreat_reduction(const Map& m, Hex h, const GameState& s, Trace& t) const override;
  // No river hazard across the two Dresden bridges, 1406/1306 and 1406/1407 (dresden:9.11).
  const char* retreat_hazard_waiver(const Map& m, Hexside side) const override;
  bool stacks_freely(const Unit& u, Trace& t) const override;
  bool obliged_to_attack(const Unit& u, const GameState& s, Trace& t) const override;
  void battle_conditions(const std::vector<const Unit*>& attackers, const std::vector<const Unit*>& defenders,
                         const GameState& s, std::vector<std::pair<std::string, std::string>>& violations,
                         Trace& t) const override;
  const char* forbids_reserves(const std::vector<const Unit*>& units, Trace& t) const override;
  void check_resolution(const std::vector<const Unit*>& attackers, const std::vector<const Unit*>& defenders,
                        const GameState& s) const override;

 private:
  // Königstein over each terrain a map may give 1222: that terrain's movement, with the
  // super-fortress's defence and barrier. Built on first use; the rule set serves one thread
  // at a time (as its terrain cache).
  mutable std::vector<std::pair<const TerrainType*, std::unique_ptr<TerrainType>>> koenigstein_;
};

}  // namespace hexlaw::n20
