// Owns: the played Jemmapes combat segment (see jemmapes_game.h): its fires and assaults
// (jemmapes:6.0-6.2) with charges and counter-charges (5.3), offered only when every throw reads
// a printed cell; the choices of the reaction, combat and follow-up stages; the results applied
// (6.3) and commanders' elimination tests (8.0). Every legality and result is engine/jemmapes's.
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

// The combat segment's decision (6.0): each fire and assault the active formation may make whose
// dice can read a printed cell whose result can be carried out (a throw that reads a lost cell is
// refused when it is rolled, choose()); those no throw can play in `refused`, by name.
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
  using K = JemmapesActionKind;
  d.add(K::End, m);
  const bool once = x.readings.is(jemmapes::reading::combat_unit_once_per_activation_true);
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
        const JemmapesAction fire{.kind = K::Fire, .units = g, .hex = target, .type = k};
        if (!set.legal) continue;
        std::vector<const Unit*> tested;
        for (const Unit* v : pos_.units_at(target))
          if (v->combat()) tested.push_back(v);
        const auto p = playability(x, set.sum, [&](int total) { return std::vector<jemmapes::CombatResult>{jemmapes::fire_table(x, set.column, total, off).defender}; }, {tested.front()});
        if (p.any()) d.add(fire, m);
        else d.refuse(fire, m, p.refusal + "; no throw of the dice can be played");
      }
    }
    // Assaults.
    std::vector<std::string> can;
    for (const Unit* u : mine)
      if (distance(u->hex, target) == 1 && jemmapes::exerts_zoc_into(x, *u, target, off, true) &&
          !(u->level == Level::Rout && x.readings.is(jemmapes::reading::rout_zoc_and_combat_none)))
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
        const std::vector<std::string> cavalry = moved_cavalry(g);
        std::vector<std::vector<std::string>> charges{{}};
        if (!cavalry.empty()) charges.push_back(cavalry);
        // Commanders lending their TV (one a side, 6.2).
        std::vector<std::string> cmds{""};
        const bool adjacent = x.readings.is(jemmapes::reading::assault_commander_tv_reach_adjacent);
        for (const auto& c : pos_.units)
          if (!c.combat() && c.side == f.side && c.tv)
            for (const auto& o : g)
              if (distance(pos_.unit(o)->hex, c.hex) <= (adjacent ? 1 : 0)) {
                cmds.push_back(c.id);
                break;
              }
        for (const auto& b : bayonets)
          for (const auto& ch : charges)
            for (const auto& c : cmds)
              decls.push_back(Declared{target, g, b, ch, head, c,
                                       JemmapesAction{.kind = K::Assault, .unit = head, .commander = c, .units = g, .bayonet = b, .hex = target, .flag = !ch.empty()}});
      }
      for (const auto& decl : decls) {
        std::string why;
        const auto resp = responses(decl, why);
        if (!resp.empty()) d.add(decl.action, m);
        else if (!why.empty()) d.refuse(decl.action, m, why);
      }
    }
  } catch (const RuleRefusal& e) {
    // Terrain the cut table does not print, at or around the target.
    d.refused.push_back("combat at " + m.name(target) + ": " + e.what());
  }
  // Each choice once (a group may be offered twice when it has three units or fewer).
  for (std::size_t i = 1; i < d.actions.size(); ++i)
    if (std::find(d.actions.begin(), d.actions.begin() + static_cast<std::ptrdiff_t>(i), d.actions[i]) != d.actions.begin() + static_cast<std::ptrdiff_t>(i))
      throw std::logic_error("the combat decision offers '" + d.choices[i] + "' twice");
  decision_ = std::move(d);
  stage_ = Stage::Combat;
}

