// Owns: examples of the played Jemmapes round's typed choices (engine/play/jemmapes_action.h):
// every kind's string form reads back as the same action, whatever its ids hold (spaces, '+',
// ',', quotes, a backslash, " on ", " with ", " to ", the choices' own words); a text that is no
// choice's form is refused naming why; and a round whose ids hold all of these plays, chosen by
// text, and replays from its log.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/play/jemmapes_action.h"
#include "engine/play/jemmapes_game.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

using K = JemmapesActionKind;

const std::vector<std::string> kOdd = {"A",        "IR 35+IR 38", "Hussars on Foot", "Lancers with Pikes", "Road to Mons", "a,b",
                                       "say \"hi\"", "back\\slash", "end",           "head",               "with",         "charge",
                                       "bayonet",  "countercharge", "0503",          "",                   " lead",        "Égalité"};

std::vector<JemmapesAction> every_kind(const Map& m) {
  const Hex h = m.hex("0503");
  std::vector<JemmapesAction> out{{.kind = K::Keep}, {.kind = K::Pass}, {.kind = K::End}, {.kind = K::None}};
  for (const auto o : {jemmapes::Order::Offensive, jemmapes::Order::Manoeuvre, jemmapes::Order::Defensive})
    for (const bool g : {false, true}) out.push_back({.kind = K::Attempt, .order = o, .flag = g});
  out.push_back({.kind = K::MoveTo, .hex = h});
  for (const Direction d : kAllDirections) {
    out.push_back({.kind = K::MoveTo, .hex = h, .facing = d});
    out.push_back({.kind = K::MoveTo, .hex = h, .facing = d, .flag = true});
    out.push_back({.kind = K::Pivot, .facing = d});
  }
  out.push_back({.kind = K::Step, .hex = h});
  for (const auto t : {jemmapes::UnitKind::Infantry, jemmapes::UnitKind::Artillery}) out.push_back({.kind = K::ReactFire, .type = t});
  for (std::size_t i = 0; i < kOdd.size(); ++i) {
    const std::string& a = kOdd[i];
    const std::string b = kOdd[(i + 5) % kOdd.size()].empty() ? "X" : kOdd[(i + 5) % kOdd.size()];  // a commander is named
    for (const K k : {K::Activate, K::Move, K::Enter, K::Follow}) out.push_back({.kind = k, .unit = a});
    out.push_back({.kind = K::Retreat, .unit = a, .hex = h});
    out.push_back({.kind = K::Place, .unit = a, .hex = h});
    out.push_back({.kind = K::Advance, .unit = a, .facing = Direction::SE});
    out.push_back({.kind = K::Rally, .unit = a});
    out.push_back({.kind = K::Rally, .unit = a, .commander = b});
    out.push_back({.kind = K::Fire, .units = {a}, .hex = h, .type = jemmapes::UnitKind::Artillery});
    out.push_back({.kind = K::Fire, .units = {a, b}, .hex = h});
    for (const bool cc : {false, true}) {
      out.push_back({.kind = K::Head, .unit = a, .flag = cc});
      out.push_back({.kind = K::Head, .unit = a, .commander = b, .flag = cc});
    }
    for (const bool charge : {false, true})
      for (const std::string& c : {std::string(), b}) {
        out.push_back({.kind = K::Assault, .unit = a, .commander = c, .units = {a, b}, .hex = h, .flag = charge});
        out.push_back({.kind = K::Assault, .unit = b, .commander = c, .units = {a, b}, .bayonet = {b}, .hex = h, .flag = charge});
        out.push_back({.kind = K::Assault, .unit = a, .commander = c, .units = {a, b}, .bayonet = {a, b}, .hex = h, .flag = charge});
      }
  }
  return out;
}

