// Owns: the Jemmapes 1792 question driver (see jemmapes_questions.h): reading a case's
// position, the switches, the dice modes, and the shared field helpers of jemmapes_kinds.h.
#include "engine/questions/jemmapes_questions.h"

#include <functional>
#include <set>

#include "engine/core/catalog.h"
#include "engine/core/enumeration_limits.h"
#include "engine/core/errors.h"
#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/switches.h"
#include "engine/questions/jemmapes_kinds.h"
#include "engine/questions/single_dice.h"

namespace hexlaw {
namespace jemmapes_questions {

const jemmapes::Unit& unit_field(const Situation& s, const std::string& key) {
  const auto f = s.c.question.required(key);
  const jemmapes::Unit* u = s.position.unit(f.str());
  if (!u && s.position.waiting_unit(f.str()))
    f.fail(f.str() + " is off the map, waiting to enter by 0107 (jemmapes:9.1.1): only the path and reach questions ask about a unit off the map (its entry)");
  if (!u) f.fail("no unit '" + f.str() + "' in the case's units");
  return *u;
}

const jemmapes::Unit& mover_field(const Situation& s, const std::string& key) {
  const auto f = s.c.question.required(key);
  if (const jemmapes::Unit* w = s.position.waiting_unit(f.str())) return *w;
  return unit_field(s, key);
}

Hex hex_of(const Situation& s, const CaseField& f) {
  const auto p = parse_ccrr(f.str());
  if (!p) f.fail("'" + f.str() + "' is not a four-digit CCRR hex number (e.g. \"0407\")");
  return to_axial(*p, s.map.layout());
}

Hex hex_field(const Situation& s, const std::string& key) { return hex_of(s, s.c.question.required(key)); }

jemmapes::Order order_named(const CaseField& f) {
  static const char* names[] = {"offensive", "manoeuvre", "defensive"};
  for (int i = 0; i < 3; ++i)
    if (f.str() == names[i]) return static_cast<jemmapes::Order>(i);
  f.fail("a formation may ask for offensive, manoeuvre or defensive (demoralisation is only imposed, jemmapes:4.2.1)");
}

std::vector<const jemmapes::Unit*> units_field(const Situation& s, const std::string& key) {
  const auto f = s.c.question[key];
  if (f.present() && !f.is_seq()) f.fail("expected a list of unit ids");
  std::vector<const jemmapes::Unit*> out;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const auto e = f.at(i);
    const jemmapes::Unit* u = s.position.unit(e.str());
    if (!u) e.fail("no unit '" + e.str() + "' in the case's units");
    if (!seen.insert(u->id).second) e.fail("unit '" + u->id + "' is named twice");
    out.push_back(u);
  }
  return out;
}

Direction facing_of(const CaseField& f) {
  static const char* names[] = {"n", "ne", "se", "s", "sw", "nw"};
  for (int i = 0; i < 6; ++i)
    if (f.str() == names[i]) return static_cast<Direction>(i);
  f.fail("unknown facing '" + f.str() + "': the hexside faced, one of n, ne, se, s, sw, nw");
}

void need_value(const Situation& s, const jemmapes::Unit& u, const char* field, bool present) {
  if (present) return;
  const auto units = s.c.root["units"];
  for (std::size_t i = 0; i < units.size(); ++i)
    if (units.at(i)["id"].str() == u.id)
      units.at(i)[field].fail(std::string("the question needs ") + u.id + "'s " + field +
                              ": counter values are not printed in the source (jemmapes:1.1), so the case must give it");
  throw std::logic_error("unit not in the case");
}

int roll_2d6(DiceSource& dice, const char* rule, const char* purpose, std::vector<int>* faces) {
  const int a = dice.roll(6, rule, std::string(purpose) + " (first die)");
  const int b = dice.roll(6, rule, std::string(purpose) + " (second die)");
  if (faces) *faces = {a, b};
  return a + b;
}

}  // namespace jemmapes_questions

namespace {

using jemmapes_questions::Kind;
using jemmapes_questions::Situation;

const std::vector<Kind>& kinds() {
  static const std::vector<Kind> k = [] {
    std::vector<Kind> all;
    for (auto&& list : {jemmapes_questions::move_kinds(), jemmapes_questions::combat_kinds(), jemmapes_questions::command_kinds(), jemmapes_questions::scenario_kinds()})
      for (const auto& kind : list) all.push_back(kind);
    return all;
  }();
  return k;
}

// The case of `catalog` whose note records `name`, or null.
const RuleCase* switch_owner(const Catalog& catalog, const std::string& name) {
  for (const RuleCase& c : catalog.cases())
    for (const RuleNote& n : c.notes)
      if (n.switch_name == name && c.book == "jemmapes") return &c;
  return nullptr;
}

}  // namespace

