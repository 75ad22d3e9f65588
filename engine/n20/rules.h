// Owns: the Napoleonic 20 rule set as layers — the standard rules (in the printing chosen)
// with named hooks, a game's exclusive rules overriding hooks, optional rules switched on or
// off, and named interpretation switches for readings the sources leave open. Standard code
// calls hooks; it never forks for a game. See docs/rule-layering.md for where each game plugs in.
#pragma once

#include <array>
#include <utility>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/errors.h"
#include "engine/core/hex.h"
#include "engine/core/inline_vector.h"
#include "engine/core/map.h"
#include "engine/core/spec.h"
#include "engine/n20/state.h"
#include "engine/core/trace.h"
#include "engine/core/dice.h"
#include "engine/n20/phases.h"
#include "engine/n20/workspace.h"

namespace hexlaw::n20 {

class TerrainIndex;
struct VictoryVerdict;
struct NightMorale;
struct LullVerdict;
struct TurnFacts;
struct EventCard;  // the event deck (events.h), for remove_event_card
struct EventDeck;
struct EventDraw;

// Lists a hook reads and returns, held so that the hot paths allocate nothing for them: the
// units of one side of a battle (any contiguous list: a vector, an inline list), the morale
// tracks they book to (one or two), and LOC hexes in hex order, each once (a few per side).
using UnitRefs = std::span<const Unit* const>;
// One side's units of a battle, held inline (a battle rarely has more than eight a side).
using UnitList = InlineVector<const Unit*, 8>;
using TrackList = InlineVector<Symbol, 4>;
using LocList = InlineVector<Hex, 16>;
// The hexes of `hexes` as a LocList (a set's order is hex order).
inline LocList loc_list(const std::set<Hex>& hexes) {
  LocList out;
  for (Hex h : hexes) out.push_back(h);
  return out;
}

// What a question or a game asks for: which game, which optional rules, which readings, and
// which printing of the standard rules.
struct RulesetChoice {
  std::string game = "standard";           // standard | jena | dresden | leipzig
  std::set<std::string> options;           // optional rules switched on, by id: "std:16.5"
  std::map<std::string, std::string> interpretations;  // switch name -> chosen reading
  std::string printing;                    // jena | v2.0 | leipzig; empty: the one that came with the game
};

// The three printings of the standard rules (the catalog's `printings:`), which differ in
// substance: only Jena's has 9.6.8 and it lacks 9.2.3; Leipzig's lacks 9.8.6, 9.8.7, 9.9.7
// and 9.9.8. Named as kPrintings names them.
enum class Printing : std::uint8_t { Jena, V2_0, Leipzig };
std::string_view printing_name(Printing p);
// The printing a name stands for ("jena", "v2.0", "leipzig"), or nothing.
std::optional<Printing> printing_named(std::string_view name);
// The printing that came with a game: the standard rules' current one (v2.0) for `standard`,
// the Jena printing for Jena, v2.0 for Dresden (printed in its booklet), Leipzig's for
// Leipzig. Empty for a game it does not know.
std::string_view default_printing(std::string_view game);
// Whether `printing` carries catalog case `id`: a std case only if its `printings:` list the
// printing; a case of any other book always (a game's own rules are not the std printings').
bool printing_carries(const Catalog& catalog, std::string_view id, Printing printing);

// Where the chosen printing differs in substance, the case that governs each point, resolved
// once when the rule set is built from the printing and the game (the catalog notes of
// std:9.2.3, 9.6.8, 9.8.6, 9.8.7, 9.9.7 and 9.9.8 record each ruling). Procedures apply the
// rule when its id is set and cite that id, so no question cites a case its printing lacks.
struct PrintingRules {
  Printing printing = Printing::V2_0;
  // Every attacker adjacent to every defender: std:9.2.3, or in the Jena printing (no 9.2.3)
  // std:9.2.2, which carries the same requirement.
  std::string adjacency = "std:9.2.3";
  // An N result has no effect: std:9.6.8 in the Jena printing; the others leave N to the
  // Combat Results Table the game reads, whose legend explains it.
  std::string engaged = "std:9.6.8";
  // Each retreat hex closer to the chosen friendly LOC: std:9.8.6, or where the printing lacks
  // it the game's own case that sends its units towards their LOCs (leipzig:9.8.6); empty when
  // neither exists (the standard game under the Leipzig printing): no direction rule.
  std::string retreat_direction = "std:9.8.6";
  // A unit reaching a friendly LOC with hexes still owed breaks there: std:9.8.7; empty where
  // the printing lacks it (the LOC is then a hex like any other and the retreat goes on).
  std::string loc_early_break = "std:9.8.7";
  // An advance is made at once, before the next battle: std:9.9.7, or without it std:9.6
  // (every result, advances included, applied before the next battle).
  std::string advance_immediacy = "std:9.9.7";
  // An advanced unit neither attacks nor is attacked again this phase: std:9.9.8, or without
  // it std:9.1.2 (one battle per unit per phase, all declared first).
  std::string advance_exhaustion = "std:9.9.8";
  // Where a game's own direction rule stands without std:9.8.6 and is read alone
  // (retreat.leipzig_loc_rule = printed-only): each retreat hex farther from the battle hex,
  // the last one closer to the chosen LOC than the battle hex; no hex-by-hex approach.
  bool direction_by_final_hex = false;
};

// An interpretation switch the engine implements: its name (as in the catalog note that
// records the ambiguity), the readings it accepts and the default.
struct InterpretationSwitch {
  std::string name;
  std::vector<std::string> readings;
  std::string default_reading;
  std::string rule;  // the case whose note records the ambiguity
};
const std::vector<InterpretationSwitch>& known_switches();

// Every optional rule a question may switch on (the std:16.x cases and games' optional rules).
bool is_optional_rule(const Catalog& catalog, std::string_view id);

// The optional rules the engine's procedures test, by name; each stands for one catalog id
// (kOptionalRuleIds). Resolved once when the rule set is built.
enum class Optional : std::uint8_t {
  FogOfWar,                  // std:16.1
  CavalryPenetration,        // std:16.2
  ArtillerySupport,          // std:16.3
  AdditionalRallyLocations,  // std:16.4
  RoutedUnits,               // std:16.5
  RoutRecovery,              // std:16.5.3
  UnitReduction,             // std:16.6
  Cadres,                    // std:16.7
  // The games' own optional rules (lzswitch), resolved the same way.
  LeipzigRecombine,          // leipzig:16.7.3
  LeipzigUnreliable,         // leipzig:16.8
  LeipzigLightInfantry,      // leipzig:16.9
  LeipzigBridge,             // leipzig:16.10
  LeipzigFatigue,            // leipzig:16.11
  LeipzigLeaders,            // leipzig:16.12
  DresdenVariableWeather,    // dresden:16.8
};
inline constexpr std::string_view kOptionalRuleIds[] = {"std:16.1", "std:16.2",   "std:16.3", "std:16.4",
                                                        "std:16.5", "std:16.5.3", "std:16.6", "std:16.7",
                                                        "leipzig:16.7.3", "leipzig:16.8", "leipzig:16.9",
                                                        "leipzig:16.10", "leipzig:16.11", "leipzig:16.12",
                                                        "dresden:16.8"};
static_assert(std::size(kOptionalRuleIds) == static_cast<std::size_t>(Optional::DresdenVariableWeather) + 1,
              "one catalog id for each Optional, in its order");

// Every interpretation switch's chosen reading as a typed value, resolved once when the rule
// set is built (the switch names and readings are those of known_switches()).
struct Readings {
  bool stacking_at_phase_end = false;        // movement.stacking_check = end_of_phase
  bool guard_cost_each_transition = false;   // guard.commit_cost_per_move = each_transition
  bool one_hex_minimum_on_entry = true;      // reinforcement.one_hex_minimum_on_entry = applies
  bool countercharge_zoc_targets = false;    // countercharge.targets = exerting_zoc
  bool night_disengagement_forbidden = false;  // reaction.night_disengagement = forbidden
  bool extended_path_any_vacant = false;     // disengage.extended_path_final_hex = any_vacant
  bool halve_then_double = false;            // rout.halving_order = halve_then_double
  bool countercharge_lost_if_any = true;     // countercharge.double_lost_vs_cavalry = any
  enum class ArtillerySupportScope : std::uint8_t { PerUnitPerBattery, PerUnitMaxOne, PerBattleMaxOne };
  ArtillerySupportScope artillery_support = ArtillerySupportScope::PerUnitPerBattery;  // artillery.support_scope
  int fortified_combat_value = 2;            // terrain.fortified_combat_value
  int swamp_combat_value = 1;                // terrain.swamp_combat_value
  int minor_river_combat_value = 1;          // terrain.minor_river_combat_value
  std::string ford_as = "bridge";            // terrain.ford_as: the hexside type a ford counts as
  bool retreat_friends_first = false;        // retreat.friendly_vs_ezoc_priority = friends_first
  // retreat.priority_evaluation: fewest enemy-ZOC hexes over complete paths, the worst hex
  // class over complete paths, or the best class hex by hex (std:9.8.2 note)
  enum class RetreatPriority : std::uint8_t { FewestEzoc, WholePath, PerStep };
  RetreatPriority retreat_priority = RetreatPriority::FewestEzoc;
  bool elite_fortified_cumulative = false;   // rout.elite_fortified_modifier = cumulative
  bool rout_length_by_modified_roll = true;  // morale.rout_length_basis = modified_roll
  bool morale_cap_net = false;               // morale.cap_timing = cap_net
  bool ex_morale_sequential = true;          // combat.ex_morale_timing = sequential
  bool bombard_immunity_whole_battle = false;  // bombard.immunity_scope = whole_battle
  bool rout_recovery_both_sides = false;     // rout.recovery_scope = both_sides
  bool events_skip_empty_pile = false;       // events.empty_draw_pile = skip
  bool scouting_phasing_side_only = false;   // fog.cavalry_scouting_side = phasing_side
  bool dummies_scout_as_cavalry = false;     // fog.dummy_scouting = as_cavalry
  bool hidden_side_shows_movement = false;   // fog.hidden_side_shows_movement_allowance = with_movement
  bool each_front_morale = false;            // leipzig.mixed_front_morale = each-front
  bool leipzig_loc_count_all_allied = false;  // leipzig.loc_capture_count = all-allied
  bool unreliable_drm_cumulative = false;     // leipzig.unreliable_drm_stacking = cumulative
  bool unreliable_cadre_stands_aside = false;  // leipzig.unreliable_cadre_fights = stands-aside
  // The games' switches (lzswitch): each as its layer reads it.
  bool jena_objective_aims = false;                  // jena.objective_hex_side = aims
  bool jena_free_deployment_same_pair = false;       // jena.free_deployment_choice = same-pair
  bool dresden_lone_garrison_by_result = false;      // dresden.lone_garrison_loss = by_result
  bool dresden_garrison_break_scores = false;        // dresden.garrison_break_morale = as_unit
  bool dresden_garrison_restore_after_retreat = false;  // dresden.dresden_garrison_restore = after_retreat
  bool dresden_confusion_exempts_reinforcements = false;  // dresden.command_confusion_counts_reinforcements = exempt
  bool dresden_confusion_historical_lifted = false;  // dresden.command_confusion_historical = lifted
  bool dresden_downpour_before_cap = false;          // dresden.night_downpour_ma = before_cap
  bool dresden_historical_locs_active = false;       // dresden.historical_loc_activation = active_from_start
  bool dresden_meissen_au4_may_leave = false;        // dresden.meissen_au4_may_leave = may_leave
  bool dresden_light_infantry_optional_off = false;  // dresden.light_infantry_optional = optional_off
  bool dresden_inactive_loc_retreat_only = false;    // dresden.inactive_loc_scope = retreat_only
  bool dresden_pontoon_allied_as_river = false;      // dresden.pontoon_allied_attack = as_river
  bool leipzig_cadre_front_battle = false;           // leipzig.cadre_front = battle
  bool leipzig_general_retreat_returns_at_zero = false;  // leipzig.general_retreat_return_value = 0
  bool leipzig_spent_blocks_advance = false;         // leipzig.spent_blocks_advance = true
  bool leipzig_broken_leader_no_morale = false;      // leipzig.broken_leader_morale = none
  bool leipzig_substitute_random_place = false;      // leipzig.substitute_shuffle = random-place
  bool leipzig_loc_activation_first_unit = false;    // leipzig.loc_activation_trigger = first-unit
  bool leipzig_rally_any_allied = false;             // leipzig.rally_loc_set = any-allied
  bool leipzig_retreat_printed_only = false;         // retreat.leipzig_loc_rule = printed-only
  bool countercharge_single_defender = false;        // countercharge.multi_defender = single_defender
  bool fortified_one_fewer_defenders_only = false;   // retreat.fortified_one_fewer_applies_to = defenders_only
  friend bool operator==(const Readings&, const Readings&) = default;
};

// A rule set, once built, is read by every query asked under it. It serves one thread at a
// time: the terrain facts it caches and the scratch its searches borrow (workspace()) are kept
// without a lock (Python's lock ensures it there); threads that ask at once need a rule set each.
class N20Rules {
 public:
  // The rule set chosen, reading the catalog and tables of `spec` (which it keeps alive).
  N20Rules(RulesetChoice choice, std::shared_ptr<const Spec> spec);
  virtual ~N20Rules() = default;

