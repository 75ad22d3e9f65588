// Owns: the played Jemmapes round (see jemmapes_game.h): its steps in the order of jemmapes:2.0,
// the decisions offered, the dice rolled and the record kept.
#include "engine/play/jemmapes_game.h"

#include <algorithm>
#include <stdexcept>

#include "engine/core/errors.h"
#include "engine/core/yaml_read.h"
#include "engine/jemmapes/command.h"
#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/movement.h"

namespace hexlaw::play {
namespace {

using jemmapes::Level;
using jemmapes::Order;
using jemmapes::Unit;
using jemmapes::UnitKind;

std::string other_side(const std::string& s) { return s == "french" ? "austrian" : "french"; }

int roll_2d6(DiceSource& dice, const char* rule, const std::string& purpose) {
  return dice.roll(6, rule, purpose) + dice.roll(6, rule, purpose);
}

Level worse(Level l) { return l == Level::Rout ? Level::Rout : static_cast<Level>(static_cast<int>(l) + 1); }

}  // namespace

JemmapesGame::JemmapesGame(std::shared_ptr<const JemmapesScenario> scenario, std::uint64_t seed)
    // The readings resolve once here; an unknown switch or reading is std::invalid_argument.
    : scenario_(std::move(scenario)), readings_(scenario_->interpretations), pos_(scenario_->position), dice_(seed) {
  if (!scenario_->map.bounds()) throw std::invalid_argument("a Jemmapes scenario's map needs bounds (the rout edges, jemmapes:5.4)");
  log_.scenario = scenario_->name;
  log_.seed = seed;
  pos_.round = 1;
  mark_occupied();
  start_round();
}

// After the end, asking for the decision or choosing is the caller's mistake (Python:
// ValueError, as for the standard game), never an internal error.
const JemmapesDecision& JemmapesGame::decision() const {
  if (over_) throw std::invalid_argument("the game is over; no decision is awaited");
  return decision_;
}

void JemmapesGame::choose(std::size_t i) {
  if (over_) throw std::invalid_argument("the game is over; no decision is awaited");
  if (i >= decision_.choices.size())
    throw std::invalid_argument("choice index " + std::to_string(i) + " is out of range (0.." + std::to_string(decision_.choices.size() - 1) + ")");
  // A refusal met while carrying out the choice (terrain the cut table lacks on a retreat's or a
  // step's way) leaves the game as it was and refuses the choice by name.
  const bool risky = stage_ != Stage::OrderChange && stage_ != Stage::Initiative && stage_ != Stage::Activate && stage_ != Stage::MoveSelect;
  std::optional<JemmapesGame> before;
  if (risky) before.emplace(*this);
  const std::string c = decision_.choices[i];
  log_.decisions.push_back(c);
  try {
    apply(i);
  } catch (const RuleRefusal& e) {
    if (!before) throw;
    // The game as it was, dice included; the choice is refused from now on. A defender left
    // with no answer the throw can read takes the attacker back to before the assault.
    const std::string why = e.what();
    const bool defend = before->stage_ == Stage::Defend;
    std::shared_ptr<const JemmapesGame> declared = before->before_declared_;
    const std::optional<Declared> assault_declared = before->declared_;
    *this = std::move(*before);
    if (decision_.choices.size() > 1) {
      decision_.refused.push_back(c + ": " + why);
      decision_.choices.erase(decision_.choices.begin() + static_cast<std::ptrdiff_t>(i));
      decision_.actions.erase(decision_.actions.begin() + static_cast<std::ptrdiff_t>(i));
      throw JemmapesChoiceRefused("'" + c + "' is refused: " + why);
    }
    if (defend && declared && assault_declared) {
      const std::string assault = to_text(assault_declared->action, scenario_->map);
      *this = *declared;
      before_declared_.reset();
      const auto at = std::find(decision_.choices.begin(), decision_.choices.end(), assault);
      if (at != decision_.choices.end()) {
        const auto k = at - decision_.choices.begin();
        decision_.refused.push_back(assault + ": " + why + " (with this throw every answer of the defender is refused)");
        decision_.choices.erase(at);
        decision_.actions.erase(decision_.actions.begin() + k);
      }
      throw JemmapesChoiceRefused("'" + c + "' is refused: " + why + "; '" + assault + "' is refused with it");
    }
    throw std::invalid_argument("'" + c + "' is refused: " + why);
  }
  mark_occupied();  // retreats, advances and reaction moves end in objective hexes too (9.3)
}

// Reads `text` as an action (jemmapes_action.h) and takes the offered action equal to it.
void JemmapesGame::choose(const std::string& text) {
  const auto& c = decision().choices;
  std::optional<JemmapesAction> a;
  std::string why;
  try {
    a = parse_jemmapes_action(text, scenario_->map);
  } catch (const std::invalid_argument& e) {
    why = std::string(e.what()) + "; ";
  }
  const auto& acts = decision_.actions;
  const auto it = a ? std::find(acts.begin(), acts.end(), *a) : acts.end();
  if (it == acts.end()) {
    for (const auto& r : decision_.refused)
      if (r.rfind(text + ": ", 0) == 0) throw std::invalid_argument("'" + text + "' is refused: " + r.substr(text.size() + 2));
    std::string list;
    for (const auto& x : c) list += (list.empty() ? "" : ", ") + x;
    throw std::invalid_argument(why + "'" + text + "' is not a legal choice of this " + decision_.kind + " decision (one of: " + list + ")");
  }
  choose(static_cast<std::size_t>(it - acts.begin()));
}

std::vector<std::string> JemmapesGame::rules_applied() const {
  std::vector<std::string> out;
  for (const auto& e : record_)
    for (const auto& r : e.rules)
      if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  return out;
}

void JemmapesGame::note(const std::string& text, const Trace& t) { record_.push_back({pos_.round, phase_, text, t.citations()}); }

Unit* JemmapesGame::unit(const std::string& id) {
  for (auto& u : pos_.units)
    if (u.id == id) return &u;
  throw std::logic_error("no unit " + id);
}

std::vector<std::string> JemmapesGame::formations_of(const std::string& side) const {
  std::vector<std::string> out;
  for (const auto& [id, f] : pos_.formations)
    if (f.side == side) out.push_back(id);
  return out;
}

// Awards `n` VP to `to_side` on the net track; the French win at +8 at once (jemmapes:9.3).
void JemmapesGame::add_vp(const std::string& to_side, int n, const std::string& why) {
  if (n <= 0) return;
  vp_ += to_side == "french" ? n : -n;
  Trace t(scenario_->spec->catalog);
  t.cite("jemmapes:9.3"_rule, why + ": " + std::to_string(n) + " VP to the " + to_side + " side, net score " + std::to_string(vp_));
  note(why, t);
  if (vp_ >= 8 && !over_) {
    over_ = true, winner_ = "french", stage_ = Stage::Over;
    Trace w(scenario_->spec->catalog);
    w.cite("jemmapes:9.3"_rule, "the French reach 8 VP: they win at once");
    note("the French win", w);
  }
}

// Phase A opens: the voluntary attempts, French formations first (jemmapes:4.2.1).
void JemmapesGame::start_round() {
  phase_ = "command";
  general_cv_used_ = false;
  activated_.clear();
  order_queue_ = formations_of("french");
  for (const auto& f : formations_of("austrian")) order_queue_.push_back(f);
  Trace t(scenario_->spec->catalog);
  // RULE jemmapes:2.0 — the played round: command (voluntary then involuntary), initiative, alternating activations with no passing (command verification, movement with reactions, combat, rally), final phase
  t.cite("jemmapes:2.0"_rule, "round " + std::to_string(pos_.round) + " opens with the command phase");
  note("round " + std::to_string(pos_.round) + " begins", t);
  for (const auto& entry : pos_.formations)
    if (const auto barred = activation_barred(entry.first)) {
      // The printed scenario's waits (9.1.1, 9.2), as the round opens.
      Trace w(scenario_->spec->catalog);
      w.cite(barred->rule, barred->reason);
      note(entry.first + " may not be activated this round as it opens", w);
    }
  offer_order_change();
}

void JemmapesGame::offer_order_change() {
  if (order_queue_.empty()) return involuntary_segment();
  const auto& f = pos_.formations.at(order_queue_.front());
  JemmapesDecision d;
  d.kind = "order-change";
  d.side = f.side;
  d.unit = f.id;
  d.rule = "jemmapes:4.2.1";
  d.prompt = "formation " + f.id + " (" + jemmapes::to_string(f.order) + "): keep its order or attempt a change";
  const auto& m = scenario_->map;
  d.add(JemmapesActionKind::Keep, m);
  bool general = false;
  for (const auto& u : pos_.units) general = general || (u.general && u.side == f.side && u.cv);
  bool any = false;
  for (const Order o : {Order::Offensive, Order::Manoeuvre, Order::Defensive}) {
    if (o == f.order) continue;
    // The printed scenario may keep this order this round (9.1.4, 9.2): the attempt is refused.
    if (const auto barred = order_change_barred(f, o)) {
      d.refuse(JemmapesAction{.kind = JemmapesActionKind::Attempt, .order = o}, m, barred->rule + ": " + barred->reason);
      continue;
    }
    any = true;
    d.add(JemmapesAction{.kind = JemmapesActionKind::Attempt, .order = o}, m);
    if (general && !general_cv_used_) d.add(JemmapesAction{.kind = JemmapesActionKind::Attempt, .order = o, .flag = true}, m);
  }
  if (!any) {
    Trace t(scenario_->spec->catalog);
    const Order other = f.order == Order::Offensive ? Order::Manoeuvre : Order::Offensive;
    const auto barred = order_change_barred(f, other);
    if (barred) t.cite(barred->rule, barred->reason);
    note(f.id + " may not attempt a change of order this round", t);
  }
  decision_ = std::move(d);
  stage_ = Stage::OrderChange;
}

// The involuntary segment: every formation with a step lost (since the start) or a unit in rout
// tests; on a demoralisation its order becomes the state of demoralisation (jemmapes:4.2.2).
void JemmapesGame::involuntary_segment() {
  const auto x = context();
  for (const std::string side : {"french", "austrian"})
    for (const auto& id : formations_of(side)) {
      auto& f = pos_.formations.at(id);
      Trace t(scenario_->spec->catalog);
      bool must = false;
      const int steps = jemmapes::involuntary_steps(x, steps_lost_[id], steps_lost_round_[id], t);
      const auto oc = jemmapes::involuntary_change(x, f, steps, french_late(), must, t);
      if (!must) continue;
      const int d = roll_2d6(dice_, "jemmapes:4.2.2", "involuntary change of order, " + id);
      const std::string r = jemmapes::threshold_result(x, "jemmapes:table.involuntary-order-change", d + oc.sum, t);
      const bool demo = r.find("Demoralisation") != std::string::npos;
      if (demo) f.order = Order::Demoralised;
      note(id + " tests for demoralisation: " + std::to_string(d) + (oc.sum >= 0 ? "+" : "") + std::to_string(oc.sum) + ", " + (demo ? "demoralised" : "no effect"), t);
    }
  steps_lost_round_.clear();  // the window of jemmapes.order_change.involuntary_loss_window = last_round starts again
  roll_initiative();
}

// Phase B: a die each plus the commanding general's CV, ties rolled again; the dice go to the
// sides in the order of their names (the catalog's ruling on jemmapes:2.0).
void JemmapesGame::roll_initiative() {
  phase_ = "initiative";
  int cv[2] = {0, 0};
  const char* sides[2] = {"austrian", "french"};
  for (const auto& u : pos_.units)
    if (u.general && u.cv) cv[u.side == "french"] = *u.cv;
  Trace t(scenario_->spec->catalog);
  int a = 0, b = 0;
  do {
    a = dice_.roll(6, "jemmapes:2.0", "initiative, austrian") + cv[0];
    b = dice_.roll(6, "jemmapes:2.0", "initiative, french") + cv[1];
    t.cite("jemmapes:2.0"_rule, "initiative: austrian " + std::to_string(a) + ", french " + std::to_string(b) + (a == b ? ": tied, rolled again" : ""));
  } while (a == b);
  initiative_winner_ = sides[b > a];
  note(initiative_winner_ + " wins the initiative", t);
  JemmapesDecision d;
  d.kind = "initiative";
  d.side = initiative_winner_;
  d.rule = "jemmapes:2.0";
  d.prompt = "keep the initiative (activate a formation first) or pass it";
  d.add(JemmapesActionKind::Keep, scenario_->map);
  d.add(JemmapesActionKind::Pass, scenario_->map);
  decision_ = std::move(d);
  stage_ = Stage::Initiative;
}

// Whose formation goes next: the side to move, or the other when it has none left (the
// catalog's ruling on jemmapes:2.0).
std::string JemmapesGame::next_to_activate() const {
  for (const std::string& s : {to_move_, other_side(to_move_)})
    for (const auto& id : formations_of(s))
      if (!activated_.count(id) && !activation_barred(id)) return s;
  return "";
}

void JemmapesGame::offer_activation() {
  phase_ = "activation";
  const std::string side = next_to_activate();
  if (side.empty()) return final_phase();
  to_move_ = side;
  JemmapesDecision d;
  d.kind = "activate";
  d.side = side;
  d.rule = "jemmapes:2.0";
  d.prompt = "activate one of your formations not yet activated this round";
  for (const auto& id : formations_of(side)) {
    if (activated_.count(id)) continue;
    const JemmapesAction a{.kind = JemmapesActionKind::Activate, .unit = id};
    if (const auto barred = activation_barred(id)) d.refuse(a, scenario_->map, barred->rule + ": " + barred->reason);
    else d.add(a, scenario_->map);
  }
  decision_ = std::move(d);
  stage_ = Stage::Activate;
}

// The command verification segment: each unit of the formation is commanded or takes the
// non-commanded marker until the formation's next activation (jemmapes:3.1).
void JemmapesGame::begin_activation(const std::string& formation) {
  active_ = formation;
  ++activations_[pos_.round][formation];
  moved_.clear();
  rallied_.clear();
  tv_lent_.clear();
  moves_.clear();
  already_.clear();
  fought_.clear();
  const auto x = context();
  Trace t(scenario_->spec->catalog);
  t.cite("jemmapes:2.0"_rule, formation + " is activated: command verification, movement, combat, rally");
  std::vector<std::pair<std::string, bool>> verdicts;
  for (const auto& u : pos_.units)
    if (u.combat() && u.formation == formation) verdicts.emplace_back(u.id, jemmapes::line_of_command(x, u, t)["commanded"].get<bool>());
  std::string out;
  for (const auto& [id, ok] : verdicts) {
    Unit* u = unit(id);
    if (ok) u->markers.erase("noncommanded");
    else u->markers.insert("noncommanded"), out += (out.empty() ? "" : ", ") + id;
  }
  note(formation + " activated" + (out.empty() ? ", every unit commanded" : "; not commanded: " + out), t);
  phase_ = "movement";
  offer_move_select();
}

void JemmapesGame::offer_move_select() {
  const auto& f = pos_.formations.at(active_);
  JemmapesDecision d;
  d.kind = "move-select";
  d.side = f.side;
  d.rule = "jemmapes:5.1";
  d.prompt = "move a unit of " + active_ + ", or end the movement segment";
  d.add(JemmapesActionKind::End, scenario_->map);
  for (const auto& u : pos_.units) {
    if (u.side != f.side || moved_.count(u.id) || (u.combat() && u.level == Level::Rout)) continue;
    const bool mine = u.formation == active_;
    const bool general = u.general && !u.has("moved");
    if (mine || general) d.add(JemmapesAction{.kind = JemmapesActionKind::Move, .unit = u.id}, scenario_->map);
  }
  // The formation's units still off the map may enter (9.1.1: Ferrand's, by 0107 from round 2).
  for (const auto& u : pos_.waiting) {
    if (u.formation != active_ || moved_.count(u.id) || (u.combat() && u.level == Level::Rout)) continue;
    Trace off(Trace::Off{}, scenario_->spec->catalog);
    const JemmapesAction enter{.kind = JemmapesActionKind::Enter, .unit = u.id};
    const auto v = jemmapes::may_enter_map(context(), u, pos_.round, off);
    if (v.allowed) d.add(enter, scenario_->map);
    else d.refuse(enter, scenario_->map, v.rule + ": " + v.reason);
  }
  decision_ = std::move(d);
  stage_ = Stage::MoveSelect;
}

// Step 1. Harnessed markers of artillery that stayed still come off (jemmapes:5.1). Step 2.
// Routed units flee toward their edge; those that leave the map are eliminated, their steps
// scored; friends crossed take a level (jemmapes:5.4). Step 3. The combat segment
// (jemmapes_combat.cc). Step 4. The rallying segment, when the combat segment ends.
void JemmapesGame::end_movement_segment() {
  const auto& f = pos_.formations.at(active_);
  // Step 1.
  for (auto& u : pos_.units)
    if (u.formation == active_ && u.kind == UnitKind::Artillery && !moved_.count(u.id)) u.markers.erase("harnessed");
  // Step 2.
  std::vector<std::string> routed;
  for (const auto& u : pos_.units)
    if (u.combat() && u.formation == active_ && u.level == Level::Rout) routed.push_back(u.id);
  for (const auto& id : routed) {
    const auto x = context();
    Trace t(scenario_->spec->catalog);
    jemmapes::RoutGoal goal;
    goal.edge = scenario_->rout_edge.at(f.side);
    if (goal.edge == 'm') goal = *jemmapes::scenario_rout_goal(scenario_->map, f.side, t);  // Mons (jemmapes:9.1.3)
    const Unit* u = pos_.unit(id);
    const auto out = jemmapes::rout_move(x, *u, goal, t);
    const int cp = u->cp;
    const bool gone = out["eliminated"].get<bool>();
    for (const auto& p : out["path"]) {
      // The routed unit crosses these hexes (the last side in an objective hex, 9.3).
      Unit crossing = *u;
      crossing.hex = scenario_->map.hex(p.get<std::string>());
      mark_crossed(crossing);
    }
    for (const auto& c : out["levels_to"]) {
      Unit* o = unit(c.get<std::string>());
      o->level = worse(o->level);
    }
    if (gone) {
      pos_.units.erase(std::remove_if(pos_.units.begin(), pos_.units.end(), [&](const Unit& v) { return v.id == id; }), pos_.units.end());
      lose_steps(active_, cp);
      note(id + " routs off the map and is eliminated", t);
      add_vp(other_side(f.side), cp, id + "'s steps are lost");
      if (over_) return;
    } else {
      unit(id)->hex = scenario_->map.hex(out["ends"].get<std::string>());
      if (const auto joined = pos_.stack_facing(unit(id)->hex, f.side, id)) unit(id)->facing = *joined;  // jemmapes:1.3, as the answer says
      note(id + " routs to " + out["ends"].get<std::string>(), t);
    }
  }
  // Step 3.
  phase_ = "combat";
  {
    Trace t(scenario_->spec->catalog);
    t.cite("jemmapes:2.0"_rule, "combat segment of " + active_);
    note("combat segment begins", t);
  }
  resume();  // offer_combat (jemmapes_combat.cc); its "end" opens Step 4, the rallying segment
}

void JemmapesGame::offer_rally() {
  const auto& f = pos_.formations.at(active_);
  JemmapesDecision d;
  d.kind = "rally";
  d.side = f.side;
  d.rule = "jemmapes:7.0";
  d.prompt = "attempt to rally a unit of " + active_ + " not in good order, or end the rallying segment";
  const auto& m = scenario_->map;
  const auto x = context();
  d.add(JemmapesActionKind::End, m);
  for (const auto& u : pos_.units) {
    if (!u.combat() || u.formation != active_ || u.level == Level::GoodOrder || rallied_.count(u.id)) continue;
    d.add(JemmapesAction{.kind = JemmapesActionKind::Rally, .unit = u.id}, m);
    for (const auto& c : pos_.units) {
      if (c.combat() || c.side != u.side || !c.tv || distance(c.hex, u.hex) > 1 || !(c.general || c.formation == active_)) continue;
      Trace off(Trace::Off{}, scenario_->spec->catalog);
      // jemmapes.rally.commander_tv_uses: one unit a commander a rallying segment, or any number.
      if (jemmapes::rally_tv_available(x, c, tv_lent_.count(c.id) ? 1 : 0, off))
        d.add(JemmapesAction{.kind = JemmapesActionKind::Rally, .unit = u.id, .commander = c.id}, m);
    }
  }
  if (d.choices.size() == 1) return end_activation();
  decision_ = std::move(d);
  stage_ = Stage::Rally;
}

void JemmapesGame::end_activation() {
  activated_.insert(active_);
  to_move_ = other_side(pos_.formations.at(active_).side);
  active_.clear();
  offer_activation();
}

// Phase D: the automatic victory (already judged as each VP fell, jemmapes:9.3), commanders
// face up; after the last round the Austrians win without the French 8 VP.
void JemmapesGame::final_phase() {
  phase_ = "final";
  Trace t(scenario_->spec->catalog);
  t.cite("jemmapes:2.0"_rule, "final phase of round " + std::to_string(pos_.round) + ": automatic victory checked, commanders turned face up");
  for (auto& u : pos_.units) u.markers.erase("moved");
  score_control();  // the control points (9.3), jemmapes_scenario_play.cc
  if (over_) return;
  t.cite("jemmapes:9.3"_rule, "net score " + std::to_string(vp_) + ": the French need 8");
  note("round " + std::to_string(pos_.round) + " ends", t);
  if (pos_.round >= scenario_->last_round) {
    over_ = true, winner_ = "austrian", stage_ = Stage::Over;
    Trace w(scenario_->spec->catalog);
    w.cite("jemmapes:9.3"_rule, "the last round is over without 8 French VP: the Austrians win");
    note("the Austrians win", w);
    return;
  }
  ++pos_.round;
  start_round();
}

// Applies the i-th choice of the decision awaited, then plays on to the next one.
void JemmapesGame::apply(std::size_t i) {
  const JemmapesAction a = decision_.actions[i];
  using K = JemmapesActionKind;
  const auto x = context();
  switch (stage_) {
    case Stage::OrderChange: {
      auto& f = pos_.formations.at(order_queue_.front());
      order_queue_.erase(order_queue_.begin());
      if (a.kind == K::Attempt) {
        const bool with_general = a.flag;
        const Order o = a.order;
        const std::string to = jemmapes::to_string(o);
        Trace t(scenario_->spec->catalog);
        jemmapes::RoundSpent spent{f.side, false, general_cv_used_};
        if (const auto why = jemmapes::voluntary_not_allowed(f, with_general, spent, t)) throw std::logic_error("offered an attempt not allowed: " + *why);
        const auto oc = jemmapes::voluntary_change(x, f, o, with_general, t);
        if (with_general) general_cv_used_ = true;
        const int d = roll_2d6(dice_, "jemmapes:4.2.1", "voluntary change of order, " + f.id);
        const std::string r = jemmapes::threshold_result(x, "jemmapes:table.voluntary-order-change", d + oc.sum, t);
        const bool ok = r.find("successful") != std::string::npos;
        if (ok) f.order = o;
        note(f.id + " attempts " + to + ": " + std::to_string(d) + (oc.sum >= 0 ? "+" : "") + std::to_string(oc.sum) + (ok ? ", succeeds" : ", fails"), t);
      }
      return offer_order_change();
    }
    case Stage::Initiative:
      to_move_ = a.kind == K::Keep ? initiative_winner_ : other_side(initiative_winner_);
      {
        Trace t(scenario_->spec->catalog);
        t.cite("jemmapes:2.0"_rule, initiative_winner_ + (a.kind == K::Keep ? " keeps the initiative" : " lets the other side activate first"));
        note(to_move_ + " activates first", t);
      }
      return offer_activation();
    case Stage::Activate:
      return begin_activation(a.unit);
    case Stage::MoveSelect: {
      if (a.kind == K::End) return end_movement_segment();
      moving_ = a.unit;
      entering_ = a.kind == K::Enter;
      // A unit off the map is weighed on its entry hex, its move starting by entering it (9.1.1).
      std::optional<jemmapes::Position> placed;
      if (entering_) placed = jemmapes::with_entered(pos_, moving_, jemmapes::entry_hex(scenario_->map), pos_.waiting_unit(moving_)->facing);
      const jemmapes::Position& where = placed ? *placed : pos_;
      const jemmapes::Context x{scenario_->map, scenario_->spec->tables, scenario_->spec->catalog, readings_, where};
      const Unit& u = *where.unit(moving_);
      Trace off(Trace::Off{}, scenario_->spec->catalog);
      JemmapesDecision d;
      d.kind = "move-to";
      d.side = u.side;
      d.unit = u.id;
      d.rule = "jemmapes:5.1";
      d.prompt = "where " + u.id + (entering_ ? ", entering by " + scenario_->map.name(u.hex) + "," : "") + " ends its move" + (u.combat() ? ", and its facing" : "");
      for (const bool reserve : {false, true}) {
        const auto& f = pos_.formations.at(active_);
        if (reserve && !(u.combat() && u.formation == active_ && f.order == Order::Offensive && f.reserve && u.level == Level::GoodOrder)) continue;
        jemmapes::MoveOptions o;
        o.reserve = reserve;
        o.entering = entering_;
        const auto r = jemmapes::reach(x, u, o, off);
        for (const auto& [hex, info] : r["hexes"].items()) {
          const Hex h = scenario_->map.hex(hex);
          std::vector<Hex> path;
          for (const auto& p : info["path"]) path.push_back(scenario_->map.hex(p.get<std::string>()));
          if (const auto barred = move_barred(u, path)) {
            // The printed scenario forbids this end or path (9.1.4, 9.2).
            const std::string refusal = hex + (reserve ? " as reserve" : "") + ": " + barred->rule + ": " + barred->reason;
            if (std::find(d.refused.begin(), d.refused.end(), refusal) == d.refused.end()) d.refused.push_back(refusal);
            continue;
          }
          if (!u.combat()) {
            if (!reserve) d.add(JemmapesAction{.kind = K::MoveTo, .hex = h}, scenario_->map);
            continue;
          }
          std::optional<Direction> fixed;  // combat units sharing a hex share its facing (1.3)
          for (const Unit* v : where.combat_units_at(h, u.side))
            if (v->id != u.id) fixed = v->facing;
          for (Direction dir : kAllDirections) {
            if (fixed && dir != *fixed) continue;
            const JemmapesAction to{.kind = K::MoveTo, .hex = h, .facing = dir, .flag = reserve};
            if (reserve && std::find(d.actions.begin(), d.actions.end(), JemmapesAction{.kind = K::MoveTo, .hex = h, .facing = dir}) != d.actions.end()) continue;
            d.add(to, scenario_->map);
          }
        }
      }
      if (d.actions.empty()) {
        // Nowhere to end (not even staying): the unit is done for this segment.
        moved_.insert(u.id);
        Trace t(scenario_->spec->catalog);
        t.cite(entering_ ? "jemmapes:9.1.1" : "jemmapes:5.1", u.id + " has no legal end hex this segment and stays" + std::string(entering_ ? " off the map" : ""));
        note(u.id + (entering_ ? " cannot enter this segment" : " cannot move"), t);
        entering_ = false;
        return offer_move_select();
      }
      decision_ = std::move(d);
      stage_ = Stage::MoveTo;
      return;
    }
    case Stage::MoveTo: {
      Trace t(scenario_->spec->catalog);
      if (entering_) {
        // The unit comes on the map: placed on 0107, where its move starts (9.1.1).
        jemmapes::may_enter_map(x, *pos_.waiting_unit(moving_), pos_.round, t);
        pos_ = jemmapes::with_entered(pos_, moving_, jemmapes::entry_hex(scenario_->map), pos_.waiting_unit(moving_)->facing);
      }
      const auto y = context();
      const Unit& u = *pos_.unit(moving_);
      const bool reserve = a.flag;
      const std::string hex = scenario_->map.name(a.hex);
      jemmapes::MoveOptions o;
      o.reserve = reserve;
      o.facing = a.facing;
      o.entering = entering_;
      Trace off(Trace::Off{}, scenario_->spec->catalog);
      const auto r = jemmapes::reach(y, u, o, off);
      std::vector<Hex> path;
      for (const auto& p : r["hexes"][hex]["path"]) path.push_back(scenario_->map.hex(p.get<std::string>()));
      const auto out = jemmapes::check_path(y, u, path, o, t);
      if (!out["legal"].get<bool>()) throw std::logic_error("reach offered " + hex + " for " + u.id + " but check_path refuses it: " + out["reason"].get<std::string>());
      MoveRun run;
      run.unit = u.id;
      run.path = path;
      run.facing = o.facing.value_or(u.facing);
      run.reserve = reserve;
      if (entering_) {
        run.entered = true;
        run.spent = out["steps"][0]["cost"].get<int>();
        run.stopped = out["steps"][0]["stop"].get<bool>();
        mark_crossed(u);
        note(u.id + " enters the map at " + scenario_->map.name(u.hex) + (a.hex == u.hex ? "" : " and sets out for " + hex), t);
      } else {
        note(u.id + " sets out for " + hex, t);
      }
      entering_ = false;
      // Carried out hex by hex, pausing for reactions (jemmapes_combat.cc).
      return start_run(std::move(run));
    }
    case Stage::Reaction:
    case Stage::Combat:
    case Stage::Defend:
    case Stage::Retreat:
    case Stage::Advance:
    case Stage::Follow:
    case Stage::Place:
      return apply_combat_stage(a);
    case Stage::Rally: {
      if (a.kind == K::End) return end_activation();
      const std::string id = a.unit, helper_id = a.commander;
      const Unit& u = *pos_.unit(id);
      const Unit* helper = helper_id.empty() ? nullptr : pos_.unit(helper_id);
      Trace t(scenario_->spec->catalog);
      const auto oc = jemmapes::rally_modifiers(x, u, helper, t);
      const int morale = jemmapes::unit_morale(x, u, t);
      const int d = roll_2d6(dice_, "jemmapes:7.0", "rally, " + id);
      int removed = 0;
      const Level l = jemmapes::rally_result(x, u, d + oc.sum, morale, removed, t);
      rallied_.insert(id);
      if (helper) {
        // RULE jemmapes:7.0 (part: jemmapes.rally.commander_tv_uses in the played round) — a commander lends his TV to one unit a rallying segment, or to any number
        jemmapes::rally_tv_available(x, *helper, tv_lent_.count(helper->id) ? 1 : 0, t);
        tv_lent_.insert(helper->id);
      }
      unit(id)->level = l;
      note(id + " rallies: " + std::to_string(d) + (oc.sum >= 0 ? "+" : "") + std::to_string(oc.sum) + " against morale " + std::to_string(morale) + ", now " + jemmapes::to_string(l), t);
      return offer_rally();
    }
    case Stage::Over:
      break;
  }
  throw std::logic_error("no decision awaited");
}

std::vector<std::string> JemmapesGame::invariant_violations() const {
  std::vector<std::string> out;
  const auto x = context();
  Trace off(Trace::Off{}, scenario_->spec->catalog);
  std::map<Hex, std::vector<const Unit*>> by_hex;
  for (const auto& u : pos_.units)
    if (u.combat()) by_hex[u.hex].push_back(&u);
  const Unit* mover = run_ ? pos_.unit(run_->unit) : nullptr;
  for (const auto& [h, us] : by_hex) {
    // A moving unit passes through friends' hexes: stacking (1.4) holds at the end of the move,
    // and the mover takes the stack's facing only where it ends (1.3).
    const bool passing = mover && mover->hex == h;
    std::set<std::string> sides;
    std::set<Direction> facings;
    for (const Unit* u : us) {
      sides.insert(u->side);
      if (!(passing && u == mover)) facings.insert(u->facing);
    }
    if (sides.size() > 1) out.push_back("enemies share " + scenario_->map.name(h));
    if (facings.size() > 1) out.push_back("two facings in " + scenario_->map.name(h) + " (jemmapes:1.3)");
    std::string why;
    if (stage_ != Stage::MoveTo && !passing && !jemmapes::stacking_ok(x, us, why, off)) out.push_back("stacking at " + scenario_->map.name(h) + ": " + why);
  }
  // Units off the map are Ferrand's and nowhere else (9.1.1).
  for (const auto& w : pos_.waiting) {
    if (jemmapes::historical_formation(w.formation) != "ferrand") out.push_back(w.id + " waits off the map but is not Ferrand's (jemmapes:9.1.1)");
    if (pos_.unit(w.id)) out.push_back(w.id + " is both on and off the map");
  }
  for (const auto& [round, counts] : activations_)
    for (const auto& [f, n] : counts)
      if (n != 1) out.push_back(f + " activated " + std::to_string(n) + " times in round " + std::to_string(round));
  if (!over_ && pos_.round > scenario_->last_round) out.push_back("past the last round");
  return out;
}

JemmapesGame replay(std::shared_ptr<const JemmapesScenario> scenario, const GameLog& log) {
  if (log.scenario != scenario->name)
    throw std::invalid_argument("the log is of scenario '" + log.scenario + "', not '" + scenario->name + "'");
  JemmapesGame g(std::move(scenario), log.seed);
  for (std::size_t i = 0; i < log.decisions.size(); ++i) {
    if (g.over()) throw std::invalid_argument("log step " + std::to_string(i + 1) + ": the game is already over");
    try {
      g.choose(log.decisions[i]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("log step " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  return g;
}

}  // namespace hexlaw::play
