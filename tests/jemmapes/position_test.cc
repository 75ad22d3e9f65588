// Owns: example tests of the Jemmapes position reader's numeric bounds (engine/jemmapes/position.cc):
// every bounded field is read at both ends of its range and refused, by field and reason, one
// step beyond. The bad case files show one side of some bounds; this file shows all of them.
#include <gtest/gtest.h>

#include <string>

#include "engine/core/errors.h"
#include "engine/questions/ask.h"
#include "engine/questions/case_file.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// One bounded field: the case text with VALUE where the number goes, the lowest and highest
// values read, the field an error names and a part of its reason.
struct Bound {
  const char* name;
  const char* yaml;
  int lowest;
  int highest;
  const char* field;
  const char* reason;
};

std::string with_value(const char* yaml, int v) {
  std::string s = yaml;
  const auto at = s.find("VALUE");
  return s.replace(at, 5, std::to_string(v));
}

// The case text read and asked; empty when accepted, else the error's text.
std::string refusal(const std::string& yaml) {
  try {
    CaseFile c = testing::inline_case(yaml);
    ask(c);
    return "";
  } catch (const CaseError& e) {
    return e.what();
  }
}

const char* kHead = "game: jemmapes\nquestion: {kind: facing, unit: A}\n";

const Bound kBounds[] = {
    {"round", "state: {round: VALUE}\nunits:\n  - {id: A, side: french, kind: infantry, hex: \"0505\", facing: n, cp: 2}\n",
     1, 99, "state.round", "the round runs from 1 to 99"},
    {"reserve",
     "state: {formations: {E: {side: french, order: offensive, reserve: VALUE}}}\n"
     "units:\n  - {id: A, side: french, kind: infantry, hex: \"0505\", facing: n, cp: 2, formation: E}\n",
     0, 99, "state.formations.E.reserve", "the reserve allowance lies within 0..99"},
    {"elevation",
     "state: {elevations: {\"0505\": VALUE}}\nunits:\n  - {id: A, side: french, kind: infantry, hex: \"0505\", facing: n, cp: 2}\n",
     -9, 99, "state.elevations.0505", "an elevation level lies within -9..99"},
    {"cp", "units:\n  - {id: A, side: french, kind: infantry, hex: \"0505\", facing: n, cp: VALUE}\n", 0, 99, "units[0].cp",
     "combat potential lies within 0..99"},
    {"printed_cp", "units:\n  - {id: A, side: french, kind: infantry, hex: \"0505\", facing: n, cp: 2, printed_cp: VALUE}\n",
     2, 99, "units[0].printed_cp", "the printed CP lies within cp..99"},
    {"morale", "units:\n  - {id: A, side: french, kind: infantry, hex: \"0505\", facing: n, cp: 2, morale: VALUE}\n", -9, 99,
     "units[0].morale", "morale lies within -9..99"},
};

// jemmapes:1.1 (the reading bounds): a number is read at each end of its range, and one step
// beyond either end is refused naming the field and the range.
TEST(JemmapesPosition, jemmapes_1_1_EachBoundedFieldIsReadAtBothEndsAndRefusedBeyond) {
  HEXLAW_CITES("jemmapes:1.1");
  for (const Bound& b : kBounds) {
    for (int v : {b.lowest, b.highest})
      EXPECT_EQ(refusal(std::string(kHead) + with_value(b.yaml, v)), "") << b.name << " = " << v << " was refused";
    for (int v : {b.lowest - 1, b.highest + 1}) {
      const std::string why = refusal(std::string(kHead) + with_value(b.yaml, v));
      EXPECT_NE(why.find(b.field), std::string::npos) << b.name << " = " << v << ": " << why;
      EXPECT_NE(why.find(b.reason), std::string::npos) << b.name << " = " << v << ": " << why;
    }
  }
}

}  // namespace
}  // namespace hexlaw
