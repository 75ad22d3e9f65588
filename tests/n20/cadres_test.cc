// Owns: examples of the Cadre procedures called directly (engine/n20/cadres.h), where the
// case files cannot reach them because the question reader refuses the input first.
#include <gtest/gtest.h>

#include "engine/n20/cadres.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// Two Cadres combine (std:16.7.2). The question reader refuses one Cadre named twice
// (tests/bad_cases/combine-one-cadre-with-itself.yaml); combine() itself refuses it too, so a
// caller of the engine cannot rebuild a large unit from a single counter either.
TEST(Cadres, std_16_7_2_CombineRefusesOneCadreNamedTwice) {
  HEXLAW_CITES("std:16.7.2");
  CaseFile c = testing::inline_case(R"(
options: ["std:16.7"]
units:
  - {id: IV, side: french, nationality: french, type: infantry, strength: 4, movement: 2, status: eliminated}
  - {id: C1, side: french, nationality: french, type: cadre, strength: 1, movement: 2, hex: "0505"}
  - {id: C2, side: french, nationality: french, type: cadre, strength: 1, movement: 2, hex: "0505"}
  - {id: P, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0909"}
state: {phase: movement, phasing: french, morale: {french: 5, prussian: 5}}
question: {kind: distance, hexes: ["0101", "0101"]}
)");
  auto rules = n20::make_rules(c.ruleset, testing::source_spec());
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  EXPECT_THROW(n20::combine(*rules, c.state, "C1", "C1", "", t), std::invalid_argument);
  // The pair it is meant for still combines (the refusal is not a blanket one).
  const n20::CadreVerdict up = n20::combine(*rules, c.state, "C1", "C2", "", t);
  EXPECT_TRUE(up.legal);
}

}  // namespace
}  // namespace hexlaw