  const RulesetChoice& choice() const { return choice_; }
  const std::string& game() const { return choice_.game; }
  // The printing of the standard rules in use, and what it decides where printings differ.
  Printing printing() const { return printed_.printing; }
  const PrintingRules& printed() const { return printed_; }
  // Whether the printing in use carries catalog case `id` (see printing_carries).
  bool carries(std::string_view id) const { return printing_carries(spec_->catalog, id, printed_.printing); }
  // The spec it was built under, and its catalog (every trace under this rule set checks its
  // ids against it).
  const std::shared_ptr<const Spec>& spec() const { return spec_; }
  const Catalog& catalog() const { return spec_->catalog; }
  // Whether an optional rule is in use: by name (resolved when the rule set was built), or by
  // catalog id for rules outside that list (a scan of the few chosen ids, no allocation).
  bool on(Optional o) const { return (optional_bits_ >> static_cast<unsigned>(o)) & 1u; }
  bool option_on(std::string_view rule_id) const;
  // Every switch's chosen reading, typed.
  const Readings& readings() const { return readings_; }
  // The chosen reading of a switch by name (its default unless the question chose another),
  // for reports and tools; procedures read readings().
  const std::string& interpretation(std::string_view name) const;

  // Tables this game reads. Dresden and Leipzig print no CRT or terrain chart of their own;
  // the catalog records the ruling that Jena's apply (dresden:table.crt, leipzig:table.crt).
  virtual std::string crt_table_id() const { return "jena:table.crt"; }
  virtual std::string terrain_table_id() const { return "jena:table.terrain"; }
  virtual std::string hazard_table_id() const { return "jena:table.hazardous-retreat"; }
  virtual std::string rally_table_id() const { return "jena:table.rally"; }
  const CrtTable& crt() const { return *crt_; }
  // Per face of the hazard die (1-6), whether the hazardous-retreat table breaks the unit;
  // read from the table when the rule set is built.
  const std::array<bool, 6>& hazard_breaks() const { return hazard_breaks_; }
  // The same as the groups of a grouped roll (DiceSource::roll_grouped): 0 breaks, 1 carries on.
  const std::vector<int>& hazard_groups() const { return hazard_groups_; }
  // hazard_table_id() as read when the tables were bound: a hot path cites it without
  // building the text again.
  const std::string& bound_hazard_table_id() const { return hazard_table_id_; }
  const TerrainChart& terrain_chart() const { return *terrain_; }
  const GridTable& rally_table() const { return *rally_; }
  // Per modified rally die (1-6), the Rally Table's result (elim, no-effect or rally); read and
  // checked when the rule set is built, so a roll never meets a missing or unknown cell.
  const std::string& rally_result(int modified_die) const {
    return rally_results_[static_cast<std::size_t>(modified_die - 1)];
  }

