// Owns: the laws of Leipzig's army arrivals (leipzig:11.8 to 11.8.3). On random positions of
// army groups (any armies, boxes of 1-6 units, some Detachments, Fronts at 0-3): taking random
// open arrival choices, acceleration is offered only with a point to spend and so never takes a
// Front below 0, costs one point, brings the arrival exactly one turn sooner and is open once per
// Front per turn; a Main Body keeps at least half of its army; a called Main Body's units may all
// enter and must. In played generated Leipzig games: a called Main Body's units all enter in the
// phase it is called unless their area is full, the call adds 1 to the Front, and the log
// replays the game.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>

#include "engine/n20/games/leipzig.h"
#include "engine/n20/movement.h"
#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

using Choice = n20::N20Rules::ArrivalChoice;

const n20::LeipzigRules& leipzig_rules() {
  static const auto rules = n20::make_rules(n20::RulesetChoice{.game = "leipzig"}, testing::source_spec());
  return dynamic_cast<const n20::LeipzigRules&>(*rules);
}

// A position in an Allied Movement Phase with army groups in their boxes.
GameState arrival_position() {
  GameState s;
  s.turn = *rc::gen::inRange(7, 13);
  s.phase = Symbol("movement");
  s.phasing = Symbol("allied");
  s.morale[Symbol("french")] = 5;
  s.morale[Symbol("allied-north")] = *rc::gen::inRange(0, 4);
  s.morale[Symbol("allied-south")] = *rc::gen::inRange(0, 4);
  s.markers = {Symbol("army-entry:N=Y+0,X+1,Z+2"), Symbol("army-entry:P=Y+0,Z+1,X+2"),
               Symbol("army-entry:S=Y+0,X+1,Z+3"), Symbol("detachment-table:1-4")};
  int k = 0;
  for (const char* army : {"B", "N", "P", "S"}) {
    if (!*rc::gen::arbitrary<bool>()) continue;
    const int turn = *rc::gen::inRange(s.turn - 2, s.turn + 5);
    s.set_marker(Symbol(std::string("army-group:") + army + "=" + std::to_string(turn) + "@Y"), true);
    const int n = *rc::gen::inRange(1, 7);
    for (int i = 0; i < n; ++i) {
      Unit u;
      u.id = Symbol("U" + std::to_string(k++));
      u.side = Symbol("allied");
      u.army = Symbol(army);
      u.strength = 2, u.movement = 2;
      u.status = UnitStatus::Pending;
      u.arrival_turn = turn, u.entry = Symbol("Y");
      s.units.push_back(u);
    }
  }
  return s;
}

std::optional<std::pair<int, Symbol>> group(const GameState& s, Symbol army) {
  const std::string prefix = "army-group:" + army.str() + "=";
  for (Symbol m : s.markers)
    if (m.view().starts_with(prefix)) {
      const std::string_view t = m.view().substr(prefix.size());
      const auto at = t.find('@');
      return std::pair{std::stoi(std::string(t.substr(0, at))), Symbol(t.substr(at + 1))};
    }
  return std::nullopt;
}

RC_GTEST_PROP(LeipzigArrivalProps, AccelerationNeverBelowZeroAndMainBodyKeepsHalf, ()) {
  HEXLAW_CITES("leipzig:11.8.1", "leipzig:11.8.3");
  const n20::LeipzigRules& rules = leipzig_rules();
  const Map m;
  GameState s = arrival_position();
  const int taken = *rc::gen::inRange(1, 12);
  for (int step = 0; step < taken; ++step) {
    Trace t(Trace::Off{}, rules.catalog());
    const std::vector<Choice> open = rules.arrival_choices(m, s, t);
    if (open.empty()) break;
    const Choice c = open[*rc::gen::inRange<std::size_t>(0, open.size())];
    const GameState before = s;
    const n20::N20Rules::ArrivalMorale spent = rules.make_arrival_choice(m, c, s, t);
    if (!spent.track.empty()) s.morale[spent.track] = std::clamp(s.morale[spent.track] + spent.points, 0, 10);
    if (c.kind == Choice::Kind::Accelerate) {
      const Symbol front = spent.track;
      RC_ASSERT(before.morale.at(front) >= 1);  // offered only with a point
      RC_ASSERT(s.morale.at(front) == before.morale.at(front) - 1);
      RC_ASSERT(s.morale.at(front) >= 0);
      if (c.unit.empty()) {
        RC_ASSERT(group(s, c.army)->first == group(before, c.army)->first - 1);
      } else {
        RC_ASSERT(s.unit(c.unit)->arrival_turn == before.unit(c.unit)->arrival_turn - 1);
      }
      for (const Choice& again : rules.arrival_choices(m, s, t))  // once per Front per turn
        if (again.kind == Choice::Kind::Accelerate) {
          Unit probe;
          probe.army = again.army;
          RC_ASSERT(n20::LeipzigRules::front_of(probe) != front);
        }
    }
    if (c.kind == Choice::Kind::Call) {
      const auto g = group(s, c.army);
      int box = 0;
      for (const Unit& u : s.units)
        if (u.army == c.army && u.status == UnitStatus::Pending && u.arrival_turn == g->first && u.entry == g->second &&
            !s.has_marker(Symbol("detached:" + u.id.str()))) {
          ++box;
          RC_ASSERT(!rules.arrival_refusal(u, s, t));  // may enter now
          RC_ASSERT(rules.arrival_compelled(u, s) != nullptr);  // and must, with the rest
        }
      RC_ASSERT(box >= 1);
    }
    // Every group not arrived keeps at least half its army in the box.
    for (const char* a : {"B", "N", "P", "S"}) {
      const auto g = group(s, Symbol(a));
      if (!g || s.has_marker(Symbol(std::string("army-arrived:") + a))) continue;
      int in_box = 0, detached = 0;
      for (const Unit& u : s.units) {
        if (u.army != Symbol(a)) continue;
        const bool det = s.has_marker(Symbol("detached:" + u.id.str()));
        detached += det;
        in_box += !det && u.status == UnitStatus::Pending && u.arrival_turn == g->first && u.entry == g->second;
      }
      if (in_box + detached > 0) RC_ASSERT(2 * in_box >= in_box + detached);
    }
  }
}

