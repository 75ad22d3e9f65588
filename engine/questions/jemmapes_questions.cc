// Owns: Jemmapes 1792 question kinds and their driver (see jemmapes_questions.h).
#include "engine/questions/jemmapes_questions.h"

#include <functional>

#include "engine/core/catalog.h"
#include "engine/jemmapes/facing.h"

namespace hexlaw {
namespace {

struct JemmapesSituation {
  const CaseFile& c;
  const Map& map;
  const jemmapes::Position& position;
};

struct JemmapesKind {
  std::string name, description;
  std::function<void(const JemmapesSituation&)> validate;
  std::function<nlohmann::json(const JemmapesSituation&, Trace&, std::string& headline)> answer;
};

const jemmapes::Unit& question_unit(const JemmapesSituation& s) {
  const auto f = s.c.question.required("unit");
  const jemmapes::Unit* u = s.position.unit(f.str());
  if (!u) f.fail("no unit '" + f.str() + "' in the case's units");
  return *u;
}

Hex question_hex(const JemmapesSituation& s, const std::string& key) {
  const auto f = s.c.question.required(key);
  const auto p = parse_ccrr(f.str());
  if (!p) f.fail("'" + f.str() + "' is not a four-digit CCRR hex number (e.g. \"0407\")");
  return to_axial(*p, s.map.layout());
}

const std::vector<JemmapesKind>& kinds() {
  static const std::vector<JemmapesKind> k = {
      {"facing", "Which hexes around a unit are its front, flanks and rear? (question: unit)",
       [](const JemmapesSituation& s) {
         s.c.question.expect_keys({"kind", "unit"});
         question_unit(s);
       },
       [](const JemmapesSituation& s, Trace& t, std::string& headline) {
         const jemmapes::Unit& u = question_unit(s);
         nlohmann::json hexes = nlohmann::json::object();
         for (const auto& a : jemmapes::around(u)) hexes[s.map.name(a.hex)] = jemmapes::to_string(a.aspect);
         t.cite("jemmapes:1.3", u.id + " faces " + jemmapes::facing_name(u.facing) +
                                    ": the hex across that hexside and its two neighbours are frontal, the next two "
                                    "flank, the opposite one rear");
         headline = u.id + " faces " + jemmapes::facing_name(u.facing);
         return nlohmann::json{{"unit", u.id}, {"facing", jemmapes::facing_name(u.facing)}, {"hexes", hexes}};
       }},
      {"zoc", "Does this unit exert a zone of control into that hex? (question: unit, hex)",
       [](const JemmapesSituation& s) {
         s.c.question.expect_keys({"kind", "unit", "hex"});
         question_unit(s);
         question_hex(s, "hex");
       },
       [](const JemmapesSituation& s, Trace& t, std::string& headline) {
         const jemmapes::Unit& u = question_unit(s);
         const Hex h = question_hex(s, "hex");
         const bool zoc = jemmapes::exerts_zoc_into(s.map, u, h, t);
         headline = u.id + (zoc ? " exerts" : " does not exert") + " a zone of control into " + s.map.name(h);
         nlohmann::json out{{"unit", u.id}, {"hex", s.map.name(h)}, {"exerts", zoc}};
         if (const auto d = direction_to(u.hex, h)) out["aspect"] = jemmapes::to_string(jemmapes::aspect(u, *d));
         return out;
       }},
      {"in-enemy-zoc", "Is this unit's hex in an enemy zone of control, and whose? (question: unit)",
       [](const JemmapesSituation& s) {
         s.c.question.expect_keys({"kind", "unit"});
         question_unit(s);
       },
       [](const JemmapesSituation& s, Trace& t, std::string& headline) {
         const jemmapes::Unit& u = question_unit(s);
         nlohmann::json by = nlohmann::json::array();
         for (const jemmapes::Unit& e : s.position.units)
           if (e.side != u.side && distance(e.hex, u.hex) == 1 && jemmapes::exerts_zoc_into(s.map, e, u.hex, t))
             by.push_back(e.id);
         const bool in = !by.empty();
         if (!in) t.cite("jemmapes:1.6", "no enemy combat unit has " + s.map.name(u.hex) + " among its frontal hexes");
         headline = u.id + (in ? " is" : " is not") + " in an enemy zone of control";
         return nlohmann::json{{"unit", u.id}, {"in_enemy_zoc", in}, {"by", by}};
       }},
  };
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

// Step A. Nothing the system does not read yet. Step B. The switches the catalog records.
// Step C. The map and the units.
void read_jemmapes_case_position(const CaseField& root, CaseFile& c) {
  // Step A.
  if (root["options"].present()) root["options"].fail("Jemmapes 1792 has no optional rules the engine reads yet");
  if (root["printing"].present())
    root["printing"].fail("printings are those of the Napoleonic 20 standard rules; Jemmapes 1792 has one rulebook");
  if (root["state"].present())
    root["state"].fail("a Jemmapes position's state (round, orders, initiative) is not read yet: give map and units");
  c.ruleset.game = "jemmapes";
  // Step B.
  root["interpretations"].for_each_entry([&](const std::string& name, const CaseField& v) {
    if (!switch_owner(c.spec->catalog, name)) root["interpretations"].fail("unknown Jemmapes interpretation switch '" + name + "'");
    c.ruleset.interpretations[name] = v.str();
  });
  // Step C.
  auto map = std::make_shared<Map>(Map::parse(root["map"]));
  c.jemmapes = std::make_shared<const jemmapes::Position>(jemmapes::read_position(root["units"], *map));
  c.map = std::move(map);
}

std::vector<std::string> jemmapes_kind_names() {
  std::vector<std::string> out;
  for (const auto& k : kinds()) out.push_back(k.name);
  return out;
}

// Step A. Switches recorded but not implemented are refused by name. Step B. The kind, its
// fields, no dice. Step C. The answer.
Answer answer_jemmapes_case(const CaseFile& c) {
  // Step A.
  for (const auto& [name, reading] : c.ruleset.interpretations)
    throw RuleRefusal(switch_owner(c.spec->catalog, name)->id, "the reading switch '" + name + "' is not implemented yet");
  // Step B.
  const JemmapesKind* kind = nullptr;
  for (const auto& k : kinds())
    if (k.name == c.question_kind) kind = &k;
  if (!kind) {
    std::string list;
    for (const auto& k : kinds()) list += (list.empty() ? "" : ", ") + k.name;
    c.question["kind"].fail("unknown Jemmapes question kind '" + c.question_kind + "' (one of " + list + ")");
  }
  if (c.dice.mode != DiceSpec::Mode::None)
    throw CaseError(c.file, "dice", "the Jemmapes questions implemented so far roll no dice");
  JemmapesSituation s{c, *c.map, *c.jemmapes};
  kind->validate(s);
  // Step C.
  Answer a(c.spec);
  a.case_name = c.name;
  a.question_kind = kind->name;
  a.dice_mode = "none";
  a.outcome = kind->answer(s, a.trace, a.headline);
  return a;
}

}  // namespace hexlaw
