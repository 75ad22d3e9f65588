// Owns: Night Operations in a played game (std:14.0), in their order: the rally of broken
// units with the optional spent point (std:10.0, std:12.4) and their placement, the morale
// steps for held enemy LOCs and objectives and for rest, reconcealment under the fog of war
// (std:16.1.2), and the reshuffle of the event deck after the Second Player's night (std:5.0).
#include <algorithm>

#include "engine/n20/cadres.h"
#include "engine/n20/dummies.h"
#include "engine/n20/events.h"
#include "engine/n20/fog.h"
#include "engine/n20/rally.h"
#include "engine/n20/turn_end.h"
#include "engine/play/game.h"

namespace hexlaw::play {

void Game::offer_rally() {
  stage_ = Stage::Rally;
  bool any = false;
  for (const Unit& u : state_.units)
    any = any || (u.side == state_.phasing && u.status == UnitStatus::Broken && u.type != UnitType::Dummy);
  if (!any) {
    finish_night_operations();
    return;
  }
  Decision d{.kind = DecisionKind::Rally, .rule = "std:10.0", .prompt = "roll to rally every broken unit?"};
  d.add(ActionKind::NoRally);
  d.add(ActionKind::Rally);
  // A point spent before rolling adds +1 to every roll made now (std:12.4; rally() cites it): one
  // group, the side, in the standard rules; Leipzig's armies each buy their own (leipzig:12.4),
  // offered as every set of the armies whose Front has a point for each.
  Trace silent(Trace::Off{}, catalog());
  std::vector<std::pair<Symbol, Symbol>> groups;  // group, its track
  for (const Unit& u : state_.units) {
    if (u.side != state_.phasing || u.status != UnitStatus::Broken || u.type == UnitType::Dummy) continue;
    const auto g = scenario_->rules->spending_group(u, n20::N20Rules::Spending::Rally, state_, silent);
    if (!g || std::any_of(groups.begin(), groups.end(), [&](const auto& x) { return x.first == *g; })) continue;
    groups.emplace_back(*g, scenario_->rules->morale_track(u, state_));
  }
  std::sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.first.view() < b.first.view(); });
  if (groups.size() == 1 && groups.front().first.empty()) {
    const auto* points = state_.morale.find(groups.front().second);  // a track not on yet has no point
    if (points != state_.morale.end() && points->second >= 1) d.add(ActionKind::RallySpendingPoint);
  } else {
    for (std::uint32_t mask = 1; mask < (1u << groups.size()); ++mask) {
      std::map<Symbol, int> cost;
      Action a{.kind = ActionKind::RallySpendingPoint};
      for (std::size_t i = 0; i < groups.size(); ++i)
        if (mask & (1u << i)) ++cost[groups[i].second], a.units.push_back(groups[i].first);
      const bool affordable = std::all_of(cost.begin(), cost.end(), [&](const auto& c) {
        const auto* points = state_.morale.find(c.first);  // a track not on yet has no point
        return points != state_.morale.end() && points->second >= c.second &&
               !scenario_->rules->morale_frozen(c.first, state_, silent);
      });
      if (affordable) d.add(std::move(a));
    }
  }
  offer(std::move(d));
}

// Step A. Roll for every broken unit (std:10.0). Step B. Pay the point, if spent (std:12.4).
// Step C. Eliminated units leave play; rallied ones await a hex.
void Game::apply_rally(const Action& a) {
  if (a.kind == ActionKind::NoRally) {
    finish_night_operations();
    return;
  }
  // Step A.
  n20::RallyRequest req;
  for (const Unit& u : state_.units)
    if (u.side == state_.phasing && u.status == UnitStatus::Broken && u.type != UnitType::Dummy) req.units.push_back(u.id);
  req.spend_point = a.kind == ActionKind::RallySpendingPoint;
  for (Symbol g : a.units) req.spend_for.push_back(std::string(g));
  Trace t{Trace::IdsOnly{}, catalog()};
  n20::RallyOutcome out = n20::rally(*scenario_->rules, *scenario_->map, state_, req, dice_, t);
  // Step B.
  for (const auto& [track, points] : out.spent_by_track) change_morale(Symbol(track), -points, t);
  // Step C.
  scratch_.to_place.clear();
  scratch_.partial.clear();
  std::string text = state_.phasing + " rallies:";
  for (const auto& r : out.rolls) {
    text += " " + r.unit + " " + std::to_string(r.modified) + " " + r.result + ";";
    if (r.result == "eliminated") state_.unit(r.unit)->status = UnitStatus::Eliminated;
    if (r.result == "rallied") scratch_.to_place.push_back(r.unit);
    if (r.may_partial_rally) scratch_.partial.push_back(r.unit);
  }
  scratch_.placements = out.placements;
  scratch_.unit_placements = out.unit_placements;
  note(text, t);
  if (judge_decisive()) return;
  offer_partial_rally();
}

