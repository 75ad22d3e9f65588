// Owns: the Leipzig 20 exclusive rules as a layer over the standard rules (leipzig:*): the
// Allied armies' two morale Fronts (leipzig:12.0) with morale bought per army (12.3, 12.4),
// lulls per Front, a battle's Front named by the Allied player where the rules leave it to him
// (game marker allied-front:FRONT), the General Retreat and Shattering of a Front at 0 (12.1.2,
// 12.7, 12.7.4; leipzig_fronts.cc), night rest and victory by Fronts (14.0, 15.0), the LOCs by
// Front and by bank of the Elster (leipzig:9.8.6), Fatigue (leipzig:16.11, leipzig_fatigue.cc),
// Unreliable Troops (leipzig:16.8, leipzig_unreliable.cc), Leaders (leipzig:16.12: here their
// ZOC, strength, movement and stacking; leipzig_leaders.cc their Command Span, battles and
// Discretion), the French command limit and "Activating Napoleon" (leipzig:7.7,
// leipzig_command.cc) and the Lindenau bridge (leipzig:16.10, leipzig_bridge.cc). Army-less
// Allied units use the army they came from, or the Front of their battle (leipzig:2.1).
// The set-up check and the Elite Forces read the order of battle (leipzig:3.0 to 3.0.5, leipzig:2.0; leipzig_setup.cc); the event deck's set-up and its
// remove and replace cards (leipzig:3.0.6, 5.1 to 5.1.2; leipzig_events.cc); Pirch and Kleist
// recombining into Pr II (leipzig:16.7.3; leipzig_recombine.cc).
#pragma once

#include <array>

#include "engine/n20/events.h"
#include "engine/n20/rules.h"

namespace hexlaw::n20 {

// Clears the game markers general-retreat-returned-F of Fronts now above 0 (leipzig:12.7 with
// leipzig.general_retreat_return_value = 0; leipzig_fronts.cc).
void clear_risen_fronts(GameState& s);

class LeipzigRules : public N20Rules {
 public:
  using N20Rules::N20Rules;
  // Refuses, by name, the readings of Leipzig's switches that are not implemented.
  static void check_choice(const RulesetChoice& choice);

  // The Front of an Allied army: "allied-north" (armies N and S), "allied-south" (B and P);
  // empty for a unit with no army.
  static Symbol front_of(const Unit& u);
  // The army whose Front and LOCs `u` uses: its own; for an army-less Allied unit under
  // leipzig.cadre_front = origin, the army it was created from (game marker cadre-army:ID=ARMY).
  Symbol army_for_front(const Unit& u, const GameState& s, Trace& t) const;
  // An army-less Allied Cadre taking a unit's place records that unit's army (leipzig:2.1).
  void cadre_created(const Unit& from, Symbol cadre, GameState& s, Trace& t) const override;

