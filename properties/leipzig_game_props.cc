// Owns: properties of whole Leipzig games with two Allied Fronts (engine/play/ with the
// leipzig layer, leipzig:12.0-15.0): random legal play on generated Leipzig scenarios keeps the
// laws of every game (invariants.h) and Leipzig's own: every morale change lands on one of the
// scenario's tracks (french, allied-north, allied-south), each within 0..10; a Front's General
// Retreat retreats every unit of that Front before play goes on (leipzig:12.7); a Shattered
// Front ends the game at once for the French (leipzig:12.7.4, 15.0); fatigue never leaves its
// levels (leipzig:16.11); and the log replays the game exactly, Unreliable Troops' rolls
// (leipzig:16.8) included.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "engine/n20/games/leipzig.h"
#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "engine/play/invariants.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

rc::Gen<GeneratedScenarioSpec> leipzig_scenario() {
  return rc::gen::exec([] {
    GeneratedScenarioSpec s;
    s.game = "leipzig";
    s.units_per_side = *rc::gen::inRange(3, 10);
    s.cols = *rc::gen::inRange(12, 17);
    s.rows = *rc::gen::inRange(8, 13);
    s.last_turn = *rc::gen::inRange(2, 10);
    s.night_turns.clear();
    if (*rc::gen::arbitrary<bool>()) s.night_turns.insert(*rc::gen::inRange(1, s.last_turn + 1));
    s.events = *rc::gen::arbitrary<bool>();
    for (const char* o : {"std:16.5", "std:16.6", "std:16.7", "leipzig:16.8", "leipzig:16.11", "leipzig:16.12"})
      if (*rc::gen::inRange(0, 3) == 0) s.options.insert(o);
    s.seed = *rc::gen::inRange<std::uint64_t>(1, 1'000'000);
    return s;
  });
}

std::set<Symbol> tracks(const GameState& s) {
  std::set<Symbol> out;
  for (const auto& [t, m] : s.morale) out.insert(t);
  return out;
}

// A Shattered Front in the state: the game is over, a French Decisive Victory.
void check_shattered(const Game& g) {
  for (Symbol m : g.state().markers)
    if (m.view().starts_with("shattered-")) {
      RC_ASSERT(g.over());
      RC_ASSERT(g.result().level == std::string("decisive"));
      RC_ASSERT(g.result().winner == g.scenario().french);
    }
}

// leipzig:16.11: every unit carries at most one fatigue marker, of the four levels, and once a
// phase has opened (`phase_opened`), only while it is on the map.
void check_fatigue(const GameState& s, bool phase_opened) {
  static const char* kLevels[] = {"committed", "tired", "weary", "spent"};
  for (const Unit& u : s.units) {
    int markers = 0;
    for (const char* l : kLevels) markers += s.has_marker(Symbol("fatigue-" + std::string(l) + "-" + std::string(u.id)));
    RC_ASSERT(markers <= 1);
    if (phase_opened && !u.on_map()) RC_ASSERT(markers == 0);
  }
  for (Symbol m : s.markers) RC_ASSERT(!m.view().starts_with("wavering-"));  // a battle's only
}

// Plays a whole Leipzig game decision by decision, checking the laws after each.
RC_GTEST_PROP(LeipzigGameProps, RandomLegalPlayWithTwoFrontsKeepsTheLaws, ()) {
  HEXLAW_CITES("leipzig:12.0", "leipzig:12.1.2", "leipzig:12.7", "leipzig:12.7.4", "leipzig:15.0", "leipzig:16.8",
               "leipzig:16.11");
  const GeneratedScenarioSpec spec = *leipzig_scenario();
  Game g(generated_scenario(testing::source_spec(), spec), spec.seed);
  const std::set<Symbol> initial_tracks = tracks(g.state());
  RC_ASSERT(initial_tracks.size() == 3u);
  RandomPolicy p(spec.seed + 3);
  int steps = 0;
  while (!g.over() && steps < 20'000) {
    const auto before = std::tuple(g.state().turn, g.state().phase, g.state().phasing);
    g.choose(p.choose(g, g.awaited_actions()));
    ++steps;
    // Every morale change lands on a track of the scenario: no track appears or disappears.
    RC_ASSERT(tracks(g.state()) == initial_tracks);
    for (const auto& v : invariant_violations(g)) RC_FAIL(v);
    check_shattered(g);
    check_fatigue(g.state(), before != std::tuple(g.state().turn, g.state().phase, g.state().phasing));
  }
  RC_ASSERT(g.over());
  // leipzig:12.7: each General Retreat is followed, before anything else happens, by one retreat
  // (or a break) of every unit it names.
  const auto& rec = g.record();
  int retreats = 0;
  for (std::size_t i = 0; i < rec.size(); ++i) {
    const std::string& text = rec[i].text;
    if (!text.starts_with("a General Retreat: ")) continue;
    ++retreats;
    const int owed = std::stoi(text.substr(std::string("a General Retreat: ").size()));
    std::set<std::string> moved;
    for (std::size_t k = i + 1; k < rec.size() && static_cast<int>(moved.size()) < owed; ++k) {
      const std::string& t = rec[k].text;
      const auto space = t.find(' ');
      RC_ASSERT(t.find(" retreats from ") != std::string::npos ||
                t.find(" cannot make its General Retreat") != std::string::npos || t.find(" stays (no hexes") != std::string::npos);
      moved.insert(t.substr(0, space));
    }
    RC_ASSERT(static_cast<int>(moved.size()) == owed);
  }
  RC_CLASSIFY(retreats > 0, "general retreat");
  RC_TAG(g.result().level);
  // The log replays the game exactly.
  const Game again = replay(g.scenario_ptr(), g.log());
  RC_ASSERT(again.state() == g.state());
  RC_ASSERT(again.record() == g.record());
  RC_ASSERT(again.result().level == g.result().level);
}

}  // namespace
}  // namespace hexlaw::play
