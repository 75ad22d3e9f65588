// Owns: the played Jemmapes activation's moves, reactions and combat (see jemmapes_game.h): a
// move carried out hex by hex with the pauses for the other side's reactions (jemmapes:5.2) and
// the overrun of lone commanders (8.0); the combat segment's fires and assaults (6.0-6.2) with
// charges and counter-charges (5.3), offered only when every throw reads a printed cell; the
// results applied (6.3), retreats, the advance after an assault (6.4) and commanders'
// elimination tests and placement (8.0). Every legality and result is engine/jemmapes's.
#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "engine/core/errors.h"
#include "engine/jemmapes/apply.h"
#include "engine/jemmapes/combat.h"
#include "engine/jemmapes/command.h"
#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/movement.h"
#include "engine/jemmapes/reaction.h"
#include "engine/play/jemmapes_game.h"

namespace hexlaw::play {
namespace {

using jemmapes::Level;
using jemmapes::Unit;
using jemmapes::UnitKind;

std::string other(const std::string& s) { return s == "french" ? "austrian" : "french"; }

std::string join(const std::vector<std::string>& v, const char* sep = ",") {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

std::vector<std::string> split(const std::string& s, char c = ',') {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, c))
    if (!cur.empty()) out.push_back(cur);
  return out;
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

int roll_2d6(DiceSource& dice, const char* rule, const std::string& purpose) { return dice.roll(6, rule, purpose) + dice.roll(6, rule, purpose); }

Direction turned(Direction d, int k) { return static_cast<Direction>((static_cast<int>(d) + k + 6) % 6); }

// Non-empty subsets of `v` to offer as groups of units: all of them when there are at most
// three, else each unit alone and all together.
std::vector<std::vector<std::string>> groups(const std::vector<std::string>& v) {
  std::vector<std::vector<std::string>> out;
  if (v.size() <= 3) {
    for (unsigned m = 1; m < (1u << v.size()); ++m) {
      std::vector<std::string> g;
      for (std::size_t i = 0; i < v.size(); ++i)
        if (m & (1u << i)) g.push_back(v[i]);
      out.push_back(g);
    }
    return out;
  }
  for (const auto& id : v) out.push_back({id});
  out.push_back(v);
  return out;
}

// "" when every throw of 2D6 from 2 to 12 reads a cell the source prints and every result it
// gives can be carried out (an M needs the two-dice reading of the morale test and the tested
// unit's morale); else the refusal "RULE: reason". `read` reads one modified total.
template <class Read>
std::string unplayable(const jemmapes::Context& x, int drm, Read read, const std::vector<const Unit*>& tested) {
  for (int d = 2; d <= 12; ++d) {
    std::vector<jemmapes::CombatResult> rs;
    try {
      rs = read(d + drm);
    } catch (const RuleRefusal& e) {
      return e.what();
    }
    for (std::size_t i = 0; i < rs.size(); ++i) {
      if (!rs[i].morale_test) continue;
      if (x.readings.is("jemmapes.morale_test.procedure", "pending"))
        return "jemmapes:6.3: a throw of " + std::to_string(d) + " gives a morale test (M), whose procedure the source does not give (jemmapes.morale_test.procedure = pending)";
      if (i < tested.size() && tested[i] && !tested[i]->morale) return "jemmapes:6.3: the morale test of " + tested[i]->id + " needs its morale, which the scenario does not give";
    }
  }
  return "";
}

using After = JemmapesUnitAfter;

Direction facing_named(const std::string& s) {
  for (Direction d : kAllDirections)
    if (s == jemmapes::facing_name(d)) return d;
  throw std::logic_error("no facing '" + s + "'");
}

std::vector<After> plain(const jemmapes::SideAfter& s) {
  std::vector<After> out;
  for (const auto& u : s.units)
    out.push_back({u.unit->id, u.unit->side, u.unit->formation, u.level, std::max(0, u.cp), u.steps_lost, u.destroyed, u.retreats && !u.destroyed, u.unit->hex});
  return out;
}

// The commanders of `side` stacked with one of `hexes`.
std::vector<std::string> commanders_in(const jemmapes::Position& p, const std::string& side, const std::vector<Hex>& hexes) {
  std::vector<std::string> out;
  for (const auto& u : p.units)
    if (!u.combat() && u.side == side && std::find(hexes.begin(), hexes.end(), u.hex) != hexes.end()) out.push_back(u.id);
  return out;
}

}  // namespace

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
    r.surrounded = u->combat() && jemmapes::starts_surrounded(context(), *u);
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
      t.cite("jemmapes:5.2", u->id + "'s move is cut short at " + m.name(prev) + " after a reaction: " + s.reason);
      note(u->id + " stops at " + m.name(prev) + ": " + s.reason, t);
      r.stopped = true;
      return;
    }
    r.spent += s.cost;
    r.extra_level = r.extra_level || s.extra_level;
    r.stopped = s.stop || s.extra_level;
  }
  u->hex = h;
  ++r.next;
  if (!r.advance) moves_[r.unit].push_back(h);
  // Overrun of lone enemy commanders.
  std::vector<std::string> lone;
  for (const auto& o : pos_.units)
    if (!o.combat() && o.side != u->side && o.hex == h) lone.push_back(o.id);
  for (const auto& id : lone) {
    Trace c(scenario_->spec->catalog);
    c.cite("jemmapes:8.0", u->id + " enters " + m.name(h) + ", held only by enemy commander " + id + ": he takes an elimination test");
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
    if (jemmapes::reaction(x, *u, prev, e, probe, off)["eligible"].get<bool>()) stacks.push_back(e.hex);
  }
  if (stacks.empty()) return;
  std::string where;
  for (Hex s : stacks) where += (where.empty() ? "" : ", ") + m.name(s);
  t.cite("jemmapes:5.2", u->id + " enters " + m.name(h) + " next to enemy units not already in a zone of control of " + u->side + " (" + where + "): its move pauses for their reactions");
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
      t.cite("jemmapes:1.4", u->id + " may not end in " + m.name(u->hex) + " (stacking): it ends its cut-short move in the last hex of its path where it may");
      u->hex = back.back();
      back.pop_back();
    }
  }
  std::optional<Direction> shared;
  for (const Unit* v : pos_.combat_units_at(u->hex, u->side))
    if (v->id != u->id && u->combat()) shared = v->facing;
  const Direction before = u->facing;
  u->facing = shared.value_or(r.facing);
  if (shared && *shared != r.facing) t.cite("jemmapes:1.3", u->id + " takes the facing of the units it stacks with");
  if (r.advance) {
    t.cite("jemmapes:6.4", u->id + " advances into " + m.name(u->hex) + " facing " + jemmapes::facing_name(u->facing));
    note(u->id + " advances to " + m.name(u->hex) + " facing " + jemmapes::facing_name(u->facing), t);
    if (!r.followers.empty()) pending_.push_back(Pending{"follow", u->id, u->side, u->hex, r.followers});
    return;
  }
  if (u->kind == UnitKind::Artillery) {
    if (u->hex != r.start || u->facing != before) u->markers.insert("harnessed");
    else u->markers.erase("harnessed");
  }
  if (r.reserve) u->markers.insert("reserve");
  else u->markers.erase("reserve");
  if (r.extra_level) u->level = u->level == Level::Rout ? Level::Rout : static_cast<Level>(static_cast<int>(u->level) + 1);
  if (u->general && u->hex != r.start) {
    u->markers.insert("moved");
    t.cite("jemmapes:8.0", u->id + " has made his one move of the round: his counter is turned over");
  }
  t.cite("jemmapes:5.1", u->id + "'s move ends");
  const bool cut = r.next < r.path.size();
  note(u->id + (u->hex == r.start ? " stays at " : " moves to ") + m.name(u->hex) + " facing " + jemmapes::facing_name(u->facing) + (cut ? " (cut short)" : ""), t);
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
  d.choices.push_back("none");
  if (x.readings.is("jemmapes.reaction.movement_kind", "move_one_hex")) {
    for (Hex n : neighbours(h)) {
      jemmapes::ReactionChoice c;
      c.to = n;
      try {
        if (jemmapes::reaction(x, mover, react_->from, reactor, c, off)["allowed"].get<bool>()) d.choices.push_back("step " + m.name(n));
      } catch (const RuleRefusal& e) {
        d.refused.push_back("step " + m.name(n) + ": " + e.what());
      }
    }
  } else {
    for (int k : {-1, 1}) {
      jemmapes::ReactionChoice c;
      c.facing = turned(reactor.facing, k);
      if (jemmapes::reaction(x, mover, react_->from, reactor, c, off)["allowed"].get<bool>()) d.choices.push_back(std::string("pivot ") + jemmapes::facing_name(c.facing));
    }
  }
  for (const UnitKind k : {UnitKind::Infantry, UnitKind::Artillery}) {
    std::vector<const Unit*> mine;
    for (const Unit* u : stack)
      if (u->kind == k) mine.push_back(u);
    if (mine.empty()) continue;
    const std::string type = jemmapes::to_string(k), text = "fire " + type;
    jemmapes::ReactionChoice c;
    c.fire = true;
    const auto r = jemmapes::reaction(x, mover, react_->from, *mine.front(), c, off);
    if (!r["allowed"].get<bool>()) continue;
    jemmapes::FireInput in;
    for (const auto& id : react_->fire[type]) in.shooters.push_back(pos_.unit(id));
    for (const Unit* u : mine) in.shooters.push_back(u);
    in.target = mover.hex;
    const auto set = jemmapes::fire_setup(x, in, off);
    if (!set.legal) {
      d.refused.push_back(text + ": " + set.rule + ": " + set.reason);
      continue;
    }
    std::vector<const Unit*> targets;
    for (const Unit* v : pos_.combat_units_at(mover.hex, mover.side)) targets.push_back(v);
    std::stable_partition(targets.begin(), targets.end(), [&](const Unit* v) { return v->id == mover.id; });
    const std::string why = unplayable(x, set.sum, [&](int total) { return std::vector<jemmapes::CombatResult>{jemmapes::fire_table(x, set.column, total, off).defender}; }, {targets.front()});
    if (why.empty()) d.choices.push_back(text);
    else d.refused.push_back(text + ": " + why);
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
    else why = unplayable(x, set.sum, [&](int total) { return std::vector<jemmapes::CombatResult>{jemmapes::fire_table(x, set.column, total, off).defender}; }, {tested.front()});
    if (!why.empty()) {
      Trace t(scenario_->spec->catalog);
      t.cite("jemmapes:5.2", "the reaction " + type + " fire is not made: " + why);
      note("reaction " + type + " fire refused: " + why, t);
      continue;
    }
    resolve_fire(ids, target, true);
  }
  if (r.stops && run_) run_->stopped = true;
}

