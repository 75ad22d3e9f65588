// Owns: the standard behaviour of every N20 hook and the construction of rule layers.
#include "engine/n20/rules.h"

#include "engine/core/errors.h"
#include "engine/n20/dummies.h"
#include "engine/n20/terrain_index.h"
#include "engine/n20/turn_end.h"
#include "engine/n20/victory.h"
#include "engine/n20/games/dresden.h"
#include "engine/n20/games/jena.h"
#include "engine/n20/games/leipzig.h"

#include <algorithm>
#include <stdexcept>

namespace hexlaw::n20 {

const std::vector<InterpretationSwitch>& known_switches() {
  // Each switch here is implemented by engine code and tested both ways; the catalog note
  // that records the ambiguity carries the same name.
  static const std::vector<InterpretationSwitch> kSwitches = {
      {"movement.stacking_check", {"per_unit_move", "end_of_phase"}, "per_unit_move", "std:6.9"},
      {"guard.commit_cost_per_move", {"once_per_phase", "each_transition"}, "once_per_phase", "std:12.2.1"},
      {"reinforcement.one_hex_minimum_on_entry", {"applies", "not_on_entry"}, "applies", "std:11.2"},
      {"countercharge.targets", {"adjacent", "exerting_zoc"}, "adjacent", "std:8.2.1"},
      {"reaction.night_disengagement", {"allowed", "forbidden"}, "allowed", "std:8.3"},
      {"disengage.extended_path_final_hex", {"no_ezoc", "any_vacant"}, "no_ezoc", "std:8.3.3"},
      {"rout.halving_order", {"double_then_halve", "halve_then_double"}, "double_then_halve", "std:16.5.2"},
      {"countercharge.double_lost_vs_cavalry", {"any", "all"}, "any", "std:8.2.2"},
      {"artillery.support_scope", {"per_unit_per_battery", "per_unit_max_one", "per_battle_max_one"},
       "per_unit_per_battery", "std:16.3.1"},
      {"terrain.fortified_combat_value", {"+2", "+3"}, "+2", "dresden:table.terrain"},
      {"terrain.swamp_combat_value", {"+1", "+0"}, "+1", "dresden:table.terrain"},
      {"terrain.minor_river_combat_value", {"+1", "+0"}, "+1", "dresden:table.terrain"},
      {"terrain.ford_as", {"bridge", "minor_river"}, "bridge", "dresden:table.terrain"},
      {"retreat.friendly_vs_ezoc_priority", {"ezoc_first", "friends_first"}, "ezoc_first", "std:9.8.5"},
      {"retreat.priority_evaluation", {"fewest_ezoc", "whole_path", "per_step"}, "fewest_ezoc", "std:9.8.2"},
      {"rout.elite_fortified_modifier", {"replaces", "cumulative"}, "replaces", "std:9.8.1"},
      {"morale.rout_length_basis", {"modified_roll", "hexes_retreated"}, "modified_roll", "std:9.6"},
      {"morale.cap_timing", {"cap_after_gains", "cap_net"}, "cap_after_gains", "std:12.1"},
      {"combat.ex_morale_timing", {"sequential", "simultaneous"}, "sequential", "std:9.6.7"},
      {"bombard.immunity_scope", {"artillery_only", "whole_battle"}, "artillery_only", "std:16.3.2"},
      {"rout.recovery_scope", {"phasing_side", "both_sides"}, "phasing_side", "std:16.5.3"},
      {"events.empty_draw_pile", {"reshuffle", "skip"}, "reshuffle", "std:5.0"},
      {"fog.cavalry_scouting_side", {"either_side", "phasing_side"}, "either_side", "std:16.1.1"},
      {"fog.dummy_scouting", {"battles_only", "as_cavalry"}, "battles_only", "std:16.1.3"},
      {"fog.hidden_side_shows_movement_allowance", {"nationality_only", "with_movement"}, "nationality_only",
       "std:2.0"},
      {"leipzig.mixed_front_morale", {"allied-choice", "each-front"}, "allied-choice", "leipzig:12.0"},
      {"leipzig.loc_capture_count", {"per-front", "all-allied"}, "per-front", "leipzig:14.0"},
      {"leipzig.cadre_front", {"origin", "battle"}, "origin", "leipzig:2.1"},
      {"jena.objective_hex_side", {"owned", "aims"}, "owned", "jena:14.0"},
      {"jena.free_deployment_choice", {"each-unit", "same-pair"}, "each-unit", "jena:3.3"},
      {"dresden.lone_garrison_loss", {"on_advance", "by_result"}, "on_advance", "dresden:9.10"},
      {"dresden.garrison_break_morale", {"none", "as_unit"}, "none", "dresden:9.10"},
      {"dresden.dresden_garrison_restore", {"any_departure", "after_retreat"}, "any_departure", "dresden:9.10.2"},
      {"dresden.command_confusion_counts_reinforcements", {"counts", "exempt"}, "counts", "dresden:3.1"},
      {"dresden.command_confusion_historical", {"literal", "lifted"}, "literal", "dresden:3.1"},
      {"dresden.night_downpour_ma", {"after_cap", "before_cap"}, "after_cap", "dresden:5.1.1"},
      {"dresden.historical_loc_activation", {"literal", "active_from_start"}, "literal", "dresden:9.8.6"},
      {"dresden.meissen_au4_may_leave", {"stays", "may_leave"}, "stays", "dresden:3.2"},
      {"dresden.light_infantry_optional", {"always", "optional_off"}, "always", "dresden:16.9"},
      {"dresden.inactive_loc_scope", {"any_purpose", "retreat_only"}, "any_purpose", "dresden:9.8.6"},
      {"dresden.pontoon_allied_attack", {"as_bridge", "as_river"}, "as_bridge", "dresden:6.0"},
      {"leipzig.general_retreat_return_value", {"1", "0"}, "1", "leipzig:12.7"},
      {"leipzig.unreliable_drm_stacking", {"single", "cumulative"}, "single", "leipzig:16.8"},
      {"leipzig.unreliable_cadre_fights", {"fights", "stands-aside"}, "fights", "leipzig:16.8"},
      {"leipzig.spent_blocks_advance", {"false", "true"}, "false", "leipzig:16.11"},
      {"leipzig.broken_leader_morale", {"standard", "none"}, "standard", "leipzig:16.12"},
      {"leipzig.substitute_shuffle", {"whole-pile", "random-place"}, "whole-pile", "leipzig:5.1"},
      // leipzig4a: arrivals (leipzig_arrivals.cc)
      {"leipzig.loc_activation_trigger", {"main-body", "first-unit"}, "main-body", "leipzig:9.8.6"},
      // lzswitch: the Leipzig LOC readings the catalog records (leipzig:9.8.6's notes)
      {"leipzig.rally_loc_set", {"own-front", "any-allied"}, "own-front", "leipzig:9.8.6"},
      {"retreat.leipzig_loc_rule", {"series", "printed-only"}, "series", "leipzig:9.8.6"},
      // lzswitch: standard readings the catalog recorded as switches without the engine reading them
      {"countercharge.multi_defender", {"allowed", "single_defender"}, "allowed", "std:8.2.1"},
      {"retreat.fortified_one_fewer_applies_to", {"any_unit", "defenders_only"}, "any_unit", "std:9.8.1"},
  };
  return kSwitches;
}

std::string_view printing_name(Printing p) { return kPrintings[static_cast<std::size_t>(p)]; }

std::optional<Printing> printing_named(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kPrintings); ++i)
    if (kPrintings[i] == name) return static_cast<Printing>(i);
  return std::nullopt;
}

