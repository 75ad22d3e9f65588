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

// Step 1. The map: clear, with bounds (the rout edges) and a few villages and woods. Step 2.
// The generals. Step 3. Each formation: its commander, order, reserve and units, one a hex.
// Step 4. A printed scenario's invented objectives.
std::shared_ptr<const JemmapesScenario> jemmapes_generated_scenario(std::shared_ptr<const Spec> spec, int formations_per_side,
                                                                    int units_per_formation, int last_round, std::uint64_t seed,
                                                                    std::map<std::string, std::string> interpretations, const std::string& rules) {
  if (rules != "" && rules != "historical" && rules != "free") throw std::invalid_argument("rules is historical (9.2), free (9.4) or empty");
  if (formations_per_side < 1 || formations_per_side > 4) throw std::invalid_argument("formations_per_side lies within 1..4");
  if (units_per_formation < 1 || units_per_formation > 4) throw std::invalid_argument("units_per_formation lies within 1..4");
  if (last_round < 1 || last_round > 20) throw std::invalid_argument("last_round lies within 1..20");
  SeededDice rng(seed);
  auto pick = [&](int lo, int hi) { return lo + rng.roll(hi - lo + 1, "jemmapes:9.4", "generated scenario") - 1; };
  auto s = std::make_shared<JemmapesScenario>();
  s->name = "jemmapes-generated-" + std::to_string(formations_per_side) + "x" + std::to_string(units_per_formation) + "-" + std::to_string(seed);
  s->spec = std::move(spec);
  s->last_round = last_round;
  s->interpretations = std::move(interpretations);
  for (const auto& [k, v] : s->interpretations) s->name += "-" + k.substr(k.rfind('.') + 1) + "=" + v;
  if (!rules.empty()) {
    // The printed scenario's length (9.2: eight rounds; 9.4: five).
    s->rules = rules == "free" ? jemmapes::ScenarioKind::Free : jemmapes::ScenarioKind::Historical;
    s->last_round = rules == "free" ? 5 : 8;
    s->name += "-" + rules;
  }
  // The printed formations' names when a printed scenario is played (Ferrand, off the map in
  // round 1, is left out), their orders as 9.1.1 and 9.1.2 give them.
  auto formation_name = [&](const std::string& side, int f) {
    static const char* french[] = {"Egalite", "Beurnonville", "Harville"};
    static const char* austrian[] = {"Lilien", "Clairfayt", "Beaulieu"};
    if (!rules.empty() && f < 3) return std::string(side == "french" ? french[f] : austrian[f]);
    return std::string(side == "french" ? "F" : "A") + std::to_string(f + 1);
  };
  // Step 1.
  const int cols = formations_per_side * (units_per_formation + 1) + 2, rows = 10;
  s->map.set_default_terrain("clear");
  s->map.set_bounds(MapBounds{1, cols, 1, rows});
  for (int c = 1; c <= cols; ++c)
    for (int r = 4; r <= 7; ++r) {
      const int t = pick(1, 10);
      if (t == 1) s->map.set_terrain(to_axial(Printed{c, r}, s->map.layout()), "village");
      if (t == 2) s->map.set_terrain(to_axial(Printed{c, r}, s->map.layout()), "wood");
    }
  auto& p = s->position;
  for (const std::string side : {"french", "austrian"}) {
    const int row = side == "french" ? 8 : 3;
    const Direction facing = side == "french" ? Direction::N : Direction::S;
    // Step 2.
    Unit g;
    g.id = side == "french" ? "Dumouriez" : "Saxe-Teschen";
    g.side = side;
    g.kind = UnitKind::Commander;
    g.general = true;
    g.hex = to_axial(Printed{cols / 2, side == "french" ? 9 : 2}, s->map.layout());
    g.facing = facing;
    g.tv = pick(1, 2), g.cv = pick(0, 2), g.mp = 6;
    p.units.push_back(g);
    // Step 3.
    for (int f = 0; f < formations_per_side; ++f) {
      jemmapes::Formation fm;
      fm.id = formation_name(side, f);
      fm.side = side;
      fm.order = static_cast<Order>(pick(0, 2));
      if (!rules.empty() && f < 3) fm.order = fm.id == "Harville" ? Order::Manoeuvre : Order::Defensive;
      fm.reserve = pick(1, 2);
      fm.commander = fm.id + "-cmd";
      int col = 2 + f * (units_per_formation + 1);
      for (int k = 0; k < units_per_formation; ++k, ++col) {
        Unit u;
        u.id = fm.id + "-" + std::to_string(k + 1);
        u.side = side;
        const int kind = pick(1, 20);
        u.kind = kind <= 12 ? UnitKind::Infantry : kind <= 17 ? UnitKind::Cavalry : UnitKind::Artillery;
        u.hex = to_axial(Printed{col, row}, s->map.layout());
        u.facing = facing;
        u.cp = u.printed_cp = pick(1, 4);
        u.morale = pick(3, 6);
        u.mp = u.kind == UnitKind::Cavalry ? pick(5, 6) : u.kind == UnitKind::Artillery ? pick(2, 3) : pick(3, 4);
        u.formation = fm.id;
        if (pick(1, 5) == 1) u.level = Level::Disorganised1;  // some start shaken, so the rally segment plays
        p.units.push_back(u);
      }
      Unit c;
      c.id = fm.commander;
      c.side = side;
      c.kind = UnitKind::Commander;
      c.formation = fm.id;
      c.hex = to_axial(Printed{2 + f * (units_per_formation + 1), row}, s->map.layout());
      c.facing = facing;
      c.tv = pick(0, 2), c.cv = pick(0, 2), c.mp = 6;
      p.units.push_back(c);
      p.formations[fm.id] = fm;
    }
  }
  // Step 4. A printed scenario's objectives on the invented map (the source has no map): the
  // villages Jemmapes and Cuesmes, three village hexes each in rows 4 and 5 at either end of the
  // Austrian line, and up to three starred redoubts under the first, middle and last Austrian
  // combat units (clear terrain: the redoubt's row of the Terrain Effects Table is cut).
  if (!rules.empty()) {
    const std::pair<const char*, int> villages[] = {{"Jemmapes", 2}, {"Cuesmes", cols - 2}};
    for (const auto& [name, c] : villages) {
      std::vector<Hex> hexes;
      for (const Printed pr : {Printed{c, 4}, Printed{c + 1, 4}, Printed{c, 5}}) {
        hexes.push_back(to_axial(pr, s->map.layout()));
        s->map.set_terrain(hexes.back(), "village");
      }
      s->objectives.villages.emplace_back(name, hexes);
    }
    std::vector<Hex> austrians;
    for (const auto& u : p.units)
      if (u.combat() && u.side == "austrian") austrians.push_back(u.hex);
    std::set<Hex> redoubts;
    for (std::size_t i : {std::size_t{0}, austrians.size() / 2, austrians.size() - 1}) redoubts.insert(austrians[i]);
    for (const auto& u : p.units)  // in the units' order
      if (redoubts.count(u.hex) && std::find(s->objectives.redoubts.begin(), s->objectives.redoubts.end(), u.hex) == s->objectives.redoubts.end())
        s->objectives.redoubts.push_back(u.hex);
  }
  return s;
}