  // ---- Hooks: exclusive and optional rules override these; standard code only calls them.

  // Whether `u` has a zone of control at all right now (before terrain and hexsides).
  virtual bool has_zoc(const Unit& u, const GameState& s, Trace& t) const;
  // The hexside types on a hexside now, looked up in the terrain chart (weather may turn one
  // kind of river into another). Appends to `out`; features the chart does not know are
  // skipped. This is the one hook for hexsides: everything below derives from it.
  virtual void hexside_types(const Map& m, Hexside side, const GameState& s,
                             std::vector<const HexsideType*>& out) const;
  // The terrain type of a hex now (weather or events may change it).
  virtual const TerrainType& terrain_of(const Map& m, Hex h, const GameState& s) const;
  // Printed strength and allowance before any battle or movement modifiers.
  virtual int base_strength(const Unit& u, const GameState& s, Trace& t) const;
  virtual int base_movement_allowance(const Unit& u, const GameState& s, Trace& t) const;
  // Added to the allowance after the night cap (Dresden's Downpour -1).
  virtual int movement_allowance_modifier(const Unit& u, const GameState& s, Trace& t) const {
    (void)u, (void)s, (void)t;
    return 0;
  }
  // Whether a move wholly along road earns +1 now (std:6.6; lost in Dresden's Downpour).
  virtual bool road_bonus_allowed(const GameState& s, Trace& t) const {
    (void)s, (void)t;
    return true;
  }
  // Added to a unit's strength in battle after any rout halving, before any doubling
  // (Dresden's rain: infantry -1).
  virtual int strength_modifier(const Unit& u, const GameState& s, Trace& t) const {
    (void)u, (void)s, (void)t;
    return 0;
  }
  // Whether attacking artillery doubles (std:9.3) and may bombard (std:16.3.2) now.
  virtual bool artillery_doubles(const GameState& s, Trace& t) const {
    (void)s, (void)t;
    return true;
  }
  // Whether rout halving comes before doubling (the rout.halving_order switch, or a game's own
  // fixed order, as Dresden's 9.4.5).
  virtual bool halve_before_doubling() const { return readings_.halve_then_double; }
  // Whether a unit may ever move voluntarily (garrisons may not).
  virtual bool may_move(const Unit& u, Trace& t) const;
  // Whether a unit may make cavalry reactions: countercharge, disengage, penetrate (std:8.0).
  // Light infantry of some games may disengage too.
  virtual bool may_countercharge(const Unit& u, Trace& t) const {
    (void)t;
    return u.type == UnitType::Cavalry;
  }
  virtual bool may_disengage(const Unit& u, Trace& t) const {
    (void)t;
    return u.type == UnitType::Cavalry;
  }
  // ---- Procedural hooks: who fights, stacks and pays. A layer that implements a rule only in
  // part throws RuleRefusal (core/errors.h) from these for the part it lacks, by name.

