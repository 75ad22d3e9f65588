// Owns: the Jemmapes 1792 interpretation switches the engine implements — each a reading the
// source leaves open (a lost DRM sign, an ambiguous phrase), named in the catalog note that
// records it, with its readings (the first is the default). A case picks a reading under
// `interpretations`; a switch the catalog records but the engine does not read yet is refused
// by name, and an unknown reading is an error listing the known ones. The readings in force are
// resolved once, when a question or game starts, into a small array: a rule asks
// `readings.is(reading::losses_ss_per_step_2)`, never a name.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace hexlaw::jemmapes {

// One id per switch the engine reads, in the order of implemented_switches().
enum class Switch : std::uint8_t {
  StackingCpBasis,
  LossesSsPerStep,
  MovementMpModifierOrder,
  OrdersAdjacencyTest,
  OrdersDefensiveSupportUnit,
  CommandNoncommandedOrderEffects,
  RoutZocAndCombat,
  AssaultDrmCapScope,
  AssaultCommanderTvReach,
  AssaultUnengagedEnemyTest,
  AssaultUnprintedRows,
  FireDefensiveOrderDrmSign,
  FireArtilleryArc,
  ChargeCounterchargeCancelsBayonet,
  CommandLineTrace,
  OrderChangeOffensiveDrmSign,
  OrderChangeInvoluntaryDefensiveDrmSign,
  VictoryVillageControl,
  RetreatBlockedResult,
  MoraleTestProcedure,
  ChargeMinMoveHexes,
  ScenarioUntilRound,
  ScenarioFerrandDistancePenalty,
  ReactionMovementKind,
  RallyCommanderTvUses,
  ScenarioInactiveFormationReacts,
  OrderChangeInvoluntaryLossWindow,
  CombatUnitOncePerActivation,
  VictoryControlVp,
  ScenarioEgaliteLockWhenDemoralised,
  ScenarioFerrandEntryWindow,
  Count
};
inline constexpr std::size_t kSwitchCount = static_cast<std::size_t>(Switch::Count);

struct SwitchDef {
  Switch id;
  std::string name;
  std::vector<std::string> readings;  // readings[0] is the default
};

// Every switch the engine reads, with its readings, indexed by Switch.
const std::vector<SwitchDef>& implemented_switches();
// The definition of `name`, or null when the engine does not read it.
const SwitchDef* find_switch(std::string_view name);
const SwitchDef& switch_def(Switch s);

// One reading of one switch: the switch and the reading's index in its list (0: the default).
struct Reading {
  Switch sw;
  std::uint8_t index;
};