// The combat segment's decision (6.0): each fire and assault the active formation may make whose
// every throw reads a printed cell; the others in `refused`, by name.
void JemmapesGame::offer_combat() {
  const auto x = context();
  const auto& m = scenario_->map;
  const auto& f = pos_.formations.at(active_);
  Trace off(Trace::Off{}, scenario_->spec->catalog);
  JemmapesDecision d;
  d.kind = "combat";
  d.side = f.side;
  d.rule = "jemmapes:6.0";
  d.prompt = "fire or assault with " + active_ + "'s units, or end the combat segment";
  d.choices.push_back("end");
  const bool once = x.readings.is("jemmapes.combat.unit_once_per_activation", "true");
  std::vector<const Unit*> mine;
  for (const auto& u : pos_.units)
    if (u.combat() && u.formation == active_ && !(once && fought_.count(u.id))) mine.push_back(&u);
  std::set<Hex> targets;
  for (const auto& e : pos_.units)
    if (e.combat() && e.side != f.side)
      for (const Unit* u : mine)
        if (distance(u->hex, e.hex) <= 3) targets.insert(e.hex);
  std::vector<Hex> engaged;
  for (const auto& [h, what] : already_) engaged.push_back(h);
  for (const Hex target : targets) try {
    const auto already = already_.count(target) ? already_.at(target) : std::vector<std::string>{};
    // Fires, one a type.
    for (const UnitKind k : {UnitKind::Infantry, UnitKind::Artillery}) {
      const std::string type = jemmapes::to_string(k);
      std::vector<std::string> can;
      std::string first_refusal;
      for (const Unit* u : mine) {
        if (u->kind != k) continue;
        jemmapes::FireInput in{{u}, target, {}, already};
        const auto set = jemmapes::fire_setup(x, in, off);
        if (set.legal) can.push_back(u->id);
      }
      for (const auto& g : groups(can)) {
        jemmapes::FireInput in{{}, target, {}, already};
        for (const auto& id : g) in.shooters.push_back(pos_.unit(id));
        const auto set = jemmapes::fire_setup(x, in, off);
        const std::string text = "fire " + type + " at " + m.name(target) + " by " + join(g);
        if (!set.legal) continue;
        std::vector<const Unit*> tested;
        for (const Unit* v : pos_.units_at(target))
          if (v->combat()) tested.push_back(v);
        const std::string why = unplayable(x, set.sum, [&](int total) { return std::vector<jemmapes::CombatResult>{jemmapes::fire_table(x, set.column, total, off).defender}; }, {tested.front()});
        if (why.empty()) d.choices.push_back(text);
        else d.refused.push_back(text + ": " + why);
      }
    }
    // Assaults.
    std::vector<std::string> can;
    for (const Unit* u : mine)
      if (distance(u->hex, target) == 1 && jemmapes::exerts_zoc_into(x, *u, target, off, true) &&
          !(u->level == Level::Rout && x.readings.is("jemmapes.rout.zoc_and_combat", "none")))
        can.push_back(u->id);
    for (const auto& g : groups(can)) {
      std::vector<Declared> decls;
      for (const auto& head : g) {
        // Bayonet charges: none, the head alone, or the head and one more French infantry (6.2).
        std::vector<std::vector<std::string>> bayonets{{}};
        if (f.side == "french" && pos_.unit(head)->kind == UnitKind::Infantry) {
          bayonets.push_back({head});
          for (const auto& o : g)
            if (o != head && pos_.unit(o)->kind == UnitKind::Infantry) bayonets.push_back({head, o});
        }
        // A cavalry charge: every attacking cavalry that moved this segment (5.3.1).
        std::vector<std::string> cavalry;
        for (const auto& o : g)
          if (pos_.unit(o)->kind == UnitKind::Cavalry && moves_.count(o) && moves_.at(o).size() > 1) cavalry.push_back(o);
        std::vector<std::vector<std::string>> charges{{}};
        if (!cavalry.empty()) charges.push_back(cavalry);
        // Commanders lending their TV (one a side, 6.2).
        std::vector<std::string> cmds{""};
        const bool adjacent = x.readings.is("jemmapes.assault.commander_tv_reach", "adjacent");
        for (const auto& c : pos_.units)
          if (!c.combat() && c.side == f.side && c.tv)
            for (const auto& o : g)
              if (distance(pos_.unit(o)->hex, c.hex) <= (adjacent ? 1 : 0)) {
                cmds.push_back(c.id);
                break;
              }
        for (const auto& b : bayonets)
          for (const auto& ch : charges)
            for (const auto& c : cmds) decls.push_back(Declared{target, g, b, ch, head, c});
      }
      for (const auto& decl : decls) {
        std::string why;
        const auto resp = responses(decl, why);
        std::string text = "assault " + m.name(target) + " by " + join(decl.attackers) + " head " + decl.head;
        if (!decl.bayonet.empty()) text += " bayonet " + join(decl.bayonet);
        if (!decl.charging.empty()) text += " charge";
        if (!decl.commander.empty()) text += " with " + decl.commander;
        if (!resp.empty() && why.empty()) d.choices.push_back(text);
        else if (!why.empty()) d.refused.push_back(text + ": " + why);
      }
    }
  } catch (const RuleRefusal& e) {
    // Terrain the cut table does not print, at or around the target.
    d.refused.push_back("combat at " + m.name(target) + ": " + e.what());
  }
  decision_ = std::move(d);
  stage_ = Stage::Combat;
}