  // Ending a move in a hex with friends (std:6.9): whether `u` never counts against stacking,
  // so a unit may end its move with it, and it with any unit (Dresden's garrisons, Leipzig's
  // Leaders). Standard: no unit stacks freely.
  virtual bool stacks_freely(const Unit& u, Trace& t) const {
    (void)u, (void)t;
    return false;
  }
  // Whether mover `u` may end its move stacked with the one friend `other` by a game's exception
  // to std:6.9 for that pair alone: the case that says so, or null (standard: none; Leipzig's
  // Pirch and Kleist, who recombine as the Movement Phase ends, leipzig:16.7.3).
  virtual const char* stacks_as_pair(const Unit& u, const Unit& other, const GameState& s) const {
    (void)u, (void)other, (void)s;
    return nullptr;
  }
  // Whether `u` is bound by the duty to attack of std:7.3 and std:9.1 when it stands in an enemy
  // ZOC (Leipzig's Leaders alone are not). Standard: every unit is.
  virtual bool obliged_to_attack(const Unit& u, const GameState& s, Trace& t) const {
    (void)u, (void)s, (void)t;
    return true;
  }
  // A game's own conditions on a battle's attackers and defenders, each broken one added to
  // `violations` as (case, reason): garrisons never attack (dresden:9.10), Leaders never
  // attack alone (leipzig:16.12). Standard: none beyond the standard checks.
  virtual void battle_conditions(UnitRefs attackers, UnitRefs defenders,
                                 const GameState& s, std::vector<std::pair<std::string, std::string>>& violations,
                                 Trace& t) const {
    (void)attackers, (void)defenders, (void)s, (void)violations, (void)t;
  }
  // The case that forbids `units` (one side of a battle) to commit reserves (std:12.5), or
  // null: the French cannot commit reserves to a battle of garrisons only (dresden:9.10).
  virtual const char* forbids_reserves(UnitRefs units, Trace& t) const {
    (void)units, (void)t;
    return nullptr;
  }
  // Called before a declared battle is resolved: a layer refuses the battles whose results it
  // does not implement (a garrison's fate, a Leader defending). Standard: every battle resolves.
  virtual void check_resolution(UnitRefs attackers, UnitRefs defenders,
                                const GameState& s) const {
    (void)attackers, (void)defenders, (void)s;
  }
  // A die a game rolls for one unit of a battle after reserves are committed and before the
  // battle die (Leipzig's Unreliable Troops, leipzig:16.8): the unit, the modifier added to the
  // die, and the case.
  struct PreBattleRoll {
    Symbol unit;
    int modifier = 0;
    const char* rule = "";
  };
  // The rolls of a battle before its die, in the order made. Standard: none.
  virtual std::vector<PreBattleRoll> pre_battle_rolls(UnitRefs attackers, UnitRefs defenders, const GameState& s,
                                                      Trace& t) const {
    (void)attackers, (void)defenders, (void)s, (void)t;
    return {};
  }
  // What a pre-battle roll's modified result does to its unit: nothing; it wavers (a strength
  // point less in this battle only, shown by the game marker wavering-ID while the battle
  // lasts); or it deserts (taken out of the battle for good, its side's morale falling).
  enum class PreBattleEffect : std::uint8_t { None, Wavers, Deserts };
  virtual PreBattleEffect pre_battle_effect(const PreBattleRoll& r, int modified) const {
    (void)r, (void)modified;
    return PreBattleEffect::None;
  }
  // Carries out a desertion in `s`: the unit leaves the map for good and its side's morale
  // changes (added to `morale`, per track); the unit that takes its place in its hex, if any,
  // and whether that unit fights in the battle in its stead. Standard: never called.
  struct Desertion {
    Symbol replacement;
    bool replacement_fights = false;
  };
  virtual Desertion desert(Symbol unit, GameState& s, MoraleTracks& morale, Trace& t) const {
    (void)unit, (void)s, (void)morale, (void)t;
    return {};
  }
  // Called as a fought battle's result stands (the resolution's last step), with the units that
  // fought it on either side (a deserter's replacement in its place; none when it ended unfought)
  // and the state after it: a game's record of who fought (Leipzig's Fatigue, leipzig:16.11).
  // Standard: nothing.
  virtual void battle_fought(std::span<const Symbol> fought, GameState& s, Trace& t) const {
    (void)fought, (void)s, (void)t;
  }
  // What a morale change concerns in a battle: the Morale Chart gain for breaking an enemy
  // unit, or the point spent to commit reserves (std:12.5).
  enum class BattleMorale : std::uint8_t { Gain, Reserves };
  // The tracks that take a battle's morale change for `units`, one side's units in it. The
  // standard rules keep one track per side; units of one side on different tracks (Leipzig's
  // two Allied Fronts in one battle) need the game's reading, so the default refuses them.
  virtual TrackList battle_tracks(UnitRefs units, BattleMorale what, const GameState& s, Trace& t) const;

  // Whether `side` skips its Random Events draw on `turn` of the position `s` (each exclusive
  // game skips one side's draw on its first Game Turn played: jena:5.0, dresden:5.0 — Turn 6 in
  // Dresden's Historical scenario —, leipzig:5.0). Standard: never.
  virtual bool skips_random_events(std::string_view side, int turn, const GameState& s, Trace& t) const {
    (void)side, (void)turn, (void)s, (void)t;
    return false;
  }
  // What becomes of the card `d` drew and carried out (`card`, already off the draw pile): false
  // leaves it to std:5.0, which discards it; a game that takes it out of play returns true, and
  // may shuffle another card into the draw pile with `dice` (Leipzig's remove and replace,
  // leipzig:5.1 to 5.1.2). Standard: false.
  virtual bool remove_event_card(const EventCard& card, EventDraw& d, EventDeck& deck, const GameState& s,
                                 DiceSource& dice, Trace& t) const {
    (void)card, (void)d, (void)deck, (void)s, (void)dice, (void)t;
    return false;
  }
  // How many hexes fewer a unit retreating from `h` may retreat, at its owner's choice: one in a
  // Fortified or Redoubt hex (std:9.8.1); four in Königstein (dresden:6.12).
  virtual int retreat_reduction(const Map& m, Hex h, const GameState& s, Trace& t) const;
  // The case under which a retreat across `side` makes no hazard roll for the river there, or
  // null (the Dresden bridges, dresden:9.11; an enemy ZOC still calls for its own roll).
  // Standard: null, every river crossing rolls.
  virtual const char* retreat_hazard_waiver(const Map& m, Hexside side) const {
    (void)m, (void)side;
    return nullptr;
  }
  // A standard procedure that a game replaces. Called as each starts: a layer whose game's
  // replacement is not implemented yet refuses it by name (Leipzig's victory by Fronts, night
  // rest, forced marches and rallies per army, a Front at 0 morale). Standard: all run.
  enum class Procedure : std::uint8_t { Lull, ForcedMarch, RallySpending, MoraleAtZero };
  virtual void check_procedure(Procedure p, const GameState& s) const {
    (void)p, (void)s;
  }

  // ---- Morale by group, and a track at 0 (Leipzig's armies and Fronts: leipzig:12.3, 12.4,
  // 12.1.2, 12.7). Each has the standard behaviour by default.

  // What a morale point is spent on for a group of units.
  enum class Spending : std::uint8_t { ForcedMarch, Rally };
  // The group whose point buys `u` its forced march (std:12.3) or rally bonus (std:12.4), each
  // group paying one point from its units' track: the empty Symbol, the whole side (standard);
  // a Leipzig Allied army. Nothing for a unit that can never have one (army-less Allied units).
  virtual std::optional<Symbol> spending_group(const Unit& u, Spending what, const GameState& s, Trace& t) const {
    (void)u, (void)what, (void)s, (void)t;
    return Symbol();
  }
  // What `track` at 0 morale in `s` means; the collapse's immediate steps are applied to `s`.
  // Defeat: the victory judgement decides (std:12.1.2). Frozen: nothing (a Front already in its
  // General Retreat). GeneralRetreat: the game goes on, with retreats owed (owed_retreats).
  enum class Collapse : std::uint8_t { Defeat, Frozen, GeneralRetreat };
  virtual Collapse morale_collapse(Symbol track, GameState& s, Trace& t) const {
    (void)track, (void)s, (void)t;
    return Collapse::Defeat;
  }
  // Whether morale changes to `track` are ignored now (a Leipzig Front in General Retreat).
  virtual bool morale_frozen(Symbol track, const GameState& s, Trace& t) const {
    (void)track, (void)s, (void)t;
    return false;
  }
  // Retreats a collapse leaves owed in `s` (Leipzig's General Retreat, step 4): each unit, the
  // hexes it owes and the case; `owed_retreats_done` clears them once made. Standard: none.
  struct OwedRetreat {
    Symbol unit;
    int hexes = 0;
    const char* rule = "";
  };
  virtual std::vector<OwedRetreat> owed_retreats(const GameState& s, Trace& t) const {
    (void)s, (void)t;
    return {};
  }
  virtual void owed_retreats_done(GameState& s, Trace& t) const { (void)s, (void)t; }
  // The case under which `u` moves through rugged terrain as if it were clear (Leipzig's Leaders,
  // leipzig:16.12), or null: std:6.5 applies. Standard: null.
  virtual const char* ignores_rugged(const Unit& u) const {
    (void)u;
    return nullptr;
  }
  // The case under which `u` may leave an enemy ZOC in its Movement Phase (Leipzig's Leaders,
  // leipzig:16.12: but never straight into another), or null: std:7.0 and 6.8 hold it. Standard: null.
  virtual const char* leaves_enemy_zoc(const Unit& u) const {
    (void)u;
    return nullptr;
  }
  // The case that forbids `u` to enter hex `h`, which lies in an enemy ZOC, now; or null
  // (Leipzig: after a Front's collapse, French non-cavalry may not enter its units' ZOCs in the
  // next French Player Turn, leipzig:12.7.2's stated effect). Standard: null.
  virtual const char* forbids_zoc_entry(const Unit& u, const Map& m, Hex h, const GameState& s) const {
    (void)u, (void)m, (void)h, (void)s;
    return nullptr;
  }

