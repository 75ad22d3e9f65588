// Owns: the played Jemmapes activation's moves (see jemmapes_game.h): a move carried out hex by
// hex with the pauses for the other side's reactions (jemmapes:5.2) and the overrun of lone
// commanders (8.0), and the decisions owed after a combat or an overrun — retreats (6.3),
// commanders' placement (8.0), the advance and who follows (6.4). The combat segment itself is in
// jemmapes_combat.cc. Every legality and result is engine/jemmapes's.
#include <algorithm>
#include <stdexcept>

#include "engine/core/errors.h"
#include "engine/jemmapes/apply.h"
#include "engine/jemmapes/combat.h"
#include "engine/jemmapes/command.h"
#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/movement.h"
#include "engine/jemmapes/reaction.h"
#include "engine/play/jemmapes_game.h"
#include "engine/play/jemmapes_play_util.h"

namespace hexlaw::play {

using namespace jemmapes_play;

// The game goes on from wherever it stands: decisions owed first, then the reactions of a
// paused move, the move itself, and the segment's own decision.
void JemmapesGame::resume() {
  while (!over_) {
    if (!pending_.empty()) return offer_pending();
    if (react_) {
      if (!react_->stacks.empty()) return offer_reaction();
      resolve_reactions();
      continue;
    }
    if (run_) {
      if (run_->stopped || run_->next >= run_->path.size()) finish_run();
      else step_run();
      continue;
    }
    if (phase_ == "movement") return offer_move_select();
    if (phase_ == "combat") return offer_combat();
    return;
  }
}

void JemmapesGame::start_run(MoveRun r) {
  const Unit* u = pos_.unit(r.unit);
  r.start = u->hex;
  if (!r.advance) {
    Trace off(Trace::Off{}, scenario_->spec->catalog);
    r.allowance = jemmapes::movement_allowance(context(), *u, off);
    r.surrounded = !r.entered && u->combat() && jemmapes::starts_surrounded(context(), *u);
    moves_[r.unit] = {u->hex};
  }
  run_ = std::move(r);
  resume();
}

// One hex of the move: the step checked against the position as it now stands (a reaction may
// have changed it), the unit placed, lone enemy commanders overrun (8.0), and the enemy units
// next to the hex entered, not already in a zone of control of the mover's side, offered a
// reaction (5.2).
void JemmapesGame::step_run() {
  MoveRun& r = *run_;
  Unit* u = unit(r.unit);
  const Hex prev = u->hex, h = r.path[r.next];
  const auto& m = scenario_->map;
  Trace t(scenario_->spec->catalog);
  if (!r.advance) {
    const auto s = jemmapes::move_step(context(), *u, prev, h, r.next == 0, r.surrounded, r.spent, r.allowance, t);
    if (!s.ok) {
      // The path was legal when chosen; a reaction changed the position since.
      t.cite("jemmapes:5.2"_rule, u->id + "'s move is cut short at " + m.name(prev) + " after a reaction: " + s.reason);
      note(u->id + " stops at " + m.name(prev) + ": " + s.reason, t);
      r.stopped = true;
      return;
    }
    r.spent += s.cost;
    r.extra_level = r.extra_level || s.extra_level;
    r.stopped = s.stop || s.extra_level;
  }
  u->hex = h;
  mark_crossed(*u);  // the last side in an objective hex (9.3), jemmapes_scenario_play.cc
  ++r.next;
  if (!r.advance) moves_[r.unit].push_back(h);
  // Overrun of lone enemy commanders.
  std::vector<std::string> lone;
  for (const auto& o : pos_.units)
    if (!o.combat() && o.side != u->side && o.hex == h) lone.push_back(o.id);
  for (const auto& id : lone) {
    Trace c(scenario_->spec->catalog);
    c.cite("jemmapes:8.0"_rule, u->id + " enters " + m.name(h) + ", held only by enemy commander " + id + ": he takes an elimination test");
    note(id + " is overrun at " + m.name(h), c);
    commander_test(id, false, false, true);
    if (over_) return;
  }
  if (!u->combat()) return;
  // Reactions.
  const auto x = context();
  Trace off(Trace::Off{}, scenario_->spec->catalog);
  std::vector<Hex> stacks;
  for (const auto& e : pos_.units) {
    if (!e.combat() || e.side == u->side || distance(e.hex, h) != 1 || std::count(stacks.begin(), stacks.end(), e.hex)) continue;
    jemmapes::ReactionChoice probe;
    probe.fire = true;
    if (jemmapes::reaction(x, *u, prev, e, probe, off, reaction_facts(e))["eligible"].get<bool>()) stacks.push_back(e.hex);
  }
  if (stacks.empty()) return;
  std::string where;
  for (Hex s : stacks) where += (where.empty() ? "" : ", ") + m.name(s);
  t.cite("jemmapes:5.2"_rule, u->id + " enters " + m.name(h) + " next to enemy units not already in a zone of control of " + u->side + " (" + where + "): its move pauses for their reactions");
  note(u->id + " enters " + m.name(h) + " and pauses for reactions from " + where, t);
  react_ = Reacting{prev, stacks, {}, false};
}

// The move ends: back along its path while stacking forbids it to stay where a reaction stopped
// it (the catalog's ruling on jemmapes:2.0), its facing (that of friends in the hex, 1.3),
// harnessing (5.1), the reserve marker, the surrounded exception's level (1.6), the general's
// one move (8.0); an advance's followers are offered next (6.4).
void JemmapesGame::finish_run() {
  const MoveRun r = *run_;
  run_.reset();
  const auto& m = scenario_->map;
  Unit* u = nullptr;
  for (auto& v : pos_.units)
    if (v.id == r.unit) u = &v;
  moved_.insert(r.unit);
  if (!u) return;  // destroyed by reaction fire
  const Hex reached = r.next == 0 ? r.start : r.path[r.next - 1];
  Trace t(scenario_->spec->catalog);
  if (u->hex != reached) {
    note(u->id + "'s move ends where its retreat took it", t);
    return;
  }
  if (!r.advance && u->combat()) {
    std::vector<Hex> back{r.start};
    for (std::size_t i = 0; i + 1 < r.next; ++i) back.push_back(r.path[i]);
    auto fits = [&](Hex h) {
      std::vector<const Unit*> stack{u};
      for (const Unit* v : pos_.combat_units_at(h, u->side))
        if (v->id != u->id) stack.push_back(v);
      std::string why;
      Trace off(Trace::Off{}, scenario_->spec->catalog);
      return jemmapes::stacking_ok(context(), stack, why, off);
    };
    while (!fits(u->hex) && !back.empty()) {
      t.cite("jemmapes:1.4"_rule, u->id + " may not end in " + m.name(u->hex) + " (stacking): it ends its cut-short move in the last hex of its path where it may");
      u->hex = back.back();
      back.pop_back();
    }
    if (r.entered && !fits(u->hex)) {
      // Cut short with no hex of its path open, back to its entry hex, full: it has not entered
      // after all and waits off the map (the catalog's ruling on jemmapes:9.1.1).
      t.cite("jemmapes:9.1.1"_rule, u->id + " cannot stay on the map (stacking at " + m.name(u->hex) + "): it goes back off the map and may enter later");
      note(u->id + " goes back off the map", t);
      Unit back_off = *u;
      back_off.markers.erase("harnessed");
      pos_.units.erase(std::find_if(pos_.units.begin(), pos_.units.end(), [&](const Unit& v) { return v.id == r.unit; }));
      pos_.waiting.push_back(std::move(back_off));
      return;
    }
  }
  const std::optional<Direction> shared = u->combat() ? pos_.stack_facing(u->hex, u->side, u->id) : std::nullopt;
  const Direction before = u->facing;
  u->facing = shared.value_or(r.facing);
  if (shared && *shared != r.facing) t.cite("jemmapes:1.3"_rule, u->id + " takes the facing of the units it stacks with");
  if (r.advance) {
    t.cite("jemmapes:6.4"_rule, u->id + " advances into " + m.name(u->hex) + " facing " + jemmapes::facing_name(u->facing));
    note(u->id + " advances to " + m.name(u->hex) + " facing " + jemmapes::facing_name(u->facing), t);
    if (!r.followers.empty()) pending_.push_back(Pending{"follow", u->id, u->side, u->hex, r.followers});
    return;
  }
  if (u->kind == UnitKind::Artillery) {
    if (r.entered || u->hex != r.start || u->facing != before) u->markers.insert("harnessed");
    else u->markers.erase("harnessed");
  }
  if (r.reserve) u->markers.insert("reserve");
  else u->markers.erase("reserve");
  if (r.extra_level) u->level = u->level == Level::Rout ? Level::Rout : static_cast<Level>(static_cast<int>(u->level) + 1);
  if (u->general && u->hex != r.start) {
    u->markers.insert("moved");
    t.cite("jemmapes:8.0"_rule, u->id + " has made his one move of the round: his counter is turned over");
  }
  t.cite("jemmapes:5.1"_rule, u->id + "'s move ends");
  const bool cut = r.next < r.path.size();
  note(u->id + (u->hex == r.start ? (r.entered ? " enters and stays at " : " stays at ") : " moves to ") + m.name(u->hex) + " facing " + jemmapes::facing_name(u->facing) + (cut ? " (cut short)" : ""), t);
}

// The reacting stack's choices (5.2): none, a pivot of one hexside or a step of one hex
// (jemmapes.reaction.movement_kind), or fire by each type it holds, joined with the fire of
// other reacting hexes of that type, offered only when every throw reads a printed cell.
void JemmapesGame::offer_reaction() {
  const Hex h = react_->stacks.front();
  const auto x = context();
  const auto& m = scenario_->map;
  const Unit& mover = *pos_.unit(run_->unit);
  std::vector<const Unit*> stack;
  for (const auto& u : pos_.units)
    if (u.combat() && u.hex == h) stack.push_back(&u);
  const Unit& reactor = *stack.front();
  Trace off(Trace::Off{}, scenario_->spec->catalog);
  JemmapesDecision d;
  d.kind = "reaction";
  d.side = reactor.side;
  d.unit = reactor.id;
  d.rule = "jemmapes:5.2";
  d.prompt = mover.id + " has entered " + m.name(mover.hex) + ": the stack at " + m.name(h) + " may react";
  using K = JemmapesActionKind;
  d.add(K::None, m);
  if (x.readings.is(jemmapes::reading::reaction_movement_kind_move_one_hex)) {
    for (Hex n : neighbours(h)) {
      jemmapes::ReactionChoice c;
      c.to = n;
      const JemmapesAction step{.kind = K::Step, .hex = n};
      try {
        if (jemmapes::reaction(x, mover, react_->from, reactor, c, off, reaction_facts(reactor))["allowed"].get<bool>()) d.add(step, m);
      } catch (const RuleRefusal& e) {
        d.refuse(step, m, e.what());
      }
    }
  } else {
    for (int k : {-1, 1}) {
      jemmapes::ReactionChoice c;
      c.facing = turned(reactor.facing, k);
      if (jemmapes::reaction(x, mover, react_->from, reactor, c, off, reaction_facts(reactor))["allowed"].get<bool>())
        d.add(JemmapesAction{.kind = K::Pivot, .facing = c.facing}, m);
    }
  }
  for (const UnitKind k : {UnitKind::Infantry, UnitKind::Artillery}) {
    std::vector<const Unit*> mine;
    for (const Unit* u : stack)
      if (u->kind == k) mine.push_back(u);
    if (mine.empty()) continue;
    const std::string type = jemmapes::to_string(k);
    const JemmapesAction fire{.kind = K::ReactFire, .type = k};
    jemmapes::ReactionChoice c;
    c.fire = true;
    const auto r = jemmapes::reaction(x, mover, react_->from, *mine.front(), c, off, reaction_facts(*mine.front()));
    if (!r["allowed"].get<bool>()) continue;
    jemmapes::FireInput in;
    for (const auto& id : react_->fire[type]) in.shooters.push_back(pos_.unit(id));
    for (const Unit* u : mine) in.shooters.push_back(u);
    in.target = mover.hex;
    const auto set = jemmapes::fire_setup(x, in, off);
    if (!set.legal) {
      d.refuse(fire, m, set.rule + ": " + set.reason);
      continue;
    }
    std::vector<const Unit*> targets;
    for (const Unit* v : pos_.combat_units_at(mover.hex, mover.side)) targets.push_back(v);
    std::stable_partition(targets.begin(), targets.end(), [&](const Unit* v) { return v->id == mover.id; });
    // A reaction fire is rolled only once every reacting hex has chosen, so it is offered only
    // when every throw reads a printed cell whose result can be carried out.
    const auto p = playability(x, set.sum, [&](int total) { return std::vector<jemmapes::CombatResult>{jemmapes::fire_table(x, set.column, total, off).defender}; }, {targets.front()});
    if (p.all()) d.add(fire, m);
    else d.refuse(fire, m, p.refusal);
  }
  decision_ = std::move(d);
  stage_ = Stage::Reaction;
}

// The reaction fires, one a type, at the mover's hex (5.2, 6.1); the move ends if any reaction
// ended it.
void JemmapesGame::resolve_reactions() {
  const Reacting r = *react_;
  react_.reset();
  const Unit* mover = pos_.unit(run_->unit);
  const Hex target = mover->hex;
  for (const auto& [type, ids] : r.fire) {
    if (ids.empty() || over_) continue;
    // A second fire (the other type) is checked again: the first may have changed its target.
    const auto x = context();
    Trace off(Trace::Off{}, scenario_->spec->catalog);
    jemmapes::FireInput in;
    for (const auto& id : ids) in.shooters.push_back(pos_.unit(id));
    in.target = target;
    std::string why;
    const auto set = jemmapes::fire_setup(x, in, off);
    std::vector<const Unit*> tested;
    for (const auto& u : pos_.units)
      if (u.combat() && u.hex == target) tested.push_back(&u);
    if (!set.legal) why = set.rule + ": " + set.reason;
    else why = playability(x, set.sum, [&](int total) { return std::vector<jemmapes::CombatResult>{jemmapes::fire_table(x, set.column, total, off).defender}; }, {tested.front()}).refusal;
    if (!why.empty()) {
      Trace t(scenario_->spec->catalog);
      t.cite("jemmapes:5.2"_rule, "the reaction " + type + " fire is not made: " + why);
      note("reaction " + type + " fire refused: " + why, t);
      continue;
    }
    resolve_fire(ids, target, true);
  }
  if (r.stops && run_) run_->stopped = true;
}

void JemmapesGame::offer_pending() {
  const Pending pd = pending_.front();
  if (pd.kind != "advance-check" && !pos_.unit(pd.unit)) {
    pending_.pop_front();  // the unit is gone since the decision was owed
    return resume();
  }
  const auto& m = scenario_->map;
  const auto x = context();
  JemmapesDecision d;
  d.kind = pd.kind == "place" ? "place-commander" : pd.kind;
  d.side = pd.side;
  d.unit = pd.unit;
  if (pd.kind == "advance-check") {
    // The advance is owed only if the defender's hex is empty of enemy units and the head unit
    // stands (6.4; the catalog's ruling when it cannot).
    pending_.pop_front();
    const Unit* head = pos_.unit(pd.unit);
    bool vacant = true;
    for (const auto& u : pos_.units)
      if (u.combat() && u.hex == pd.hex) vacant = false;
    Trace t(scenario_->spec->catalog);
    if (head && vacant) {
      pending_.push_front(Pending{"advance", pd.unit, pd.side, pd.hex, pd.ids});
    } else {
      t.cite("jemmapes:6.4"_rule, head ? m.name(pd.hex) + " is not vacated: no advance" : pd.unit + " cannot advance: the obligation lapses");
      note("no advance into " + m.name(pd.hex), t);
    }
    return resume();
  }
  if (pd.kind == "retreat") {
    Unit* u = unit(pd.unit);
    Trace t(scenario_->spec->catalog);
    const auto r = jemmapes::retreat(x, *u, std::nullopt, t);
    d.rule = "jemmapes:6.3";
    d.prompt = u->id + " retreats one hex";
    std::vector<JemmapesAction> free, any;
    for (const auto& o : r["options"]) {
      if (!o["stacking_ok"].get<bool>()) continue;
      any.push_back(JemmapesAction{.kind = JemmapesActionKind::Retreat, .unit = u->id, .hex = m.hex(o["hex"].get<std::string>())});
      if (!o["enemy_zoc"].get<bool>()) free.push_back(any.back());
    }
    for (const auto& a : free.empty() ? any : free) d.add(a, m);
    if (d.actions.empty()) {
      // No hex open: eliminated or a step lost in place (jemmapes.retreat.blocked_result).
      pending_.pop_front();
      const bool elim = x.readings.is(jemmapes::reading::retreat_blocked_result_eliminated);
      t.cite("jemmapes:6.3"_rule, u->id + " has no hex to retreat into: " + std::string(elim ? "eliminated" : "it loses a step and stays"));
      const int per = x.readings.is(jemmapes::reading::losses_ss_per_step_2) ? 2 : 1;
      const int steps = elim ? (u->cp + per - 1) / per : 1;
      const std::string side = u->side, id = u->id;
      note(id + (elim ? " cannot retreat and is eliminated" : " cannot retreat and loses a step"), t);
      lose_steps(u->formation, steps);
      u->cp -= per;
      if (elim || u->cp <= 0) remove_unit(id);
      add_vp(other(side), steps, id + "'s lost steps");
      return resume();
    }
  } else if (pd.kind == "place") {
    const Unit* c = pos_.unit(pd.unit);
    d.rule = "jemmapes:8.0";
    d.prompt = "place " + c->id + " on a friendly unit" + (c->general ? "" : " of his formation");
    std::set<Hex> hexes;
    for (const auto& u : pos_.units)
      if (u.combat() && u.side == c->side && (c->general || u.formation == c->formation)) hexes.insert(u.hex);
    for (Hex h : hexes) d.add(JemmapesAction{.kind = JemmapesActionKind::Place, .unit = c->id, .hex = h}, m);
    const bool formation_waits =
        !c->general && std::any_of(pos_.waiting.begin(), pos_.waiting.end(),
                                   [&](const Unit& w) { return w.combat() && w.formation == c->formation; });
    if (d.actions.empty() && formation_waits) {
      // RULE jemmapes:8.0 (part: a formation whose units all wait off the map) — the commander waits with them and enters as they do (jemmapes:9.1.1)
      pending_.pop_front();
      Trace t(scenario_->spec->catalog);
      t.cite("jemmapes:8.0"_rule, c->id + " has no unit of his formation on the map to be placed on, but its units still wait "
                             "off the map: not all are destroyed, so he is not eliminated; he waits with them");
      t.cite("jemmapes:9.1.1"_rule, c->id + " enters by " + m.name(jemmapes::entry_hex(m)) + " as his formation's waiting units do");
      note(c->id + " leaves the map to wait with his formation's units", t);
      Unit waiting = *c;
      remove_unit(pd.unit);
      pos_.waiting.push_back(std::move(waiting));
      return resume();
    }
    if (d.actions.empty()) {
      pending_.pop_front();
      Trace t(scenario_->spec->catalog);
      t.cite("jemmapes:8.0"_rule, c->id + " has no unit of his " + std::string(c->general ? "side" : "formation") + " left to be placed on: he is eliminated");
      note(c->id + " is eliminated for good", t);
      remove_unit(pd.unit);
      return resume();
    }
  } else if (pd.kind == "advance") {
    d.rule = "jemmapes:6.4";
    d.prompt = pd.unit + " must advance into " + m.name(pd.hex) + ", turning one hexside at most";
    const Unit* u = pos_.unit(pd.unit);
    for (int k : {0, -1, 1}) d.add(JemmapesAction{.kind = JemmapesActionKind::Advance, .unit = u->id, .facing = turned(u->facing, k)}, m);
  } else {  // follow
    d.rule = "jemmapes:6.4";
    d.prompt = "another unit may follow " + pd.unit + " into " + m.name(pd.hex);
    d.add(JemmapesActionKind::None, m);
    for (const auto& id : pd.ids) {
      const Unit* u = pos_.unit(id);
      if (!u) continue;
      std::vector<const Unit*> stack{u};
      for (const Unit* v : pos_.combat_units_at(pd.hex, u->side)) stack.push_back(v);
      std::string why;
      Trace off(Trace::Off{}, scenario_->spec->catalog);
      if (jemmapes::stacking_ok(x, stack, why, off)) d.add(JemmapesAction{.kind = JemmapesActionKind::Follow, .unit = id}, m);
    }
    if (d.actions.size() == 1) {
      pending_.pop_front();
      return resume();
    }
  }
  decision_ = std::move(d);
  stage_ = pd.kind == "retreat" ? Stage::Retreat : pd.kind == "place" ? Stage::Place : pd.kind == "advance" ? Stage::Advance : Stage::Follow;
}

}  // namespace hexlaw::play
