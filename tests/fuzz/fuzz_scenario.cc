// Owns: the fuzz target for scenarios and played games — the bytes as a scenario's text,
// loaded and played with seeded dice and a seeded random policy for a bounded number of
// decisions; the log is then replayed (from its JSON text) and must reach the same state,
// record and result. A Jemmapes scenario (`game: jemmapes`) is played as a JemmapesGame the
// same way (its ids, choices and log are a surface of their own). Only typed errors may come
// out (fuzz_support.h).
#include <functional>
#include <string>

#include "engine/core/dice.h"
#include "engine/play/game.h"
#include "engine/play/invariants.h"
#include "engine/play/jemmapes_game.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

// A Jemmapes scenario played for at most 120 decisions, each choice picked by seeded dice;
// its laws checked, then replayed from its log's JSON, which must give the same record.
void play_jemmapes(const std::string& text, std::uint64_t seed) {
  using namespace hexlaw::play;
  auto scenario = jemmapes_scenario_from_text(hexlaw::fuzz::spec(), text, "<fuzz>");
  JemmapesGame game(scenario, seed % 1000);
  hexlaw::SeededDice pick(seed / 1000 % 1000);
  for (int n = 0; n < 120 && !game.over(); ++n) {
    const std::size_t choices = game.decision().choices.size();
    if (choices == 0) hexlaw::fuzz::finding("fuzz_scenario", "a Jemmapes decision with no choices");
    // A fight whose dice read a lost cell is refused as rolled (JemmapesChoiceRefused): the
    // game is as it was, the choice listed as refused, and another is picked.
    (void)game.try_choose(static_cast<std::size_t>(pick.next_u64() % choices));
  }
  if (const auto broken = game.invariant_violations(); !broken.empty())
    hexlaw::fuzz::finding("fuzz_scenario", "Jemmapes invariant broken: " + broken.front());
  const JemmapesGame again = replay(scenario, log_from_json(log_to_json(game.log()), "<log>"));
  bool same = again.over() == game.over() && again.record().size() == game.record().size() &&
              again.log() == game.log();
  for (std::size_t i = 0; same && i < game.record().size(); ++i) same = again.record()[i].text == game.record()[i].text;
  if (!same) hexlaw::fuzz::finding("fuzz_scenario", "the replayed Jemmapes game differs from the game played");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  hexlaw::fuzz::typed_errors_only("fuzz_scenario", [&] {
    using namespace hexlaw::play;
    const std::uint64_t seed = std::hash<std::string>{}(text);
    if (is_jemmapes_scenario_text(text, "<fuzz>")) return play_jemmapes(text, seed);
    auto scenario = parse_scenario_text(hexlaw::fuzz::spec(), text, "<fuzz>");
    Game game(scenario, seed % 1000);
    RandomPolicy policy(seed / 1000 % 1000);
    play(game, policy, 120);
    if (const auto broken = invariant_violations(game); !broken.empty())
      hexlaw::fuzz::finding("fuzz_scenario", "invariant broken: " + broken.front());
    const Game again = replay(scenario, log_from_json(log_to_json(game.log()), "<log>"));
    if (!(again.state() == game.state()) || !(again.record() == game.record()) || again.over() != game.over())
      hexlaw::fuzz::finding("fuzz_scenario", "the replayed game differs from the game played");
  });
  return 0;
}