  // ---- leipzig4c: Leaders' command, Fatigue's advance, a Front returned at 0, owed retreats.

  // The case that forbids `u` to advance after combat into `h` (Leipzig's Spent units with
  // leipzig.spent_blocks_advance = true, leipzig:16.11), or null: std:7.5 lets an advance enter
  // enemy ZOCs freely. Standard: null.
  virtual const char* forbids_advance_into(const Unit& u, const Map& m, Hex h, const GameState& s) const {
    (void)u, (void)m, (void)h, (void)s;
    return nullptr;
  }
  // What a game adds to a battle's differential after every other addition and before std:9.5's
  // voluntary reduction (Leipzig's Command Span: -1 with no attacker in a friendly Leader's span,
  // leipzig:16.12). Standard: 0.
  virtual int command_span_modifier(const Map& m, UnitRefs attackers, const GameState& s,
                                    Trace& t) const {
    (void)m, (void)attackers, (void)s, (void)t;
    return 0;
  }
  // Whether `track` may stand at 0 without ending the game or collapsing (a Leipzig Front in its
  // General Retreat, or back from it at 0 under leipzig.general_retreat_return_value = 0).
  // Standard: a track at 0 is decided at once (std:12.1.2), unless frozen.
  virtual bool morale_zero_stands(Symbol track, const GameState& s) const {
    Trace silent(Trace::Off{}, catalog());
    return morale_frozen(track, s, silent);
  }
  // Called by a played game once a unit has made a retreat owed_retreats asked of it (or broke
  // making it): Leipzig's Leader Discretion breaks a Leader still alone in an enemy ZOC
  // (leipzig:16.12). Standard: nothing.
  // `from` is the hex it stood in before the retreat.
  virtual void after_owed_retreat(const Map& m, Symbol unit, Hex from, GameState& s, Trace& t) const {
    (void)m, (void)unit, (void)from, (void)s, (void)t;
  }

  // ---- The turn: the phases a Player Turn has, and what happens at its boundaries.

  // The phases of a Player Turn on `turn`, in order (std:4.0): Random Events, Movement,
  // Reaction, Combat, and Night Operations on Night Game Turns. The sequence of play, the
  // played game and the sequence questions all ask this.
  virtual std::vector<Phase> player_turn_phases(const Calendar& cal, int turn) const;
  // Called by a played game as each phase opens, as a Player Turn ends and as a Game Turn ends,
  // with the position to change and the game's dice: a game's weather roll, command confusion,
  // catastrophes, sudden death, fatigue recovery or bridge demolition plug in here. Standard:
  // nothing happens at these moments beyond the phases' own work.
  virtual void at_phase_start(Phase p, GameState& s, DiceSource& dice, Trace& t) const {
    (void)p, (void)s, (void)dice, (void)t;
  }
  virtual void at_player_turn_end(std::string_view side, GameState& s, DiceSource& dice, Trace& t) const {
    (void)side, (void)s, (void)dice, (void)t;
  }
  virtual void at_game_turn_end(int turn, GameState& s, DiceSource& dice, Trace& t) const {
    (void)turn, (void)s, (void)dice, (void)t;
  }

  // Called by a played game as a Game Turn opens (before its first phase), with the scenario's
  // calendar: a game's turn track (weather printed per turn, markers reached) plugs in here.
  // Standard: nothing.
  virtual void at_game_turn_start(const Calendar& cal, int turn, GameState& s, DiceSource& dice, Trace& t) const {
    (void)cal, (void)turn, (void)s, (void)dice, (void)t;
  }
  // Called by a played game as a Player Turn ends, with the map, after at_player_turn_end: a
  // game's checks of who holds which hexes (Dresden's catastrophes) plug in here. Standard: nothing.
  virtual void at_player_turn_close(const Map& m, std::string_view side, GameState& s, Trace& t) const {
    (void)m, (void)side, (void)s, (void)t;
  }
  // Called by a played game (and the boundary question) as each phase opens, with the map and
  // the dice, after at_phase_start: a game's checks of who stands where that roll a die
  // (Leipzig's bridge demolition, leipzig:16.10) plug in here. Standard: nothing.
  virtual void at_phase_start_on_map(const Map& m, Phase p, GameState& s, DiceSource& dice, Trace& t) const {
    (void)m, (void)p, (void)s, (void)dice, (void)t;
  }

  // ---- Units that hold their hex (Dresden's garrisons), and what moving does to the position.

  // What a combat result that would make `u` retreat (a distance still owed after any
  // shortening) or break does to it instead. Standard: it retreats or breaks (Retreats).
  // HoldsUntilEntered: it stays in its hex, which lies open to the victor's advance (its loss
  // is settled by settle_position once an enemy unit enters). Removed: it leaves the map for
  // good, by the result alone. `scores` says whether its removal moves morale like a broken unit.
  // Ignores: the result does not touch it at all; it stays where it is, covers its hex against
  // the victor's advance and pays no exchange (Leipzig's Leaders, leipzig:16.12).
  enum class HoldFate : std::uint8_t { Retreats, HoldsUntilEntered, Removed, Ignores };
  struct Hold {
    HoldFate fate = HoldFate::Retreats;
    const char* rule = "";
    bool scores = false;
  };
  virtual Hold holds_its_hex(const Unit& u, const GameState& s, Trace& t) const {
    (void)u, (void)s, (void)t;
    return {};
  }
  // Whether a unit of the defeated side still standing in the battle hex lets the victor
  // advance into it (a Dresden garrison subsumed with its defeated French defender, or itself
  // dislodged), or covers the hex (an intact garrison behind a French attacker that lost).
  // `its_side_attacked`: the defeated side was the attacker. Standard: a friendly unit left in
  // the hex ends the path there (std:9.9.1), so never.
  virtual bool gives_way_to_advance(const Unit& there, bool its_side_attacked, Trace& t) const {
    (void)there, (void)its_side_attacked, (void)t;
    return false;
  }
  // Why the position just changed, for settle_position.
  enum class Change : std::uint8_t { Move, Battle, Advance, TurnEnd };
  // Called by a played game after each change of position (a move, a battle's result, an
  // advance): a game settles what follows from who stands where (Dresden's garrisons taken,
  // destroyed or restored). Standard: nothing.
  virtual void settle_position(const Map& m, Change why, GameState& s, Trace& t) const {
    (void)m, (void)why, (void)s, (void)t;
  }
  // Called by a played game after unit `unit` moved (or entered the map, `entering`, or
  // advanced after combat) from `from` through `path` (the hexes entered): a game's rules on
  // crossings (Dresden's Elbe lifting command confusion) plug in here. Standard: nothing.
  virtual void after_move(const Map& m, Symbol unit, Hex from, bool entering, const std::vector<Hex>& path,
                          GameState& s, Trace& t) const {
    (void)m, (void)unit, (void)from, (void)entering, (void)path, (void)s, (void)t;
  }
  // Whether the phasing side may move (or bring on) one more unit in this Movement Phase
  // (Dresden's command confusion limits the Allies). Standard: always.
  virtual bool may_move_more(const GameState& s, Trace& t) const {
    (void)s, (void)t;
    return true;
  }