rc::Gen<GeneratedScenarioSpec> leipzig_scenario() {
  return rc::gen::exec([] {
    GeneratedScenarioSpec s;
    s.game = "leipzig";
    s.units_per_side = *rc::gen::inRange(6, 13);
    s.cols = *rc::gen::inRange(12, 16);
    s.rows = *rc::gen::inRange(8, 12);
    s.last_turn = *rc::gen::inRange(4, 9);
    s.night_turns.clear();
    s.events = *rc::gen::arbitrary<bool>();
    s.seed = *rc::gen::inRange<std::uint64_t>(1, 1'000'000);
    return s;
  });
}

RC_GTEST_PROP(LeipzigArrivalProps, PlayedMainBodiesArriveTogetherAndReplay, ()) {
  HEXLAW_CITES("leipzig:11.8.3", "leipzig:11.8");
  const GeneratedScenarioSpec spec = *leipzig_scenario();
  const auto scenario = generated_scenario(testing::source_spec(), spec);
  Game g(scenario, spec.seed);
  RandomPolicy p(spec.seed + 11);
  int steps = 0;
  std::set<std::string> marched;  // the armies force-marched this Movement Phase (their moves use it)
  while (!g.over() && steps < 20'000) {
    const Decision& d = g.decision();
    const std::size_t i = p.choose(g, d);
    const Action a = d.actions[i];
    const GameState before = g.state();
    if (before.phase != Symbol("movement")) marched.clear();
    if (d.kind == DecisionKind::ForcedMarch && a.kind == ActionKind::ForcedMarch) marched.insert(d.unit);
    if (d.kind == DecisionKind::MoveSelect && a.kind == ActionKind::End && before.phasing == Symbol("allied")) {
      // The phase ends only when every unit of a called Main Body is in, or may enter by no hex
      // of its area (each empty hex of its area checked as a one-hex entry path; one-hex minimum on entry,
      // the default).
      for (const Unit& u : before.units)
        if (scenario->rules->arrival_compelled(u, before)) {
          const auto& area = scenario->map->entry_area(u.entry.str());
          for (Hex h : area) {
            if (before.unit_at(h)) continue;  // a move may not end on a friend (std:6.9) nor enter an enemy
            n20::MoveOptions o;
            o.entering = true;
            o.forced_march = marched.count(u.army.str()) > 0;
            Trace silent(Trace::Off{}, scenario->rules->catalog());
            RC_ASSERT(!n20::check_path(*scenario->rules, *scenario->map, before, u, {h}, o, silent).legal);
          }
        }
    }
    g.choose(i);
    ++steps;
    if (a.kind == ActionKind::CallArmy) {
      Unit probe;
      probe.army = a.unit;
      const Symbol front = n20::LeipzigRules::front_of(probe);
      if (!before.has_marker(Symbol("general-retreat-" + front.str())) && !g.over())
        RC_ASSERT(g.state().morale.at(front) == std::min(10, before.morale.at(front) + 1));
    }
  }
  RC_ASSERT(g.over());
  const Game again = replay(scenario, g.log());
  RC_ASSERT(again.state() == g.state());
  RC_ASSERT(again.record() == g.record());
}

}  // namespace
}  // namespace hexlaw::play