// An available Cadre of a nationality the unit may cadre as (its own, or Dresden's G+R either
// Allied one) not already rallying in another's place.
namespace {
const Unit* free_cadre(const n20::N20Rules& rules, const GameState& s, const Unit& u,
                       const std::vector<std::string>& taken, Trace& t) {
  for (const std::string& nationality : rules.cadre_nationalities(u, t))
    for (const Unit* c : n20::available_cadres(s, u.side, nationality))
      if (std::find(taken.begin(), taken.end(), c->id) == taken.end()) return c;
  return nullptr;
}
}  // namespace

// Each infantry unit whose roll gave No Effect may instead rally partially: eliminated for good,
// a Cadre rallied in its place (std:16.6.1), when a Cadre is waiting.
void Game::offer_partial_rally() {
  stage_ = Stage::PartialRally;
  while (!scratch_.partial.empty()) {
    const Unit& u = *state_.unit(scratch_.partial.front());
    Trace silent(Trace::Off{}, catalog());
    if (free_cadre(*scenario_->rules, state_, u, scratch_.to_place, silent)) {
      Decision d{.kind = DecisionKind::PartialRally,
                 .unit = u.id,
                 .rule = "std:16.6.1",
                 .prompt = u.id + " rolled No Effect: rally a Cadre in its place, eliminating it for good?"};
      d.add(ActionKind::StayBroken);
      d.add(ActionKind::PartialRally);
      offer(std::move(d));
      return;
    }
    scratch_.partial.erase(scratch_.partial.begin());
  }
  offer_place();
}

void Game::apply_partial_rally(const Action& a) {
  const std::string id = scratch_.partial.front();
  scratch_.partial.erase(scratch_.partial.begin());
  if (a.kind == ActionKind::PartialRally) {
    Unit& u = *state_.unit(id);
    Trace t{Trace::IdsOnly{}, catalog()};
    const Unit* cadre = free_cadre(*scenario_->rules, state_, u, scratch_.to_place, t);
    // RULE std:16.6.1 — the No Effect becomes a Partial Rally: the unit goes for good, a Cadre rallies
    t.cite("std:16.6.1"_rule, id + " is eliminated for good; " + cadre->id + " rallies in its place");
    u.status = UnitStatus::Eliminated;
    scenario_->rules->cadre_created(u, cadre->id, state_, t);
    scratch_.to_place.push_back(cadre->id);
    note(id + " rallies partially: " + cadre->id + " comes back in its place", t);
  }
  offer_partial_rally();
}

// Each rallied unit goes on an empty hex the rally allowed (a friendly LOC, or a 16.4 rally
// hex); with none left it stays broken.
void Game::offer_place() {
  stage_ = Stage::Place;
  while (!scratch_.to_place.empty()) {
    const std::string id = scratch_.to_place.front();
    Decision d{.kind = DecisionKind::Place, .unit = id, .rule = "std:10.0", .prompt = "where is " + id + " placed?"};
    const auto own = scratch_.unit_placements.find(id);  // a unit whose LOC set differs from others'
    for (Hex h : own != scratch_.unit_placements.end() ? own->second : scratch_.placements)
      if (!state_.unit_at(h)) d.add({.kind = ActionKind::Place, .hex = h});
    if (d.size() != 0) {
      offer(std::move(d));
      return;
    }
    Trace t{Trace::IdsOnly{}, catalog()};
    t.cite("std:10.0"_rule, id + " rallied but no placement hex is empty: it stays broken");
    note(id + " cannot be placed and stays broken", t);
    scratch_.to_place.erase(scratch_.to_place.begin());
  }
  finish_night_operations();
}

void Game::apply_place(const Action& a) {
  const std::string id = scratch_.to_place.front();
  scratch_.to_place.erase(scratch_.to_place.begin());
  Unit& u = *state_.unit(id);
  u.status = UnitStatus::OnMap;
  u.hex = a.hex;
  const std::string c = scenario_->map->name(a.hex);
  Trace t{Trace::IdsOnly{}, catalog()};
  t.cite("std:10.0"_rule, id + " is placed in " + c);
  note(id + " returns to the map in " + c, t);
  offer_place();
}

