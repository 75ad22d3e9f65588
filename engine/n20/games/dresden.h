// Owns: the Dresden 20 exclusive rules as a layer over the standard rules (dresden:*): the
// weather (dresden:5.1.1, 6.10, 9.4.5, 16.8.3) changing strengths, movement allowances, the
// road bonus, artillery and the rivers (dresden.cc); the turn track's weather and Variable
// Weather (dresden:5.1, 16.8-16.8.2), command confusion (3.1) and the catastrophes (12.7)
// at the played game's phase boundaries (dresden_turn.cc); the garrisons whole (dresden:9.10,
// 9.10.1, 9.10.2: dresden_garrisons.cc); the Allied cadres (dresden:16.7: dresden_cadres.cc).
// Everything else is the standard rules unchanged.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
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
  // The hexside hooks read whether the ground is wet and where the pontoon stands.
  std::uint64_t terrain_context(const GameState& s) const override;
  int movement_allowance_modifier(const Unit& u, const GameState& s, Trace& t) const override;
  bool road_bonus_allowed(const GameState& s, Trace& t) const override;
  int strength_modifier(const Unit& u, const GameState& s, Trace& t) const override;
  bool artillery_doubles(const GameState& s, Trace& t) const override;
  bool halve_before_doubling() const override { return true; }
  // Garrisons (dresden:9.10, dresden_garrisons.cc): strength 0 plus terrain, they never move,
  // attack or retreat, French units stack freely with them, reserves are never committed to a
  // battle of garrisons only; a result that would move one leaves its hex open to the advance
  // (dresden.lone_garrison_loss), it covers a French attacker's hex, is subsumed with its French
  // defender, and is destroyed or restored by who holds its hex (9.10.1, 9.10.2).
  bool may_move(const Unit& u, Trace& t) const override;
  int base_strength(const Unit& u, const GameState& s, Trace& t) const override;
  Hold holds_its_hex(const Unit& u, const GameState& s, Trace& t) const override;
  bool gives_way_to_advance(const Unit& there, bool its_side_attacked, Trace& t) const override;
  void settle_position(const Map& m, Change why, GameState& s, Trace& t) const override;
  // The turn (dresden_turn.cc): the turn track's weather, Mud expiring and Extra Horses ending
  // as a Game Turn opens (5.1, 16.8.2, 5.2); the Allied weather roll and command confusion as
  // the Allied Movement Phase opens (16.8, 16.8.1, 3.1); the limit it sets, lifted when a French
  // reinforcement crosses the Elbe; the catastrophes as a French Player Turn ends (12.7).
  void at_game_turn_start(const Calendar& cal, int turn, GameState& s, DiceSource& dice, Trace& t) const override;
  void at_phase_start(Phase p, GameState& s, DiceSource& dice, Trace& t) const override;
  // The Au IV arrival roll of dresden:3.2, as the Allied Movement Phase opens (dresden_meissen.cc).
  void meissen_roll(GameState& s, DiceSource& dice, Trace& t) const;
  // The command confusion roll of 3.1 (dresden_turn.cc).
  void confusion_roll(GameState& s, DiceSource& dice, Trace& t) const;
  void at_player_turn_close(const Map& m, std::string_view side, GameState& s, Trace& t) const override;
  void after_move(const Map& m, Symbol unit, Hex from, bool entering, const std::vector<Hex>& path, GameState& s,
                  Trace& t) const override;
  bool may_move_more(const GameState& s, Trace& t) const override;
  // Night (dresden:14.0): the French have no Objective hexes; Neustadt (1406) and the Meissen
  // box (3.2) are the Allies': each one an Allied unit holds costs the French 1.
  NightMorale judge_night_morale(const Map& m, const GameState& s, const std::string& side, Trace& t) const override;
  // French LOCs (dresden:9.8.6): 1601 from the start; 1607, 1617 and 1624 once a French
  // reinforcement has entered through area A, B or C (the state marker loc-active-A, -B, -C).
  LocList friendly_locs(const Unit& u, const Map& m, const GameState& s) const override;
  // The French LOC hexes of the map not active now.
  std::vector<Hex> inactive_french_locs(const Map& m, const GameState& s) const;
  // The Allied move limit in force this phase, if any (3.1), and the moves counted against it.
  static std::optional<int> confusion_limit(const GameState& s);
  int confusion_moves(const GameState& s) const;
  // One Variable Weather check (16.8-16.8.2) with die `face`, on turn `turn`.
  void weather_check(int face, int turn, GameState& s, Trace& t) const;
  // The Allies are the First Player (dresden:4.0).
  const char* first_player_rule(const std::string& first, const std::string& french, Trace& t) const override;
  // French and Allied (dresden:3.0).
  GameSides game_sides() const override;
  std::vector<MarkerFamily> marker_families() const override;
  GameWeathers weathers() const override;
  // The Allies draw no Random Event on the first turn (dresden:5.0).
  bool skips_random_events(std::string_view side, int turn, const GameState& s, Trace& t) const override;
  // The Austrian Light Corps may disengage like cavalry (dresden:16.9).
  bool may_disengage(const Unit& u, Trace& t) const override;
  // Königstein (1222): a super-fortified hex, +4 in defence and four hexes fewer to retreat
  // (dresden:6.12).
  DresdenRules(RulesetChoice choice, std::shared_ptr<const Spec> spec);
  const TerrainType& terrain_of(const Map& m, Hex h, const GameState& s) const override;
  // The Grosser Garten (terrain name grosser_garten): woods for defence, clear for movement (dresden:6.11).
  bool knows_terrain(std::string_view name) const override { return name == "grosser_garten"; }
  int retreat_reduction(const Map& m, Hex h, const GameState& s, Trace& t) const override;
  // No river hazard across the two Dresden bridges, 1406/1306 and 1406/1407 (dresden:9.11).
  const char* retreat_hazard_waiver(const Map& m, Hexside side) const override;
  bool stacks_freely(const Unit& u, Trace& t) const override;
  bool obliged_to_attack(const Unit& u, const GameState& s, Trace& t) const override;
  void battle_conditions(UnitRefs attackers, UnitRefs defenders,
                         const GameState& s, std::vector<std::pair<std::string, std::string>>& violations,
                         Trace& t) const override;
  const char* forbids_reserves(UnitRefs units, Trace& t) const override;
  // Allied cadres (dresden:16.7, dresden_cadres.cc): the Allies never break down or combine;
  // the Allied G+R (the Allied unit with the guard flag) may cadre as Russian or Austrian.
  const char* forbids_cadre_exchange(const Unit& u, Trace& t) const override;
  std::vector<std::string> cadre_nationalities(const Unit& u, Trace& t) const override;
  // Extra Horses (dresden:5.2, dresden_turn.cc): the French may declare it once per game as
  // their Night Operations Phase ends (state markers extra-horses, and extra-horses-used for good).
  std::optional<NightDeclaration> night_declaration(const GameState& s, std::string_view side, Trace& t) const override;
  void declare_at_night(GameState& s, std::string_view side, Trace& t) const override;
  // Meissen (dresden:3.2, dresden_meissen.cc): the off-map holding box, named by the state
  // marker meissen:ID of the unit in it (held there as a reinforcement that never arrives:
  // pending, arrival turn kHeldInMeissen). While it is empty a French non-Dummy unit may leave
  // the map into it through entry area Y; Au IV (the Allied reinforcement due through area Y)
  // rolls from Turn 7 as the Allied Movement Phase opens (meissen_roll), and on a 6 with the
  // box empty may be placed in it instead of entering; it scores there as an Allied Objective.
  HoldingBox holding_box(const Unit& u, const GameState& s, Trace& t) const override;
  void enter_holding_box(Symbol unit, GameState& s, Trace& t) const override;
  // The unit in the Meissen box, or null.
  static const Unit* meissen_occupant(const GameState& s);
  // The Allied unit the Meissen rolls are for (Au IV): the Allied reinforcement that enters
  // through area Y or Z, not in the box; null when there is none.
  static const Unit* austrian_fourth(const GameState& s);
  // The arrival turn that holds a unit in the box for good (no Dresden game lasts so long).
  static constexpr int kHeldInMeissen = 99;
  // The set-up (dresden_setup.cc): with the state marker dresden-scenario:standard (3.0) or
  // historical-scenario (17.2), each unit whose id is a designation of the order of battle
  // (dresden:table.order-of-battle) on its hex or due on its turn through its area, and the
  // starting morale; dresden-scenario:koenigstein (17.1.1) checks the secret stacks instead of
  // the French reinforcement schedule.
  struct Listed {
    std::string id, side, arrives, setup, entry;  // arrives: setup | turn | meissen | unused
    int turn = 0;
  };
  static std::vector<Listed> read_order_of_battle(const TableSet& tables, bool historical);
  void setup_problems(const Map& m, const GameState& s, std::vector<SetupIssue>& problems, Trace& t) const override;
  void koenigstein_stacks(const GameState& s, std::vector<SetupIssue>& problems, Trace& t) const;
  // The Pirna pontoon bridge (dresden:6.0, 5.1.1; dresden_pontoon.cc): built once by a French
  // infantry unit that starts its Movement Phase in 1216 and crosses the Elbe to 1115, 1116 or
  // 1217 as its whole move (state marker pontoon-built:HEX, the hex entered); then a bridge on
  // that hexside for French units only (movement, retreat, advance), its retreats not hazardous;
  // unusable in Downpour or Mud, when a French retreat across it breaks the unit.
  static constexpr const char* kPontoonFrom = "1216";
  static constexpr std::array<const char*, 3> kPontoonTo = {"1115", "1116", "1217"};
  static constexpr std::string_view kPontoonMarker = "pontoon-built:";
  // The hex the built pontoon leads to, or nothing while it is unbuilt.
  static std::optional<std::string> pontoon_built_at(const GameState& s);
  // Whether `side` is the built pontoon's hexside (where the map prints the Elbe, a major river).
  static bool is_pontoon_side(const Map& m, Hexside side, const GameState& s);
  ReservedCrossing reserved_crossing(const Map& m, Hexside side, const GameState& s) const override;
  const char* attack_across_closed(const Map& m, const Unit& attacker, Hex defender, const GameState& s) const override;
  std::pair<std::string, std::string> position_problem(const Map& m, const GameState& s) const override;
  // Why a state marker that carries a number (mud-until-N, confusion-limit-N,
  // confusion-exempt-N) is refused, or empty: N must be a whole number 0..kMaxTurn (issue 16:
  // "mud-until-x" reached std::stoi, an internal error).
  static std::string numbered_marker_problem(const GameState& s);
  // Whether `unit` may build the pontoon into `to` now, and why not (rule, reason).
  struct PontoonBuild {
    bool legal = false;
    std::string rule, reason;
    bool enemy_zoc = false;  // it ends in an enemy ZOC: a battle follows (std:7.3)
  };
  PontoonBuild pontoon_build(const Map& m, const GameState& s, const Unit& unit, Hex to, Trace& t) const;
  // The hexes `unit` may build the pontoon into now (empty when it may not build).
  std::vector<Hex> crossing_build_targets(const Map& m, const GameState& s, const Unit& unit) const override;
  // Builds it: the unit crosses into `to`, the marker pontoon-built:TO is set, a move is counted.
  void build_crossing(const Map& m, GameState& s, Symbol unit, Hex to, Trace& t) const override;
  // The LOCs a French retreat heads for: the active ones only, whatever dresden.inactive_loc_scope says.
  LocList retreat_direction_locs(const Unit& u, const Map& m, const GameState& s) const override;
  // Lulls (dresden:17.2): in the Historical scenario either side may take one on any Day Turn.
  LullVerdict judge_lull(const Map& m, const GameState& s, const std::string& side, const TurnFacts& facts,
                         Trace& t) const override;

 private:
  // Königstein over each terrain a map may give 1222: that terrain's movement, with the
  // super-fortress's defence and barrier. Built on first use; the rule set serves one thread
  // at a time (as its terrain cache).
  mutable std::vector<std::pair<const TerrainType*, std::unique_ptr<TerrainType>>> koenigstein_;
  mutable std::unique_ptr<TerrainType> garten_;  // built on first use, as koenigstein_
  std::vector<Listed> standard_order_, historical_order_;  // the order of battle per scenario
};

}  // namespace hexlaw::n20