// Step A. Nothing the system does not read. Step B. The switches the catalog records. Step C.
// The map (clear by default, the terrain effects table's first row), the units and the state.
void read_jemmapes_case_position(const CaseField& root, CaseFile& c) {
  // Step A.
  if (root["options"].present()) root["options"].fail("Jemmapes 1792 has no optional rules");
  if (root["printing"].present())
    root["printing"].fail("printings are those of the Napoleonic 20 standard rules; Jemmapes 1792 has one rulebook");
  c.ruleset.game = "jemmapes";
  // Step B.
  root["interpretations"].for_each_entry([&](const std::string& name, const CaseField& v) {
    if (!switch_owner(c.spec->catalog, name)) root["interpretations"].fail("unknown Jemmapes interpretation switch '" + name + "'");
    if (const jemmapes::SwitchDef* d = jemmapes::find_switch(name)) {
      bool known = false;
      std::string list;
      for (const auto& r : d->readings) known = known || r == v.str(), list += (list.empty() ? "" : ", ") + r;
      if (!known) v.fail("unknown reading '" + v.str() + "' of " + name + " (one of " + list + ")");
    }
    c.ruleset.interpretations[name] = v.str();
  });
  // Step C.
  auto map = std::make_shared<Map>(Map::parse(root["map"]));
  if (!root["map"]["default_terrain"].present()) map->set_default_terrain("clear");
  c.jemmapes = std::make_shared<const jemmapes::Position>(jemmapes::read_position(root["units"], root["state"], *map));
  c.map = std::move(map);
}

std::vector<std::string> jemmapes_kind_names() {
  std::vector<std::string> out;
  for (const auto& k : kinds()) out.push_back(k.name);
  return out;
}

// Step A. Switches recorded but not read by the engine are refused by name. Step B. The kind and
// its fields. Step C. The answer under the case's dice: none, scripted, seeded, or every
// sequence enumerated (a line of dice that meets a source-missing cell is an outcome naming the
// refusal; a refusal that every line meets alike is the question's).
Answer answer_jemmapes_case(const CaseFile& c) {
  // Step A.
  for (const auto& [name, reading] : c.ruleset.interpretations)
    if (!jemmapes::find_switch(name))
      // A switch the engine does not read yet is refused under the case whose note records it.
      throw RuleRefusal(switch_owner(c.spec->catalog, name)->id, "the reading switch '" + name + "' is not implemented yet");
  // Step B.
  const Kind* kind = nullptr;
  for (const auto& k : kinds())
    if (k.name == c.question_kind) kind = &k;
  if (!kind) {
    std::string list;
    for (const auto& k : kinds()) list += (list.empty() ? "" : ", ") + k.name;
    c.question["kind"].fail("unknown Jemmapes question kind '" + c.question_kind + "' (one of " + list + ")");
  }
  if (!kind->rolls && c.dice.mode != DiceSpec::Mode::None)
    throw CaseError(c.file, "dice", "the Jemmapes question '" + kind->name + "' rolls no dice");
  const jemmapes::Readings readings(c.ruleset.interpretations);
  const jemmapes::Context x{*c.map, c.spec->tables, c.spec->catalog, readings, *c.jemmapes};
  Situation s{c, *c.map, *c.jemmapes, x};
  kind->validate(s);
  // Step C.
  Answer a(c.spec);
  a.case_name = c.name;
  a.question_kind = kind->name;
  switch (c.dice.mode) {
    case DiceSpec::Mode::None:
    case DiceSpec::Mode::Scripted:
    case DiceSpec::Mode::Seeded:
      answer_with_single_dice(c, a, [&](DiceSource& dice, Trace& t, std::string& h) { return kind->answer(s, dice, t, h); });
      break;
    case DiceSpec::Mode::Enumerate: {
      DistinctCitations citations(a.trace);
      std::set<std::string> refusals;
      std::string first_rule, first_what;
      bool any_answer = false;
      EnumerationBudget budget(EnumerationBudget::Kind::Rolls);  // its work (enumeration_limits.h)
      std::function<nlohmann::json(DiceSource&)> play = [&](DiceSource& dice) {
        Trace t(c.spec->catalog);
        std::string headline;
        try {
          nlohmann::json o = kind->answer(s, dice, t, headline);
          budget.add(dice.log().size());
          citations.absorb(t);
          any_answer = true;
          return o;
        } catch (const RuleRefusal& r) {
          budget.add(dice.log().size());  // a refused play's rolls count too
          if (refusals.insert(r.what()).second && first_rule.empty()) first_rule = r.rule(), first_what = r.what();
          return nlohmann::json{{"refused", r.rule()}, {"reason", r.what()}};
        }
      };
      auto odds = enumerate_outcomes<nlohmann::json>(play, [](const nlohmann::json& o) { return o.dump(); });
      if (!any_answer && refusals.size() == 1) throw RuleRefusal(first_rule, first_what.substr(first_rule.size() + 2));
      nlohmann::json list = nlohmann::json::array();
      for (auto& w : odds) list.push_back({{"outcome", std::move(w.outcome)}, {"probability", w.probability.to_string()}});
      a.outcome = {{"odds", std::move(list)}};
      a.headline = std::to_string(odds.size()) + " distinct outcome(s), exact probabilities";
      a.dice_mode = "enumerate";
      break;
    }
  }
  return a;
}

}  // namespace hexlaw