// The defender's possible answers to a declared assault (head unit, counter-charge, a
// commander's TV), each legal; `why` is set when the assault is illegal or some answer would read
// a lost cell (the assault is then not offered).
std::vector<std::string> JemmapesGame::responses(const Declared& d, std::string& why) const {
  jemmapes::Position p = pos_;
  for (auto& u : p.units)
    if (std::count(d.charging.begin(), d.charging.end(), u.id)) u.markers.insert("charge");
  const jemmapes::Context x{scenario_->map, scenario_->spec->tables, scenario_->spec->catalog, readings_, p};
  Trace off(Trace::Off{}, scenario_->spec->catalog);
  std::vector<const Unit*> defenders;
  for (const auto& u : p.units)
    if (u.combat() && u.hex == d.target && u.side != p.unit(d.head)->side) defenders.push_back(&u);
  const bool adjacent = x.readings.is("jemmapes.assault.commander_tv_reach", "adjacent");
  std::vector<std::string> cmds{""};
  for (const auto& c : p.units)
    if (!c.combat() && c.tv && !defenders.empty() && c.side == defenders.front()->side && distance(c.hex, d.target) <= (adjacent ? 1 : 0)) cmds.push_back(c.id);
  std::vector<std::string> out;
  why.clear();
  for (const Unit* head : defenders)
    for (const bool cc : {false, true})
      for (const auto& cmd : cmds) {
        jemmapes::AssaultInput in;
        for (const auto& id : d.attackers) in.attackers.push_back(p.unit(id));
        in.target = d.target;
        in.attacker_head = p.unit(d.head);
        in.defender_head = head;
        if (!d.commander.empty()) in.attacker_commander = p.unit(d.commander);
        if (!cmd.empty()) in.defender_commander = p.unit(cmd);
        for (const auto& id : d.bayonet) in.bayonet.push_back(p.unit(id));
        in.countercharge = cc;
        for (const auto& [h, what] : already_) in.engaged.push_back(h);
        if (auto it = already_.find(d.target); it != already_.end()) in.already = it->second;
        for (const auto& id : d.charging) in.charge_moves[id] = moves_.at(id);
        const bool artillery_only = std::all_of(defenders.begin(), defenders.end(), [](const Unit* v) { return v->kind == UnitKind::Artillery; });
        if (!artillery_only && (!in.attacker_head->morale || !head->morale)) {
          why = "jemmapes:6.2: the head units' morale difference needs morale values the scenario does not give";
          return {};
        }
        const auto set = jemmapes::assault_setup(x, in, off);
        if (!set.legal) {
          if (!cc && cmd.empty() && head == defenders.front()) {
            why = set.rule + ": " + set.reason;
            return {};
          }
          continue;  // that answer is not open to the defender
        }
        if (set.artillery_destroyed) return {"head " + head->id};
        std::vector<const Unit*> tested{in.attacker_head, head};
        const std::string bad = unplayable(x, set.capped, [&](int total) {
          const auto r = jemmapes::assault_table(x, total, off);
          return std::vector<jemmapes::CombatResult>{r.attacker, r.defender};
        }, tested);
        if (!bad.empty()) {
          why = bad;
          return {};
        }
        out.push_back("head " + head->id + (cc ? " countercharge" : "") + (cmd.empty() ? "" : " with " + cmd));
      }
  return out;
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
      t.cite("jemmapes:6.4", head ? m.name(pd.hex) + " is not vacated: no advance" : pd.unit + " cannot advance: the obligation lapses");
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
    std::vector<std::string> free, any;
    for (const auto& o : r["options"]) {
      if (!o["stacking_ok"].get<bool>()) continue;
      any.push_back("retreat " + u->id + " to " + o["hex"].get<std::string>());
      if (!o["enemy_zoc"].get<bool>()) free.push_back(any.back());
    }
    d.choices = free.empty() ? any : free;
    if (d.choices.empty()) {
      // No hex open: eliminated or a step lost in place (jemmapes.retreat.blocked_result).
      pending_.pop_front();
      const bool elim = x.readings.is("jemmapes.retreat.blocked_result", "eliminated");
      t.cite("jemmapes:6.3", u->id + " has no hex to retreat into: " + std::string(elim ? "eliminated" : "it loses a step and stays"));
      const int per = x.readings.is("jemmapes.losses.ss_per_step", "2") ? 2 : 1;
      const int steps = elim ? (u->cp + per - 1) / per : 1;
      const std::string side = u->side, id = u->id;
      note(id + (elim ? " cannot retreat and is eliminated" : " cannot retreat and loses a step"), t);
      steps_lost_[u->formation] += steps;
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
    for (Hex h : hexes) d.choices.push_back("place " + c->id + " at " + m.name(h));
    if (d.choices.empty()) {
      pending_.pop_front();
      Trace t(scenario_->spec->catalog);
      t.cite("jemmapes:8.0", c->id + " has no unit of his " + std::string(c->general ? "side" : "formation") + " left to be placed on: he is eliminated");
      note(c->id + " is eliminated for good", t);
      remove_unit(pd.unit);
      return resume();
    }
  } else if (pd.kind == "advance") {
    d.rule = "jemmapes:6.4";
    d.prompt = pd.unit + " must advance into " + m.name(pd.hex) + ", turning one hexside at most";
    const Unit* u = pos_.unit(pd.unit);
    for (int k : {0, -1, 1}) d.choices.push_back("advance " + u->id + " " + jemmapes::facing_name(turned(u->facing, k)));
  } else {  // follow
    d.rule = "jemmapes:6.4";
    d.prompt = "another unit may follow " + pd.unit + " into " + m.name(pd.hex);
    d.choices.push_back("none");
    for (const auto& id : pd.ids) {
      const Unit* u = pos_.unit(id);
      if (!u) continue;
      std::vector<const Unit*> stack{u};
      for (const Unit* v : pos_.combat_units_at(pd.hex, u->side)) stack.push_back(v);
      std::string why;
      Trace off(Trace::Off{}, scenario_->spec->catalog);
      if (jemmapes::stacking_ok(x, stack, why, off)) d.choices.push_back("follow " + id);
    }
    if (d.choices.size() == 1) {
      pending_.pop_front();
      return resume();
    }
  }
  decision_ = std::move(d);
  stage_ = pd.kind == "retreat" ? Stage::Retreat : pd.kind == "place" ? Stage::Place : pd.kind == "advance" ? Stage::Advance : Stage::Follow;
}

