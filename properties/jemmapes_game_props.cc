// Owns: properties of the played Jemmapes round (jemmapes:2.0): on random generated scenarios
// played with random choices, under the default readings or the readings that let more combat be
// played (the two-dice morale test, move_one_hex reactions), every visited state keeps the game's
// laws (stacking never above two, one facing a hex, no enemies sharing a hex), organisation
// levels worsen only by results and improve only by rally, each round activates every formation
// exactly once, every choice's string form reads back as its typed action, a fight refused as its
// dice are rolled leaves the game as it was, and the log replays the same game.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>

#include "engine/jemmapes/scenario.h"
#include "engine/play/jemmapes_game.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

std::map<std::string, std::string> readings(int k) {
  if (k == 0) return {};
  return {{"jemmapes.morale_test.procedure", "two_dice_against_morale"},
          {"jemmapes.fire.defensive_order_drm_sign", "minus"},
          {"jemmapes.reaction.movement_kind", k == 1 ? "pivot_one_hexside" : "move_one_hex"}};
}

std::map<std::string, jemmapes::Level> levels(const JemmapesGame& g) {
  std::map<std::string, jemmapes::Level> out;
  for (const auto& u : g.position().units)
    if (u.combat()) out[u.id] = u.level;
  return out;
}

RC_GTEST_PROP(JemmapesGameProps, EveryFormationOnceARoundAndReplayGivesTheSameGame, ()) {
  HEXLAW_CITES("jemmapes:2.0", "jemmapes:1.4", "jemmapes:1.5", "jemmapes:7.0", "jemmapes:6.3");
  const int formations = *rc::gen::inRange(1, 3), units = *rc::gen::inRange(1, 4), rounds = *rc::gen::inRange(1, 3);
  const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1u << 30);
  const int k = *rc::gen::inRange(0, 3);
  const auto s = jemmapes_generated_scenario(testing::source_spec(), formations, units, rounds, seed, readings(k));
  JemmapesGame g(s, seed + 1);
  SeededDice rng(*rc::gen::inRange<std::uint64_t>(1, 1u << 30));
  int steps = 0;
  while (!g.over()) {
    if (const auto bad = g.invariant_violations(); !bad.empty()) {
      std::string last;  // the events that led there, for the report
      for (std::size_t i = g.record().size() > 4 ? g.record().size() - 4 : 0; i < g.record().size(); ++i) last += "\n  " + g.record()[i].text;
      RC_FAIL("invariant broken: " + bad.front() + "; after:" + last);
    }
    RC_ASSERT(++steps < 20000);
    // Stacking never above two combat units (1.4) but for a unit passing through.
    std::map<Hex, int> per_hex;
    for (const auto& u : g.position().units)
      if (u.combat()) ++per_hex[u.hex];
    int over_two = 0;
    for (const auto& [h, n] : per_hex) over_two += n > 2;
    const auto dk = g.decision().kind;  // a move paused in a friendly hex it passes through
    RC_ASSERT(over_two <= (dk == "reaction" || dk == "retreat" || dk == "place-commander" ? 1 : 0));
    // Every choice's string form reads back as its action (jemmapes_action.h).
    for (std::size_t i = 0; i < g.decision().choices.size(); ++i)
      RC_ASSERT(parse_jemmapes_action(g.decision().choices[i], s->map) == g.decision().actions[i]);
    const auto before = levels(g);
    const auto kind = g.decision().kind;
    const auto pick = static_cast<std::size_t>(rng.roll(static_cast<int>(g.decision().choices.size()), "jemmapes:2.0", "property") - 1);
    const std::string choice = g.decision().choices[pick];
    if (!g.try_choose(pick)) {
      // Refused as its dice were rolled: the game is as it was, the choice listed as refused.
      RC_ASSERT(levels(g) == before);
      RC_ASSERT(std::find(g.decision().choices.begin(), g.decision().choices.end(), choice) == g.decision().choices.end());
      continue;
    }
    // Levels: better only by a rally (7.0); worse never by a rally, an order or an initiative choice.
    for (const auto& [id, after] : levels(g)) {
      const auto it = before.find(id);
      if (it == before.end()) continue;
      if (after < it->second) RC_ASSERT(kind == "rally" && choice.rfind("rally ", 0) == 0);
      if (after > it->second) RC_ASSERT(kind != "rally" && kind != "order-change" && kind != "initiative");
    }
  }
  // Every round played activated each of the 2 x formations exactly once (or the game ended
  // early on 8 French VP).
  if (g.french_vp() < 8) {
    RC_ASSERT(g.activations().size() == static_cast<std::size_t>(rounds));
    for (const auto& [round, counts] : g.activations()) {
      RC_ASSERT(counts.size() == static_cast<std::size_t>(2 * formations));
      for (const auto& [f, n] : counts) RC_ASSERT(n == 1);
    }
  }
  const JemmapesGame r = replay(s, g.log());
  RC_ASSERT(r.record().size() == g.record().size());
  for (std::size_t i = 0; i < r.record().size(); ++i) RC_ASSERT(r.record()[i].text == g.record()[i].text);
  RC_ASSERT(r.position().units.size() == g.position().units.size());
  for (std::size_t i = 0; i < r.position().units.size(); ++i) {
    RC_ASSERT(r.position().units[i].hex == g.position().units[i].hex);
    RC_ASSERT(r.position().units[i].level == g.position().units[i].level);
    RC_ASSERT(r.position().units[i].cp == g.position().units[i].cp);
    RC_ASSERT(r.position().units[i].facing == g.position().units[i].facing);
  }
  RC_ASSERT(r.winner() == g.winner());
  RC_ASSERT(r.french_vp() == g.french_vp());
}