bool is_jemmapes_scenario_text(const std::string& text, const std::string& file) {
  const auto root = Field<CaseError>::load_text(text, file);
  return root.is_map() && root["game"].str_or("") == "jemmapes";
}

// Step 1. The keys. Step 2. A generated scenario. Step 3. The map, with bounds. Step 4. The
// switches, units and formations. Step 5. The printed scenario played, the rounds, the
// objectives; then the rout edges.
std::shared_ptr<const JemmapesScenario> jemmapes_scenario_from_text(std::shared_ptr<const Spec> spec, const std::string& text, const std::string& file) {
  const auto root = Field<CaseError>::load_text(text, file);
  // Step 1.
  root.expect_keys({"game", "name", "title", "last_round", "rout_edges", "map", "interpretations", "units", "state", "generated", "rules", "objectives"});
  if (root.required("game").str() != "jemmapes") root["game"].fail("a Jemmapes scenario says game: jemmapes");
  // Step 2.
  if (root["generated"].present()) {
    const auto g = root["generated"];
    g.expect_keys({"formations_per_side", "units_per_formation", "last_round", "seed", "rules"});
    try {
      return jemmapes_generated_scenario(spec, static_cast<int>(g["formations_per_side"].int_or(2)), static_cast<int>(g["units_per_formation"].int_or(3)),
                                         static_cast<int>(g["last_round"].int_or(3)), static_cast<std::uint64_t>(g["seed"].int_or(1)), {},
                                         g["rules"].str_or(""));
    } catch (const std::invalid_argument& e) {
      g.fail(e.what());
    }
  }
  auto s = std::make_shared<JemmapesScenario>();
  s->spec = std::move(spec);
  s->name = root.required("name").str();
  // Step 3.
  s->map = Map::parse(root["map"]);
  if (!root["map"]["default_terrain"].present()) s->map.set_default_terrain("clear");
  if (!s->map.bounds()) root["map"].fail("a Jemmapes scenario's map needs bounds (the rout edges, jemmapes:5.4)");
  // Step 4.
  root["interpretations"].for_each_entry([&](const std::string& name, const Field<CaseError>& v) {
    const auto* def = jemmapes::find_switch(name);
    if (!def) v.fail("'" + name + "' is not a switch the Jemmapes engine reads");
    if (std::find(def->readings.begin(), def->readings.end(), v.str()) == def->readings.end()) v.fail("'" + v.str() + "' is not a reading of " + name);
    s->interpretations[name] = v.str();
  });
  s->position = jemmapes::read_position(root.required("units"), root["state"], s->map);
  // Step 5. The printed scenario played, its length and its objectives (9.2, 9.3, 9.4).
  const std::string rules = root["rules"].str_or("");
  if (rules != "" && rules != "historical" && rules != "free") root["rules"].fail("historical (jemmapes:9.2) or free (jemmapes:9.4)");
  if (!rules.empty()) s->rules = rules == "free" ? jemmapes::ScenarioKind::Free : jemmapes::ScenarioKind::Historical;
  const int printed_last = rules == "free" ? 5 : 8;
  const long long last = root["last_round"].int_or(rules.empty() ? 5 : printed_last);
  if (last < 1 || last > 20) root["last_round"].fail("the last round lies within 1..20");
  if (!rules.empty() && last != printed_last)
    root["last_round"].fail("the " + rules + " scenario lasts " + std::to_string(printed_last) + " rounds (" + (rules == "free" ? "jemmapes:9.4)" : "jemmapes:9.2)"));
  s->last_round = static_cast<int>(last);
  const auto ob = root["objectives"];
  ob.expect_keys({"villages", "redoubts"});
  auto objective_hex = [&](const Field<CaseError>& f) {
    const auto printed = parse_ccrr(f.str());
    if (!printed) f.fail("'" + f.str() + "' is not a four-digit CCRR hex number");
    const Hex h = to_axial(*printed, s->map.layout());
    if (!s->map.on_map(h)) f.fail(f.str() + " is off the map");
    return h;
  };
  ob["villages"].for_each_entry([&](const std::string& name, const Field<CaseError>& v) {
    if (!v.is_seq() || v.size() == 0) v.fail("a village is a list of its hexes");
    std::vector<Hex> hexes;
    for (std::size_t i = 0; i < v.size(); ++i) hexes.push_back(objective_hex(v.at(i)));
    s->objectives.villages.emplace_back(name, hexes);
  });
  for (std::size_t i = 0; i < ob["redoubts"].size(); ++i) s->objectives.redoubts.push_back(objective_hex(ob["redoubts"].at(i)));
  // REFUSES jemmapes:9.1.1 — Ferrand's round-2 entry at 0107 in a played round (the set-up check and the order and activation locks are implemented; the arrival is not)
  if (s->rules)
    for (const auto& u : s->position.units)
      if (jemmapes::historical_formation(u.formation) == "ferrand")
        root["units"].fail(u.id + " (Ferrand) is on the map in round 1: Ferrand enters in round 2 by the Valenciennes road at 0107 (jemmapes:9.1.1), "
                           "an arrival the played round does not carry out yet; leave its units out");
  root["rout_edges"].for_each_entry([&](const std::string& side, const Field<CaseError>& v) {
    if (side != "french" && side != "austrian") v.fail("rout edges are given for french and austrian");
    const std::string e = v.str();
    if (e == "mons") {
      // jemmapes:9.1.3: the Austrians rout toward Mons, whose hexes the map names.
      if (side != "austrian") v.fail("only the Austrians rout toward Mons (jemmapes:9.1.3)");
      if (s->map.place("mons").empty()) root["map"].fail("rout_edges names Mons: give its hexes as map.places.mons (map data the source lacks, jemmapes:9.1.3)");
      s->rout_edge[side] = 'm';
      return;
    }
    if (e.size() != 1 || std::string("nsew").find(e[0]) == std::string::npos) v.fail("an edge is n, s, e or w, or mons for the Austrians");
    s->rout_edge[side] = e[0];
  });
  for (const auto& u : s->position.units)
    if (u.combat() && u.formation.empty()) root["units"].fail(u.id + " belongs to no formation: a played round activates formations (jemmapes:2.0)");
  for (const auto& u : s->position.units) {
    if (!u.combat()) continue;
    const auto& f = s->position.formations.at(u.formation);
    const jemmapes::Unit* c = f.commander.empty() ? nullptr : s->position.unit(f.commander);
    if (!c || c->combat() || c->side != f.side)
      root["state"]["formations"][f.id]["commander"].fail("formation " + f.id + " has units but no commander of its side on the map: its activation verifies command from him (jemmapes:3.1)");
  }
  return s;
}

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
  dice_.forget();
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
  t.cite("jemmapes:9.3", why + ": " + std::to_string(n) + " VP to the " + to_side + " side, net score " + std::to_string(vp_));
  note(why, t);
  if (vp_ >= 8 && !over_) {
    over_ = true, winner_ = "french", stage_ = Stage::Over;
    Trace w(scenario_->spec->catalog);
    w.cite("jemmapes:9.3", "the French reach 8 VP: they win at once");
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
  t.cite("jemmapes:2.0", "round " + std::to_string(pos_.round) + " opens with the command phase");
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
    t.cite("jemmapes:2.0", "initiative: austrian " + std::to_string(a) + ", french " + std::to_string(b) + (a == b ? ": tied, rolled again" : ""));
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
  t.cite("jemmapes:2.0", formation + " is activated: command verification, movement, combat, rally");
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
    t.cite("jemmapes:2.0", "combat segment of " + active_);
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
  t.cite("jemmapes:2.0", "final phase of round " + std::to_string(pos_.round) + ": automatic victory checked, commanders turned face up");
  for (auto& u : pos_.units) u.markers.erase("moved");
  score_control();  // the control points (9.3), jemmapes_scenario_play.cc
  if (over_) return;
  t.cite("jemmapes:9.3", "net score " + std::to_string(vp_) + ": the French need 8");
  note("round " + std::to_string(pos_.round) + " ends", t);
  if (pos_.round >= scenario_->last_round) {
    over_ = true, winner_ = "austrian", stage_ = Stage::Over;
    Trace w(scenario_->spec->catalog);
    w.cite("jemmapes:9.3", "the last round is over without 8 French VP: the Austrians win");
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
        t.cite("jemmapes:2.0", initiative_winner_ + (a.kind == K::Keep ? " keeps the initiative" : " lets the other side activate first"));
        note(to_move_ + " activates first", t);
      }
      return offer_activation();
    case Stage::Activate:
      return begin_activation(a.unit);
    case Stage::MoveSelect: {
      if (a.kind == K::End) return end_movement_segment();
      moving_ = a.unit;
      const Unit& u = *pos_.unit(moving_);
      Trace off(Trace::Off{}, scenario_->spec->catalog);
      JemmapesDecision d;
      d.kind = "move-to";
      d.side = u.side;
      d.unit = u.id;
      d.rule = "jemmapes:5.1";
      d.prompt = "where " + u.id + " ends its move" + (u.combat() ? ", and its facing" : "");
      for (const bool reserve : {false, true}) {
        const auto& f = pos_.formations.at(active_);
        if (reserve && !(u.combat() && u.formation == active_ && f.order == Order::Offensive && f.reserve && u.level == Level::GoodOrder)) continue;
        jemmapes::MoveOptions o;
        o.reserve = reserve;
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
          for (const Unit* v : pos_.combat_units_at(h, u.side))
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
        t.cite("jemmapes:5.1", u.id + " has no legal end hex this segment and stays");
        note(u.id + " cannot move", t);
        return offer_move_select();
      }
      decision_ = std::move(d);
      stage_ = Stage::MoveTo;
      return;
    }
    case Stage::MoveTo: {
      const Unit& u = *pos_.unit(moving_);
      const bool reserve = a.flag;
      const std::string hex = scenario_->map.name(a.hex);
      jemmapes::MoveOptions o;
      o.reserve = reserve;
      o.facing = a.facing;
      Trace off(Trace::Off{}, scenario_->spec->catalog);
      const auto r = jemmapes::reach(x, u, o, off);
      std::vector<Hex> path;
      for (const auto& p : r["hexes"][hex]["path"]) path.push_back(scenario_->map.hex(p.get<std::string>()));
      Trace t(scenario_->spec->catalog);
      const auto out = jemmapes::check_path(x, u, path, o, t);
      if (!out["legal"].get<bool>()) throw std::logic_error("reach offered " + hex + " for " + u.id + " but check_path refuses it: " + out["reason"].get<std::string>());
      note(u.id + " sets out for " + hex, t);
      // Carried out hex by hex, pausing for reactions (jemmapes_combat.cc).
      MoveRun run;
      run.unit = u.id;
      run.path = path;
      run.facing = o.facing.value_or(u.facing);
      run.reserve = reserve;
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
