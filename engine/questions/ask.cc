// Owns: the ask driver — builds the rule set, runs the question under the case's dice
// mode (none, scripted, seeded, enumerate) and checks answers against expectations.
#include "engine/questions/ask.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <stdexcept>

#include "engine/core/enumeration_limits.h"
#include "engine/n20/resolution.h"
#include "engine/questions/kinds.h"
#include "engine/questions/systems.h"

namespace hexlaw {
namespace {

const QuestionKind& find_kind(const CaseFile& c) {
  for (const auto& k : question_kinds())
    if (k.name == c.question_kind) return k;
  std::string list;
  for (const auto& k : question_kinds()) list += (list.empty() ? "" : ", ") + k.name;
  c.question["kind"].fail("unknown question kind '" + c.question_kind + "' (one of " + list + ")");
}

// A dice source for questions that must not roll: any roll is a CaseError.
class NoDice : public DiceSource {
 public:
  explicit NoDice(const CaseFile& c) : c_(c) {}
  std::string mode() const override { return "none"; }

 protected:
  int next(int sides, std::string_view rule, std::string_view purpose) override {
    throw CaseError(c_.file, "dice",
                    "the question needs a d" + std::to_string(sides) + " for " + std::string(rule) + " (" +
                        std::string(purpose) + "): give dice: {script: [...]}, {seed: N} or enumerate");
  }

