// Owns: parsing and validating case files (docs/case-format.md).
#include "engine/questions/case_file.h"

#include <filesystem>
#include <set>

#include "engine/core/catalog.h"
#include "engine/core/tables.h"
#include "engine/questions/systems.h"

namespace hexlaw {
namespace {

void check_rule_id(const CaseField& f, const std::string& id) {
  std::string why;
  if (!parse_rule_id(id, &why)) f.fail(why);
  if (!default_catalog().has(id)) f.fail("rule id '" + id + "' is not in the spec catalog");
}

void check_rule_list(const CaseField& f) {
  for (std::size_t i = 0; i < f.size(); ++i) check_rule_id(f.at(i), f.at(i).str());
}

DiceSpec parse_dice(const CaseField& f) {
  DiceSpec d;
  if (!f.present()) return d;
  if (f.is_scalar()) {
    if (f.str() == "enumerate") {
      d.mode = DiceSpec::Mode::Enumerate;
      return d;
    }
    if (f.str() == "none") return d;
    f.fail("expected 'enumerate', 'none', {script: [rolls]} or {seed: N}");
  }
  f.expect_keys({"script", "seed"});
  if (f["script"].present() == f["seed"].present()) f.fail("give exactly one of 'script' or 'seed'");
  if (f["script"].present()) {
    d.mode = DiceSpec::Mode::Scripted;
    auto s = f["script"];
    if (!s.is_seq()) s.fail("expected a list of die faces, e.g. [6, 2, 5]");
    for (std::size_t i = 0; i < s.size(); ++i) {
      const long long v = s.at(i).integer();
      if (v < 1 || v > 12) s.at(i).fail("a die face must lie between 1 and 12");
      d.script.push_back(static_cast<int>(v));
    }
  } else {
    d.mode = DiceSpec::Mode::Seeded;
    const long long seed = f["seed"].integer();
    if (seed < 0) f["seed"].fail("a seed is a non-negative whole number");
    d.seed = static_cast<std::uint64_t>(seed);
  }
  return d;
}

Expectation parse_expect(const CaseField& f) {
  Expectation e;
  if (!f.present()) return e;
  f.expect_keys({"outcome", "cites", "not_cites", "absent", "refused"});
  e.present = true;
  if (f["refused"].present()) {
    // A refusal is the whole answer: nothing else can be expected beside it.
    if (f["outcome"].present() || f["cites"].present() || f["not_cites"].present() || f["absent"].present())
      f["refused"].fail("a refused question has no outcome or citations to expect: give 'refused' alone");
    e.refused = f["refused"].str();
    check_rule_id(f["refused"], e.refused);
    return e;
  }
  if (f["outcome"].present()) e.outcome = yaml_to_json(f["outcome"]);
  check_rule_list(f["cites"]);
  check_rule_list(f["not_cites"]);
  e.cites = f["cites"].str_list();
  e.not_cites = f["not_cites"].str_list();
  e.absent = f["absent"].str_list();
  if (!e.outcome && e.cites.empty() && e.not_cites.empty() && e.absent.empty())
    f.fail("an expectation needs an outcome, cites or absent paths");
  return e;
}

// A question cannot be about a case its printing of the standard rules does not carry, nor
// expect the answer to cite one: each id of `list` must be in the rule set's printing.
void check_in_printing(const CaseField& list, const n20::N20Rules& rules) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string id = list.at(i).str();
    if (!default_catalog().has(id) || rules.carries(id)) continue;  // an unknown id: the catalog check names it
    std::string in;
    for (const auto& p : default_catalog().find(id)->printings) in += (in.empty() ? "" : ", ") + p;
    list.at(i).fail(id + " is not in the " + std::string(n20::printing_name(rules.printing())) +
                    " printing of the standard rules (it is in " + (in.empty() ? "none" : in) +
                    "; choose one with 'printing:')");
  }
}

}  // namespace

