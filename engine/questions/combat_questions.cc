// Owns: questions about combat — the CRT result for a differential and a die (or the odds
// over the die with `dice: enumerate`), and the totals, differential and column of a declared
// battle, optionally with its CRT result.
#include <cstdint>
#include <deque>
#include <unordered_map>

#include "engine/core/dice.h"
#include "engine/core/enumeration_limits.h"
#include "engine/n20/advance.h"
#include "engine/n20/battle.h"
#include "engine/n20/battle_odds.h"
#include "engine/n20/resolution.h"
#include "engine/n20/combat_table.h"
#include "engine/n20/declaration.h"
#include "engine/n20/dummies.h"
#include "engine/questions/kinds.h"
#include "engine/questions/question_fields.h"

namespace hexlaw {

namespace {

std::vector<std::string> unit_ids(const Situation& s, const std::string& key, bool required) {
  auto f = required ? s.c.question.required(key) : s.c.question[key];
  if (!f.present()) return {};
  if (!f.is_seq()) f.fail("expected a list of unit ids");
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const std::string id = f.at(i).str();
    const Unit* u = s.state.unit(id);
    if (!u) f.at(i).fail("no unit with id '" + id + "'");
    if (required && !u->on_map()) f.at(i).fail("unit '" + id + "' is " + to_string(u->status) + ", not on the map");
    ids.push_back(id);
  }
  if (required && ids.empty()) f.fail("a battle needs at least one unit on each side");
  return ids;
}

// The declared battle, read from the question once and checked: every unit known, each side
// one side's.
const n20::BattleDeclaration& declaration(const Situation& s) {
  if (s.declared) return *s.declared;
  n20::BattleDeclaration b;
  b.attackers = to_symbols(unit_ids(s, "attackers", true));
  b.defenders = to_symbols(unit_ids(s, "defenders", true));
  b.attacked_elsewhere = to_symbols(unit_ids(s, "attacked_elsewhere", false));
  b.countercharge = s.c.question["countercharge"].bool_or(false);
  b.attacker_reserve = s.c.question["attacker_reserve"].bool_or(false);
  b.defender_reserve = s.c.question["defender_reserve"].bool_or(false);
  if (s.c.question["reduce_to"].present()) b.reduce_to = static_cast<int>(s.c.question["reduce_to"].integer());
  const std::string side = s.state.unit(b.attackers.front())->side;
  for (const auto& id : b.attackers)
    if (s.state.unit(id)->side != side) s.c.question["attackers"].fail("attackers must all belong to one side");
  for (const auto& id : b.defenders) {
    if (s.state.unit(id)->side == side) s.c.question["defenders"].fail("defender '" + id + "' is on the attacker's side");
  }
  s.declared = std::move(b);
  return *s.declared;
}

n20::ResolutionPolicy policy(const Situation& s) {
  n20::ResolutionPolicy p;
  auto map_hexes = [&](const CaseField& f) {
    std::vector<Hex> out;
    if (!f.is_seq()) f.fail("expected a list of hex numbers");
    for (std::size_t i = 0; i < f.size(); ++i) {
      auto h = parse_ccrr(f.at(i).str());
      if (!h) f.at(i).fail("'" + f.at(i).str() + "' is not a four-digit CCRR hex number");
      out.push_back(to_axial(*h, s.map.layout()));
    }
    return out;
  };
  s.c.question["retreat_paths"].for_each_entry([&](const std::string& id, const CaseField& f) {
    if (!s.state.unit(id)) f.fail("no unit with id '" + id + "'");
    p.retreat_paths[id] = map_hexes(f);
  });
  s.c.question["retreat_locs"].for_each_entry([&](const std::string& id, const CaseField& f) {
    const Unit* u = s.state.unit(id);
    if (!u) f.fail("no unit with id '" + id + "'");
    p.retreat_locs[id] = named_retreat_loc(s, f, *u);
  });
  if (s.c.question["ex_breaks"].present()) p.ex_breaks = unit_ids(s, "ex_breaks", false);
  p.shorten_in_fortified = s.c.question["shorten_in_fortified"].bool_or(true);
  if (const CaseField until = s.c.question["until"]; until.present()) {
    if (until.str() != "battle-die") until.fail("'" + until.str() + "' is not a stopping point (battle-die)");
    p.stop_before_battle_die = true;
  }
  return p;
}

// Members put into a JSON object in the order of their keys go in at the map's end with no
// search (the map sorts them anyway, so any order gives the same object).
void put(nlohmann::json::object_t& o, const char* key, nlohmann::json value) {
  o.emplace_hint(o.end(), key, std::move(value));
}

// One unit's fate as the answer shows it, its keys in order; `with_dice` adds the rout die.
nlohmann::json fate_json(const Situation& s, const n20::UnitFate& f, bool with_dice) {
  nlohmann::json j(nlohmann::json::value_t::object);
  auto& o = j.get_ref<nlohmann::json::object_t&>();
  if (f.fate == n20::Fate::Broken) {
    nlohmann::json broke(nlohmann::json::value_t::object);
    auto& b = broke.get_ref<nlohmann::json::object_t&>();
    put(b, "reason", n20::describe(f.broke, f.unit, s.map));
    put(b, "rule", f.broke_rule);
    put(o, "broke", std::move(broke));
  }
  if (f.distance > 0) put(o, "distance", f.distance);
  put(o, "ends", f.ends ? nlohmann::json(s.map.name(*f.ends)) : nlohmann::json(nullptr));
  put(o, "fate", n20::to_string(f.fate));
  if (!f.path.empty()) {
    nlohmann::json path(nlohmann::json::value_t::array);
    auto& hexes = path.get_ref<nlohmann::json::array_t&>();
    hexes.reserve(f.path.size());
    for (Hex h : f.path) hexes.emplace_back(s.map.name(h));
    put(o, "path", std::move(path));
  }
  if (with_dice && f.rout_die) put(o, "rout_die", *f.rout_die);
  put(o, "unit", f.unit.str());
  return j;
}

// The JSON of each distinct fate, morale change and set of exchange choices, written once
// for the many outcomes of one answer that share them (the attackers that stay, a defender's
// same retreat under other dice) and copied into each.
class OutcomeParts {
 public:
  explicit OutcomeParts(bool with_dice) : with_dice_(with_dice) {}

