// Owns: example tests of a played game's typed choices — the string forms (ids quoted when they
// hold a separator, so no two choices of a decision read alike) and whole games whose unit ids
// hold a space, '+', " on ", " to ", " into ", a comma, a quote or a backslash, which play
// exactly as the same games with plain ids.
#include "engine/play/action.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>

#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "engine/play/invariants.h"
#include "tests/support/source_spec.h"

namespace hexlaw::play {
namespace {

TEST(Action, PlainIdsAreWrittenAsTheyAreOthersQuoted) {
  EXPECT_EQ(id_text("IG"), "IG");
  EXPECT_EQ(id_text("H-LW"), "H-LW");
  EXPECT_EQ(id_text("Old Guard"), "\"Old Guard\"");
  EXPECT_EQ(id_text("I+II"), "\"I+II\"");
  EXPECT_EQ(id_text("a,b"), "\"a,b\"");
  EXPECT_EQ(id_text("say \"hi\" \\o/"), "\"say \\\"hi\\\" \\\\o/\"");
  EXPECT_EQ(id_text(""), "\"\"");
}

TEST(Action, StringFormsStayAsTheyWereForPlainIds) {
  const Map map;
  const Hex h = to_axial(*parse_ccrr("0507"), map.layout());
  EXPECT_EQ(to_text({.kind = ActionKind::Move, .unit = "IG"}, map), "move IG");
  EXPECT_EQ(to_text({.kind = ActionKind::MoveTo, .hex = h}, map), "0507");
  EXPECT_EQ(to_text({.kind = ActionKind::Attack, .number = 2, .units = {"A", "B", "C"}}, map), "attack A+B on C");
  EXPECT_EQ(to_text({.kind = ActionKind::Combine, .units = {"C1", "C2", "II"}}, map), "combine C1+C2 into II");
  EXPECT_EQ(to_text({.kind = ActionKind::Advance, .unit = "F", .hex = h}, map), "advance F 0507");
  EXPECT_EQ(to_text({.kind = ActionKind::PlaceDummy, .unit = "FD", .hex = h, .at = h}, map), "at 0507, FD to 0507");
  EXPECT_EQ(to_text({.kind = ActionKind::Column, .number = -1}, map), "column -1");
  EXPECT_EQ(to_text({.kind = ActionKind::Exchange, .units = {"A", "B"}}, map), "break A+B");
}

TEST(Action, IdsWithSeparatorsCannotMakeTwoChoicesReadAlike) {
  const Map map;
  // Unquoted, both would read "attack A+B on C on D".
  const std::string one = to_text({.kind = ActionKind::Attack, .number = 2, .units = {"A", "B on C", "D"}}, map);
  const std::string two = to_text({.kind = ActionKind::Attack, .number = 1, .units = {"A+B", "C on D"}}, map);
  EXPECT_EQ(one, "attack A+\"B on C\" on D");
  EXPECT_EQ(two, "attack \"A+B\" on \"C on D\"");
  EXPECT_NE(one, two);
  EXPECT_NE(to_text({.kind = ActionKind::Combine, .units = {"a+b", "c", "x"}}, map),
            to_text({.kind = ActionKind::Combine, .units = {"a", "b+c", "x"}}, map));
  EXPECT_EQ(to_text({.kind = ActionKind::Move, .unit = "march to Jena"}, map), "move \"march to Jena\"");
}

// Each generated id gets one of these tails: a separator of every string form, and the quote
// and backslash of the quoting rule. Each tail starts below '0', so the ids sort as before.
const char* const kTails[] = {"+II", " on the hill", " to Jena", " into line", ", \"old\\guard\"", " a+b on c to d into e"};

std::string yaml_quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

// The scenario's YAML with every unit id given a tail; `back` maps each new id (raw and as
// written in a choice) to the old one.
std::string with_odd_ids(const std::string& yaml, std::vector<std::pair<std::string, std::string>>& back) {
  static const std::regex id(R"(\{id: ((?:F|P|FC|PC|FD|PD)\d+),)");
  std::string out;
  std::size_t n = 0;
  auto last = yaml.cbegin();
  for (std::sregex_iterator it(yaml.begin(), yaml.end(), id), end; it != end; ++it, ++n) {
    const std::string old = (*it)[1];
    const std::string odd = old + kTails[n % std::size(kTails)];
    back.emplace_back(id_text(odd), old);
    back.emplace_back(odd, old);
    out.append(last, (*it)[0].first);
    out += "{id: " + yaml_quoted(odd) + ",";
    last = (*it)[0].second;
  }
  out.append(last, yaml.cend());
  // Quoted forms first, then the longest raw ids, so no replacement cuts into another.
  std::stable_sort(back.begin(), back.end(), [](const auto& a, const auto& b) {
    const bool qa = a.first.front() == '"', qb = b.first.front() == '"';
    return qa != qb ? qa : a.first.size() > b.first.size();
  });
  return out;
}

std::string restore(std::string s, const std::vector<std::pair<std::string, std::string>>& back) {
  for (const auto& [odd, old] : back)
    for (std::size_t p = s.find(odd); p != std::string::npos; p = s.find(odd, p + old.size())) s.replace(p, odd.size(), old);
  return s;
}

void expect_distinct(const Decision& d) {
  const std::set<std::string> distinct(d.choices.begin(), d.choices.end());
  EXPECT_EQ(distinct.size(), d.choices.size()) << d.kind;
  EXPECT_EQ(d.choices.size(), d.actions.size());
}

// The same generated scenario with plain and with odd ids, the same seeds: every decision reads
// the same once the ids are put back, every choice is taken by its string form in the odd game
// and by its index in the plain one, and the records, states and verdicts agree.
TEST(Game, UnitIdsWithSeparatorsPlayLikePlainOnes) {
  const std::set<std::string> all = {"std:16.1", "std:16.2", "std:16.3", "std:16.4", "std:16.5", "std:16.6", "std:16.7"};
  // Seeds 1-16, and three games that reach a restarted declaration, an exchange and a partial rally.
  std::vector<std::uint64_t> seeds = {55, 101, 111};
  for (std::uint64_t seed = 1; seed <= 16; ++seed) seeds.push_back(seed);
  int decisions = 0;
  std::set<ActionKind> offered;
  for (const std::uint64_t seed : seeds) {
    GeneratedScenarioSpec spec;
    spec.units_per_side = 6 + static_cast<int>(seed % 6);
    spec.last_turn = 3 + static_cast<int>(seed % 4);
    spec.night_turns = {2};
    spec.options = seed % 2 ? all : std::set<std::string>{};
    spec.seed = 500 + seed;
    std::vector<std::pair<std::string, std::string>> back;
    const auto plain = generated_scenario(testing::source_spec(), spec);
    const auto odd = parse_scenario_text(testing::source_spec(), with_odd_ids(generated_scenario_yaml(spec), back), "odd");
    Game a(plain, seed), b(odd, seed);
    RandomPolicy p(seed);
    while (!a.over()) {
      ASSERT_FALSE(b.over());
      const Decision& da = a.decision();
      const Decision& db = b.decision();
      expect_distinct(db);
      ASSERT_EQ(da.choices.size(), db.choices.size()) << da.kind;
      for (std::size_t i = 0; i < da.choices.size(); ++i) ASSERT_EQ(restore(db.choices[i], back), da.choices[i]);
      const std::size_t i = p.choose(a, da);
      const std::string text = db.choices[i];
      for (const Action& x : db.actions) offered.insert(x.kind);
      a.choose(i);
      b.choose(text);
      for (const auto& v : invariant_violations(b)) ADD_FAILURE() << v;
      ++decisions;
    }
    ASSERT_TRUE(b.over());
    EXPECT_EQ(b.result().level, a.result().level);
    EXPECT_EQ(b.result().winner, a.result().winner);
    ASSERT_EQ(b.record().size(), a.record().size());
    for (std::size_t i = 0; i < a.record().size(); ++i) {
      EXPECT_EQ(restore(b.record()[i].text, back), a.record()[i].text);
      EXPECT_EQ(b.record()[i].rules, a.record()[i].rules);
    }
    EXPECT_EQ(b.state().morale, a.state().morale);
    for (std::size_t k = 0; k < a.state().units.size(); ++k) {
      EXPECT_EQ(b.state().units[k].hex, a.state().units[k].hex);
      EXPECT_EQ(b.state().units[k].status, a.state().units[k].status);
    }
    const Game again = replay(odd, b.log());
    EXPECT_EQ(again.state(), b.state());
    EXPECT_EQ(again.record(), b.record());
  }
  EXPECT_GT(decisions, 500);
  EXPECT_EQ(offered.size(), static_cast<std::size_t>(ActionKind::PlaceDummy) + 1) << "some kind of choice never arose";
}

}  // namespace
}  // namespace hexlaw::play
