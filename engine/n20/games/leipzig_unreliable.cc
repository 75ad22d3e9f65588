// Owns: Leipzig's optional Unreliable Troops (leipzig:16.8) as hooks of the Leipzig layer: which
// French units roll before a battle's die (the Unreliable ones, VII and XI by their counters'
// yellow strength: the flag `unreliable`), the roll's modifiers (Dresden abandoned at set-up,
// leipzig:3.0.5, shown by the game marker dresden-abandoned; the French below an Allied Front of
// the battle; leipzig.unreliable_drm_stacking), the three bands (above 1 nothing, 1 wavers,
// below 1 deserts), a waverer's lost strength point (the marker wavering-ID while the battle
// lasts) and a desertion (French -1, the unit eliminated for good, an available Cadre in its
// place, fighting or not by leipzig.unreliable_cadre_fights). The battle resolution makes the
// rolls (resolution.cc), so exact odds and played games see them as chance nodes.
#include "engine/n20/cadres.h"
#include "engine/n20/games/leipzig.h"

namespace hexlaw::n20 {
namespace {
const Symbol kFrench("french");
const Symbol kAbandoned("dresden-abandoned");
}  // namespace

// Step A. With the option, every French Unreliable unit of the battle rolls, in battle order.
// Step B. Its modifier: -1 with Dresden abandoned (leipzig:3.0.5), -1 with the French below
// the Front of any Allied unit in the battle (a Front in General Retreat counts 0); at most -1
// in all ("single", the default) or each ("cumulative").
// RULE leipzig:16.8 — optional: each French Unreliable unit in a battle rolls before the battle die, -1 if Dresden was abandoned and/or the French are below the Allied Front
std::vector<N20Rules::PreBattleRoll> LeipzigRules::pre_battle_rolls(UnitRefs attackers,
                                                                    UnitRefs defenders,
                                                                    const GameState& s, Trace& t) const {
  if (!on(Optional::LeipzigUnreliable)) return {};
  // Step A.
  std::vector<const Unit*> rolling, allies;
  for (const auto* side : {&attackers, &defenders})
    for (const Unit* u : *side) {
      if (u->side == kFrench && u->has(UnitFlag::Unreliable) && u->type != UnitType::Leader) rolling.push_back(u);
      if (u->side != kFrench && u->type != UnitType::Leader) allies.push_back(u);
    }
  if (rolling.empty()) return {};
  // Step B.
  const bool abandoned = s.has_marker(kAbandoned);
  if (abandoned) t.cite("leipzig:3.0.5"_rule, "Dresden was abandoned at set-up: -1 to every Unreliable Troops roll");
  const auto* french = s.morale.find(kFrench);
  if (french == s.morale.end()) throw std::invalid_argument("the state has no morale track 'french'");
  bool below = false;
  std::string fronts;
  for (Symbol front : distinct_tracks(allies, s, t)) {
    const auto* e = s.morale.find(front);
    const int value = e == s.morale.end() || s.has_marker(Symbol("general-retreat-" + std::string(front))) ? 0 : e->second;
    fronts += (fronts.empty() ? "" : ", ") + front + " " + std::to_string(value);
    below = below || french->second < value;
  }
  const int modifier = readings().unreliable_drm_cumulative ? -(abandoned ? 1 : 0) - (below ? 1 : 0)
                                                            : (abandoned || below ? -1 : 0);
  std::vector<PreBattleRoll> out;
  for (const Unit* u : rolling) {
    out.push_back({u->id, modifier, "leipzig:16.8"});
    t.cite("leipzig:16.8"_rule, [&] {
      return u->id + " is Unreliable: it rolls before the battle, modifier " + std::to_string(modifier) + " (French " +
             std::to_string(french->second) + " against " + fronts + (abandoned ? "; Dresden abandoned" : "") +
             (readings().unreliable_drm_cumulative ? "; leipzig.unreliable_drm_stacking = cumulative" : "") + ")";
    });
  }
  return out;
}

// RULE leipzig:16.8 — the bands: above 1 no effect, exactly 1 the unit wavers (-1 strength this battle), below 1 it deserts
N20Rules::PreBattleEffect LeipzigRules::pre_battle_effect(const PreBattleRoll& r, int modified) const {
  (void)r;
  return modified > 1 ? PreBattleEffect::None : modified == 1 ? PreBattleEffect::Wavers : PreBattleEffect::Deserts;
}

// Step A. The French lose a point at once. Step B. The unit is eliminated for good (never to
// rally; no Morale Chart gain for the Allies). Step C. The first available Cadre of its side and
// nationality (std:16.7's pool: a Cadre off the map, broken or eliminated) takes its hex; it
// fights in its stead unless leipzig.unreliable_cadre_fights = stands-aside.
// RULE leipzig:16.8 — a desertion: French morale -1, the unit permanently eliminated, a Cadre in its place if one is available
N20Rules::Desertion LeipzigRules::desert(Symbol unit, GameState& s, MoraleTracks& morale, Trace& t) const {
  Unit* u = s.unit(unit);
  if (!u) throw std::invalid_argument("no unit with id '" + std::string(unit) + "'");
  // Step A.
  auto* french = s.morale.find(kFrench);
  if (french == s.morale.end()) throw std::invalid_argument("the state has no morale track 'french'");
  const int before = french->second;
  french->second = std::max(0, before - 1);
  morale[kFrench] += french->second - before;
  // Step B.
  const Hex hex = u->hex;
  u->status = UnitStatus::Eliminated;
  u->hex = Hex{};
  u->markers.clear();
  std::erase(s.markers, Symbol("wavering-" + std::string(unit)));
  for (const char* l : {"committed", "tired", "weary", "spent"})  // no fatigue off the map (leipzig:16.11)
    std::erase(s.markers, Symbol("fatigue-" + std::string(l) + "-" + std::string(unit)));
  // Step C.
  Desertion d;
  Trace silent(Trace::Off{}, catalog());
  for (const std::string& nationality : cadre_nationalities(*u, silent)) {
    const auto pool = available_cadres(s, std::string(u->side), nationality);
    if (pool.empty()) continue;
    Unit* c = s.unit(pool.front()->id);
    c->status = UnitStatus::OnMap;
    c->hex = hex;
    c->markers.clear();
    d.replacement = c->id;
    d.replacement_fights = !readings().unreliable_cadre_stands_aside;
    break;
  }
  t.cite("leipzig:16.8"_rule, [&] {
    return std::string(unit) + " deserts: French morale " + std::to_string(before) + " -> " +
           std::to_string(french->second) + ", the unit is eliminated for good" +
           (d.replacement.empty() ? std::string(", no Cadre is available to replace it")
                                  : ", Cadre " + d.replacement + " takes its hex and " +
                                        (d.replacement_fights ? "fights in its place"
                                                              : "stands aside (leipzig.unreliable_cadre_fights = stands-aside)"));
  });
  return d;
}

}  // namespace hexlaw::n20