// The defender's possible answers to a declared assault (head unit, counter-charge, a
// commander's TV), each legal and with some throw that reads a printed cell whose results can be
// carried out; `why` is set when the assault is illegal or no answer has such a throw (the
// assault is then not offered).
std::vector<JemmapesAction> JemmapesGame::responses(const Declared& d, std::string& why) const {
  jemmapes::Position p = pos_;
  for (auto& u : p.units)
    if (std::count(d.charging.begin(), d.charging.end(), u.id)) u.markers.insert("charge");
  const jemmapes::Context x{scenario_->map, scenario_->spec->tables, scenario_->spec->catalog, readings_, p};
  Trace off(Trace::Off{}, scenario_->spec->catalog);
  std::vector<const Unit*> defenders;
  for (const auto& u : p.units)
    if (u.combat() && u.hex == d.target && u.side != p.unit(d.head)->side) defenders.push_back(&u);
  const bool adjacent = x.readings.is(jemmapes::reading::assault_commander_tv_reach_adjacent);
  std::vector<std::string> cmds{""};
  for (const auto& c : p.units)
    if (!c.combat() && c.tv && !defenders.empty() && c.side == defenders.front()->side && distance(c.hex, d.target) <= (adjacent ? 1 : 0)) cmds.push_back(c.id);
  std::vector<JemmapesAction> out;
  std::string unplayed;  // the first answer's refusal, when no answer can be played
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
        if (set.artillery_destroyed) return {JemmapesAction{.kind = JemmapesActionKind::Head, .unit = head->id}};
        std::vector<const Unit*> tested{in.attacker_head, head};
        const auto p = playability(x, set.capped, [&](int total) {
          const auto r = jemmapes::assault_table(x, total, off);
          return std::vector<jemmapes::CombatResult>{r.attacker, r.defender};
        }, tested);
        if (!p.any()) {
          if (unplayed.empty()) unplayed = p.refusal;
          continue;
        }
        out.push_back(JemmapesAction{.kind = JemmapesActionKind::Head, .unit = head->id, .commander = cmd, .flag = cc});
      }
  if (out.empty() && !unplayed.empty()) why = unplayed + "; no throw of the dice can be played";
  return out;
}

std::vector<std::string> JemmapesGame::moved_cavalry(const std::vector<std::string>& attackers) const {
  std::vector<std::string> out;
  for (const auto& o : attackers)
    if (pos_.unit(o)->kind == UnitKind::Cavalry && moves_.count(o) && moves_.at(o).size() > 1) out.push_back(o);
  return out;
}