// Step A. Morale for held enemy LOCs and objectives, then rest (std:14.0). Step B.
// Reconcealment (std:16.1.2). Step C. The reshuffle after the Second Player's night (std:5.0).
void Game::finish_night_operations() {
  const n20::N20Rules& rules = *scenario_->rules;
  // Step A.
  Trace t{Trace::IdsOnly{}, catalog()};
  n20::NightMorale m = n20::night_morale(rules, *scenario_->map, state_, state_.phasing, t);
  state_.morale = m.after;
  note(state_.phasing + "'s night: the enemy loses " + std::to_string(m.enemy_loss) + ", rest gains " +
           std::to_string(m.rest_gain),
       t);
  if (judge_decisive()) return;
  // Step B.
  if (rules.on(n20::Optional::FogOfWar)) {
    Trace r{Trace::IdsOnly{}, catalog()};
    state_ = n20::reconceal(rules, state_, state_.phasing, r);
    note(state_.phasing + " reconceals", r);
    offer_dummy();
    return;
  }
  end_night_operations();
}

// With the fog of war, after reconcealment: the side's waiting Dummies may be placed one at a
// time on a hex of a friendly unit away from the enemy, one of the pair stepping off to an
// adjacent hex (std:16.1.3). Every offer is one the placement rules accept.
void Game::offer_dummy() {
  stage_ = Stage::Dummy;
  const Unit* dummy = nullptr;
  for (const Unit& u : state_.units)
    if (u.side == state_.phasing && n20::dummy_available(u)) {
      dummy = &u;
      break;
    }
  if (!dummy) {
    end_night_operations();
    return;
  }
  Decision d{.kind = DecisionKind::Dummy, .unit = dummy->id, .rule = "std:16.1.3", .prompt = "place " + dummy->id + "?"};
  const Map& map = *scenario_->map;
  d.add(ActionKind::NoMoreDummies);
  Trace silent(Trace::Off{}, catalog());
  for (const Unit& u : state_.units) {
    if (u.side != state_.phasing || !u.on_map() || u.type == UnitType::Dummy) continue;
    for (const Symbol mover : {dummy->id, u.id})
      for (Hex to : neighbours(u.hex)) {
        const n20::DummyPlacement p{dummy->id, u.hex, mover, to};
        if (!n20::place_dummies_at_reconceal(*scenario_->rules, map, state_, state_.phasing, {p}, silent).legal) continue;
        d.add({.kind = ActionKind::PlaceDummy, .unit = mover, .hex = to, .at = u.hex});
      }
  }
  if (d.size() == 1) {
    end_night_operations();
    return;
  }
  offer(std::move(d));
}

void Game::apply_dummy(const Action& a) {
  if (a.kind == ActionKind::NoMoreDummies) {
    end_night_operations();
    return;
  }
  const Map& map = *scenario_->map;
  const n20::DummyPlacement p{decision_.unit, a.at, a.unit, a.hex};
  Trace t{Trace::IdsOnly{}, catalog()};
  n20::DummyVerdict v = n20::place_dummies_at_reconceal(*scenario_->rules, map, state_, state_.phasing, {p}, t);
  if (!v.legal)
    throw std::logic_error("engine disagreement: Dummy placement '" + to_text(a, map) + "' offered but refused: " + v.reason);
  state_ = std::move(v.after);
  note(decision_.unit + " is placed at " + map.name(a.at) + ", " + a.unit + " to " + map.name(a.hex), t);
  offer_dummy();
}

// Step C. A game's declaration as the side's night ends (Dresden's Extra Horses, dresden:5.2),
// offered once. Step D. The reshuffle after the Second Player's night (std:5.0).
void Game::end_night_operations() {
  // Step C.
  if (!scratch_.night_declaration_offered) {
    scratch_.night_declaration_offered = true;
    Trace silent(Trace::Off{}, catalog());
    if (const auto decl = scenario_->rules->night_declaration(state_, state_.phasing.view(), silent)) {
      stage_ = Stage::NightDeclaration;
      Decision d{.kind = DecisionKind::NightDeclaration,
                 .rule = decl->rule,
                 .prompt = "declare " + std::string(decl->name) + "?"};
      d.add(ActionKind::No);
      d.add(ActionKind::DeclareAtNight);
      offer(std::move(d));
      return;
    }
  }
  // Step D.
  if (pos_.player_turn == 2 && !(deck_.draw_pile.empty() && deck_.discards.empty())) {
    Trace r{Trace::IdsOnly{}, catalog()};
    n20::reshuffle_events(deck_, dice_, r);
    note("the event deck is reshuffled", r);
  }
  stage_ = Stage::PhaseEnd;
}

// The side's answer to its night declaration; then the night ends as usual.
void Game::apply_night_declaration(const Action& a) {
  if (a.kind == ActionKind::DeclareAtNight) {
    Trace t{Trace::IdsOnly{}, catalog()};
    scenario_->rules->declare_at_night(state_, state_.phasing.view(), t);
    note(state_.phasing + " declares " + decision_.rule, t);
  }
  end_night_operations();
}

}  // namespace hexlaw::play
