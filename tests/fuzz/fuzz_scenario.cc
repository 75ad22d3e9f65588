// Owns: the fuzz target for scenarios and played games — the bytes as a scenario's text,
// loaded and played with seeded dice and a seeded random policy for a bounded number of
// decisions; the log is then replayed (from its JSON text) and must reach the same state,
// record and result. Only typed errors may come out (fuzz_support.h).
#include <functional>
#include <string>

#include "engine/play/game.h"
#include "engine/play/invariants.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  hexlaw::fuzz::typed_errors_only("fuzz_scenario", [&] {
    using namespace hexlaw::play;
    auto scenario = parse_scenario_text(hexlaw::fuzz::spec(), text, "<fuzz>");
    const std::uint64_t seed = std::hash<std::string>{}(text);
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
