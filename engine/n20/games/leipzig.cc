// Owns: Leipzig's Fronts, LOCs and Leaders as overrides of the standard hooks (see leipzig.h).
#include "engine/n20/games/leipzig.h"

#include <algorithm>

namespace hexlaw::n20 {
namespace {

bool allied(const Unit& u) {
  static const Symbol kFrench("french");
  return u.side != kFrench;
}

}  // namespace

Symbol LeipzigRules::front_of(const Unit& u) {
  static const Symbol kNorth("allied-north"), kSouth("allied-south"), kN("N"), kS("S"), kB("B"), kP("P");
  if (u.army == kN || u.army == kS) return kNorth;
  if (u.army == kB || u.army == kP) return kSouth;
  return Symbol();
}

// RULE leipzig:16.12 (part: Leaders exert no ZOC) — a Leader unit has no zone of control
bool LeipzigRules::has_zoc(const Unit& u, const GameState& s, Trace& t) const {
  if (u.type == UnitType::Leader) {
    t.cite("leipzig:16.12", [&] { return u.id + " is a Leader: it exerts no zone of control"; });
    return false;
  }
  return N20Rules::has_zoc(u, s, t);
}

// RULE leipzig:12.0 — Allied morale is kept per Front: North (armies N, S), South (B, P)
// REFUSES leipzig:12.0 — the Front of an Allied unit with no army (leipzig.cadre_front)
Symbol LeipzigRules::morale_track_for(const Unit& u, const GameState& s, Trace& t) const {
  if (!allied(u)) return N20Rules::morale_track_for(u, s, t);
  const Symbol front = front_of(u);
  if (front.empty())
    throw RuleRefusal("leipzig:12.0", "the Front of Allied unit " + std::string(u.id) +
                                          ", which belongs to no army, is not implemented (leipzig.cadre_front)");
  t.cite("leipzig:12.0", [&] { return u.id + " belongs to army " + u.army + ": its morale is the " + front + " Front's"; });
  return front;
}

// RULE leipzig:12.0 (part: battles mixing the Fronts) — with leipzig.mixed_front_morale = each-front, every Front in the battle gains
// REFUSES leipzig:12.0 — a battle mixing the Fronts under allied-choice, and reserves paid by one of them
std::vector<Symbol> LeipzigRules::battle_tracks(const std::vector<const Unit*>& units, BattleMorale what,
                                                const GameState& s, Trace& t) const {
  std::vector<Symbol> fronts;
  for (const Unit* u : units) {
    const Symbol track = morale_track_for(*u, s, t);
    if (std::find(fronts.begin(), fronts.end(), track) == fronts.end()) fronts.push_back(track);
  }
  if (fronts.size() < 2) return fronts;
  if (what == BattleMorale::Reserves)
    throw RuleRefusal("leipzig:12.0", "the Allied player names the Front that pays for reserves in a battle of both "
                                      "Fronts; that choice is not implemented");
  if (!readings().each_front_morale)
    throw RuleRefusal("leipzig:12.0", "the Allied player names the Front that gains in a battle of both Fronts "
                                      "(leipzig.mixed_front_morale = allied-choice); that choice is not implemented");
  t.cite("leipzig:12.0", "leipzig.mixed_front_morale = each-front: every Front in the battle gains in full");
  return fronts;
}

// RULE leipzig:9.8.6 (part: Allied LOCs by Front) — an Allied unit retreats toward the active LOC hexes of its own Front
// REFUSES leipzig:9.8.6 — a French unit's LOC by bank of the Elster, and an Allied unit with no army
std::set<Hex> LeipzigRules::friendly_locs(const Unit& u, const Map& m, const GameState& s) const {
  (void)s;
  if (!allied(u))
    throw RuleRefusal("leipzig:9.8.6", "a French unit retreats toward 1412 or 2511 by the bank of the Elster it is "
                                       "on; that split is not implemented");
  const Symbol front = front_of(u);
  if (front.empty())
    throw RuleRefusal("leipzig:9.8.6", "the LOC of Allied unit " + std::string(u.id) +
                                           ", which belongs to no army, is not implemented (leipzig.cadre_front)");
  return m.locs(front);
}

// RULE leipzig:16.12 (part: Leaders have no strength of their own) — a Leader adds nothing to a battle
int LeipzigRules::base_strength(const Unit& u, const GameState& s, Trace& t) const {
  if (u.type != UnitType::Leader) return N20Rules::base_strength(u, s, t);
  t.cite("leipzig:16.12", [&] { return u.id + " is a Leader: its printed value is its command, not strength (0)"; });
  return 0;
}

// REFUSES leipzig:16.12 — Leader movement (as cavalry, rugged terrain as clear, leaving enemy ZOCs)
bool LeipzigRules::may_move(const Unit& u, Trace& t) const {
  if (u.type != UnitType::Leader) return N20Rules::may_move(u, t);
  throw RuleRefusal("leipzig:16.12", "Leader movement (as cavalry, rugged terrain as clear, leaving enemy zones "
                                     "of control) is not implemented");
}

// RULE leipzig:16.12 (part: Leaders stack freely) — a Leader may end its move with a friendly unit and any Leaders
bool LeipzigRules::stacks_freely(const Unit& u, Trace& t) const {
  if (u.type != UnitType::Leader) return false;
  t.cite("leipzig:16.12", [&] { return u.id + " is a Leader: it stacks freely (std:6.9 overridden)"; });
  return true;
}

// RULE leipzig:16.12 (part: no duty to attack) — a Leader by itself is not obliged to attack (std:7.3 overridden)
bool LeipzigRules::obliged_to_attack(const Unit& u, const GameState& s, Trace& t) const {
  if (u.type != UnitType::Leader) return N20Rules::obliged_to_attack(u, s, t);
  t.cite("leipzig:16.12", [&] { return u.id + " is a Leader: by itself it has no duty to attack"; });
  return false;
}

// RULE leipzig:16.12 (part: no attack alone) — Leaders alone cannot make an attack
void LeipzigRules::battle_conditions(const std::vector<const Unit*>& attackers, const std::vector<const Unit*>& defenders,
                                     const GameState& s, std::vector<std::pair<std::string, std::string>>& violations,
                                     Trace& t) const {
  (void)defenders, (void)s, (void)t;
  if (std::all_of(attackers.begin(), attackers.end(), [](const Unit* u) { return u->type == UnitType::Leader; }))
    violations.emplace_back("leipzig:16.12", "only Leaders attack: Leaders never attack by themselves");
}

// RULE leipzig:5.0 — on the first Game Turn the Allies skip their Random Events draw
bool LeipzigRules::skips_random_events(std::string_view side, int turn, Trace& t) const {
  if (turn != 1 || side == "french") return false;
  t.cite("leipzig:5.0", "turn 1: the Allies draw no Random Event");
  return true;
}

// RULE leipzig:16.9 — optional: the Austrian light divisions (light infantry) may Disengage as cavalry does (std:8.3)
bool LeipzigRules::may_disengage(const Unit& u, Trace& t) const {
  if (u.type == UnitType::Infantry && u.has(UnitFlag::Light) && option_on("leipzig:16.9")) {
    t.cite("leipzig:16.9", [&] { return u.id + " is a light division: it may Disengage as cavalry does (std:8.3)"; });
    return true;
  }
  return N20Rules::may_disengage(u, t);
}

// REFUSES leipzig:15.0 — victory by Fronts
// REFUSES leipzig:14.0 — night rest by the Leipzig scale and per Front
// REFUSES leipzig:12.3 — forced marches bought per army
// REFUSES leipzig:12.4 — rally points bought per army
// REFUSES leipzig:12.1.2 — an Allied Front at 0 morale (General Retreat, not defeat)
void LeipzigRules::check_procedure(Procedure p, const GameState& s) const {
  switch (p) {
    case Procedure::Victory:
      throw RuleRefusal("leipzig:15.0", "Leipzig's victory conditions (judged by the two Allied Fronts and "
                                        "their Demoralized sides) are not implemented");
    case Procedure::NightMorale:
      throw RuleRefusal("leipzig:14.0", "Leipzig's night rest (the French 2 or 1 by their level, each Allied "
                                        "Front 1 on its conditions) is not implemented");
    case Procedure::Lull:
      throw RuleRefusal("leipzig:12.0", "a Lull's morale point for the two Allied Fronts is not implemented");
    case Procedure::ForcedMarch:
      throw RuleRefusal("leipzig:12.3", "forced marches bought per Allied army from its Front are not implemented");
    case Procedure::RallySpending:
      throw RuleRefusal("leipzig:12.4", "rally points bought per Allied army from its Front are not implemented");
    case Procedure::MoraleAtZero:
      for (const auto& [track, points] : s.morale)
        if (points <= 0 && track != Symbol("french"))
          throw RuleRefusal("leipzig:12.1.2", "an Allied Front at 0 morale begins a General Retreat (leipzig:12.7), "
                                              "which is not implemented");
      return;
  }
}

// REFUSES leipzig:16.12 — a Leader's fate in a battle (Leader Discretion, broken Leaders)
void LeipzigRules::check_resolution(const std::vector<const Unit*>& attackers, const std::vector<const Unit*>& defenders,
                                    const GameState& s) const {
  (void)s;
  for (const auto* side : {&attackers, &defenders})
    for (const Unit* u : *side)
      if (u->type == UnitType::Leader)
        throw RuleRefusal("leipzig:16.12", "the fate of Leader " + std::string(u->id) +
                                               " in a battle (Leader Discretion, a broken Leader) is not implemented");
}

}  // namespace hexlaw::n20
