// Owns: the fuzz target for game logs — the bytes as a log's JSON text, replayed on the
// meadow scenario; a log that replays is written out, read back and replayed again, and both
// replays must agree. Only typed errors (and ValueError's std::invalid_argument for a choice
// that is not legal where the log takes it) may come out.
#include <stdexcept>
#include <string>

#include "engine/play/game.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

std::shared_ptr<const hexlaw::play::Scenario> meadow() {
  static const auto s =
      hexlaw::play::load_scenario(hexlaw::fuzz::spec(), std::string(HEXLAW_SOURCE_DIR) + "/scenarios/meadow.yaml");
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  hexlaw::fuzz::typed_errors_only("fuzz_replay", [&] {
    using namespace hexlaw::play;
    GameLog log = log_from_json(text, "<fuzz>");
    log.scenario = meadow()->name;
    try {
      const Game first = replay(meadow(), log);
      const Game second = replay(meadow(), log_from_json(log_to_json(first.log()), "<log>"));
      if (!(first.state() == second.state()) || !(first.record() == second.record()))
        hexlaw::fuzz::finding("fuzz_replay", "two replays of one log differ");
    } catch (const std::invalid_argument&) {
      // a logged choice that is not legal where it is taken: Python's ValueError, the CLI's exit 2
    }
  });
  return 0;
}
