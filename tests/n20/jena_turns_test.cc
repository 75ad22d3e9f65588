// Owns: examples of the Jena layer's turn-boundary data read from the position
// (engine/n20/games/jena_turns.cc): the Sudden Death numbers of jena:4.1, given as the state
// markers sudden-death:TURN=N, read at both ends of their ranges and refused one step beyond.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "engine/n20/games/jena.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

GameState with_marker(const std::string& marker) {
  GameState s;
  s.set_marker(Symbol(marker), true);
  return s;
}

// jena:4.1: the Turn Track prints a number (0 to 6, a die's faces and none) in the boxes of
// Turns 10, 11 and 12. Each end of both ranges is read; a turn or a number one step outside is
// refused naming the marker, never read as a number for some roll.
TEST(JenaTurns, jena_4_1_SuddenDeathNumbersAreReadWithinTheirRanges) {
  HEXLAW_CITES("jena:4.1");
  EXPECT_EQ(n20::JenaRules::sudden_death_number(with_marker("sudden-death:10=0"), 10), 0);
  EXPECT_EQ(n20::JenaRules::sudden_death_number(with_marker("sudden-death:12=6"), 12), 6);
  EXPECT_EQ(n20::JenaRules::sudden_death_number(with_marker("sudden-death:12=6"), 11), std::nullopt);
  for (const char* bad : {"sudden-death:9=3", "sudden-death:13=3", "sudden-death:10=7", "sudden-death:10=-1",
                          "sudden-death:10=", "sudden-death:=3", "sudden-death:10"}) {
    try {
      n20::JenaRules::sudden_death_number(with_marker(bad), 10);
      ADD_FAILURE() << bad << " was read";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("marker '") + bad + "'"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace hexlaw