// Under a printed scenario's rules Ferrand waits off the map (jemmapes:9.1.1): random play, with
// "enter" taken whenever offered half the time, never has one of its units on the map before
// round 2, brings each on only through 0107 (its first hex on the map), keeps the laws, and
// replays to the same units on and off the map.
RC_GTEST_PROP(JemmapesGameProps, FerrandComesOnOnlyByItsEntryHexFromRound2, ()) {
  HEXLAW_CITES("jemmapes:9.1.1", "jemmapes:2.0");
  const int formations = *rc::gen::inRange(1, 4), units = *rc::gen::inRange(1, 3);
  const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1u << 30);
  const std::string rules = *rc::gen::element<std::string>("historical", "free");
  const auto s = jemmapes_generated_scenario(testing::source_spec(), formations, units, 3, seed, readings(*rc::gen::inRange(0, 3)), rules);
  JemmapesGame g(s, seed + 1);
  SeededDice rng(*rc::gen::inRange<std::uint64_t>(1, 1u << 30));
  const Hex entry = jemmapes::entry_hex(s->map);
  std::map<std::string, Hex> first_seen;
  RC_ASSERT(g.position().waiting.size() == static_cast<std::size_t>(units + 1));
  int steps = 0;
  while (!g.over() && g.round() <= 4) {
    if (const auto bad = g.invariant_violations(); !bad.empty()) RC_FAIL("invariant broken: " + bad.front());
    RC_ASSERT(++steps < 20000);
    for (const auto& u : g.position().units) {
      if (u.formation != "Ferrand") continue;
      RC_ASSERT(g.round() >= 2);
      first_seen.try_emplace(u.id, u.hex);
    }
    const auto& c = g.decision().choices;
    const auto enter = std::find_if(c.begin(), c.end(), [](const std::string& x) { return x.rfind("enter ", 0) == 0 || x == "activate Ferrand"; });
    const bool take = enter != c.end() && rng.roll(2, "jemmapes:9.1.1", "property") == 1;
    g.try_choose(take ? static_cast<std::size_t>(enter - c.begin()) : static_cast<std::size_t>(rng.roll(static_cast<int>(c.size()), "jemmapes:2.0", "property") - 1));
  }
  // A unit is first seen on the map where it entered, unless it moved on in the same choice: then
  // the record says it entered at 0107.
  for (const auto& [id, h] : first_seen) {
    bool noted = false;
    for (const auto& e : g.record()) noted = noted || e.text.rfind(id + " enters the map at " + s->map.name(entry), 0) == 0;
    RC_ASSERT(noted);
  }
  const JemmapesGame r = replay(s, g.log());
  RC_ASSERT(r.position().units.size() == g.position().units.size());
  RC_ASSERT(r.position().waiting.size() == g.position().waiting.size());
  for (std::size_t i = 0; i < r.position().units.size(); ++i) RC_ASSERT(r.position().units[i].hex == g.position().units[i].hex);
}

// With the readings that let combat be played, random games do fight: some assault or fire is
// offered and made (the property above is not vacuous about combat).
TEST(JemmapesGameProps, RandomGamesUnderTheTwoDiceReadingFight) {
  HEXLAW_CITES("jemmapes:2.0", "jemmapes:6.2");
  int fights = 0, games = 0;
  for (std::uint64_t seed = 1; seed <= 30 && fights == 0; ++seed, ++games) {
    JemmapesGame g(jemmapes_generated_scenario(testing::source_spec(), 2, 3, 3, seed, readings(1)), seed);
    SeededDice rng(seed * 7);
    while (!g.over()) {
      const auto& c = g.decision().choices;
      // Prefer a fight when one is offered, else a random choice.
      auto it = std::find_if(c.begin(), c.end(), [](const std::string& s) { return s.rfind("assault ", 0) == 0 || s.rfind("fire ", 0) == 0; });
      if (it != c.end()) fights += g.try_choose(static_cast<std::size_t>(it - c.begin()));
      else g.try_choose(static_cast<std::size_t>(rng.roll(static_cast<int>(c.size()), "jemmapes:2.0", "test") - 1));
    }
  }
  EXPECT_GT(fights, 0) << "no fight offered in " << games << " games";
}

}  // namespace
}  // namespace hexlaw::play