  const nlohmann::json& fate(const Situation& s, const n20::UnitFate& f) {
    std::vector<std::size_t>& same_hash = fates_by_hash_[hash(f)];
    for (std::size_t i : same_hash)
      if (same(fates_[i].first, f)) return fates_[i].second;
    same_hash.push_back(fates_.size());
    fates_.emplace_back(f, fate_json(s, f, with_dice_));
    return fates_.back().second;
  }
  const nlohmann::json& morale(const MoraleTracks& m) { return once(morale_, m); }
  const nlohmann::json& ex_choices(const std::vector<std::vector<std::string>>& c) { return once(ex_choices_, c); }

 private:
  // Equal as far as fate_json shows them.
  bool same(const n20::UnitFate& a, const n20::UnitFate& b) const {
    return a.unit == b.unit && a.fate == b.fate && a.distance == b.distance && a.path == b.path && a.ends == b.ends &&
           std::string_view(a.broke_rule) == b.broke_rule && a.broke == b.broke && (!with_dice_ || a.rout_die == b.rout_die);
  }
  static std::uint64_t hash(const n20::UnitFate& f) {
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
    mix(f.unit.handle());
    mix(static_cast<std::uint64_t>(f.fate));
    mix(static_cast<std::uint64_t>(f.distance));
    for (Hex x : f.path) mix((static_cast<std::uint64_t>(static_cast<std::uint32_t>(x.q)) << 32) | static_cast<std::uint32_t>(x.r));
    if (f.ends) mix((static_cast<std::uint64_t>(static_cast<std::uint32_t>(f.ends->q)) << 32) | static_cast<std::uint32_t>(f.ends->r));
    return h;
  }
  // A value's JSON, written the first time it is met (a handful per answer: a linear search).
  template <class T>
  static const nlohmann::json& once(std::vector<std::pair<T, nlohmann::json>>& seen, const T& v) {
    for (const auto& [value, json] : seen)
      if (value == v) return json;
    seen.emplace_back(v, nlohmann::json(v));
    return seen.back().second;
  }