  // The case a scenario breaks by naming `first` the First Player, or null: a game whose
  // exclusive rules fix the First Player (Dresden's Allies, dresden:4.0). Standard: any side.
  virtual const char* first_player_rule(const std::string& first, const std::string& french, Trace& t) const {
    (void)first, (void)french, (void)t;
    return nullptr;
  }

  // Whether a hex terrain name the terrain chart lacks is one of the game's own (Dresden's
  // Grosser Garten), so a map may use it; terrain_of then gives its type. Standard: none.
  virtual bool knows_terrain(std::string_view name) const {
    (void)name;
    return false;
  }

  // Whether the game is won, and how (std:12.1.2, std:15.0 by default; Leipzig's by Fronts,
  // leipzig:15.0). `french_side` names the French track; `end_of_game`: the last turn is over.
  virtual VictoryVerdict judge_victory(const GameState& s, const std::string& french_side, bool end_of_game,
                                       Trace& t) const;

  // The morale steps of `side`'s Night Operations: enemy LOCs and objectives held, then rest
  // (std:14.0 with the Morale Chart by default; Leipzig's scale by Fronts, leipzig:14.0).
  virtual NightMorale judge_night_morale(const Map& m, const GameState& s, const std::string& side, Trace& t) const;

  // Whether `side` gains a morale point for a lull as its Player Turn ends, and on which tracks
  // (std:13.0 by default; Leipzig's per Front, leipzig:12.0).
  virtual LullVerdict judge_lull(const Map& m, const GameState& s, const std::string& side, const TurnFacts& facts,
                                 Trace& t) const;

  // The LOC hexes a unit retreats towards and rallies on.
  virtual LocList friendly_locs(const Unit& u, const Map& m, const GameState& s) const;
  // The morale track a unit's side gains and loses on (Leipzig's Allies have two fronts).
  virtual Symbol morale_track_for(const Unit& u, const GameState& s, Trace& t) const;
  Symbol morale_track(const Unit& u, const GameState& s) const {
    Trace silent(Trace::Off{}, catalog());
    return morale_track_for(u, s, silent);
  }

  // ---- Who is what, and the set-up (added for the Jena layer, jena:3.0 to jena:4.0).

  // Whether `u` is an Elite Force for its rout die (-2, std:9.6) and rally die (+1, std:10.0):
  // its printed quality by default; Jena names its Elite Forces (jena:3.0).
  virtual bool is_elite(const Unit& u, Trace& t) const {
    (void)t;
    return u.has(UnitFlag::Elite);
  }
  // Whether `u` is a Guard unit, for the cost of its commitment and Le Garde Recule (std:12.2):
  // its printed quality by default; at Jena only the Imperial Guard is (jena:3.0).
  virtual bool is_guard(const Unit& u, Trace& t) const {
    (void)t;
    return u.has(UnitFlag::Guard);
  }
  // Whether Le Garde Recule (std:12.2.2) spares Guard unit `u`: the case that says so, or null
  // (standard: none; Leipzig's Swedish Corps and its Cadre, leipzig:2.0).
  virtual const char* spared_garde_recule(const Unit& u, Trace& t) const {
    (void)u, (void)t;
    return nullptr;
  }
  // A game's own set-up checks beyond std:3.0 (its setup lists, deployment options, entry
  // areas): each problem added as {unit, case, reason}. Standard: none.
  struct SetupIssue {
    std::string unit, rule, reason;
  };
  virtual void setup_problems(const Map& m, const GameState& s, std::vector<SetupIssue>& problems, Trace& t) const {
    (void)m, (void)s, (void)problems, (void)t;
  }
  // Named map places (map.places) a rule in use reads in a played game, with the case and what
  // for, so a scenario without them is refused as it loads. Standard: none.
  struct NeededPlace {
    std::string place, rule, why;
  };
  virtual std::vector<NeededPlace> places_a_game_needs() const { return {}; }
  // The side a game makes the First Player and the case that says so (jena:4.0), or two empty
  // strings where the scenario's calendar decides (std:4.0).
  virtual std::pair<std::string, std::string> first_player() const { return {}; }
  // The two sides a game's counters belong to, as positions name them, with the case that
  // names them (Jena: french and prussian, jena:3.0), or empty: the standard rules name no
  // sides, so a position may call them what it likes. A position of the game naming another
  // side is refused when it is read, not judged (a misspelt side would otherwise be an enemy).
  struct GameSides {
    std::vector<std::string> names;
    std::string rule;
  };
  virtual GameSides game_sides() const { return {}; }
  // The game-level marker a layer's boundary hook sets to end the game at once, judged as at
  // the end of the last turn (std:15.0): Jena's Sudden Death (jena:4.1).
  static constexpr const char* kGameEndsMarker = "game-ends";
  // The game-level markers a game reads: each family is one marker (`prefix` false) or every
  // marker that begins with `name` (dummy-arrived-SIDE). A position's markers must each belong
  // to a family of its game, so a misspelt marker (dresden-abandonned) is refused when the
  // position is read instead of being kept and never read. What follows a prefix is checked by
  // the rule that reads it, where it checks (sudden-death:TURN=N, army-group:…), not here.
  // Standard: game-ends and dummy-arrived-SIDE; a layer appends its own to these.
  struct MarkerFamily {
    std::string name;
    bool prefix = false;
  };
  virtual std::vector<MarkerFamily> marker_families() const;
  // Whether `marker` belongs to one of marker_families().
  static bool in_families(std::string_view marker, const std::vector<MarkerFamily>& families);
  // The weathers a position may state, with the rule that reads them; none where no rule of the
  // game reads the weather (the standard rules have none, so a stated one would be silently
  // ignored and is refused instead). Dresden: its turn track's four (dresden:5.1).
  struct GameWeathers {
    std::vector<std::string> names;
    std::string rule;
  };
  virtual GameWeathers weathers() const { return {}; }