std::string_view default_printing(std::string_view game) {
  if (game == "standard" || game == "dresden") return "v2.0";
  if (game == "jena") return "jena";
  if (game == "leipzig") return "leipzig";
  return {};
}

bool printing_carries(const Catalog& catalog, std::string_view id, Printing printing) {
  if (id.rfind("std:", 0) != 0) return true;
  const RuleCase* c = catalog.find(id);
  return c && std::find(c->printings.begin(), c->printings.end(), printing_name(printing)) != c->printings.end();
}

bool is_optional_rule(const Catalog& catalog, std::string_view id) {
  const RuleCase* c = catalog.find(id);
  return c != nullptr && c->kind == "optional";
}

N20Rules::N20Rules(RulesetChoice choice, std::shared_ptr<const Spec> spec)
    : choice_(std::move(choice)), spec_(std::move(spec)) {
  resolve_choice();
}

// Resolves the chosen optional rules and readings into typed values, once.
void N20Rules::resolve_choice() {
  unsigned bit = 1;  // kOptionalRuleIds[i]'s bit is 1 << i (the Optional enum's order)
  for (const std::string_view id : kOptionalRuleIds) {
    if (choice_.options.count(std::string(id))) optional_bits_ |= bit;
    bit <<= 1;
  }
  auto is = [&](std::string_view name, std::string_view reading) { return interpretation(name) == reading; };
  auto number = [&](std::string_view name) { return std::stoi(interpretation(name)); };
  Readings& r = readings_;
  r.stacking_at_phase_end = is("movement.stacking_check", "end_of_phase");
  r.guard_cost_each_transition = is("guard.commit_cost_per_move", "each_transition");
  r.one_hex_minimum_on_entry = is("reinforcement.one_hex_minimum_on_entry", "applies");
  r.countercharge_zoc_targets = is("countercharge.targets", "exerting_zoc");
  r.night_disengagement_forbidden = is("reaction.night_disengagement", "forbidden");
  r.extended_path_any_vacant = is("disengage.extended_path_final_hex", "any_vacant");
  r.halve_then_double = is("rout.halving_order", "halve_then_double");
  r.countercharge_lost_if_any = is("countercharge.double_lost_vs_cavalry", "any");
  using Scope = Readings::ArtillerySupportScope;
  r.artillery_support = is("artillery.support_scope", "per_battle_max_one") ? Scope::PerBattleMaxOne
                        : is("artillery.support_scope", "per_unit_max_one") ? Scope::PerUnitMaxOne
                                                                            : Scope::PerUnitPerBattery;
  r.fortified_combat_value = number("terrain.fortified_combat_value");
  r.swamp_combat_value = number("terrain.swamp_combat_value");
  r.minor_river_combat_value = number("terrain.minor_river_combat_value");
  r.ford_as = interpretation("terrain.ford_as");
  r.retreat_friends_first = is("retreat.friendly_vs_ezoc_priority", "friends_first");
  using Priority = Readings::RetreatPriority;
  r.retreat_priority = is("retreat.priority_evaluation", "whole_path") ? Priority::WholePath
                       : is("retreat.priority_evaluation", "per_step") ? Priority::PerStep
                                                                       : Priority::FewestEzoc;
  r.elite_fortified_cumulative = is("rout.elite_fortified_modifier", "cumulative");
  r.rout_length_by_modified_roll = is("morale.rout_length_basis", "modified_roll");
  r.morale_cap_net = is("morale.cap_timing", "cap_net");
  r.ex_morale_sequential = is("combat.ex_morale_timing", "sequential");
  r.bombard_immunity_whole_battle = is("bombard.immunity_scope", "whole_battle");
  r.rout_recovery_both_sides = is("rout.recovery_scope", "both_sides");
  r.events_skip_empty_pile = is("events.empty_draw_pile", "skip");
  r.scouting_phasing_side_only = is("fog.cavalry_scouting_side", "phasing_side");
  r.each_front_morale = is("leipzig.mixed_front_morale", "each-front");
  r.leipzig_loc_count_all_allied = is("leipzig.loc_capture_count", "all-allied");
  r.unreliable_drm_cumulative = is("leipzig.unreliable_drm_stacking", "cumulative");
  r.unreliable_cadre_stands_aside = is("leipzig.unreliable_cadre_fights", "stands-aside");
  r.dummies_scout_as_cavalry = is("fog.dummy_scouting", "as_cavalry");
  r.hidden_side_shows_movement = is("fog.hidden_side_shows_movement_allowance", "with_movement");
  // The games' switches (lzswitch): read here once, so no layer reads a switch by name.
  r.jena_objective_aims = is("jena.objective_hex_side", "aims");
  r.jena_free_deployment_same_pair = is("jena.free_deployment_choice", "same-pair");
  r.dresden_lone_garrison_by_result = is("dresden.lone_garrison_loss", "by_result");
  r.dresden_garrison_break_scores = is("dresden.garrison_break_morale", "as_unit");
  r.dresden_garrison_restore_after_retreat = is("dresden.dresden_garrison_restore", "after_retreat");
  r.dresden_confusion_exempts_reinforcements = is("dresden.command_confusion_counts_reinforcements", "exempt");
  r.dresden_confusion_historical_lifted = is("dresden.command_confusion_historical", "lifted");
  r.dresden_downpour_before_cap = is("dresden.night_downpour_ma", "before_cap");
  r.dresden_historical_locs_active = is("dresden.historical_loc_activation", "active_from_start");
  r.dresden_meissen_au4_may_leave = is("dresden.meissen_au4_may_leave", "may_leave");
  r.dresden_light_infantry_optional_off = is("dresden.light_infantry_optional", "optional_off");
  r.dresden_inactive_loc_retreat_only = is("dresden.inactive_loc_scope", "retreat_only");
  r.dresden_pontoon_allied_as_river = is("dresden.pontoon_allied_attack", "as_river");
  r.leipzig_cadre_front_battle = is("leipzig.cadre_front", "battle");
  r.leipzig_general_retreat_returns_at_zero = is("leipzig.general_retreat_return_value", "0");
  r.leipzig_spent_blocks_advance = is("leipzig.spent_blocks_advance", "true");
  r.leipzig_broken_leader_no_morale = is("leipzig.broken_leader_morale", "none");
  r.leipzig_substitute_random_place = is("leipzig.substitute_shuffle", "random-place");
  r.leipzig_loc_activation_first_unit = is("leipzig.loc_activation_trigger", "first-unit");
  r.leipzig_rally_any_allied = is("leipzig.rally_loc_set", "any-allied");
  r.leipzig_retreat_printed_only = is("retreat.leipzig_loc_rule", "printed-only");
  r.countercharge_single_defender = is("countercharge.multi_defender", "single_defender");
  r.fortified_one_fewer_defenders_only = is("retreat.fortified_one_fewer_applies_to", "defenders_only");
}