// Every reading by name: <switch without "jemmapes.", dots as underscores>_<reading>.
namespace reading {
inline constexpr Reading stacking_cp_basis_current{Switch::StackingCpBasis, 0};
inline constexpr Reading stacking_cp_basis_printed{Switch::StackingCpBasis, 1};
inline constexpr Reading losses_ss_per_step_1{Switch::LossesSsPerStep, 0};
inline constexpr Reading losses_ss_per_step_2{Switch::LossesSsPerStep, 1};
inline constexpr Reading movement_mp_modifier_order_add_then_halve{Switch::MovementMpModifierOrder, 0};
inline constexpr Reading movement_mp_modifier_order_halve_then_add{Switch::MovementMpModifierOrder, 1};
inline constexpr Reading orders_adjacency_test_adjacent{Switch::OrdersAdjacencyTest, 0};
inline constexpr Reading orders_adjacency_test_zoc{Switch::OrdersAdjacencyTest, 1};
inline constexpr Reading orders_defensive_support_unit_any_friendly{Switch::OrdersDefensiveSupportUnit, 0};
inline constexpr Reading orders_defensive_support_unit_same_formation{Switch::OrdersDefensiveSupportUnit, 1};
inline constexpr Reading command_noncommanded_order_effects_benefits_only{Switch::CommandNoncommandedOrderEffects, 0};
inline constexpr Reading command_noncommanded_order_effects_all_effects{Switch::CommandNoncommandedOrderEffects, 1};
inline constexpr Reading rout_zoc_and_combat_normal{Switch::RoutZocAndCombat, 0};
inline constexpr Reading rout_zoc_and_combat_none{Switch::RoutZocAndCombat, 1};
inline constexpr Reading assault_drm_cap_scope_all{Switch::AssaultDrmCapScope, 0};
inline constexpr Reading assault_drm_cap_scope_excludes_morale{Switch::AssaultDrmCapScope, 1};
inline constexpr Reading assault_commander_tv_reach_stacked{Switch::AssaultCommanderTvReach, 0};
inline constexpr Reading assault_commander_tv_reach_adjacent{Switch::AssaultCommanderTvReach, 1};
inline constexpr Reading assault_unengaged_enemy_test_adjacent{Switch::AssaultUnengagedEnemyTest, 0};
inline constexpr Reading assault_unengaged_enemy_test_zoc{Switch::AssaultUnengagedEnemyTest, 1};
inline constexpr Reading assault_unprinted_rows_refuse{Switch::AssaultUnprintedRows, 0};
inline constexpr Reading assault_unprinted_rows_example_values{Switch::AssaultUnprintedRows, 1};
inline constexpr Reading fire_defensive_order_drm_sign_plus{Switch::FireDefensiveOrderDrmSign, 0};
inline constexpr Reading fire_defensive_order_drm_sign_minus{Switch::FireDefensiveOrderDrmSign, 1};
inline constexpr Reading fire_artillery_arc_via_frontal_hex{Switch::FireArtilleryArc, 0};
inline constexpr Reading fire_artillery_arc_frontal_cone{Switch::FireArtilleryArc, 1};
inline constexpr Reading charge_countercharge_cancels_bayonet_false{Switch::ChargeCounterchargeCancelsBayonet, 0};
inline constexpr Reading charge_countercharge_cancels_bayonet_true{Switch::ChargeCounterchargeCancelsBayonet, 1};
inline constexpr Reading command_line_trace_path{Switch::CommandLineTrace, 0};
inline constexpr Reading command_line_trace_straight_line{Switch::CommandLineTrace, 1};
inline constexpr Reading order_change_offensive_drm_sign_minus{Switch::OrderChangeOffensiveDrmSign, 0};
inline constexpr Reading order_change_offensive_drm_sign_plus{Switch::OrderChangeOffensiveDrmSign, 1};
inline constexpr Reading order_change_involuntary_defensive_drm_sign_plus{Switch::OrderChangeInvoluntaryDefensiveDrmSign, 0};
inline constexpr Reading order_change_involuntary_defensive_drm_sign_minus{Switch::OrderChangeInvoluntaryDefensiveDrmSign, 1};
inline constexpr Reading victory_village_control_all_hexes{Switch::VictoryVillageControl, 0};
inline constexpr Reading victory_village_control_any_hex{Switch::VictoryVillageControl, 1};
inline constexpr Reading retreat_blocked_result_eliminated{Switch::RetreatBlockedResult, 0};
inline constexpr Reading retreat_blocked_result_step_loss_stay{Switch::RetreatBlockedResult, 1};
inline constexpr Reading morale_test_procedure_pending{Switch::MoraleTestProcedure, 0};
inline constexpr Reading morale_test_procedure_two_dice_against_morale{Switch::MoraleTestProcedure, 1};
inline constexpr Reading charge_min_move_hexes_2{Switch::ChargeMinMoveHexes, 0};
inline constexpr Reading charge_min_move_hexes_1{Switch::ChargeMinMoveHexes, 1};
inline constexpr Reading scenario_until_round_from_round_n{Switch::ScenarioUntilRound, 0};
inline constexpr Reading scenario_until_round_after_round_n{Switch::ScenarioUntilRound, 1};
inline constexpr Reading scenario_ferrand_distance_penalty_while_off_map{Switch::ScenarioFerrandDistancePenalty, 0};
inline constexpr Reading scenario_ferrand_distance_penalty_whole_game{Switch::ScenarioFerrandDistancePenalty, 1};
inline constexpr Reading reaction_movement_kind_pivot_one_hexside{Switch::ReactionMovementKind, 0};
inline constexpr Reading reaction_movement_kind_move_one_hex{Switch::ReactionMovementKind, 1};
inline constexpr Reading rally_commander_tv_uses_one_unit_per_segment{Switch::RallyCommanderTvUses, 0};
inline constexpr Reading rally_commander_tv_uses_any_units{Switch::RallyCommanderTvUses, 1};
inline constexpr Reading scenario_inactive_formation_reacts_false{Switch::ScenarioInactiveFormationReacts, 0};
inline constexpr Reading scenario_inactive_formation_reacts_true{Switch::ScenarioInactiveFormationReacts, 1};
inline constexpr Reading order_change_involuntary_loss_window_game{Switch::OrderChangeInvoluntaryLossWindow, 0};
inline constexpr Reading order_change_involuntary_loss_window_last_round{Switch::OrderChangeInvoluntaryLossWindow, 1};
inline constexpr Reading combat_unit_once_per_activation_true{Switch::CombatUnitOncePerActivation, 0};
inline constexpr Reading combat_unit_once_per_activation_false{Switch::CombatUnitOncePerActivation, 1};
inline constexpr Reading victory_control_vp_current{Switch::VictoryControlVp, 0};
inline constexpr Reading victory_control_vp_permanent{Switch::VictoryControlVp, 1};
inline constexpr Reading scenario_egalite_lock_when_demoralised_no_change{Switch::ScenarioEgaliteLockWhenDemoralised, 0};
inline constexpr Reading scenario_egalite_lock_when_demoralised_back_to_defensive{Switch::ScenarioEgaliteLockWhenDemoralised, 1};
inline constexpr Reading scenario_ferrand_entry_window_from_round_2{Switch::ScenarioFerrandEntryWindow, 0};
inline constexpr Reading scenario_ferrand_entry_window_round_2_only{Switch::ScenarioFerrandEntryWindow, 1};
}  // namespace reading

// The readings a question or game runs under: the case's choices over the defaults.
class Readings {
 public:
  Readings() = default;  // every switch at its default
  // Each choice resolved by name; std::invalid_argument for a switch the engine does not read
  // or a reading it does not know (the callers check both first, naming the field).
  explicit Readings(const std::map<std::string, std::string>& chosen);
  bool is(Reading r) const { return chosen_[static_cast<std::size_t>(r.sw)] == r.index; }
  // The reading of `s` by name, for the trace.
  const std::string& of(Switch s) const;

 private:
  std::array<std::uint8_t, kSwitchCount> chosen_{};
};

}  // namespace hexlaw::jemmapes