 private:
  const CaseFile& c_;
};

// Compares `expected` as a subset of `actual`: every key of an expected object must match;
// lists must have the same length, their elements compared by the same rule; scalars equal.
void compare(const nlohmann::json& expected, const nlohmann::json& actual, const std::string& path,
             std::vector<std::string>& out) {
  if (expected.is_object()) {
    if (!actual.is_object()) {
      out.push_back(path + ": expected an object, got " + actual.dump());
      return;
    }
    for (auto it = expected.begin(); it != expected.end(); ++it) {
      const std::string p = path.empty() ? it.key() : path + "." + it.key();
      if (!actual.contains(it.key())) out.push_back(p + ": missing from the answer (expected " + it.value().dump() + ")");
      else compare(it.value(), actual.at(it.key()), p, out);
    }
    return;
  }
  if (expected.is_array() && actual.is_array() && expected.size() == actual.size()) {
    // Lists compare element by element, each element by the same subset rule.
    for (std::size_t i = 0; i < expected.size(); ++i)
      compare(expected[i], actual[i], path + "[" + std::to_string(i) + "]", out);
    return;
  }
  if (expected != actual) out.push_back(path + ": expected " + expected.dump() + ", got " + actual.dump());
}

}  // namespace

// Step 1. The dice of the case's mode (none: any roll is refused naming the case). Step 2. The
// answer, a script having to be used up. Step 3. The rolls and the mode into the answer.
bool answer_with_single_dice(const CaseFile& c, Answer& a, const DicedAnswer& answer) {
  switch (c.dice.mode) {
    case DiceSpec::Mode::None: {
      NoDice dice(c);
      a.outcome = answer(dice, a.trace, a.headline);
      a.dice_mode = "none";
      return true;
    }
    case DiceSpec::Mode::Scripted: {
      ScriptedDice dice(c.dice.script);
      try {
        a.outcome = answer(dice, a.trace, a.headline);
        dice.finish();
      } catch (const DiceScriptError& e) {
        throw CaseError(c.file, "dice.script", e.what());
      }
      a.rolls = dice.log();
      a.dice_mode = "scripted";
      return true;
    }
    case DiceSpec::Mode::Seeded: {
      SeededDice dice(c.dice.seed);
      a.outcome = answer(dice, a.trace, a.headline);
      a.rolls = dice.log();
      a.dice_mode = "seeded";
      return true;
    }
    case DiceSpec::Mode::Enumerate:
      break;
  }
  return false;
}


// A rule implemented in part refuses what it does not cover (RuleRefusal); the case then gets
// a CaseError that names the file and the rule, never an answer from the standard rule.
// A question past a named limit (LimitError) or past the memory it may take is bad input
// too: a CaseError on the field that asked for the work, never an internal error.
Answer ask(const CaseFile& c) {
  try {
    return system_named(c.system).answer(c);
  } catch (const RuleRefusal& e) {
    throw CaseRefused(c.file, e);
  } catch (const LimitError& e) {
    throw CaseError(c.file, c.dice.mode == DiceSpec::Mode::Enumerate ? "dice" : "question", e.what());
  } catch (const std::bad_alloc&) {
    throw CaseError(c.file, c.dice.mode == DiceSpec::Mode::Enumerate ? "dice" : "question",
                    "answering it needs more memory than the machine gave");
  }
}

namespace {
// The rule set `c` asks for, built once per thread for each choice and spec and kept for the
// next questions asking the same (the last four kept). Building one binds the spec's tables
// and resolves every reading (about 0.33 M instructions, more than most questions cost). A rule
// set keeps nothing of one question for the next beyond caches keyed by what they hold (a
// map's revision, a position), as a played game's single rule set does over thousands of
// queries; a choice it refuses is refused again, since nothing is kept for it.
std::shared_ptr<const n20::N20Rules> rules_for(const CaseFile& c) {
  struct Built {
    n20::RulesetChoice choice;
    std::shared_ptr<const Spec> spec;
    std::shared_ptr<const n20::N20Rules> rules;  // destroyed before the spec it reads
  };
  thread_local std::array<Built, 4> built;
  thread_local std::size_t next = 0;
  const n20::RulesetChoice& want = c.ruleset;
  for (const Built& b : built)
    if (b.rules && b.spec == c.spec && b.choice.game == want.game && b.choice.printing == want.printing &&
        b.choice.options == want.options && b.choice.interpretations == want.interpretations)
      return b.rules;
  std::shared_ptr<const n20::N20Rules> rules = n20::make_rules(want, c.spec);
  Built& b = built[next++ % built.size()];
  b = Built{want, c.spec, rules};
  return rules;
}
}  // namespace

Answer answer_n20_case(const CaseFile& c) {
  const std::shared_ptr<const n20::N20Rules> rules = rules_for(c);
  const QuestionKind& kind = find_kind(c);
  Situation sit{c, *rules, *c.map, c.state};
  kind.validate(sit);

  Answer a(c.spec);
  a.case_name = c.name;
  if (!c.ruleset.options.empty()) {
    std::string list;
    for (const auto& o : c.ruleset.options) list += (list.empty() ? "" : ", ") + o;
    // RULE std:16.0 — optional rules may be used in any combination the players agree on
    a.trace.cite("std:16.0"_rule, "optional rules in use: " + list);
  }
  a.question_kind = kind.name;
  switch (c.dice.mode) {
    case DiceSpec::Mode::None:
    case DiceSpec::Mode::Scripted:
    case DiceSpec::Mode::Seeded:
      answer_with_single_dice(c, a, [&](DiceSource& dice, Trace& t, std::string& h) { return kind.answer(sit, dice, t, h); });
      break;
    case DiceSpec::Mode::Enumerate: {
      // Every dice sequence is played (along the kind's chance tree when it has one); outcomes
      // are merged, and the trace keeps each distinct citation once.
      std::vector<std::pair<nlohmann::json, Fraction>> odds;
      if (kind.odds) {
        odds = kind.odds(sit, a.trace);
      } else {
        DistinctCitations citations(a.trace);
        EnumerationBudget budget(EnumerationBudget::Kind::Rolls);  // its work (enumeration_limits.h)
        std::function<nlohmann::json(DiceSource&)> play = [&](DiceSource& dice) {
          Trace t(rules->catalog());
          std::string headline;
          nlohmann::json o = kind.answer(sit, dice, t, headline);
          budget.add(dice.log().size());
          citations.absorb(t);
          return o;
        };
        for (auto& w : enumerate_outcomes<nlohmann::json>(play, [](const nlohmann::json& o) { return o.dump(); }))
          odds.emplace_back(std::move(w.outcome), w.probability);
      }
      // Each entry built member by member, the outcome moved in, never copied.
      nlohmann::json list(nlohmann::json::value_t::array);
      auto& entries = list.get_ref<nlohmann::json::array_t&>();
      entries.reserve(odds.size());
      for (auto& [outcome, probability] : odds) {
        nlohmann::json entry(nlohmann::json::value_t::object);
        auto& members = entry.get_ref<nlohmann::json::object_t&>();
        members.emplace_hint(members.end(), "outcome", std::move(outcome));
        members.emplace_hint(members.end(), "probability", probability.to_string());
        entries.push_back(std::move(entry));
      }
      a.outcome = nlohmann::json(nlohmann::json::value_t::object);
      a.outcome.get_ref<nlohmann::json::object_t&>().emplace("odds", std::move(list));
      a.headline = std::to_string(odds.size()) + " distinct outcome(s), exact probabilities";
      a.dice_mode = "enumerate";
      break;
    }
  }
  // Procedures cite what the chosen printing carries (PrintingRules): an answer citing a std
  // case that printing lacks is an engine bug, never an answer to give.
  for (const auto& id : a.citations())
    if (!rules->carries(id))
      throw std::logic_error("the answer cites " + id + ", which the " + std::string(n20::printing_name(rules->printing())) +
                             " printing of the standard rules does not carry");
  return a;
}

CheckResult check_refusal(const CaseFile& c, const CaseRefused& refusal) {
  CheckResult r;
  if (c.expect.refused.empty())
    r.mismatches.push_back("the question was refused (" + refusal.refusal() + ") but the case expects an answer");
  else if (c.expect.refused != refusal.rule())
    r.mismatches.push_back("refused: expected a refusal under " + c.expect.refused + ", got one under " +
                           refusal.rule() + " (" + refusal.refusal() + ")");
  r.ok = r.mismatches.empty();
  return r;
}

CheckResult check(const CaseFile& c, const Answer& a) {
  CheckResult r;
  if (!c.expect.present) {
    r.ok = false;
    r.mismatches.push_back("the case has no 'expect' section to check against");
    return r;
  }
  if (!c.expect.refused.empty()) {
    r.ok = false;
    r.mismatches.push_back("refused: expected the question to be refused under " + c.expect.refused +
                           ", but it was answered");
    return r;
  }
  if (c.expect.outcome) compare(*c.expect.outcome, a.outcome, "outcome", r.mismatches);
  const auto cited = a.citations();
  for (const auto& id : c.expect.cites)
    if (std::find(cited.begin(), cited.end(), id) == cited.end())
      r.mismatches.push_back("cites: expected the answer to cite " + id + ", it did not");
  for (const auto& path : c.expect.absent) {
    const nlohmann::json* at = &a.outcome;
    std::size_t start = 0;
    bool present = true;
    while (present && start <= path.size()) {
      const auto dot = path.find('.', start);
      const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
      // A list element is named by its index: "units.0.id".
      const bool index = at->is_array() && !key.empty() && key.find_first_not_of("0123456789") == std::string::npos &&
                         key.size() < 9 && std::stoul(key) < at->size();
      if (index) at = &at->at(std::stoul(key));
      else if (!at->is_object() || !at->contains(key)) present = false;
      else at = &at->at(key);
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    if (present) r.mismatches.push_back("absent: outcome." + path + " should not exist, but is " + at->dump());
  }
  for (const auto& id : c.expect.not_cites)
    if (std::find(cited.begin(), cited.end(), id) != cited.end())
      r.mismatches.push_back("not_cites: the answer cites " + id + ", which it should not");
  r.ok = r.mismatches.empty();
  return r;
}

}  // namespace hexlaw