// Resolves what the chosen printing decides where the printings differ (PrintingRules), once,
// after the tables are bound (the N result falls back on the CRT the game reads).
void N20Rules::resolve_printing() {
  PrintingRules& p = printed_;
  p.printing = *printing_named(choice_.printing);
  // A game's own case overriding a std case the printing lacks (jena:9.8.6, dresden:9.8.6,
  // leipzig:9.8.6 each send the game's units towards its LOCs), or empty.
  auto games_own = [&](std::string_view std_id) -> std::string {
    for (const RuleCase& c : catalog().cases())
      if (c.book == choice_.game && std::find(c.overrides.begin(), c.overrides.end(), std_id) != c.overrides.end())
        return c.id;
    return {};
  };
  p.adjacency = carries("std:9.2.3") ? "std:9.2.3" : "std:9.2.2";
  p.engaged = carries("std:9.6.8") ? std::string("std:9.6.8") : crt_table_id();
  p.retreat_direction = carries("std:9.8.6") ? std::string("std:9.8.6") : games_own("std:9.8.6");
  p.loc_early_break = carries("std:9.8.7") ? "std:9.8.7" : "";
  p.advance_immediacy = carries("std:9.9.7") ? "std:9.9.7" : "std:9.6";
  p.advance_exhaustion = carries("std:9.9.8") ? "std:9.9.8" : "std:9.1.2";
  // RULE leipzig:9.8.6 (retreat.leipzig_loc_rule = printed-only) — the game's own direction rule read alone
  p.direction_by_final_hex = !carries("std:9.8.6") && !p.retreat_direction.empty() && readings_.leipzig_retreat_printed_only;
}