  bool with_dice_;
  std::deque<std::pair<n20::UnitFate, nlohmann::json>> fates_;  // a deque: references stay valid
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> fates_by_hash_;
  std::vector<std::pair<MoraleTracks, nlohmann::json>> morale_;
  std::vector<std::pair<std::vector<std::vector<std::string>>, nlohmann::json>> ex_choices_;
};

// The outcome of a resolved battle; `with_dice` adds the faces rolled (left out for odds, so
// that outcomes differing only in dice merge). Built member by member in key order, values
// moved in, the parts many outcomes share copied from `parts` (an odds answer builds one per
// distinct outcome).
nlohmann::json outcome_json(const Situation& s, const n20::BattleOutcome& b, bool with_dice, OutcomeParts& parts) {
  nlohmann::json fates(nlohmann::json::value_t::array);
  auto& fate_list = fates.get_ref<nlohmann::json::array_t&>();
  fate_list.reserve(b.fates.size());
  for (const auto& f : b.fates) fate_list.push_back(parts.fate(s, f));
  nlohmann::json out(nlohmann::json::value_t::object);
  auto& o = out.get_ref<nlohmann::json::object_t&>();
  if (*b.unfought || b.stopped_before_die) {
    put(o, "applied", "none");
    put(o, "fates", std::move(fates));
    put(o, "morale", parts.morale(b.morale));
    if (with_dice) put(o, "morale_after", b.after.morale);
  } else {
    put(o, "applied", n20::to_string(b.applied));
    if (with_dice) put(o, "die", b.die);
    if (!b.ex_choices.empty()) put(o, "ex_choices", parts.ex_choices(b.ex_choices));
    put(o, "fates", std::move(fates));
    // Game markers the battle changed (Leipzig's fatigue, leipzig:16.11); absent when none did.
    if (with_dice && b.after.markers != s.state.markers) put(o, "markers_after", b.after.markers);
    put(o, "morale", parts.morale(b.morale));
    if (with_dice) put(o, "morale_after", b.after.morale);
  }
  if (!b.pre_rolls.empty()) {  // a game's rolls before the battle die (leipzig:16.8)
    nlohmann::json rolls = nlohmann::json::array();
    for (const auto& p : b.pre_rolls) {
      nlohmann::json j(nlohmann::json::value_t::object);
      j["unit"] = p.unit.str();
      j["effect"] = n20::to_string(p.effect);
      j["modifier"] = p.modifier;
      if (with_dice) j["die"] = p.die;
      if (!p.replacement.empty()) {
        j["replacement"] = p.replacement.str();
        j["replacement_fights"] = p.replacement_fights;
      }
      rolls.push_back(std::move(j));
    }
    o["pre_battle_rolls"] = std::move(rolls);
  }
  if (*b.unfought || b.stopped_before_die) {
    o["result"] = b.stopped_before_die ? "not-rolled" : "none";
    if (*b.unfought) o["unfought"] = {{"rule", b.unfought}, {"reason", b.unfought_reason}};
    return out;
  }
  o["result"] = n20::to_string(b.result);
  return out;
}

nlohmann::json lines_json(const std::vector<n20::StrengthLine>& lines) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& l : lines)
    out.push_back({{"unit", l.unit}, {"printed", l.printed}, {"value", l.value}, {"why", l.why}});
  return out;
}

}  // namespace

const std::vector<std::string> kResolveKeys = {
    "kind", "attackers", "defenders", "countercharge", "attacker_reserve", "defender_reserve", "reduce_to",
    "attacked_elsewhere", "retreat_paths", "retreat_locs", "ex_breaks", "shorten_in_fortified", "until"};

