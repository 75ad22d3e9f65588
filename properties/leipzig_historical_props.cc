// Owns: properties of played Leipzig games from the printed set-up (scenarios/leipzig-historical.yaml,
// leipzig:3.0): random legal play, each game from its own seed, keeps the game invariants and four
// Leipzig laws, each checked against the position rather than against the rule's own account:
// every morale change lands on a track on the Morale Track (French and South from the start, the
// North Front from Turn 7, leipzig:3.0.3, 12.0); a Front's General Retreat moves or breaks every
// unit of that Front that stood on the map before it (leipzig:12.7); a Shattered Front ends the
// game at once as a French Decisive Victory (leipzig:12.7.4, 15.0); fatigue never leaves its four
// levels nor stays on a unit off the map (leipzig:16.11). A game of 36 turns is long, so these are
// plain properties over a fixed set of seeded games (not RapidCheck's hundred); the log replays
// each game exactly.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "engine/n20/games/leipzig.h"
#include "engine/play/game.h"
#include "engine/play/invariants.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

const std::shared_ptr<const Scenario>& historical() {
  static const auto sc =
      load_scenario(testing::source_spec(), std::string(HEXLAW_SOURCE_DIR) + "/scenarios/leipzig-historical.yaml");
  return sc;
}

const Symbol kNorth("allied-north"), kSouth("allied-south"), kFrench("french");

// The tracks the Morale Track holds at `turn` in the printed set-up (leipzig:3.0.3).
std::set<Symbol> expected_tracks(int turn) {
  std::set<Symbol> out{kFrench, kSouth};
  if (turn >= 7) out.insert(kNorth);
  return out;
}

std::set<Symbol> tracks(const GameState& s) {
  std::set<Symbol> out;
  for (const auto& [t, m] : s.morale) out.insert(t);
  return out;
}

// The hexes of the on-map Allied units of `front` (by their own army, leipzig:12.0).
std::map<Symbol, Hex> front_units(const GameState& s, Symbol front) {
  std::map<Symbol, Hex> out;
  for (const Unit& u : s.units)
    if (u.on_map() && u.side != kFrench && n20::LeipzigRules::front_of(u) == front) out[u.id] = u.hex;
  return out;
}

// A General Retreat under way (its owed retreats are still being offered).
bool owed_under_way(const Game& g) {
  return !g.over() && g.awaited_actions().rule == "leipzig:12.7";
}

// A law broken: the message names the seed, the step and the law (GoogleTest reports it).
#define LAW(cond, what)                                                                              \
  do {                                                                                               \
    if (!(cond)) {                                                                                   \
      ADD_FAILURE() << "seed " << seed << ", step " << steps << ", turn " << g.state().turn << ": " << (what); \
      return -1;                                                                                     \
    }                                                                                                \
  } while (0)

struct Collapse {
  Symbol front;
  std::map<Symbol, Hex> before;  // the Front's units where they stood before the step
};

// What the seeded games went through, so the test can say each law was put to work.
struct Seen {
  int retreats = 0, shattered = 0, fatigued = 0;
};

// Plays one seeded game to its end with every law checked after each decision; returns the
// number of General Retreats seen (-1 when a law failed), adding to `seen`.
int play_and_check(std::uint64_t seed, Seen& seen) {
  Game g(historical(), seed);
  RandomPolicy p(seed * 7 + 1);
  int steps = 0, retreats = 0;
  std::vector<Collapse> pending;
  while (!g.over() && steps < 60'000) {
    const GameState before_state = g.state();
    const auto before = std::tuple(g.state().turn, g.state().phase, g.state().phasing);
    g.choose(p.choose(g, g.awaited_actions()));
    ++steps;
    const GameState& s = g.state();
    // Every morale change lands on a track on the Morale Track: the North Front's from Turn 7.
    LAW(tracks(s) == expected_tracks(s.turn), "a morale track off the Morale Track (leipzig:3.0.3, 12.0)");
    for (const auto& v : invariant_violations(g)) LAW(false, v);
    // A General Retreat begun in this step: remember where its Front's units stood before it.
    for (Symbol front : {kNorth, kSouth}) {
      const Symbol marker("general-retreat-" + std::string(front));
      if (s.has_marker(marker) && !before_state.has_marker(marker) && !g.over())
        pending.push_back({front, front_units(before_state, front)});
    }
    // Once its retreats are made, each of those units has moved or left the map (leipzig:12.7).
    if (!owed_under_way(g)) {
      for (const Collapse& c : pending) {
        ++retreats;
        for (const auto& [id, hex] : c.before) {
          const Unit* u = s.unit(id);
          LAW(u != nullptr, std::string(id) + " vanished");
          LAW(!u->on_map() || u->hex != hex, std::string(id) + " of " + std::string(c.front) +
                                                 " did not retreat in its Front's General Retreat (leipzig:12.7)");
        }
      }
      pending.clear();
    }
    // A Shattered Front ends the game at once, for the French (leipzig:12.7.4, 15.0).
    for (Symbol m : s.markers)
      if (m.view().starts_with("fatigue-")) ++seen.fatigued;
    for (Symbol m : s.markers)
      if (m.view().starts_with("shattered-")) {
        ++seen.shattered;
        LAW(g.over() && g.result().level == std::string("decisive") && g.result().winner == g.scenario().french,
            "a Shattered Front did not end the game as a French Decisive Victory (leipzig:12.7.4)");
      }
    // Fatigue keeps to its levels: one marker a unit at most, none on a unit off the map once a
    // phase has opened (leipzig:16.11).
    const bool phase_opened = before != std::tuple(s.turn, s.phase, s.phasing);
    static const char* kLevels[] = {"committed", "tired", "weary", "spent"};
    for (const Unit& u : s.units) {
      int markers = 0;
      for (const char* l : kLevels) markers += s.has_marker(Symbol("fatigue-" + std::string(l) + "-" + std::string(u.id)));
      LAW(markers <= 1, std::string(u.id) + " carries two fatigue levels (leipzig:16.11)");
      LAW(!phase_opened || u.on_map() || markers == 0, std::string(u.id) + " off the map keeps its fatigue (leipzig:16.11)");
    }
    for (Symbol m : s.markers)
      if (m.view().starts_with("fatigue-")) {
        bool known = false;
        for (const char* l : kLevels) known = known || m.view().starts_with("fatigue-" + std::string(l) + "-");
        LAW(known, m.str() + " is no fatigue level (leipzig:16.11)");
      }
  }
  LAW(g.over(), "the game did not end");
  seen.retreats += retreats;
  // The log replays the game exactly.
  const Game again = replay(g.scenario_ptr(), g.log());
  LAW(again.state() == g.state() && again.record() == g.record() && again.result().level == g.result().level,
      "the log does not replay the game");
  return retreats;
}

// Seeded games from the printed set-up, each to its end; between them they make General Retreats,
// shatter a Front and fatigue units, so every law is put to work (checked below).
TEST(LeipzigHistoricalProps, PrintedSetupGamesKeepTheLeipzigLaws) {
  HEXLAW_CITES("leipzig:3.0", "leipzig:3.0.3", "leipzig:12.0", "leipzig:12.7", "leipzig:12.7.4", "leipzig:15.0",
               "leipzig:16.11");
  Seen seen;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) ASSERT_GE(play_and_check(seed, seen), 0) << "seed " << seed;
  RecordProperty("general_retreats", seen.retreats);
  EXPECT_GT(seen.retreats, 0);
  EXPECT_GT(seen.shattered, 0);
  EXPECT_GT(seen.fatigued, 0);
}

}  // namespace
}  // namespace hexlaw::play