std::shared_ptr<const TerrainIndex> N20Rules::terrain_index(const Map& m, const GameState& s) const {
  constexpr std::size_t kKept = 8;
  const std::uint64_t context = terrain_context(s);
  for (auto it = terrain_cache_.begin(); it != terrain_cache_.end(); ++it)
    if (it->map_revision == m.revision() && it->context == context) {
      if (it + 1 != terrain_cache_.end()) std::rotate(it, it + 1, terrain_cache_.end());
      return terrain_cache_.back().index;
    }
  if (terrain_cache_.size() == kKept) terrain_cache_.erase(terrain_cache_.begin());
  terrain_cache_.push_back({m.revision(), context, std::make_shared<const TerrainIndex>(*this, m, s)});
  return terrain_cache_.back().index;
}

bool N20Rules::option_on(std::string_view rule_id) const {
  for (const auto& o : choice_.options)
    if (o == rule_id) return true;
  return false;
}

namespace {

// The result cell of die face `face` in a one-column die table (the hazard and rally tables),
// which must be one of `known`: a missing row, a null cell or an unknown word is a spec defect,
// refused by the table, file and row rather than read as some default.
// RULE jena:table.rally — each modified rally die (1-6) has one result: elim, no-effect or rally
const std::string& die_table_cell(const GridTable& table, int face, std::initializer_list<std::string_view> known) {
  const std::string row = std::to_string(face);
  const auto* cell = table.cell(row, "result");
  const std::string field = "rows." + row + ".result";
  const std::string needs = "; " + table.id + " must give a result for every die face 1-6";
  if (!cell) throw SpecError(table.file, field, "no such row or column" + needs);
  if (!*cell) throw SpecError(table.file, field, "the cell is missing" + needs);
  for (std::string_view k : known)
    if (**cell == k) return **cell;
  std::string list;
  for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
  throw SpecError(table.file, field, table.id + ": unknown result '" + **cell + "' (known: " + list + ")");
}

}  // namespace