// The answer to a resolved battle: its outcome and column, with the dice and the victor's
// advance (which cites its rules into `t`) when `with_dice`.
nlohmann::json battle_answer(const Situation& s, const n20::BattleOutcome& b, Trace& t, std::string& headline,
                             bool with_dice, OutcomeParts& parts) {
  if (!b.legal) {
    headline = "illegal battle: " + b.totals->violations.front().second;
    nlohmann::json violations = nlohmann::json::array();
    for (const auto& [rule, reason] : b.totals->violations) violations.push_back({{"rule", rule}, {"reason", reason}});
    return nlohmann::json{{"legal", false}, {"violations", violations}};
  }
  headline = b.stopped_before_die ? std::string("stopped before the battle die")
             : *b.unfought      ? "not fought: " + b.unfought_reason
                          : "column " + std::to_string(b.totals->column) + ", die " + std::to_string(b.die) + ": " +
                                n20::to_string(b.result);
  nlohmann::json o = outcome_json(s, b, with_dice, parts);
  if (with_dice && !*b.unfought && !b.stopped_before_die) {
    const n20::AdvanceOptions adv = n20::advance_options(s.rules, s.map, s.state, b.as_fought(declaration(s)), b, t);
    nlohmann::json paths(nlohmann::json::value_t::object), eligible(nlohmann::json::value_t::array);
    for (const auto& p : adv.paths) {
      nlohmann::json hexes(nlohmann::json::value_t::array);
      for (Hex h : p.hexes) hexes.get_ref<nlohmann::json::array_t&>().emplace_back(s.map.name(h));
      paths[p.defeated] = std::move(hexes);
    }
    for (const auto& e : adv.eligible) {
      nlohmann::json j(nlohmann::json::value_t::object);
      j["unit"] = e.unit;
      j["max_hexes"] = e.max_hexes;
      j["cavalry"] = e.cavalry;
      if (!e.not_along.empty()) j["not_along"] = e.not_along;
      eligible.get_ref<nlohmann::json::array_t&>().push_back(std::move(j));
    }
    nlohmann::json advance(nlohmann::json::value_t::object);
    advance["side"] = adv.victor_side;
    advance["paths"] = std::move(paths);
    advance["eligible"] = std::move(eligible);
    advance["cavalry_must_advance"] = adv.cavalry_must_advance;
    if (!adv.why_none.empty()) advance["none_because"] = adv.why_none;
    o["advance"] = std::move(advance);
  }
  auto& members = o.get_ref<nlohmann::json::object_t&>();
  members.emplace("legal", true);
  members.emplace("column", b.totals->column);
  return o;
}

nlohmann::json resolve(const Situation& s, DiceSource& dice, Trace& t, std::string& headline, bool with_dice) {
  n20::BattleOutcome b;
  try {
    n20::ResolutionPolicy p = policy(s);
    p.group_battle_die = !with_dice;  // odds never show the battle die's face
    b = n20::resolve_battle(s.rules, s.map, s.state, declaration(s), p, dice, t);
  } catch (const std::invalid_argument& e) {
    s.c.question.fail(e.what());
  }
  OutcomeParts parts(with_dice);
  return battle_answer(s, b, t, headline, with_dice, parts);
}