// Step A. The rule set (game, printing, options, interpretations). Step B. The map, checked
// against the game's terrain chart. Step C. Units and state, checked for an illegal position.
CasePosition parse_position(const CaseField& root) {
  CasePosition c;
  // Step A.
  const std::string game = root["game"].str_or("standard");
  c.ruleset.game = game;
  // The printing of the standard rules: the one that came with the game unless named.
  c.ruleset.printing = root["printing"].str_or(std::string(n20::default_printing(game)));
  if (root["printing"].present() && !n20::printing_named(c.ruleset.printing))
    root["printing"].fail("unknown printing '" + c.ruleset.printing +
                          "' of the standard rules (one of jena, v2.0, leipzig)");
  if (root["options"].present() && !root["options"].is_seq())
    root["options"].fail("expected a list of optional rule ids, such as [\"std:16.1\"]");
  for (std::size_t i = 0; i < root["options"].size(); ++i) {
    auto o = root["options"].at(i);
    check_rule_id(o, o.str());
    if (!n20::is_optional_rule(default_catalog(), o.str())) o.fail("'" + o.str() + "' is not an optional rule");
    c.ruleset.options.insert(o.str());
  }
  root["interpretations"].for_each_entry(
      [&](const std::string& k, const CaseField& v) { c.ruleset.interpretations[k] = v.str(); });
  try {
    try {
      c.rules = n20::make_rules(c.ruleset, default_catalog(), default_tables());
    } catch (const RuleRefusal& e) {
      // A switch of a rule not yet implemented: the position still reads (with the standard
      // readings), and asking anything of it is refused by name (ask(), load_scenario()).
      c.refusal = std::make_shared<RuleRefusal>(e);
      n20::RulesetChoice plain = c.ruleset;
      plain.interpretations.clear();
      for (const auto& [name, reading] : c.ruleset.interpretations)
        for (const auto& known : n20::known_switches())
          if (known.name == name) plain.interpretations[name] = reading;
      c.rules = n20::make_rules(plain, default_catalog(), default_tables());
    }
  } catch (const std::invalid_argument& e) {
    (root["interpretations"].present() ? root["interpretations"] : root["game"]).fail(e.what());
  }
  // Step B.
  auto map = std::make_shared<Map>(Map::parse(root["map"]));
  const TerrainChart& chart = c.rules->terrain_chart();
  auto known_terrain = [&](const std::string& t, const CaseField& where) {
    if (!chart.terrain(t)) {
      std::string list;
      for (const auto& [n, _] : chart.hex_terrain) list += (list.empty() ? "" : ", ") + n;
      where.fail("terrain '" + t + "' is not in " + chart.id + " (one of " + list + ")");
    }
  };
  known_terrain(map->default_terrain(), root["map"]["default_terrain"]);
  root["map"]["hexes"].for_each_entry([&](const std::string&, const CaseField& v) {
    known_terrain(v.is_map() ? v["terrain"].str() : v.str(), v);
  });
  c.map = map;
  // Step C.
  parse_state_fields(root["state"], c.state);
  root["state"].expect_keys({"turn", "phase", "phasing", "night", "weather", "morale", "markers"});
  c.state.units = parse_units(root["units"], map->layout());
  std::set<std::string> sides;
  for (const auto& u : c.state.units) sides.insert(u.side);
  for (std::size_t i = 0; i < c.state.units.size(); ++i) {
    const Unit& u = c.state.units[i];
    if (!u.on_map()) continue;
    if (!map->on_map(u.hex)) root["units"].at(i)["hex"].fail("hex " + map->name(u.hex) + " is off the map's bounds");
    for (std::size_t j = 0; j < i; ++j) {
      const Unit& v = c.state.units[j];
      if (v.on_map() && v.hex == u.hex && v.side != u.side)
        root["units"].at(i)["hex"].fail("illegal position: " + u.id + " (" + u.side + ") and " + v.id + " (" +
                                        v.side + ") cannot share hex " + map->name(u.hex));
    }
  }
  if (!c.state.phasing.empty() && !sides.empty() && !sides.count(c.state.phasing))
    root["state"]["phasing"].fail("no unit belongs to side '" + c.state.phasing + "'");
  return c;
}