// The tables this game reads, by typed index once: the CRT, the hazardous-retreat table (which
// faces break a unit), the terrain chart and the rally table (each face's result).
void N20Rules::bind_tables() {
  const TableSet& tables = spec_->tables;
  crt_ = tables.crt(crt_table_id());
  // RULE jena:table.hazardous-retreat — the hazard die breaks the unit on the faces the table marks (1-3)
  const GridTable* hazard = tables.grid(hazard_table_id());
  if (!hazard) throw std::invalid_argument("spec has no hazardous-retreat table '" + hazard_table_id() + "'");
  for (int face = 1; face <= 6; ++face)
    hazard_breaks_[static_cast<std::size_t>(face - 1)] = die_table_cell(*hazard, face, {"break", "safe"}) == "break";
  hazard_groups_.clear();
  for (bool breaks : hazard_breaks_) hazard_groups_.push_back(breaks ? 0 : 1);
  hazard_table_id_ = hazard_table_id();
  // RULE jena:table.terrain — hex and hexside terrain: movement, stops, ZOC barriers and defence values
  terrain_ = tables.terrain(terrain_table_id());
  terrain_memo_ = {};
  if (!crt_) throw std::invalid_argument("spec has no CRT '" + crt_table_id() + "'");
  if (!terrain_) throw std::invalid_argument("spec has no terrain chart '" + terrain_table_id() + "'");
  // RULE jena:table.rally — the rally die's result per modified face, read once
  rally_ = tables.grid(rally_table_id());
  if (!rally_) throw std::invalid_argument("spec has no rally table '" + rally_table_id() + "'");
  for (int face = 1; face <= 6; ++face)
    rally_results_[static_cast<std::size_t>(face - 1)] = die_table_cell(*rally_, face, {"elim", "no-effect", "rally"});
}

const std::string& N20Rules::interpretation(std::string_view name) const {
  if (auto it = choice_.interpretations.find(std::string(name)); it != choice_.interpretations.end())
    return it->second;
  for (const auto& s : known_switches())
    if (s.name == name) return s.default_reading;
  throw std::logic_error("engine asked for unknown interpretation switch '" + std::string(name) + "'");
}

// RULE std:7.0 — every unit on the map has a ZOC, at all times and in every phase
// (exceptions below name what they override).
bool N20Rules::has_zoc(const Unit& u, const GameState& s, Trace& t) const {
  if (!u.on_map()) {
    // RULE std:11.0 — units off the map (reinforcements not yet arrived) have no ZOC
    t.cite("std:11.0"_rule, [&] { return u.id + " is off the map and has no zone of control"; });
    return false;
  }
  if (s.night) {
    // RULE std:7.6 — no ZOCs on night turns (overrides std:7.0's "at all times")
    t.cite("std:7.6"_rule, "it is a night turn: no unit has a zone of control");
    return false;
  }
  if (on(Optional::RoutedUnits) && u.has(UnitMarker::Routed)) {
    // RULE std:16.5.2 (part: loss of ZOC) — with optional rule 16.5, routed units lose their ZOC
    t.cite("std:16.5.2"_rule, [&] { return u.id + " is routed and, under optional rule 16.5, has no zone of control"; });
    return false;
  }
  return true;
}

