// Owns: the Jemmapes switch registry (see switches.h).
#include "engine/jemmapes/switches.h"

#include <algorithm>
#include <stdexcept>

namespace hexlaw::jemmapes {

const std::vector<SwitchDef>& implemented_switches() {
  static const std::vector<SwitchDef> s = {
      {Switch::StackingCpBasis, "jemmapes.stacking.cp_basis", {"current", "printed"}},
      {Switch::LossesSsPerStep, "jemmapes.losses.ss_per_step", {"1", "2"}},
      {Switch::MovementMpModifierOrder, "jemmapes.movement.mp_modifier_order", {"add_then_halve", "halve_then_add"}},
      {Switch::OrdersAdjacencyTest, "jemmapes.orders.adjacency_test", {"adjacent", "zoc"}},
      {Switch::OrdersDefensiveSupportUnit, "jemmapes.orders.defensive_support_unit", {"any_friendly", "same_formation"}},
      {Switch::CommandNoncommandedOrderEffects, "jemmapes.command.noncommanded_order_effects", {"benefits_only", "all_effects"}},
      {Switch::RoutZocAndCombat, "jemmapes.rout.zoc_and_combat", {"normal", "none"}},
      {Switch::AssaultDrmCapScope, "jemmapes.assault.drm_cap_scope", {"all", "excludes_morale"}},
      {Switch::AssaultCommanderTvReach, "jemmapes.assault.commander_tv_reach", {"stacked", "adjacent"}},
      {Switch::AssaultUnengagedEnemyTest, "jemmapes.assault.unengaged_enemy_test", {"adjacent", "zoc"}},
      {Switch::AssaultUnprintedRows, "jemmapes.assault.unprinted_rows", {"refuse", "example_values"}},
      {Switch::FireDefensiveOrderDrmSign, "jemmapes.fire.defensive_order_drm_sign", {"plus", "minus"}},
      {Switch::FireArtilleryArc, "jemmapes.fire.artillery_arc", {"via_frontal_hex", "frontal_cone"}},
      {Switch::ChargeCounterchargeCancelsBayonet, "jemmapes.charge.countercharge_cancels_bayonet", {"false", "true"}},
      {Switch::CommandLineTrace, "jemmapes.command.line_trace", {"path", "straight_line"}},
      {Switch::OrderChangeOffensiveDrmSign, "jemmapes.order_change.offensive_drm_sign", {"minus", "plus"}},
      {Switch::OrderChangeInvoluntaryDefensiveDrmSign, "jemmapes.order_change.involuntary_defensive_drm_sign", {"plus", "minus"}},
      {Switch::VictoryVillageControl, "jemmapes.victory.village_control", {"all_hexes", "any_hex"}},
      {Switch::RetreatBlockedResult, "jemmapes.retreat.blocked_result", {"eliminated", "step_loss_stay"}},
      {Switch::MoraleTestProcedure, "jemmapes.morale_test.procedure", {"pending", "two_dice_against_morale"}},
      {Switch::ChargeMinMoveHexes, "jemmapes.charge.min_move_hexes", {"2", "1"}},
      {Switch::ScenarioUntilRound, "jemmapes.scenario.until_round", {"from_round_n", "after_round_n"}},
      {Switch::ScenarioFerrandDistancePenalty, "jemmapes.scenario.ferrand_distance_penalty", {"while_off_map", "whole_game"}},
      {Switch::ReactionMovementKind, "jemmapes.reaction.movement_kind", {"pivot_one_hexside", "move_one_hex"}},
      {Switch::RallyCommanderTvUses, "jemmapes.rally.commander_tv_uses", {"one_unit_per_segment", "any_units"}},
      {Switch::ScenarioInactiveFormationReacts, "jemmapes.scenario.inactive_formation_reacts", {"false", "true"}},
      {Switch::OrderChangeInvoluntaryLossWindow, "jemmapes.order_change.involuntary_loss_window", {"game", "last_round"}},
      // Read by fire and assault (combat.cc) on the units a question or the played round says
      // have fought this activation.
      {Switch::CombatUnitOncePerActivation, "jemmapes.combat.unit_once_per_activation", {"true", "false"}},
      {Switch::VictoryControlVp, "jemmapes.victory.control_vp", {"current", "permanent"}},
      // Read by the order-change restriction of the historical scenario (scenario.cc, 9.2).
      {Switch::ScenarioEgaliteLockWhenDemoralised, "jemmapes.scenario.egalite_lock_when_demoralised", {"no_change", "back_to_defensive"}},
      // Read by Ferrand's entry (scenario.cc, 9.1.1): from round 2 on, or in round 2 only.
      {Switch::ScenarioFerrandEntryWindow, "jemmapes.scenario.ferrand_entry_window", {"from_round_2", "round_2_only"}},
  };
  // The list is indexed by Switch: each entry's id is its place.
  static const bool in_order = [] {
    for (std::size_t i = 0; i < s.size(); ++i)
      if (static_cast<std::size_t>(s[i].id) != i) throw std::logic_error("jemmapes switch " + s[i].name + " out of order");
    return s.size() == kSwitchCount;
  }();
  if (!in_order) throw std::logic_error("jemmapes switches: the list and enum Switch differ in length");
  return s;
}

const SwitchDef* find_switch(std::string_view name) {
  for (const auto& s : implemented_switches())
    if (s.name == name) return &s;
  return nullptr;
}

const SwitchDef& switch_def(Switch s) { return implemented_switches()[static_cast<std::size_t>(s)]; }

Readings::Readings(const std::map<std::string, std::string>& chosen) {
  for (const auto& [name, value] : chosen) {
    const SwitchDef* d = find_switch(name);
    if (!d) throw std::invalid_argument("interpretations: '" + name + "' is not a switch the Jemmapes engine reads");
    const auto it = std::find(d->readings.begin(), d->readings.end(), value);
    if (it == d->readings.end()) throw std::invalid_argument("interpretations: '" + value + "' is not a reading of " + name);
    chosen_[static_cast<std::size_t>(d->id)] = static_cast<std::uint8_t>(it - d->readings.begin());
  }
}

const std::string& Readings::of(Switch s) const { return switch_def(s).readings[chosen_[static_cast<std::size_t>(s)]]; }

}  // namespace hexlaw::jemmapes