  // What of the state the terrain hooks (terrain_of, hexside_types) read, folded into one
  // number: positions with equal numbers share their terrain facts (terrain_index). A layer
  // whose terrain hooks read the state must fold what they read in here.
  virtual std::uint64_t terrain_context(const GameState& s) const {
    (void)s;
    return 0;
  }
  // The terrain facts of `m` under this rule set and `s`'s terrain context, built on first
  // use and kept for later positions (a few maps and contexts at a time). The cache is not
  // locked (see the class comment).
  std::shared_ptr<const TerrainIndex> terrain_index(const Map& m, const GameState& s) const;
  // The scratch the searches asked of this rule set work in (workspace.h), lent without a
  // lock as the terrain cache is kept.
  Workspace& workspace() const { return workspace_; }

  // Convenience forms of the hexside hook.
  std::vector<const HexsideType*> hexside_types(const Map& m, Hexside side, const GameState& s) const;
  std::set<std::string> hexside_features(const Map& m, Hexside side, const GameState& s) const;

  // Optional rule 16.7: the rule that forbids `u`'s side to break down or combine units at all
  // (Dresden's Allies, dresden:16.7), or nullptr. Standard: either side may.
  virtual const char* forbids_cadre_exchange(const Unit& u, Trace& t) const {
    (void)u, (void)t;
    return nullptr;
  }
  // The nationalities whose Cadres may rally in `u`'s place (std:16.6.1). Standard: its own.
  virtual std::vector<std::string> cadre_nationalities(const Unit& u, Trace& t) const {
    (void)t;
    return {std::string(u.nationality)};
  }
  // A once-offered declaration `side` may make as its Night Operations Phase ends (Dresden's
  // Extra Horses, dresden:5.2): its rule and name, or nothing. Standard: none.
  struct NightDeclaration {
    const char* rule;
    const char* name;
  };
  virtual std::optional<NightDeclaration> night_declaration(const GameState& s, std::string_view side,
                                                            Trace& t) const {
    (void)s, (void)side, (void)t;
    return std::nullopt;
  }
  // Called when Cadre `cadre` takes the place of unit `from` (a breakdown, std:16.7.1; a partial
  // rally, std:16.6.1): a game records what the Cadre inherits (Leipzig's army-less Cadres keep
  // the army they came from, leipzig:2.1). Standard: nothing.
  virtual void cadre_created(const Unit& from, Symbol cadre, GameState& s, Trace& t) const {
    (void)from, (void)cadre, (void)s, (void)t;
  }
  // Makes that declaration: its effects in `s`.
  virtual void declare_at_night(GameState& s, std::string_view side, Trace& t) const { (void)s, (void)side, (void)t; }
  // A once-offered declaration the phasing `side` may make as its Movement Phase ends, on the
  // map (Leipzig's French demolition of the Lindenau bridge, leipzig:16.10): its rule and name,
  // or nothing; and making it. Standard: none.
  virtual std::optional<NightDeclaration> movement_end_declaration(const Map& m, const GameState& s,
                                                                   std::string_view side, Trace& t) const {
    (void)m, (void)s, (void)side, (void)t;
    return std::nullopt;
  }
  virtual void declare_at_movement_end(const Map& m, GameState& s, std::string_view side, Trace& t) const {
    (void)m, (void)s, (void)side, (void)t;
  }
  // A declaration the phasing `side` may make as its Movement Phase opens, before any unit moves
  // (Leipzig's "Activating Napoleon", leipzig:7.7): its rule and name, or nothing; and making it.
  // Standard: none.
  virtual std::optional<NightDeclaration> movement_start_declaration(const GameState& s, std::string_view side,
                                                                     Trace& t) const {
    (void)s, (void)side, (void)t;
    return std::nullopt;
  }
  virtual void declare_at_movement_start(GameState& s, std::string_view side, Trace& t) const {
    (void)s, (void)side, (void)t;
  }
  // Called by a played game (and the `boundary` question, at: battle-end) once each battle of a
  // Combat Phase is over, its advance after combat made, with the dice: a check of who stands
  // where after each battle (Leipzig's accidental bridge demolition, leipzig:16.10). Standard: nothing.
  virtual void after_battle(const Map& m, GameState& s, DiceSource& dice, Trace& t) const {
    (void)m, (void)s, (void)dice, (void)t;
  }

  // ---- Off-map holding boxes (added for Dresden's Meissen, dresden:3.2).

  // A holding box `u` may go into now, as its move, instead of ending that move on the map:
  // the box's rule and name, and the map's entry area it leaves the map through (empty: a
  // reinforcement placed straight in instead of entering). Leaving the map costs one movement
  // point, as entering one more open hex; the played game offers the box when a legal move ends
  // in that area with a point left (or the unit stands there and may move). Null rule: none.
  // Standard: no unit ever may.
  struct HoldingBox {
    const char* rule = nullptr;
    const char* name = "";
    std::string exit_area;
  };
  virtual HoldingBox holding_box(const Unit& u, const GameState& s, Trace& t) const {
    (void)u, (void)s, (void)t;
    return {};
  }
  // Puts `unit` into that box: the unit leaves the map (or its arrival) and its effects in `s`.
  virtual void enter_holding_box(Symbol unit, GameState& s, Trace& t) const { (void)unit, (void)s, (void)t; }

  // ---- Crossings one side alone may use, and LOCs by purpose (added for Dresden's pontoon
  // bridge, dresden:6.0, 5.1.1, and its LOC activation, dresden:9.8.6).

  // A crossing on `side` that only units of one side may use now (Dresden's built pontoon,
  // dresden:6.0): that side and the case; `unusable`: it may not be used at all now (Downpour
  // or Mud, dresden:5.1.1), and a retreat across it by that side's units breaks the unit.
  // Folded into the terrain facts (SideFacts), so it may read only what terrain_context folds.
  // Standard: no crossing is any side's alone.
  struct ReservedCrossing {
    Symbol side;                 // empty: none
    const char* rule = nullptr;  // the case that reserves it (or forbids its use now)
    const char* what = "";       // its name, for answers ("the pontoon bridge")
    bool unusable = false;
  };
  virtual ReservedCrossing reserved_crossing(const Map& m, Hexside side, const GameState& s) const {
    (void)m, (void)side, (void)s;
    return {};
  }
  // The case that forbids `attacker` to attack a unit in `defender` across the hexside between
  // them although the two are adjacent (Dresden's dresden.pontoon_allied_attack = as_river),
  // or null. Standard: null.
  virtual const char* attack_across_closed(const Map& m, const Unit& attacker, Hex defender, const GameState& s) const {
    (void)m, (void)attacker, (void)defender, (void)s;
    return nullptr;
  }
  // The LOC hexes a retreat of `u` may head for (std:9.8.6): by default its friendly LOCs;
  // a game may narrow them while the others still count for the rest (Dresden's inactive LOCs
  // under dresden.inactive_loc_scope = retreat_only).
  virtual LocList retreat_direction_locs(const Unit& u, const Map& m, const GameState& s) const {
    return friendly_locs(u, m, s);
  }
  // The hexes `u` may cross into now by building a crossing as its whole move (Dresden's
  // pontoon, dresden:6.0), and building it: `unit` crosses into `to`, the crossing stands from
  // then on, one more unit has moved. Standard: no unit builds crossings.
  virtual std::vector<Hex> crossing_build_targets(const Map& m, const GameState& s, const Unit& u) const {
    (void)m, (void)s, (void)u;
    return {};
  }
  virtual void build_crossing(const Map& m, GameState& s, Symbol unit, Hex to, Trace& t) const {
    (void)m, (void)s, (void)unit, (void)to, (void)t;
  }
  // A problem with a position read for this game, as (field, reason), or empty (Dresden: the
  // pontoon is state, not map; its marker names one of its three hexes). Standard: none.
  virtual std::pair<std::string, std::string> position_problem(const Map& m, const GameState& s) const {
    (void)m, (void)s;
    return {};
  }
  // The case that forbids `u` ever to stand in hex `h` (moving, retreating or advancing), or null
  // (Leipzig's Observation Corps kept within five hexes of Leipzig, leipzig:6.7). Standard: null.
  virtual const char* bars_hex(const Unit& u, const Map& m, Hex h) const {
    (void)u, (void)m, (void)h;
    return nullptr;
  }

