// Owns: properties of the sequence of play (engine/n20/sequence.h) over random calendars:
// walking the clock from the first phase visits every phase of every Player Turn once, in
// order, and stops exactly after the last Game Turn.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <tuple>

#include "engine/n20/sequence.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

rc::Gen<n20::Calendar> calendar() {
  return rc::gen::exec([] {
    n20::Calendar c{.first = "french", .second = "allied"};
    c.last_turn = *rc::gen::inRange(1, 30);
    const auto nights = *rc::gen::container<std::vector<int>>(rc::gen::inRange(1, c.last_turn + 1));
    c.night_turns.insert(nights.begin(), nights.end());
    return c;
  });
}

RC_GTEST_PROP(SequenceProps, TheClockVisitsEveryPhaseOnceAndEndsAfterTheLastTurn, ()) {
  HEXLAW_CITES("std:4.0", "std:14.0", "std:15.0");
  const n20::Calendar cal = *calendar();
  auto rules = gen::standard_rules();
  std::size_t expected = 0;
  for (int turn = 1; turn <= cal.last_turn; ++turn) expected += 2 * (cal.is_night(turn) ? 5 : 4);

  n20::SequencePosition at{1, 1, n20::Phase::RandomEvents}, next;
  std::size_t visited = 1, game_over_flags = 0;
  for (;;) {
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
    const auto r = n20::describe(*rules, cal, at, GameState{}, t);
    // Night operations only at night; the non-phasing side acts exactly in the Reaction Phase.
    RC_ASSERT(at.phase != n20::Phase::NightOperations || r.night);
    RC_ASSERT((r.acting != r.phasing) == (at.phase == n20::Phase::Reaction));
    // No battle may be fought in a night Combat Phase.
    if (r.night && at.phase == n20::Phase::Combat) RC_ASSERT(r.may.empty());
    game_over_flags += r.last_phase_of_game;
    if (!n20::next_position(*rules, cal, at, next)) break;
    // Time only moves forward.
    RC_ASSERT(std::tie(next.turn, next.player_turn) >= std::tie(at.turn, at.player_turn));
    at = next;
    ++visited;
  }
  RC_ASSERT(visited == expected);
  RC_ASSERT(game_over_flags == 1u);
  RC_ASSERT(at.turn == cal.last_turn && at.player_turn == 2);
}

}  // namespace
}  // namespace hexlaw