TEST(JemmapesAction, jemmapes_2_0_EveryChoiceReadsBackAsTheSameActionWhateverItsIdsHold) {
  HEXLAW_CITES("jemmapes:2.0");
  Map m;
  m.set_default_terrain("clear");
  std::vector<std::string> texts;
  for (const auto& a : every_kind(m)) {
    const std::string t = to_text(a, m);
    ASSERT_NO_THROW(parse_jemmapes_action(t, m)) << t;
    EXPECT_EQ(parse_jemmapes_action(t, m), a) << t;
    texts.push_back(t);
  }
  // Different actions, different forms.
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(std::adjacent_find(texts.begin(), texts.end()), texts.end());
  // Ids that would split a choice are quoted.
  EXPECT_EQ(to_text(JemmapesAction{.kind = K::Rally, .unit = "F with FC", .commander = "FC"}, m), "rally \"F with FC\" with FC");
  EXPECT_EQ(to_text(JemmapesAction{.kind = K::Fire, .units = {"IR 35+IR 38", "B"}, .hex = m.hex("0503")}, m), "fire infantry at 0503 by \"IR 35+IR 38\",B");
}

TEST(JemmapesAction, jemmapes_2_0_ATextThatIsNoChoiceFormIsRefusedNamingWhy) {
  HEXLAW_CITES("jemmapes:2.0");
  Map m;
  for (const std::string bad : {"", "move", "move \"open", "rally  A", "rally A with", "fire cavalry at 0503 by A", "attempt demoralised",
                                "assault 0503 by A head B with", "move \"A\"", "0503 up", "pivot x", "keep keep", "retreat A 0503", "place A at B7",
                                "head A countercharge countercharge", "fire infantry at 0503 by A,,B", "move A\"B\""}) {
    try {
      parse_jemmapes_action(bad, m);
      ADD_FAILURE() << "'" << bad << "' was read";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("'"), std::string::npos) << bad;
    }
  }
}

std::string odd_ids_scenario() {
  std::ifstream in(std::string(HEXLAW_SOURCE_DIR) + "/scenarios/jemmapes-odd-ids.yaml");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Random rounds of the odd-ids scenario, each choice taken by its text: every offered text reads
// back as its action; choices naming every odd id are taken; the log replays the same game.
TEST(JemmapesAction, jemmapes_2_0_ARoundWhoseIdsHoldSeparatorsPlaysByTextAndReplays) {
  HEXLAW_CITES("jemmapes:2.0", "jemmapes:5.1", "jemmapes:6.0", "jemmapes:7.0");
  const auto s = jemmapes_scenario_from_text(testing::source_spec(), odd_ids_scenario(), "jemmapes-odd-ids.yaml");
  std::set<std::string> named;  // odd ids seen in a choice taken
  int fights = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    JemmapesGame g(s, seed);
    SeededDice rng(seed * 31);
    for (int steps = 0; !g.over(); ++steps) {
      ASSERT_LT(steps, 5000);
      const auto& d = g.decision();
      ASSERT_EQ(d.choices.size(), d.actions.size());
      for (std::size_t i = 0; i < d.choices.size(); ++i) ASSERT_EQ(parse_jemmapes_action(d.choices[i], s->map), d.actions[i]) << d.choices[i];
      // Prefer fights and rallies, so that the choices naming several ids are taken.
      std::size_t pick = static_cast<std::size_t>(rng.roll(static_cast<int>(d.choices.size()), "jemmapes:2.0", "test") - 1);
      for (std::size_t i = 0; i < d.actions.size(); ++i)
        if ((d.actions[i].kind == K::Assault || d.actions[i].kind == K::Fire || d.actions[i].kind == K::Rally) && rng.roll(2, "jemmapes:2.0", "test") == 1) pick = i;
      const std::string text = d.choices[pick];
      const JemmapesAction a = d.actions[pick];
      try {
        g.choose(text);
      } catch (const JemmapesChoiceRefused&) {
        continue;  // its dice read a lost cell: the game is as it was
      }
      fights += a.kind == K::Assault || a.kind == K::Fire;
      for (const auto& id : {a.unit, a.commander})
        if (!id.empty() && text.find('"') != std::string::npos) named.insert(id);
      for (const auto& id : a.units) named.insert(id);
    }
    const JemmapesGame r = replay(s, g.log());
    ASSERT_EQ(r.record().size(), g.record().size());
    for (std::size_t i = 0; i < r.record().size(); ++i) EXPECT_EQ(r.record()[i].text, g.record()[i].text);
    EXPECT_EQ(r.winner(), g.winner());
  }
  EXPECT_GT(fights, 0);
  for (const std::string id : {"1st Paris, volunteers", "Chasseurs to Mons", "Dampierre with staff"}) EXPECT_TRUE(named.count(id)) << id;
}

}  // namespace
}  // namespace hexlaw::play