// Applies a choice of the reaction, combat, defend, retreat, advance, follow or place stages.
void JemmapesGame::apply_combat_stage(const JemmapesAction& a) {
  const auto& m = scenario_->map;
  const auto x = context();
  using K = JemmapesActionKind;
  switch (stage_) {
    case Stage::Reaction: {
      const Hex h = react_->stacks.front();
      react_->stacks.erase(react_->stacks.begin());
      Unit& mover = *unit(run_->unit);
      const Unit* reactor = nullptr;
      for (const auto& u : pos_.units)
        if (u.combat() && u.hex == h) reactor = &u;
      Trace t(scenario_->spec->catalog);
      if (a.kind == K::None) {
        t.cite("jemmapes:5.2"_rule, "the stack at " + m.name(h) + " does not react");
        note("no reaction from " + m.name(h), t);
      } else if (a.kind == K::ReactFire) {
        const std::string type = jemmapes::to_string(a.type);
        react_->stops = true;
        for (const auto& u : pos_.units)
          if (u.combat() && u.hex == h && u.kind == a.type) react_->fire[type].push_back(u.id);
        t.cite("jemmapes:5.2"_rule, "the " + type + " at " + m.name(h) + " fires in reaction: " + mover.id + "'s move ends");
        note(m.name(h) + " reacts by fire", t);
      } else {
        jemmapes::ReactionChoice rc;
        if (a.kind == K::Pivot) rc.facing = *a.facing;
        else rc.to = a.hex;
        const auto r = jemmapes::reaction(x, mover, react_->from, *reactor, rc, t, reaction_facts(*reactor));
        if (!r["allowed"].get<bool>()) throw std::logic_error("offered a reaction not allowed: " + r.dump());
        // A step in among friends takes their facing (jemmapes:1.3, as the answer says).
        const std::optional<Direction> joined = rc.to ? pos_.stack_facing(*rc.to, reactor->side) : std::nullopt;
        for (auto& u : pos_.units)
          if (u.combat() && u.hex == h) {
            if (rc.to) u.hex = *rc.to, u.facing = joined.value_or(u.facing);
            else u.facing = rc.facing;
          }
        if (r["mover_stops"].get<bool>()) react_->stops = true;
        note(m.name(h) + " reacts: " + to_text(a, m) + (r["mover_stops"].get<bool>() ? ", " + mover.id + "'s move ends" : ""), t);
      }
      return resume();
    }
    case Stage::Combat: {
      if (a.kind == K::End) {
        for (auto& u : pos_.units) u.markers.erase("charge");
        Trace t(scenario_->spec->catalog);
        t.cite("jemmapes:6.0"_rule, "the combat segment of " + active_ + " ends");
        note("combat segment ends", t);
        phase_ = "rally";
        return offer_rally();
      }
      if (a.kind == K::Fire) {
        resolve_fire(a.units, a.hex, false);
        return resume();
      }
      Declared d{a.hex, a.units, a.bayonet, a.flag ? moved_cavalry(a.units) : std::vector<std::string>{}, a.unit, a.commander, a};
      std::string why;
      const auto resp = responses(d, why);
      if (resp.size() == 1) {
        resolve_assault(d, resp.front().unit, resp.front().flag, resp.front().commander);
        return resume();
      }
      // The game as it stands before the declaration, to come back to if the throw leaves the
      // defender no answer (choose()); the copy keeps no older one.
      before_declared_.reset();
      auto before = std::make_shared<JemmapesGame>(*this);
      before->log_.decisions.pop_back();  // the declaration, logged as it is taken
      before_declared_ = std::move(before);
      declared_ = d;
      JemmapesDecision dd;
      dd.kind = "defend";
      dd.side = pos_.unit(resp.size() ? resp.front().unit : d.head)->side;
      dd.rule = "jemmapes:6.2";
      dd.prompt = "name the head unit in " + m.name(d.target) + (d.charging.empty() ? "" : ", counter-charge or not") + ", and a commander's TV";
      for (const auto& r : resp) dd.add(r, m);
      decision_ = std::move(dd);
      stage_ = Stage::Defend;
      return;
    }
    case Stage::Defend: {
      const Declared d = *declared_;
      declared_.reset();
      before_declared_.reset();
      resolve_assault(d, a.unit, a.flag, a.commander);
      return resume();
    }
    case Stage::Retreat: {
      pending_.pop_front();
      Unit* u = unit(a.unit);
      Trace t(scenario_->spec->catalog);
      const auto r = jemmapes::retreat(x, *u, a.hex, t);
      const bool zoc = r["result"]["enemy_zoc"].get<bool>();
      u->hex = a.hex;
      if (const auto joined = pos_.stack_facing(a.hex, u->side, u->id)) u->facing = *joined;  // jemmapes:1.3, as the answer says
      note(u->id + " retreats to " + m.name(a.hex), t);
      if (zoc) {
        if (u->level == Level::Rout) {
          const std::string id = u->id, side = u->side;
          lose_steps(u->formation, 1);
          u->cp -= x.readings.is(jemmapes::reading::losses_ss_per_step_2) ? 2 : 1;
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
      r.facing = *a.facing;
      r.advance = true;
      r.followers = pd.ids;
      start_run(std::move(r));
      return;
    }
    case Stage::Follow: {
      const Pending pd = pending_.front();
      pending_.pop_front();
      if (a.kind == K::Follow) {
        Unit* u = unit(a.unit);
        const Unit* head = pos_.unit(pd.unit);
        u->hex = pd.hex;
        u->facing = head->facing;
        Trace t(scenario_->spec->catalog);
        t.cite("jemmapes:6.4"_rule, u->id + " follows " + pd.unit + " into " + m.name(pd.hex));
        note(u->id + " follows into " + m.name(pd.hex), t);
      }
      return resume();
    }
    case Stage::Place: {
      pending_.pop_front();
      Unit* cmd = unit(a.unit);
      cmd->hex = a.hex;
      Trace t(scenario_->spec->catalog);
      t.cite("jemmapes:8.0"_rule, cmd->id + " is placed on a friendly unit at " + m.name(a.hex));
      note(cmd->id + " is placed at " + m.name(a.hex), t);
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
  note_attacked(target, in.shooters.front()->side);  // d'Harville's release (9.2), jemmapes_scenario_play.cc
  const int dice = roll_2d6(dice_, "jemmapes:6.1.2", "fire at " + m.name(target));
  // A lost cell refuses the fire by name here (the game goes back to before it, choose()).
  const auto r = jemmapes::fire_table(x, set.column, dice + set.sum, t);
  std::vector<const Unit*> targets;
  for (const auto& u : pos_.units)
    if (u.combat() && u.hex == target) targets.push_back(&u);
  if (reaction && run_) std::stable_partition(targets.begin(), targets.end(), [&](const Unit* v) { return v->id == run_->unit; });
  if (const std::string why = carry_out_refusal(x, {r.defender}, {targets.front()}, dice); !why.empty())
    throw RuleRefusal("jemmapes:6.3", why.substr(std::string("jemmapes:6.3: ").size()));
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
  note_attacked(d.target, in.attacker_head->side);  // d'Harville's release (9.2), jemmapes_scenario_play.cc
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
    // A lost cell, or a result the readings cannot carry out, refuses the assault by name here
    // (the game goes back to before it, choose()).
    const auto r = jemmapes::assault_table(x, dice + set.capped, t);
    if (const std::string why = carry_out_refusal(x, {r.attacker, r.defender}, {in.attacker_head, in.defender_head}, dice); !why.empty())
      throw RuleRefusal("jemmapes:6.3", why.substr(std::string("jemmapes:6.3: ").size()));
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
    if (a.steps) lose_steps(a.formation, a.steps);
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
  t.cite("jemmapes:8.0"_rule, id + "'s elimination test: " + std::to_string(dice) + "+" + std::to_string(oc.sum) + (gone ? ": eliminated, a replacement is placed at once" : ": no effect"));
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
