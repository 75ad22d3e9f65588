// Owns: army arrivals in a played game (leipzig:11.8 to 11.8.3) — as the phasing side's Movement
// Phase opens, before its forced marches, the rule set's arrival choices are offered one at a
// time (decision `army-arrival`): call a Main Body in, send an army by an alternate area, bring
// an army or a Detachment a turn sooner for a Front's point, detach a unit, or `done` (every army
// not called in waits, leipzig:11.8.2). The game applies the rule set's effect and its morale
// change like any other (a Front brought to 0 makes its General Retreat).
#include <stdexcept>

#include "engine/play/game.h"

namespace hexlaw::play {
namespace {

Action action_of(const n20::N20Rules::ArrivalChoice& c, std::uint32_t index) {
  using Kind = n20::N20Rules::ArrivalChoice::Kind;
  Action a{.index = index};
  a.number = c.turn;
  a.area = c.area;
  switch (c.kind) {
    case Kind::Call: a.kind = ActionKind::CallArmy, a.unit = c.army; break;
    case Kind::Alternate: a.kind = ActionKind::AlternateArea, a.unit = c.army; break;
    case Kind::Accelerate: a.kind = ActionKind::Accelerate, a.unit = c.unit.empty() ? c.army : c.unit; break;
    case Kind::Detach: a.kind = ActionKind::Detach, a.unit = c.unit; break;
  }
  return a;
}

}  // namespace

// The choices open now, or on to the forced marches when there are none.
void Game::offer_arrival() {
  Trace silent(Trace::Off{}, catalog());
  scratch_.arrivals = scenario_->rules->arrival_choices(*scenario_->map, state_, silent);
  if (scratch_.arrivals.empty()) {
    offer_forced_march();
    return;
  }
  stage_ = Stage::ArmyArrival;
  Decision d{.kind = DecisionKind::ArmyArrival,
             .side = std::string(state_.phasing),
             .rule = "leipzig:11.8",
             .prompt = "army arrivals: call a Main Body in, choose an area, accelerate, detach, or done"};
  d.actions = spare_actions();
  d.add(ActionKind::Done);
  for (std::size_t i = 0; i < scratch_.arrivals.size(); ++i) d.add(action_of(scratch_.arrivals[i], static_cast<std::uint32_t>(i)));
  offer(std::move(d));
}

// `done` goes on to the forced marches; any other choice is made, its morale applied, and the
// choices offered again.
void Game::apply_arrival(const Action& a) {
  if (a.kind == ActionKind::Done) {
    scratch_.arrivals.clear();
    offer_forced_march();
    return;
  }
  const n20::N20Rules::ArrivalChoice c = scratch_.arrivals.at(a.index);
  Trace t{Trace::IdsOnly{}, catalog()};
  const n20::N20Rules::ArrivalMorale m = scenario_->rules->make_arrival_choice(*scenario_->map, c, state_, t);
  if (!m.track.empty()) change_morale(m.track, m.points, t);
  note(state_.phasing + ": " + to_text(a, *scenario_->map), t);
  if (judge_decisive()) return;
  offer_arrival();
}

}  // namespace hexlaw::play
