// Owns: Jena's sequence, Elite and Guard units, objectives and LOCs as overrides of the
// standard hooks (see jena.h).
#include "engine/n20/games/jena.h"

#include <algorithm>
#include <stdexcept>

#include "engine/core/trace.h"
#include "engine/n20/games/jena_order_of_battle.h"
#include "engine/n20/turn_end.h"

namespace hexlaw::n20 {

JenaRules::JenaRules(RulesetChoice choice, std::shared_ptr<const Spec> spec)
    : N20Rules(std::move(choice), std::move(spec)), order_(jena::read_order_of_battle(this->spec()->tables)) {}

// RULE jena:table.order-of-battle — the setup lists read as data: designation, side, setup or arrival, entry, Elite, Guard
const jena::OrderOfBattle* JenaRules::listed(std::string_view id, std::string_view side, Trace& t) const {
  const jena::OrderOfBattle* o = jena::listed(order_, id, side);
  if (o) t.cite(jena::kOrderOfBattleTable, [&] { return std::string(id) + " is in the " + o->side + " setup list"; });
  return o;
}

// RULE jena:5.0 — on the first Game Turn the French skip their Random Events draw
bool JenaRules::skips_random_events(std::string_view side, int turn, const GameState&, Trace& t) const {
  if (turn != 1 || side != "french") return false;
  t.cite("jena:5.0"_rule, "turn 1: the French draw no Random Event");
  return true;
}

// RULE jena:4.0 — the French player is the First Player of every Game Turn
std::pair<std::string, std::string> JenaRules::first_player() const { return {"french", "jena:4.0"}; }

// RULE jena:3.0 — the two sides are the French and the Prussians (a position names them french and prussian)
N20Rules::GameSides JenaRules::game_sides() const { return {{"french", "prussian"}, "jena:3.0"}; }

// Jena's game-level markers beside the standard ones: the Sudden Death numbers of the Turn
// Track (jena:4.1) and the Prussian deployment chosen (jena:3.3).
std::vector<N20Rules::MarkerFamily> JenaRules::marker_families() const {
  auto out = N20Rules::marker_families();
  out.insert(out.end(), {{"sudden-death:", true}, {"jena-deployment:", true}});
  return out;
}

// A listed unit is Elite as jena:3.0 names it (the Imperial Guard and H - Res), whatever its
// counter data says; an unlisted unit keeps its printed quality.
// RULE jena:3.0 — the French Imperial Guard and the Prussian H - Res are the Elite Forces for routs and rallies
bool JenaRules::is_elite(const Unit& u, Trace& t) const {
  const jena::OrderOfBattle* o = listed(u.id.view(), u.side.view(), t);
  if (!o) return N20Rules::is_elite(u, t);
  t.cite("jena:3.0"_rule, [&] {
    return u.id + (o->elite ? " is one of Jena's two Elite Forces (-2 to its rout die, +1 to its rally die)"
                            : " is not one of Jena's Elite Forces (only IG and H - Res are)");
  });
  return o->elite;
}

// RULE jena:3.0 — only the Imperial Guard is a Guard unit for commitment: H - Res is Elite but never a Guard
bool JenaRules::is_guard(const Unit& u, Trace& t) const {
  Trace silent(Trace::Off{}, catalog());
  const jena::OrderOfBattle* o = listed(u.id.view(), u.side.view(), silent);
  if (!o) return N20Rules::is_guard(u, t);
  if (o->guard || u.has(UnitFlag::Guard)) {
    listed(u.id.view(), u.side.view(), t);
    t.cite("jena:3.0"_rule, [&] {
      return u.id + (o->guard ? " is the Imperial Guard, Jena's one Guard unit"
                              : " is not a Guard unit at Jena, whatever its counter says (only IG is)");
    });
  }
  return o->guard;
}

// The night's morale steps with the objective hexes jena:14.0 prints: by default each side's
// list is in that side's colour, so the enemy holding one costs the side a point (switch
// jena.objective_hex_side = owned); under `aims` each side's list is what it aims to take.
// RULE jena:14.0 — the objectives of the night: Jena and Hassenhausen for the French, Dornburg and Auerstadt for the Prussians
NightMorale JenaRules::judge_night_morale(const Map& m, const GameState& s, const std::string& side, Trace& t) const {
  if (const GameSides sides = game_sides(); std::find(sides.names.begin(), sides.names.end(), side) == sides.names.end())
    throw std::invalid_argument("Jena's sides are " + sides.names[0] + " and " + sides.names[1] + "; there is no night for '" +
                                side + "'");
  const bool aims = readings().jena_objective_aims;
  // The enemy's objectives (held by `side`, they cost the enemy): owned: the enemy's own list;
  // aims: `side`'s own list.
  const bool french_list = (side == "french") == aims;
  std::set<Hex> enemy_objectives;
  auto add = [&](std::string_view name) {
    const Hex h = m.hex(std::string(name));
    if (m.on_map(h)) enemy_objectives.insert(h);
  };
  if (french_list)
    for (auto name : jena::kFrenchObjectives) add(name);
  else
    for (auto name : jena::kPrussianObjectives) add(name);
  t.cite("jena:14.0"_rule, [&] {
    return std::string(side) + "'s night: the enemy objective hexes are " +
           (french_list ? "Jena (0407) and Hassenhausen (2210)" : "Dornburg (1111) and Auerstadt (2007)") +
           (aims ? " (jena.objective_hex_side = aims: the lists name what each side aims to take)"
                 : " (each list in its own side's colour)");
  });
  return standard_night_morale(*this, m, s, side, t, &enemy_objectives);
}

// RULE jena:9.8.6 — French units retreat towards the French LOC hexes (south and east edges), Prussian units towards the Prussian ones (west edge)
LocList JenaRules::friendly_locs(const Unit& u, const Map& m, const GameState& s) const {
  if (u.side == "french" || u.side == "prussian") record_dynamic_citation("jena:9.8.6");
  return N20Rules::friendly_locs(u, m, s);
}

}  // namespace hexlaw::n20
