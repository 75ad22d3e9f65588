// Owns: properties of the game state (engine/core/state.h): serialise → parse is exact.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "properties/generators.h"

namespace hexlaw {
namespace {

RC_GTEST_PROP(StateProps, SerialiseThenParseGivesAnEqualState, ()) {
  const GameState s = *gen::state();
  const std::string text = to_json_text(s, ColumnLayout::OddColumnsLow);
  const GameState back = state_from_json_text(text, ColumnLayout::OddColumnsLow, "<property>");
  RC_ASSERT(back == s);
  RC_ASSERT(to_json_text(back, ColumnLayout::OddColumnsLow) == text);
}

RC_GTEST_PROP(StateProps, ACopyIsAnIndependentEqualValue, ()) {
  const GameState s = *gen::state();
  GameState copy = s;
  RC_ASSERT(copy == s);
  copy.turn += 1;
  RC_ASSERT(!(copy == s));
}

}  // namespace
}  // namespace hexlaw