// Exact odds of a declared battle along its tree of chance nodes. Without the dice (the odds
// kind) the battle die branches once per result and lines that end alike merge; with them (a
// resolve question enumerated) every face shows, and answers merge only when identical.
std::vector<std::pair<nlohmann::json, Fraction>> battle_odds(const Situation& s, Trace& t, bool with_dice) {
  std::vector<std::pair<nlohmann::json, Fraction>> out;
  try {
    n20::ResolutionPolicy p = policy(s);
    p.group_battle_die = !with_dice;
    std::string headline;
    OutcomeParts parts(with_dice);
    if (!with_dice) {
      auto odds = n20::battle_odds(s.rules, s.map, s.state, declaration(s), p, t);
      out.reserve(odds.size());
      for (auto& w : odds) out.emplace_back(battle_answer(s, w.outcome, t, headline, false, parts), w.probability);
      return out;
    }
    refuse_dummies(s.rules, s.state, declaration(s).attackers, "fight in a battle");
    refuse_dummies(s.rules, s.state, declaration(s).defenders, "fight in a battle");
    DistinctCitations citations(t);
    std::unordered_map<std::size_t, std::vector<std::size_t>> index;  // answers by hash
    EnumerationBudget budget(EnumerationBudget::Kind::ChanceNodes);  // its work (enumeration_limits.h)
    auto advance = [&](n20::BattleResolution& r) {
      budget.add();
      return r.run(citations.sink()) == n20::BattleResolution::Waiting::Roll;
    };
    auto leaf = [&](n20::BattleResolution& r, const Fraction& probability) {
      nlohmann::json o = battle_answer(s, r.outcome(), citations.sink(), headline, true, parts);
      auto& same_hash = index[std::hash<nlohmann::json>{}(o)];
      for (std::size_t i : same_hash)
        if (out[i].first == o) {
          out[i].second += probability;
          return;
        }
      if (out.size() == kMaxDistinctOutcomes) distinct_outcome_limit_exceeded();
      same_hash.push_back(out.size());
      out.emplace_back(std::move(o), probability);
    };
    explore_chance_tree(n20::BattleResolution(s.rules, s.map, s.state, declaration(s), p), advance, leaf);
  } catch (const std::invalid_argument& e) {
    s.c.question.fail(e.what());
  }
  return out;
}

// The battles of a `declare` question: a list of {attackers, defenders}.
std::vector<n20::BattleDeclaration> battle_list(const Situation& s) {
  auto f = s.c.question.required("battles");
  if (!f.is_seq() || f.size() == 0) f.fail("expected a list of battles, each {attackers: [...], defenders: [...]}");
  std::vector<n20::BattleDeclaration> out;
  for (std::size_t i = 0; i < f.size(); ++i) {
    auto b = f.at(i);
    b.expect_keys({"attackers", "defenders"});
    n20::BattleDeclaration d;
    for (const char* key : {"attackers", "defenders"}) {
      auto list = b.required(key);
      if (!list.is_seq() || list.size() == 0) list.fail("expected a non-empty list of unit ids");
      for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string id = list.at(k).str();
        const Unit* u = s.state.unit(id);
        if (!u) list.at(k).fail("no unit with id '" + id + "'");
        if (!u->on_map()) list.at(k).fail("unit '" + id + "' is not on the map");
        (std::string(key) == "attackers" ? d.attackers : d.defenders).push_back(id);
      }
    }
    const std::string side = s.c.question["side"].str();
    for (const auto& id : d.attackers)
      if (s.state.unit(id)->side != side) b["attackers"].fail("'" + id + "' is not a unit of side " + side);
    for (const auto& id : d.defenders)
      if (s.state.unit(id)->side == side) b["defenders"].fail("'" + id + "' is a unit of the attacking side");
    d.countercharge = s.c.question["countercharge"].bool_or(false);
    out.push_back(std::move(d));
  }
  return out;
}