  bool has_zoc(const Unit& u, const GameState& s, Trace& t) const override;
  Symbol morale_track_for(const Unit& u, const GameState& s, Trace& t) const override;
  TrackList battle_tracks(UnitRefs units, BattleMorale what, const GameState& s,
                                    Trace& t) const override;
  LocList friendly_locs(const Unit& u, const Map& m, const GameState& s) const override;
  // The army markers read by shape (army-group:ARMY=TURN@AREA, army-entry:ARMY=AREA+N,...),
  // refused at reading as (field, reason) when not so written.
  std::pair<std::string, std::string> position_problem(const Map& m, const GameState& s) const override;
  // Why a General Retreat's return marker (general-retreat-until-FRONT-TURN) is refused, or empty.
  static std::string general_retreat_marker_problem(const GameState& s);
  std::set<Hex> rally_locs(const Unit& u, const Map& m, const GameState& s, Trace& t) const override;
  int base_strength(const Unit& u, const GameState& s, Trace& t) const override;
  bool may_move(const Unit& u, Trace& t) const override;
  const char* ignores_rugged(const Unit& u) const override;
  const char* leaves_enemy_zoc(const Unit& u) const override;
  bool stacks_freely(const Unit& u, Trace& t) const override;
  bool obliged_to_attack(const Unit& u, const GameState& s, Trace& t) const override;
  void battle_conditions(UnitRefs attackers, UnitRefs defenders,
                         const GameState& s, std::vector<std::pair<std::string, std::string>>& violations,
                         Trace& t) const override;
  // The Allies draw no Random Event on the first turn (leipzig:5.0).
  bool skips_random_events(std::string_view side, int turn, const GameState& s, Trace& t) const override;
  const char* first_player_rule(const std::string& first, const std::string& french, Trace& t) const override;
  // French and Allied (leipzig:3.0).
  GameSides game_sides() const override;
  std::vector<MarkerFamily> marker_families() const override;
  // With optional rule leipzig:16.9, the Austrian light divisions may disengage like cavalry.
  bool may_disengage(const Unit& u, Trace& t) const override;
  // Morale points bought per Allied army from its Front (leipzig:12.3, 12.4); none for an
  // army-less Allied unit. The French buy for their whole side (leipzig_fronts.cc).
  std::optional<Symbol> spending_group(const Unit& u, Spending what, const GameState& s, Trace& t) const override;
  // A Front brought to 0: the General Retreat's first three steps, or the Shattering of a
  // Demoralized Front (leipzig:12.1.2, 12.7, 12.7.4); the retreats step 4 owes; a Front's value
  // frozen at 0 while in General Retreat, and its return to the track when its turn comes.
  Collapse morale_collapse(Symbol track, GameState& s, Trace& t) const override;
  bool morale_frozen(Symbol track, const GameState& s, Trace& t) const override;
  std::vector<OwedRetreat> owed_retreats(const GameState& s, Trace& t) const override;
  void owed_retreats_done(GameState& s, Trace& t) const override;
  void at_phase_start(Phase p, GameState& s, DiceSource& dice, Trace& t) const override;
  void at_player_turn_end(std::string_view side, GameState& s, DiceSource& dice, Trace& t) const override;
  // In the first French Player Turn after a Front's collapse, French non-cavalry may not enter
  // that Front's units' ZOCs (leipzig:12.7's example; the one stated effect of the unprinted 12.7.2).
  const char* forbids_zoc_entry(const Unit& u, const Map& m, Hex h, const GameState& s) const override;
  // Optional Fatigue (leipzig:16.11), read from game markers fatigue-LEVEL-ID: 0 none,
  // 1 committed, 2 tired, 3 weary, 4 spent. Its effects: no forced march from Tired, -1 allowance
  // from Weary, no entering enemy ZOCs when Spent (leipzig_fatigue.cc).
  int fatigue_level(const Unit& u, const GameState& s) const;
  int movement_allowance_modifier(const Unit& u, const GameState& s, Trace& t) const override;
  // Fatigue's rise for every unit that fought a battle, and its recovery as a Player Turn
  // closes for a unit not adjacent to an enemy unit (leipzig:16.11).
  void battle_fought(std::span<const Symbol> fought, GameState& s, Trace& t) const override;
  void at_player_turn_close(const Map& m, std::string_view side, GameState& s, Trace& t) const override;
  // Lulls per Front (leipzig:12.0's ruling); the French compare with the higher Front.
  LullVerdict judge_lull(const Map& m, const GameState& s, const std::string& side, const TurnFacts& facts,
                         Trace& t) const override;
  // Victory by the French morale against each Allied Front and the Fronts' Demoralized and
  // Shattered states (leipzig:15.0), read from the game markers demoralized-<front>,
  // shattered-<front> and general-retreat-<front> (a Front in General Retreat counts as 0).
  // Night rest by Leipzig's scale, per Front; LOCs held counted per Front (leipzig:14.0, with
  // leipzig.loc_capture_count = per-front); Lindenau a French-owned objective.
  NightMorale judge_night_morale(const Map& m, const GameState& s, const std::string& side, Trace& t) const override;
  VictoryVerdict judge_victory(const GameState& s, const std::string& french_side, bool end_of_game,
                               Trace& t) const override;
  // Optional Lindenau bridge demolition (leipzig:16.10, leipzig_bridge.cc): the destroyed
  // bridge's hexside, the accidental roll at the end of an Allied Movement Phase and after each
  // Allied battle, the French voluntary demolition as a French Movement Phase ends.
  void hexside_types(const Map& m, Hexside side, const GameState& s,
                     std::vector<const HexsideType*>& out) const override;
  void at_phase_start_on_map(const Map& m, Phase p, GameState& s, DiceSource& dice, Trace& t) const override;
  void after_battle(const Map& m, GameState& s, DiceSource& dice, Trace& t) const override;
  std::optional<NightDeclaration> movement_end_declaration(const Map& m, const GameState& s, std::string_view side,
                                                           Trace& t) const override;
  void declare_at_movement_end(const Map& m, GameState& s, std::string_view side, Trace& t) const override;
  // The accidental demolition check (leipzig:16.10) at the moment `when` names.
  void accidental_demolition(const Map& m, GameState& s, DiceSource& dice, const char* when, Trace& t) const;
  // Optional Unreliable Troops (leipzig:16.8, leipzig_unreliable.cc): the French Unreliable
  // units' roll before a battle's die, its bands, and a desertion.
  std::vector<PreBattleRoll> pre_battle_rolls(UnitRefs attackers,
                                              UnitRefs defenders, const GameState& s,
                                              Trace& t) const override;
  PreBattleEffect pre_battle_effect(const PreBattleRoll& r, int modified) const override;
  Desertion desert(Symbol unit, GameState& s, MoraleTracks& morale, Trace& t) const override;
  // Leipzig hexes holding an Allied unit, and whether an Allied unit is in or next to one.
  std::pair<int, bool> leipzig_presence(const Map& m, const GameState& s) const;
  // The French Command Limitations (leipzig:7.7, leipzig_command.cc): the limit on French
  // infantry/artillery entering enemy ZOCs this Movement Phase (-1: none), whether it forbids
  // `u` another entry, and the count kept after each move (game markers zoc-entry-ID).
  int french_zoc_limit(const GameState& s) const;
  const char* command_limit_forbids(const Unit& u, const Map& m, const GameState& s) const;
  void after_move(const Map& m, Symbol unit, Hex from, bool entering, const std::vector<Hex>& path, GameState& s,
                  Trace& t) const override;