// Applies a choice of the reaction, combat, defend, retreat, advance, follow or place stages.
void JemmapesGame::apply_combat_stage(const std::string& c) {
  const auto& m = scenario_->map;
  const auto x = context();
  const auto w = words(c);
  switch (stage_) {
    case Stage::Reaction: {
      const Hex h = react_->stacks.front();
      react_->stacks.erase(react_->stacks.begin());
      Unit& mover = *unit(run_->unit);
      const Unit* reactor = nullptr;
      for (const auto& u : pos_.units)
        if (u.combat() && u.hex == h) reactor = &u;
      Trace t(scenario_->spec->catalog);
      if (w[0] == "none") {
        t.cite("jemmapes:5.2", "the stack at " + m.name(h) + " does not react");
        note("no reaction from " + m.name(h), t);
      } else if (w[0] == "fire") {
        react_->stops = true;
        for (const auto& u : pos_.units)
          if (u.combat() && u.hex == h && jemmapes::to_string(u.kind) == w[1]) react_->fire[w[1]].push_back(u.id);
        t.cite("jemmapes:5.2", "the " + w[1] + " at " + m.name(h) + " fires in reaction: " + mover.id + "'s move ends");
        note(m.name(h) + " reacts by fire", t);
      } else {
        jemmapes::ReactionChoice rc;
        if (w[0] == "pivot") rc.facing = facing_named(w[1]);
        else rc.to = m.hex(w[1]);
        const auto r = jemmapes::reaction(x, mover, react_->from, *reactor, rc, t);
        if (!r["allowed"].get<bool>()) throw std::logic_error("offered a reaction not allowed: " + r.dump());
        for (auto& u : pos_.units)
          if (u.combat() && u.hex == h) {
            if (rc.to) u.hex = *rc.to;
            else u.facing = rc.facing;
          }
        if (r["mover_stops"].get<bool>()) react_->stops = true;
        note(m.name(h) + " reacts: " + c + (r["mover_stops"].get<bool>() ? ", " + mover.id + "'s move ends" : ""), t);
      }
      return resume();
    }
    case Stage::Combat: {
      if (c == "end") {
        for (auto& u : pos_.units) u.markers.erase("charge");
        Trace t(scenario_->spec->catalog);
        t.cite("jemmapes:6.0", "the combat segment of " + active_ + " ends");
        note("combat segment ends", t);
        phase_ = "rally";
        return offer_rally();
      }
      if (w[0] == "fire") {
        resolve_fire(split(w[5]), m.hex(w[3]), false);
        return resume();
      }
      Declared d{m.hex(w[1]), split(w[3]), {}, {}, w[5], ""};
      for (std::size_t i = 6; i < w.size(); ++i) {
        if (w[i] == "bayonet") d.bayonet = split(w[++i]);
        else if (w[i] == "charge") {
          for (const auto& id : d.attackers)
            if (pos_.unit(id)->kind == UnitKind::Cavalry && moves_.count(id) && moves_.at(id).size() > 1) d.charging.push_back(id);
        } else if (w[i] == "with") d.commander = w[++i];
      }
      std::string why;
      const auto resp = responses(d, why);
      if (resp.size() == 1) {
        const auto rw = words(resp.front());
        resolve_assault(d, rw[1], std::count(rw.begin(), rw.end(), "countercharge") > 0, rw.size() > 2 && rw[rw.size() - 2] == "with" ? rw.back() : "");
        return resume();
      }
      declared_ = d;
      JemmapesDecision dd;
      dd.kind = "defend";
      dd.side = pos_.unit(resp.size() ? words(resp.front())[1] : d.head)->side;
      dd.rule = "jemmapes:6.2";
      dd.prompt = "name the head unit in " + m.name(d.target) + (d.charging.empty() ? "" : ", counter-charge or not") + ", and a commander's TV";
      dd.choices = resp;
      decision_ = std::move(dd);
      stage_ = Stage::Defend;
      return;
    }
    case Stage::Defend: {
      const Declared d = *declared_;
      declared_.reset();
      resolve_assault(d, w[1], std::count(w.begin(), w.end(), "countercharge") > 0, w.size() > 2 && w[w.size() - 2] == "with" ? w.back() : "");
      return resume();
    }
    case Stage::Retreat: {
      pending_.pop_front();
      Unit* u = unit(w[1]);
      Trace t(scenario_->spec->catalog);
      const auto r = jemmapes::retreat(x, *u, m.hex(w[3]), t);
      const bool zoc = r["result"]["enemy_zoc"].get<bool>();
      u->hex = m.hex(w[3]);
      note(u->id + " retreats to " + w[3], t);
      if (zoc) {
        if (u->level == Level::Rout) {
          const std::string id = u->id, side = u->side;
          steps_lost_[u->formation] += 1;
          u->cp -= x.readings.is("jemmapes.losses.ss_per_step", "2") ? 2 : 1;
          if (u->cp <= 0) remove_unit(id);
          add_vp(other(side), 1, id + " loses a step retreating into an enemy zone of control");
        } else {
          u->level = static_cast<Level>(static_cast<int>(u->level) + 1);
          if (u->level == Level::Rout) pending_.push_front(Pending{"retreat", u->id, u->side, u->hex, {}});
        }
      }
      return resume();
    }
    case Stage::Advance: {
      const Pending pd = pending_.front();
      pending_.pop_front();
      MoveRun r;
      r.unit = pd.unit;
      r.path = {pd.hex};
      r.facing = facing_named(w[2]);
      r.advance = true;
      r.followers = pd.ids;
      start_run(std::move(r));
      return;
    }
    case Stage::Follow: {
      const Pending pd = pending_.front();
      pending_.pop_front();
      if (w[0] == "follow") {
        Unit* u = unit(w[1]);
        const Unit* head = pos_.unit(pd.unit);
        u->hex = pd.hex;
        u->facing = head->facing;
        Trace t(scenario_->spec->catalog);
        t.cite("jemmapes:6.4", u->id + " follows " + pd.unit + " into " + m.name(pd.hex));
        note(u->id + " follows into " + m.name(pd.hex), t);
      }
      return resume();
    }
    case Stage::Place: {
      pending_.pop_front();
      Unit* cmd = unit(w[1]);
      cmd->hex = m.hex(w[3]);
      Trace t(scenario_->spec->catalog);
      t.cite("jemmapes:8.0", cmd->id + " is placed on a friendly unit at " + w[3]);
      note(cmd->id + " is placed at " + w[3], t);
      return resume();
    }
    default:
      throw std::logic_error("no combat-stage decision awaited");
  }
}

