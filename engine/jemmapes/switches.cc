// Owns: the Jemmapes switch registry (see switches.h).
#include "engine/jemmapes/switches.h"

#include <stdexcept>

namespace hexlaw::jemmapes {

const std::vector<SwitchDef>& implemented_switches() {
  static const std::vector<SwitchDef> s = {
      {"jemmapes.stacking.cp_basis", {"current", "printed"}},
      {"jemmapes.losses.ss_per_step", {"1", "2"}},
      {"jemmapes.movement.mp_modifier_order", {"add_then_halve", "halve_then_add"}},
      {"jemmapes.orders.adjacency_test", {"adjacent", "zoc"}},
      {"jemmapes.orders.defensive_support_unit", {"any_friendly", "same_formation"}},
      {"jemmapes.command.noncommanded_order_effects", {"benefits_only", "all_effects"}},
      {"jemmapes.rout.zoc_and_combat", {"normal", "none"}},
      {"jemmapes.assault.drm_cap_scope", {"all", "excludes_morale"}},
      {"jemmapes.assault.commander_tv_reach", {"stacked", "adjacent"}},
      {"jemmapes.assault.unengaged_enemy_test", {"adjacent", "zoc"}},
      {"jemmapes.assault.unprinted_rows", {"refuse", "example_values"}},
      {"jemmapes.fire.defensive_order_drm_sign", {"plus", "minus"}},
      {"jemmapes.fire.artillery_arc", {"via_frontal_hex", "frontal_cone"}},
      {"jemmapes.charge.countercharge_cancels_bayonet", {"false", "true"}},
      {"jemmapes.command.line_trace", {"path", "straight_line"}},
      {"jemmapes.order_change.offensive_drm_sign", {"minus", "plus"}},
      {"jemmapes.order_change.involuntary_defensive_drm_sign", {"plus", "minus"}},
      {"jemmapes.victory.village_control", {"all_hexes", "any_hex"}},
      {"jemmapes.retreat.blocked_result", {"eliminated", "step_loss_stay"}},
      {"jemmapes.morale_test.procedure", {"pending", "two_dice_against_morale"}},
      {"jemmapes.charge.min_move_hexes", {"2", "1"}},
      {"jemmapes.scenario.until_round", {"from_round_n", "after_round_n"}},
      {"jemmapes.scenario.ferrand_distance_penalty", {"while_off_map", "whole_game"}},
      {"jemmapes.reaction.movement_kind", {"pivot_one_hexside", "move_one_hex"}},
      {"jemmapes.rally.commander_tv_uses", {"one_unit_per_segment", "any_units"}},
      {"jemmapes.scenario.inactive_formation_reacts", {"false", "true"}},
      {"jemmapes.order_change.involuntary_loss_window", {"game", "last_round"}},
      // Read by fire and assault (combat.cc) on the units a question or the played round says
      // have fought this activation.
      {"jemmapes.combat.unit_once_per_activation", {"true", "false"}},
      {"jemmapes.victory.control_vp", {"current", "permanent"}},
  };
  return s;
}

const SwitchDef* find_switch(std::string_view name) {
  for (const auto& s : implemented_switches())
    if (s.name == name) return &s;
  return nullptr;
}

const std::string& Readings::of(std::string_view name) const {
  auto it = chosen_.find(std::string(name));
  if (it != chosen_.end()) return it->second;
  const SwitchDef* s = find_switch(name);
  if (!s) throw std::logic_error("no Jemmapes switch named '" + std::string(name) + "'");
  return s->readings.front();
}

}  // namespace hexlaw::jemmapes