  // ---- leipzig4c: Leaders' Command Span and Discretion (leipzig:16.12, leipzig_leaders.cc), a
  // Spent unit's advance (leipzig:16.11), a Front back from its General Retreat at 0
  // (leipzig:12.7), the Allied player's naming of a Front (leipzig:12.0, 2.1) and "Activating
  // Napoleon" as a declaration (leipzig:7.7).
  int command_span_modifier(const Map& m, UnitRefs attackers, const GameState& s,
                            Trace& t) const override;
  Hold holds_its_hex(const Unit& u, const GameState& s, Trace& t) const override;
  // Marks (game marker leader-discretion-ID) every Leader of the phasing side (`phasing`) or of
  // the other side that stands alone in an enemy ZOC: it owes a one-hex retreat.
  void check_leader_discretion(const Map& m, GameState& s, bool phasing, Trace& t) const;
  void after_owed_retreat(const Map& m, Symbol unit, Hex from, GameState& s, Trace& t) const override;
  const char* forbids_advance_into(const Unit& u, const Map& m, Hex h, const GameState& s) const override;
  bool morale_zero_stands(Symbol track, const GameState& s) const override;
  // The Front the Allied player names (game marker allied-front:FRONT), for `why`; refused by
  // name when the position names none or names a Front outside `among` (if not empty).
  Symbol named_front(const char* rule, std::span<const Symbol> among, const std::string& why, const GameState& s,
                     Trace& t) const;
  std::optional<NightDeclaration> movement_start_declaration(const GameState& s, std::string_view side,
                                                             Trace& t) const override;
  void declare_at_movement_start(GameState& s, std::string_view side, Trace& t) const override;