// A fire (6.1, 6.1.2): the 2D6 on the Fire Table under the shooters' column, the result applied
// to the units in the target hex (the mover first for a reaction fire), commanders stacked with
// them tested if it brings a result (8.0).
void JemmapesGame::resolve_fire(const std::vector<std::string>& ids, Hex target, bool reaction) {
  const auto x = context();
  const auto& m = scenario_->map;
  Trace t(scenario_->spec->catalog);
  jemmapes::FireInput in;
  for (const auto& id : ids) in.shooters.push_back(pos_.unit(id));
  in.target = target;
  if (!reaction)
    if (auto it = already_.find(target); it != already_.end()) in.already = it->second;
  const auto set = jemmapes::fire_setup(x, in, t);
  if (!set.legal) throw std::logic_error("offered a fire not allowed: " + set.reason);
  const int dice = roll_2d6(dice_, "jemmapes:6.1.2", "fire at " + m.name(target));
  const auto r = jemmapes::fire_table(x, set.column, dice + set.sum, t);
  std::vector<const Unit*> targets;
  for (const auto& u : pos_.units)
    if (u.combat() && u.hex == target) targets.push_back(&u);
  if (reaction && run_) std::stable_partition(targets.begin(), targets.end(), [&](const Unit* v) { return v->id == run_->unit; });
  const auto after = plain(jemmapes::apply_result(x, r.defender, targets, {}, dice_, t));
  if (!reaction) {
    already_[target].push_back(set.type + " fire");
    for (const auto& id : ids) fought_.insert(id);
  }
  note(std::string(reaction ? "reaction " : "") + set.type + " fire at " + m.name(target) + " by " + join(ids) + ": " + std::to_string(dice) + (set.sum >= 0 ? "+" : "") +
           std::to_string(set.sum) + ", " + r.defender.text,
       t);
  const std::string side = targets.empty() ? "" : targets.front()->side;
  const auto near = r.defender.none() ? std::vector<std::string>{} : commanders_in(pos_, side, {target});
  commit(after);
  bool lost = false, all = !after.empty();
  for (const auto& a : after) lost = lost || a.steps > 0, all = all && a.destroyed;
  for (const auto& c : near) {
    if (over_) return;
    commander_test(c, lost, all, false);
  }
}