  // ---- Army arrivals (added for Leipzig's reinforcement groups, leipzig:11.6 to 11.8.3).

  // Why pending unit `u` may not enter the map now beyond std:11.0/11.3, as (case, reason): its
  // entry area is not one its side enters by (leipzig:11.6), or it waits in an army group not
  // yet called in (leipzig:11.8.3). Standard: nothing.
  virtual std::optional<std::pair<std::string, std::string>> arrival_refusal(const Unit& u, const GameState& s,
                                                                             Trace& t) const {
    (void)u, (void)s, (void)t;
    return std::nullopt;
  }
  // The case under which pending unit `u` is set aside until an event brings it, never by its
  // schedule (Jena's Bavarians and SW - CB, jena:3.1, jena:3.2), or null. A played game
  // refuses a scenario that would have such a unit due within its calendar. Standard: null.
  virtual const char* only_an_event_brings(const Unit& u, Trace& t) const {
    (void)u, (void)t;
    return nullptr;
  }
  // The case under which pending unit `u` must enter in this Movement Phase (a Main Body called
  // in arrives together, leipzig:11.8.3), or null. Standard: null (std:11.5 lets any wait).
  virtual const char* arrival_compelled(const Unit& u, const GameState& s) const {
    (void)u, (void)s;
    return nullptr;
  }
  // A choice about an army group's arrival the phasing side may make as its Movement Phase
  // opens: call its Main Body in (Call), send it by an alternate area (Alternate), bring it or a
  // Detachment a turn sooner for a Front's point (Accelerate), or detach a unit (Detach).
  struct ArrivalChoice {
    enum class Kind : std::uint8_t { Call, Alternate, Accelerate, Detach };
    Kind kind = Kind::Call;
    Symbol army;  // the army group (Call, Alternate, Accelerate of a group)
    Symbol unit;  // the unit (Detach, Accelerate of a Detachment)
    Symbol area;  // the entry area (Call, Alternate, Detach)
    int turn = 0; // the turn it then arrives on
    const char* rule = "";
    friend bool operator==(const ArrivalChoice&, const ArrivalChoice&) = default;
  };
  // The choices open now, in a fixed order. Standard: none.
  virtual std::vector<ArrivalChoice> arrival_choices(const Map& m, const GameState& s, Trace& t) const {
    (void)m, (void)s, (void)t;
    return {};
  }
  // Makes one of them in `s` (checked again: std::invalid_argument when it is not open) and
  // returns the morale it moves, for the caller to apply as any morale change: the track and
  // the points (+1 for a Main Body's arrival, -1 for an acceleration).
  struct ArrivalMorale {
    Symbol track;
    int points = 0;
  };
  virtual ArrivalMorale make_arrival_choice(const Map& m, const ArrivalChoice& c, GameState& s, Trace& t) const {
    (void)m, (void)c, (void)s, (void)t;
    return {};
  }
  // ---- lzswitch: where rallied units go.
  // The LOC hexes a rallied `u` may be placed on (std:10.0) and the LOC a std:16.4 rally hex
  // traces to: by default its friendly LOCs; Leipzig's Allies by leipzig.rally_loc_set.
  virtual std::set<Hex> rally_locs(const Unit& u, const Map& m, const GameState& s, Trace& t) const {
    (void)t;
    const LocList locs = friendly_locs(u, m, s);
    return {locs.begin(), locs.end()};
  }

 private:
  RulesetChoice choice_;
  std::shared_ptr<const Spec> spec_;
  std::uint32_t optional_bits_ = 0;
  Readings readings_;
  PrintingRules printed_;
  struct TerrainCacheEntry {
    std::uint64_t map_revision, context;
    std::shared_ptr<const TerrainIndex> index;
  };
  mutable std::vector<TerrainCacheEntry> terrain_cache_;  // most recently used last
  mutable Workspace workspace_;
  void resolve_choice();
  const CrtTable* crt_ = nullptr;
  std::array<bool, 6> hazard_breaks_{};
  std::vector<int> hazard_groups_;
  std::string hazard_table_id_;
  const TerrainChart* terrain_ = nullptr;
  // The chart's terrain type of recently asked hexes, by map revision and hex (a revision
  // names one content of one map, and the chart is fixed once bound): the standard
  // terrain_of looks a hex's terrain up by name only the first time. Not locked, as the
  // terrain cache is not.
  struct TerrainMemo {
    std::uint64_t map_revision = 0;
    Hex hex;
    const TerrainType* type = nullptr;
  };
  static constexpr std::size_t kTerrainMemo = 64;
  mutable std::array<TerrainMemo, kTerrainMemo> terrain_memo_{};
  const GridTable* rally_ = nullptr;
  std::array<std::string, 6> rally_results_;

 protected:
  // The morale tracks of `units`, each once, in the order first met (battle_tracks' start).
  TrackList distinct_tracks(UnitRefs units, const GameState& s, Trace& t) const;
  // Binds the tables the rule set reads and resolves its printing: the last steps of building
  // one (make_rules, make_layer), once the layer's constructor has run.
  void finish() {
    bind_tables();
    resolve_printing();
  }

 private:
  void bind_tables();
  void resolve_printing();
  friend std::unique_ptr<N20Rules> make_rules(RulesetChoice, std::shared_ptr<const Spec>);
  template <class Layer>
  friend std::unique_ptr<Layer> make_layer(RulesetChoice, std::shared_ptr<const Spec>);
};

// Builds a rule set of one layer class (a subclass of N20Rules overriding hooks) for a choice
// already checked: the layers of make_rules, and a test's or tool's own layer.
template <class Layer>
std::unique_ptr<Layer> make_layer(RulesetChoice choice, std::shared_ptr<const Spec> spec) {
  if (choice.printing.empty()) choice.printing = default_printing(choice.game);
  auto rules = std::make_unique<Layer>(std::move(choice), std::move(spec));
  rules->finish();
  return rules;
}

// Builds the layered rule set for a choice. Throws std::invalid_argument naming what is
// wrong: an unknown game or printing, an id that is not an optional rule, an unknown switch
// or reading.
std::unique_ptr<N20Rules> make_rules(RulesetChoice choice, std::shared_ptr<const Spec> spec);

}  // namespace hexlaw::n20