  // ---- The set-up, the Elite Forces, the event deck and Pr II (leipzig_setup.cc, leipzig_events.cc).
  // One unit of leipzig:table.order-of-battle: side, army, quality (leipzig:2.0), whether it is a
  // Leader line (16.12), how it comes into play under each Dresden choice (strong, light,
  // abandoned: leipzig:3.0.5), its set-up hex, turn and entry area.
  struct Listed {
    std::string id, side, army, quality;
    bool leader = false;
    std::array<std::string, 3> arrives;
    std::string setup;
    int turn = 0;
    std::string entry;
  };
  // The spec's order of battle (null when the spec has no such table), and `u`'s line in it.
  const std::vector<Listed>* order_of_battle() const;
  // The order of battle read from its table; std::invalid_argument naming the row and the cell
  // when a row is incomplete (a set-up row without its hex, a turn row without its turn).
  static std::vector<Listed> read_order_of_battle(const GridTable& table);
  const Listed* listed(const Unit& u) const;
  // The Elite Forces of leipzig:2.0 (listed units only; others keep their counters' qualities).
  bool is_elite(const Unit& u, Trace& t) const override;
  bool is_guard(const Unit& u, Trace& t) const override;
  const char* spared_garde_recule(const Unit& u, Trace& t) const override;
  // The set-up check of leipzig:3.0 (steps 1 to 5) under the marker leipzig-scenario:standard.
  void setup_problems(const Map& m, const GameState& s, std::vector<SetupIssue>& problems, Trace& t) const override;
  std::vector<NeededPlace> places_a_game_needs() const override;
  // Remove and Replace cards (leipzig:5.1), The Other Shoe (5.1.1), A Hot Meal (5.1.2).
  bool remove_event_card(const EventCard& card, EventDraw& d, EventDeck& deck, const GameState& s, DiceSource& dice,
                         Trace& t) const override;
  // The starting event deck of leipzig:3.0.6: the 10 black cards and each side's chosen Strategy
  // card shuffled with `dice` into the draw pile, the 8 red Substitutes set aside, the other
  // Strategy cards out of play. Throws std::invalid_argument naming what is wrong.
  static EventDeck prepare_event_deck(std::vector<EventCard> core, std::vector<EventCard> substitutes,
                                      std::vector<EventCard> french_strategy, std::vector<EventCard> allied_strategy,
                                      const std::string& french_pick, const std::string& allied_pick, DiceSource& dice,
                                      Trace& t);
  // Optional leipzig:16.7.3: Pirch and Kleist may end a move stacked, and recombine into Pr II as
  // an Allied Movement Phase ends.
  const char* stacks_as_pair(const Unit& u, const Unit& other, const GameState& s) const override;
  void recombine_prussian_ii(GameState& s, Trace& t) const;

  // ---- Arrivals (leipzig_arrivals.cc): entry areas (leipzig:11.6), Imperial Dispatches
  // (leipzig:11.7), Allied army groups with their areas, acceleration, delay, Main Body and
  // Detachments (leipzig:11.8 to 11.8.3), and the army LOCs an arrival activates (leipzig:9.8.6).
  std::optional<std::pair<std::string, std::string>> arrival_refusal(const Unit& u, const GameState& s,
                                                                     Trace& t) const override;
  const char* arrival_compelled(const Unit& u, const GameState& s) const override;
  std::vector<ArrivalChoice> arrival_choices(const Map& m, const GameState& s, Trace& t) const override;
  ArrivalMorale make_arrival_choice(const Map& m, const ArrivalChoice& c, GameState& s, Trace& t) const override;
  // The arrival rolls as a Movement Phase opens: the French after an early activation (11.7),
  // the Allied Detachments due (11.8.3).
  void arrival_rolls(GameState& s, DiceSource& dice, Trace& t) const;
  // As a Player Turn ends: a called Main Body's phase is over.
  void arrivals_turn_end(std::string_view side, GameState& s) const;
  // After a unit entered the map: under leipzig.loc_activation_trigger = first-unit, a
  // Detachment activates its army's LOC.
  void arrival_made(Symbol unit, GameState& s, Trace& t) const;
  // The active LOC hexes of an Allied Front: the map's for the Front, and each of its armies'
  // own LOC (map LOCs `army-X`) once activated (game marker army-loc-active:X).
  std::set<Hex> front_locs(const Map& m, const GameState& s, Symbol front) const;
  // The French LO corps never stands more than five hexes from Leipzig's centre, 1412 (leipzig:6.7).
  const char* bars_hex(const Unit& u, const Map& m, Hex h) const override;
  // Why an arrival choice is not open now, as (case, reason), or nothing (the `army-arrival`
  // question's legality); a choice needing a table the source lacks is refused by name.
  std::optional<std::pair<std::string, std::string>> arrival_barred(const ArrivalChoice& c, const GameState& s,
                                                                    Trace& t) const;

  // ---- lzplay: the printed set-up played (leipzig_setup.cc). The North Front is off the track
  // until Turn 7 (leipzig:3.0.3), which the printed set-up's position says with the state marker
  // morale-track-later:allied-north=7@7; as the first phase of Turn 7 (or later) opens, its marker
  // comes on at 7.
  void place_late_fronts(GameState& s, Trace& t) const;
};

}  // namespace hexlaw::n20