// An assault (6.2): the defender's answer taken, charge markers on the charging cavalry
// (5.3.2), the 2D6 on the Assault Table, both sides' results applied with the chargers' extra
// level, commanders stacked with the units tested (8.0), retreats and the advance owed (6.4).
void JemmapesGame::resolve_assault(const Declared& d, const std::string& defender_head, bool countercharge, const std::string& defender_commander) {
  const auto& m = scenario_->map;
  for (auto& u : pos_.units)
    if (std::count(d.charging.begin(), d.charging.end(), u.id)) u.markers.insert("charge");
  const auto x = context();
  Trace t(scenario_->spec->catalog);
  jemmapes::AssaultInput in;
  for (const auto& id : d.attackers) in.attackers.push_back(pos_.unit(id));
  in.target = d.target;
  in.attacker_head = pos_.unit(d.head);
  in.defender_head = pos_.unit(defender_head);
  if (!d.commander.empty()) in.attacker_commander = pos_.unit(d.commander);
  if (!defender_commander.empty()) in.defender_commander = pos_.unit(defender_commander);
  for (const auto& id : d.bayonet) in.bayonet.push_back(pos_.unit(id));
  in.countercharge = countercharge;
  for (const auto& [h, what] : already_) in.engaged.push_back(h);
  if (auto it = already_.find(d.target); it != already_.end()) in.already = it->second;
  for (const auto& id : d.charging) in.charge_moves[id] = moves_.at(id);
  const auto set = jemmapes::assault_setup(x, in, t);
  if (!set.legal) throw std::logic_error("offered an assault not allowed: " + set.reason);
  already_[d.target].push_back("assault");
  for (const auto& id : d.attackers) fought_.insert(id);
  const std::string att_side = in.attacker_head->side, def_side = other(att_side);
  std::vector<Hex> att_hexes, def_hexes{d.target};
  for (const Unit* a : in.attackers) att_hexes.push_back(a->hex);
  std::vector<std::string> alive;
  if (set.artillery_destroyed) {
    std::vector<After> gone;
    for (const Unit* u : set.defenders) gone.push_back({u->id, u->side, u->formation, u->level, 0, u->cp, true, false, u->hex});
    note("assault on " + m.name(d.target) + " by " + join(d.attackers) + ": the artillery alone there is destroyed", t);
    const auto near = commanders_in(pos_, def_side, def_hexes);
    commit(gone);
    for (const auto& c : near)
      if (!over_) commander_test(c, true, true, false);
    alive = d.attackers;
  } else {
    const int dice = roll_2d6(dice_, "jemmapes:6.2", "assault on " + m.name(d.target));
    const auto r = jemmapes::assault_table(x, dice + set.capped, t);
    std::vector<const Unit*> att{in.attacker_head}, def{in.defender_head};
    for (const Unit* u : in.attackers)
      if (u != in.attacker_head) att.push_back(u);
    for (const Unit* u : set.defenders)
      if (u != in.defender_head) def.push_back(u);
    const auto a_after = plain(jemmapes::apply_result(x, r.attacker, att, set.extra_level, dice_, t));
    const auto d_after = plain(jemmapes::apply_result(x, r.defender, def, set.extra_level, dice_, t));
    note("assault on " + m.name(d.target) + " by " + join(d.attackers) + " (" + set.ratio + "): " + std::to_string(dice) + (set.capped >= 0 ? "+" : "") +
             std::to_string(set.capped) + ", attacker " + r.attacker.text + ", defender " + r.defender.text,
         t);
    const auto att_near = commanders_in(pos_, att_side, att_hexes), def_near = commanders_in(pos_, def_side, def_hexes);
    for (const auto& a : a_after)
      if (!a.destroyed && !a.retreats) alive.push_back(a.id);
    commit(d_after);
    commit(a_after);
    for (const auto& [near, after] : {std::make_pair(att_near, a_after), std::make_pair(def_near, d_after)}) {
      bool lost = false;
      for (const auto& a : after) lost = lost || a.steps > 0;
      for (const auto& c : near) {
        if (over_) return;
        const Unit* cu = pos_.unit(c);
        if (!cu) continue;
        bool all = true, any = false;
        for (const auto& a : after)
          if (a.hex == cu->hex) any = true, all = all && a.destroyed;
        commander_test(c, lost, any && all, false);
      }
    }
  }
  for (auto& u : pos_.units) u.markers.erase("charge");
  if (over_) return;
  // The advance after combat, owed once the retreats are made: the head unit if it stands.
  if (std::count(alive.begin(), alive.end(), d.head)) {
    std::vector<std::string> followers;
    for (const auto& id : alive)
      if (id != d.head) followers.push_back(id);
    std::stable_partition(followers.begin(), followers.end(), [&](const std::string& id) { return std::count(set.extra_level.begin(), set.extra_level.end(), id) > 0; });
    pending_.push_back(Pending{"advance-check", d.head, att_side, d.target, followers});
  }
}