void add_combat_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "declare",
      "Is this set of battles legal, and what must attack what? (question: side, battles: "
      "[{attackers, defenders}], optional countercharge)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "side", "battles", "countercharge"});
        s.c.question.required("side").str();
        battle_list(s);
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const auto battles = battle_list(s);
        n20::DeclarationCheck c = n20::check_declaration(s.rules, s.map, s.state, s.c.question["side"].str(), battles,
                                                         s.c.question["countercharge"].bool_or(false), t);
        nlohmann::json violations = nlohmann::json::array();
        for (const auto& [rule, reason] : c.violations) violations.push_back({{"rule", rule}, {"reason", reason}});
        headline = c.legal ? "the declaration is legal"
                           : "illegal: " + std::to_string(c.violations.size()) + " requirement(s) violated";
        return nlohmann::json{{"legal", c.legal}, {"violations", violations}, {"must_attack", c.must_attack},
                              {"must_be_attacked", c.must_be_attacked}};
      }});
  kinds.push_back(QuestionKind{
      "resolve",
      "What happens with these dice? Resolve a declared battle: the CRT result, each unit's fate, "
      "retreats with their hazard rolls, the exchange, morale (question: as for battle, plus owners' "
      "choices retreat_paths, retreat_locs, ex_breaks, shorten_in_fortified)",
      [](const Situation& s) {
        s.c.question.expect_keys(kResolveKeys);
        declaration(s);
        policy(s);
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        return resolve(s, dice, t, headline, true);
      },
      [](const Situation& s, Trace& t) { return battle_odds(s, t, true); }});
  kinds.push_back(QuestionKind{
      "odds",
      "What are the odds? Resolve a declared battle under every die (CRT, rout and hazard dice) and "
      "give each distinct outcome its exact probability (use dice: enumerate)",
      [](const Situation& s) {
        s.c.question.expect_keys(kResolveKeys);
        declaration(s);
        policy(s);
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        return resolve(s, dice, t, headline, false);
      },
      [](const Situation& s, Trace& t) { return battle_odds(s, t, false); }});
  kinds.push_back(QuestionKind{
      "battle",
      "What are the totals, the differential and the column of this battle, and why? (question: "
      "attackers, defenders, optional countercharge, attacker_reserve, defender_reserve, reduce_to, "
      "attacked_elsewhere, roll: true to roll the battle die)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "attackers", "defenders", "countercharge", "attacker_reserve",
                                  "defender_reserve", "reduce_to", "attacked_elsewhere", "roll"});
        declaration(s);
        s.c.question["roll"].bool_or(false);
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        n20::BattleTotals b;
        try {
          b = n20::battle_totals(s.rules, s.map, s.state, declaration(s), t);
        } catch (const std::invalid_argument& e) {
          s.c.question.fail(e.what());
        }
        nlohmann::json violations = nlohmann::json::array();
        for (const auto& [rule, reason] : b.violations) violations.push_back({{"rule", rule}, {"reason", reason}});
        nlohmann::json o = {
            {"legal", b.legal},
            {"violations", violations},
            {"attack", {{"units", lines_json(b.attack)}, {"reserve", b.attack_reserve}, {"total", b.attack_total}}},
            {"defense",
             {{"units", lines_json(b.defense)},
              {"terrain", {{"bonus", b.terrain}, {"source", b.terrain_source}}},
              {"support", b.support},
              {"reserve", b.defense_reserve},
              {"total", b.defense_total}}},
            {"differential", b.differential},
            {"column", b.column}};
        if (b.command != 0) o["command_span"] = b.command;  // leipzig:16.12's -1, shown only where it applies
        headline = std::to_string(b.attack_total) + " against " + std::to_string(b.defense_total) + ": differential " +
                   std::to_string(b.differential) + ", column " + std::to_string(b.column);
        if (!b.legal) headline = "illegal battle: " + b.violations.front().second;
        if (b.legal && s.c.question["roll"].bool_or(false)) {
          n20::CrtResult r = n20::crt_roll(s.rules, b.column, dice, t);
          o["die"] = r.die;
          o["result"] = r.result;
          headline += ", die " + std::to_string(r.die) + ": " + r.result;
        }
        return o;
      }});
  kinds.push_back(QuestionKind{
      "crt",
      "What does the CRT give for a differential (question: differential, optional die; "
      "without a die the battle die comes from the case's dice)?",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "differential", "die"});
        s.c.question.required("differential").integer();
        if (auto d = s.c.question["die"]; d.present()) {
          const long long die = d.integer();
          if (die < 1 || die > 6) d.fail("the battle die is a d6: 1 to 6");
        }
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        const int diff = static_cast<int>(s.c.question["differential"].integer());
        n20::CrtResult r = s.c.question["die"].present()
                               ? n20::crt_lookup(s.rules, diff, static_cast<int>(s.c.question["die"].integer()), t)
                               : n20::crt_roll(s.rules, diff, dice, t);
        headline = "differential " + std::to_string(diff) + ", die " + std::to_string(r.die) + ": " + r.result;
        return nlohmann::json{{"result", r.result}, {"column", r.column}, {"die", r.die}};
      }});
}

}  // namespace hexlaw