void read_n20_case_position(const CaseField& root, CaseFile& c) {
  CasePosition pos = parse_position(root);
  check_in_printing(root["rules"], *pos.rules);
  check_in_printing(root["expect"]["cites"], *pos.rules);
  c.ruleset = std::move(pos.ruleset);
  c.map = std::move(pos.map);
  c.state = std::move(pos.state);
}

namespace {

// Step A. Top-level shape. Step B. The position (rule set, map, units, state). Step C.
// Question, dice and expectation.
CaseFile parse_root(const CaseField& root, const std::string& file, const std::string& name) {
  if (!root.is_map()) root.fail("a case file is a mapping (see docs/case-format.md)");
  // Step A.
  root.expect_keys({"name", "title", "description", "rules", "game", "printing", "options", "interpretations",
                    "map", "units", "state", "question", "dice", "expect"});
  CaseFile c{.root = root, .question = root["question"]};
  c.file = file;
  c.name = root["name"].str_or(name);
  c.title = root["title"].str_or("");
  check_rule_list(root["rules"]);
  c.rules = root["rules"].str_list();
  // Step B. The game picks the rule system, whose reader takes the position.
  const std::string game = root["game"].str_or("standard");
  const RuleSystem* system = system_for_game(game);
  if (!system) {
    std::string list;
    for (const auto& sys : rule_systems())
      for (const auto& g : sys.games) list += (list.empty() ? "" : ", ") + g;
    root["game"].fail("unknown game '" + game + "' (one of " + list + ")");
  }
  c.system = system->name;
  system->read_position(root, c);
  // Step C.
  auto q = root.required("question");
  if (!q.is_map()) q.fail("expected a mapping with a 'kind'");
  c.question_kind = q.required("kind").str();
  c.dice = parse_dice(root["dice"]);
  c.expect = parse_expect(root["expect"]);
  return c;
}

nlohmann::json scalar_to_json(const CaseField& f) {
  const std::string s = f.str();
  if (f.quoted()) return s;  // quoted: always a string
  if (s == "true") return true;
  if (s == "false") return false;
  if (s == "null" || s == "~") return nullptr;
  try {
    std::size_t used = 0;
    long long v = std::stoll(s, &used);
    if (used == s.size()) return v;
  } catch (const std::logic_error&) {
  }
  return s;
}

}  // namespace

nlohmann::json yaml_to_json(const CaseField& f) {
  if (f.is_scalar()) return scalar_to_json(f);
  if (f.is_seq()) {
    nlohmann::json arr = nlohmann::json::array();
    f.for_each_item([&](const CaseField& item) { arr.push_back(yaml_to_json(item)); });
    return arr;
  }
  if (f.is_map()) {
    nlohmann::json obj = nlohmann::json::object();
    f.for_each_entry([&](const std::string& k, const CaseField& v) { obj[k] = yaml_to_json(v); });
    return obj;
  }
  return nullptr;
}

CaseFile load_case_file(const std::string& path, const std::string& cases_root) {
  namespace fs = std::filesystem;
  std::string name = fs::path(path).stem().string();
  if (!cases_root.empty()) {
    const auto rel = fs::relative(fs::path(path), fs::path(cases_root));
    if (!rel.empty() && *rel.begin() != "..") name = (rel.parent_path() / rel.stem()).string();
  }
  return parse_root(CaseField::load_file(path), path, name);
}

CaseFile parse_case_text(const std::string& text, const std::string& name) {
  return parse_root(CaseField::load_text(text, name), name, name);
}

CaseFile parse_case_doc(std::shared_ptr<const Doc> doc, const std::string& name) {
  return parse_root(CaseField(std::move(doc), name), name, name);
}

}  // namespace hexlaw