// Applies results to the position: levels, SS, steps lost (1 VP each to the other side, 9.3, and
// counted for 4.2.2), the destroyed removed, the retreats owed (6.3).
void JemmapesGame::commit(const std::vector<After>& after) {
  for (const auto& a : after) {
    Unit* u = nullptr;
    for (auto& v : pos_.units)
      if (v.id == a.id) u = &v;
    if (!u) continue;
    u->level = a.level;
    u->cp = a.cp;
    if (a.steps) steps_lost_[a.formation] += a.steps;
    if (a.destroyed) remove_unit(a.id);
    else if (a.retreats) pending_.push_back(Pending{"retreat", a.id, a.side, a.hex, {}});
    if (a.steps) add_vp(other(a.side), a.steps, a.id + " loses " + std::to_string(a.steps) + " step(s)");
    if (over_) return;
  }
}

// A commander's elimination test (8.0 and its table); eliminated or overrun he is placed on a
// friendly unit by his player (his formation's, for a formation commander); the Austrian
// commander in chief's elimination gives the French 1 VP (9.3).
void JemmapesGame::commander_test(const std::string& id, bool step_lost, bool units_destroyed, bool overrun) {
  const auto x = context();
  Trace t(scenario_->spec->catalog);
  const Unit* c = pos_.unit(id);
  const auto oc = jemmapes::elimination_modifiers(x, step_lost, units_destroyed, t);
  const int dice = roll_2d6(dice_, "jemmapes:8.0", "elimination test, " + id);
  const std::string r = jemmapes::threshold_result(x, "jemmapes:table.commander-elimination", dice + oc.sum, t);
  const bool gone = r.find("Eliminated") != std::string::npos;
  t.cite("jemmapes:8.0", id + "'s elimination test: " + std::to_string(dice) + "+" + std::to_string(oc.sum) + (gone ? ": eliminated, a replacement is placed at once" : ": no effect"));
  note(id + " tests for elimination: " + std::to_string(dice) + "+" + std::to_string(oc.sum) + (gone ? ", eliminated" : ", no effect"), t);
  const bool general = c->general;
  const std::string side = c->side;
  if (gone || overrun) pending_.push_back(Pending{"place", id, side, c->hex, {}});
  if (gone && general && side == "austrian") add_vp("french", 1, "the Austrian commander in chief is eliminated");
}

void JemmapesGame::remove_unit(const std::string& id) {
  pos_.units.erase(std::remove_if(pos_.units.begin(), pos_.units.end(), [&](const Unit& v) { return v.id == id; }), pos_.units.end());
}

}  // namespace hexlaw::play
