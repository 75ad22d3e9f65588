// Owns: parsing and validating case files (docs/case-format.md).
#include "engine/questions/case_file.h"

#include <filesystem>
#include <set>

#include "engine/core/symbol_limits.h"
#include "engine/questions/systems.h"

namespace hexlaw {
namespace {


void check_rule_list(const CaseField& f, const Catalog& catalog) {
  for (std::size_t i = 0; i < f.size(); ++i) check_rule_id(f.at(i), f.at(i).str(), catalog);
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
    d.seed = f["seed"].seed();
  }
  return d;
}

Expectation parse_expect(const CaseField& f, const Catalog& catalog) {
  Expectation e;
  if (!f.present()) return e;
  f.expect_keys({"outcome", "cites", "not_cites", "absent", "refused"});
  e.present = true;
  if (f["refused"].present()) {
    // A refusal is the whole answer: nothing else can be expected beside it.
    if (f["outcome"].present() || f["cites"].present() || f["not_cites"].present() || f["absent"].present())
      f["refused"].fail("a refused question has no outcome or citations to expect: give 'refused' alone");
    e.refused = f["refused"].str();
    check_rule_id(f["refused"], e.refused, catalog);
    return e;
  }
  if (f["outcome"].present()) e.outcome = yaml_to_json(f["outcome"]);
  check_rule_list(f["cites"], catalog);
  check_rule_list(f["not_cites"], catalog);
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
    const RuleCase* c = rules.catalog().find(id);
    if (!c || rules.carries(id)) continue;  // an unknown id: the catalog check names it
    std::string in;
    for (const auto& p : c->printings) in += (in.empty() ? "" : ", ") + p;
    list.at(i).fail(id + " is not in the " + std::string(n20::printing_name(rules.printing())) +
                    " printing of the standard rules (it is in " + (in.empty() ? "none" : in) +
                    "; choose one with 'printing:')");
  }
}

}  // namespace


void read_n20_case_position(const CaseField& root, CaseFile& c) {
  CasePosition pos = parse_position(root, c.spec);
  check_in_printing(root["rules"], *pos.rules);
  check_in_printing(root["expect"]["cites"], *pos.rules);
  c.ruleset = std::move(pos.ruleset);
  c.map = std::move(pos.map);
  c.state = std::move(pos.state);
}

namespace {

// Step A. Top-level shape. Step B. The position (rule set, map, units, state). Step C.
// Question, dice and expectation.
CaseFile parse_root(std::shared_ptr<const Spec> spec, const CaseField& root, const std::string& file,
                    const std::string& name) {
  if (!root.is_map()) root.fail("a case file is a mapping (see docs/case-format.md)");
  // Step A.
  root.expect_keys({"name", "title", "description", "rules", "game", "printing", "options", "interpretations",
                    "map", "units", "state", "question", "dice", "expect"});
  CaseFile c{.spec = std::move(spec), .root = root, .question = root["question"]};
  c.file = file;
  c.name = root["name"].str_or(name);
  c.title = root["title"].str_or("");
  check_rule_list(root["rules"], c.spec->catalog);
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
  c.expect = parse_expect(root["expect"], c.spec->catalog);
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

namespace {
// The interned-name table full (NameLimitError from symbol.cc) while reading `file`: the
// same error with the file named.
[[noreturn]] void name_limit_in(const std::string& file, const NameLimitError& e) {
  throw NameLimitError(file, e.field(), e.reason());
}
}  // namespace

CaseFile load_case_file(std::shared_ptr<const Spec> spec, const std::string& path, const std::string& cases_root) {
  namespace fs = std::filesystem;
  std::string name = fs::path(path).stem().string();
  if (!cases_root.empty()) {
    const auto rel = fs::relative(fs::path(path), fs::path(cases_root));
    if (!rel.empty() && *rel.begin() != "..") name = (rel.parent_path() / rel.stem()).string();
  }
  try {
    return parse_root(std::move(spec), CaseField::load_file(path), path, name);
  } catch (const NameLimitError& e) {
    name_limit_in(path, e);
  }
}

CaseFile parse_case_text(std::shared_ptr<const Spec> spec, const std::string& text, const std::string& name) {
  try {
    return parse_root(std::move(spec), CaseField::load_text(text, name), name, name);
  } catch (const NameLimitError& e) {
    name_limit_in(name, e);
  }
}

CaseFile parse_case_doc(std::shared_ptr<const Spec> spec, std::shared_ptr<const Doc> doc, const std::string& name) {
  try {
    return parse_root(std::move(spec), CaseField(std::move(doc), name), name, name);
  } catch (const NameLimitError& e) {
    name_limit_in(name, e);
  }
}

}  // namespace hexlaw