void N20Rules::hexside_types(const Map& m, Hexside side, const GameState&, std::vector<const HexsideType*>& out) const {
  for (const auto& f : m.features(side))
    if (const HexsideType* hs = terrain_->side(f)) out.push_back(hs);
}

std::set<std::string> N20Rules::hexside_features(const Map& m, Hexside side, const GameState& s) const {
  std::set<std::string> out;
  for (const HexsideType* t : hexside_types(m, side, s)) out.insert(t->name);
  return out;
}

// RULE jena:table.terrain — a hex's terrain type is the chart's row for the map's name; a name the chart lacks is refused by name
// The chart's type for the map's terrain name; a hex asked again on the same map revision is
// answered from the memo.
const TerrainType& N20Rules::terrain_of(const Map& m, Hex h, const GameState&) const {
  const std::uint64_t revision = m.revision();
  const std::size_t slot =
      (static_cast<std::size_t>(revision) * 31u + static_cast<std::size_t>(h.q) * 7u + static_cast<std::size_t>(h.r)) %
      kTerrainMemo;
  TerrainMemo& memo = terrain_memo_[slot];
  if (memo.type && memo.map_revision == revision && memo.hex == h) return *memo.type;
  const std::string& name = m.terrain(h);
  const TerrainType* t = terrain_->terrain(name);
  if (!t) throw std::invalid_argument("terrain '" + name + "' is not in " + terrain_->id);
  memo = TerrainMemo{revision, h, t};
  return *t;
}

// The standard rules' own game-level markers: a layer's boundary hook ending the game (std:15.0)
// and a side's Dummy already brought in this Game Turn (std:16.1.3).
std::vector<N20Rules::MarkerFamily> N20Rules::marker_families() const {
  return {{kGameEndsMarker, false}, {"dummy-arrived-", true}};
}

bool N20Rules::in_families(std::string_view marker, const std::vector<MarkerFamily>& families) {
  return std::any_of(families.begin(), families.end(), [&](const MarkerFamily& f) {
    return f.prefix ? marker.starts_with(f.name) && marker.size() > f.name.size() : marker == f.name;
  });
}

int N20Rules::base_strength(const Unit& u, const GameState&, Trace&) const { return u.strength; }
int N20Rules::base_movement_allowance(const Unit& u, const GameState&, Trace& t) const {
  return u.type == UnitType::Dummy ? dummy_movement_allowance(*this, u, t) : u.movement;
}
bool N20Rules::may_move(const Unit&, Trace&) const { return true; }

// RULE std:4.0 — each Player Turn runs Random Events, Movement, Reaction, Combat, and Night Operations on night turns
std::vector<Phase> N20Rules::player_turn_phases(const Calendar& cal, int turn) const {
  std::vector<Phase> phases{Phase::RandomEvents, Phase::Movement, Phase::Reaction, Phase::Combat};
  if (cal.is_night(turn)) phases.push_back(Phase::NightOperations);
  return phases;
}

// RULE std:9.8.1 — a unit retreating from a Fortified or Redoubt hex may retreat one hex fewer
int N20Rules::retreat_reduction(const Map& m, Hex h, const GameState& s, Trace&) const {
  return terrain_of(m, h, s).zoc_barrier ? 1 : 0;
}

VictoryVerdict N20Rules::judge_victory(const GameState& s, const std::string& french_side, bool end_of_game,
                                      Trace& t) const {
  return standard_victory(s, french_side, end_of_game, t);
}

LullVerdict N20Rules::judge_lull(const Map& m, const GameState& s, const std::string& side, const TurnFacts& facts,
                                 Trace& t) const {
  return standard_lull(*this, m, s, side, facts, t);
}

NightMorale N20Rules::judge_night_morale(const Map& m, const GameState& s, const std::string& side, Trace& t) const {
  return standard_night_morale(*this, m, s, side, t);
}

