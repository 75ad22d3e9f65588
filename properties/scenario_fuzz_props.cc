// Owns: the promise that bad scenarios and bad game logs never crash the engine. The shipped
// scenarios are mangled at random and loaded (a scenario or a CaseError naming the file), and
// the loadable ones played a little; logs of random games are edited and replayed (the same
// game, or std::invalid_argument naming the step) — never another exception.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/play/game.h"
#include "engine/play/invariants.h"
#include "properties/mangle.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

const std::vector<std::string>& scenario_texts() {
  // The Napoleonic 20 scenarios (a Jemmapes scenario, `game: jemmapes`, is another system's).
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out;
    for (auto& t : yaml_texts_under(testing::source_path("scenarios")))
      if (t.find("\ngame: jemmapes") == std::string::npos) out.push_back(std::move(t));
    return out;
  }();
  return texts;
}

RC_GTEST_PROP(ScenarioFuzzProps, MangledScenariosLoadOrAreRefusedNeverCrash, ()) {
  const auto& texts = scenario_texts();
  RC_PRE(!texts.empty());
  const std::string text = mangle(*rc::gen::elementOf(texts));
  try {
    auto sc = parse_scenario_text(testing::source_spec(), text, "<mangled>");
    Game g(sc, *rc::gen::inRange<std::uint64_t>(1, 1000));
    RandomPolicy p(*rc::gen::inRange<std::uint64_t>(1, 1000));
    play(g, p, 150);
  } catch (const CaseError& e) {
    RC_ASSERT(std::string(e.what()).find("<mangled>") == 0);
  } catch (const std::exception& e) {
    RC_FAIL(std::string("unexpected exception: ") + e.what() + "\n--- input ---\n" + text);
  }
}

RC_GTEST_PROP(ScenarioFuzzProps, EditedLogsReplayOrNameTheStep, ()) {
  const auto& texts = scenario_texts();
  RC_PRE(!texts.empty());
  auto sc = parse_scenario_text(testing::source_spec(), *rc::gen::elementOf(texts), "scenario");
  Game g(sc, *rc::gen::inRange<std::uint64_t>(1, 1000));
  RandomPolicy p(*rc::gen::inRange<std::uint64_t>(1, 1000));
  play(g, p, static_cast<std::size_t>(*rc::gen::inRange(1, 120)));
  GameLog log = g.log();
  RC_PRE(!log.decisions.empty());
  const auto at = static_cast<std::size_t>(*rc::gen::inRange<int>(0, static_cast<int>(log.decisions.size())));
  switch (*rc::gen::inRange(0, 3)) {
    case 0: log.decisions[at] = *rc::gen::element<std::string>("", "end", "move X", "attack A on B", "0000", "no"); break;
    case 1: log.decisions.erase(log.decisions.begin() + static_cast<long>(at)); break;
    default: log.decisions.insert(log.decisions.begin() + static_cast<long>(at), log.decisions[at]);
  }
  try {
    const Game again = replay(sc, log);
    for (const auto& v : invariant_violations(again)) RC_FAIL(v);
  } catch (const std::invalid_argument& e) {
    RC_ASSERT(std::string(e.what()).find("log decision ") == 0);
  } catch (const std::exception& e) {
    RC_FAIL(std::string("unexpected exception: ") + e.what());
  }
}

}  // namespace
}  // namespace hexlaw::play