namespace {
// The map's LOC hexes of `side`, remembered per thread by (map revision, side): a battle's
// retreats ask for them again and again, and the map keys them by text. A revision names one
// content of one map, so a remembered list is never another map's.
LocList side_locs(const Map& m, Symbol side) {
  struct Remembered {
    std::uint64_t revision = 0;
    Symbol side;
    LocList locs;
  };
  thread_local std::array<Remembered, 4> memo;
  thread_local std::size_t next = 0;
  for (const Remembered& r : memo)
    if (r.revision == m.revision() && r.side == side) return r.locs;
  Remembered& r = memo[next++ % memo.size()];
  r.locs = loc_list(m.locs(std::string(side)));
  r.revision = m.revision();
  r.side = side;
  return r.locs;
}
}  // namespace

LocList N20Rules::friendly_locs(const Unit& u, const Map& m, const GameState&) const {
  return side_locs(m, u.side);
}

Symbol N20Rules::morale_track_for(const Unit& u, const GameState&, Trace&) const { return u.side; }

TrackList N20Rules::distinct_tracks(UnitRefs units, const GameState& s, Trace& t) const {
  TrackList tracks;
  for (const Unit* u : units) {
    const Symbol track = morale_track_for(*u, s, t);
    if (std::find(tracks.begin(), tracks.end(), track) == tracks.end()) tracks.push_back(track);
  }
  return tracks;
}

TrackList N20Rules::battle_tracks(UnitRefs units, BattleMorale what, const GameState& s, Trace& t) const {
  TrackList tracks = distinct_tracks(units, s, t);
  if (tracks.size() > 1)
    // The standard rules never mix tracks within a side; a layer that can (Leipzig) says how.
    throw RuleRefusal("std:12.0", std::string("units of one side on different morale tracks (") + tracks[0] + ", " +
                                      tracks[1] + ") in one battle: which track " +
                                      (what == BattleMorale::Gain ? "gains" : "pays for reserves") +
                                      " is not defined by this rule set");
  return tracks;
}

std::vector<const HexsideType*> N20Rules::hexside_types(const Map& m, Hexside side, const GameState& s) const {
  std::vector<const HexsideType*> out;
  hexside_types(m, side, s, out);
  return out;
}

std::unique_ptr<N20Rules> make_rules(RulesetChoice choice, std::shared_ptr<const Spec> spec) {
  const Catalog& catalog = spec->catalog;
  static const std::vector<std::string> kGames = {"standard", "jena", "dresden", "leipzig"};
  if (std::find(kGames.begin(), kGames.end(), choice.game) == kGames.end())
    throw std::invalid_argument("unknown Napoleonic 20 game '" + choice.game +
                                "' (one of standard, jena, dresden, leipzig)");
  if (choice.printing.empty()) choice.printing = default_printing(choice.game);
  if (!printing_named(choice.printing))
    throw std::invalid_argument("unknown printing '" + choice.printing +
                                "' of the standard rules (one of jena, v2.0, leipzig)");
  for (const auto& o : choice.options)
    if (!is_optional_rule(catalog, o)) throw std::invalid_argument("'" + o + "' is not an optional rule in the catalog");
  for (const auto& [name, reading] : choice.interpretations) {
    auto it = std::find_if(known_switches().begin(), known_switches().end(),
                           [&, &name = name](const InterpretationSwitch& s) { return s.name == name; });
    if (it == known_switches().end()) {
      // A switch the catalog records for a rule not yet implemented is refused by name.
      for (const RuleCase& c : catalog.cases())
        for (const RuleNote& n : c.notes)
          if (n.switch_name == name)
            throw RuleRefusal(c.id, "the reading switch '" + name + "' belongs to a rule that is not implemented yet");
      throw std::invalid_argument("unknown interpretation switch '" + name + "'");
    }
    if (std::find(it->readings.begin(), it->readings.end(), reading) == it->readings.end())
      throw std::invalid_argument("switch '" + name + "' has no reading '" + reading + "'");
  }
  // Each game's exclusive rules are a layer: a subclass of N20Rules overriding hooks.
  if (choice.game == "jena") return make_layer<JenaRules>(std::move(choice), std::move(spec));
  if (choice.game == "dresden") return make_layer<DresdenRules>(std::move(choice), std::move(spec));
  if (choice.game == "leipzig") {
    LeipzigRules::check_choice(choice);
    return make_layer<LeipzigRules>(std::move(choice), std::move(spec));
  }
  return make_layer<N20Rules>(std::move(choice), std::move(spec));
}

}  // namespace hexlaw::n20
