// Owns: properties of the Random Event deck (engine/n20/events.h) and of Cadres
// (engine/n20/cadres.h): a reshuffle is a permutation of every card for any deck and any dice; a
// draw keeps the deck whole and morale within 0..10; breaking a unit down and combining its two
// Cadres again gives back a unit of the same strength, at a net morale cost of zero when the
// side stays below 10.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "engine/n20/cadres.h"
#include "engine/n20/events.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

rc::Gen<n20::EventDeck> deck() {
  return rc::gen::exec([] {
    n20::EventDeck d;
    const int n = *rc::gen::inRange(0, 13);
    const int in_pile = *rc::gen::inRange(0, n + 1);
    for (int i = 0; i < n; ++i) {
      n20::EventCard c{.id = "c" + std::to_string(i)};
      c.top.morale = *rc::gen::inRange(-2, 3);
      c.bottom.morale = *rc::gen::inRange(-2, 3);
      (i < in_pile ? d.draw_pile : d.discards).push_back(c);
    }
    return d;
  });
}

std::vector<std::string> ids(const n20::EventDeck& d) {
  std::vector<std::string> out;
  for (const auto* pile : {&d.draw_pile, &d.discards})
    for (const auto& c : *pile) out.push_back(c.id);
  std::sort(out.begin(), out.end());
  return out;
}

RC_GTEST_PROP(EventProps, AReshuffleIsAPermutationOfEveryCard, ()) {
  HEXLAW_CITES("std:5.0");
  n20::EventDeck d = *deck();
  const auto before = ids(d);
  SeededDice dice(*rc::gen::arbitrary<std::uint64_t>());
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  n20::reshuffle_events(d, dice, t);
  RC_ASSERT(d.discards.empty());
  RC_ASSERT(ids(d) == before);
}

RC_GTEST_PROP(EventProps, ADrawKeepsTheDeckWholeAndMoraleOnTheTrack, ()) {
  HEXLAW_CITES("std:5.0", "std:12.1.1");
  n20::EventDeck d = *deck();
  RC_PRE(!d.draw_pile.empty() || !d.discards.empty());
  const auto before = ids(d);
  auto rules = gen::standard_rules();
  GameState s;
  s.morale = {{"french", *rc::gen::inRange(0, 11)}, {"prussian", *rc::gen::inRange(0, 11)}};
  const std::string drawer = *rc::gen::element<std::string>("french", "prussian");
  SeededDice dice(*rc::gen::arbitrary<std::uint64_t>());
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const n20::EventDraw draw = n20::draw_event(*rules, s, d, drawer, "french", dice, t);
  RC_ASSERT(ids(d) == before);
  if (draw.drawn) RC_ASSERT(d.discards.back().id == draw.card);
  for (const auto& [track, m] : s.morale) RC_ASSERT(m >= 0 && m <= 10);
}

RC_GTEST_PROP(CadreProps, BreakdownThenCombineRestoresTheStrengthAtNoNetMoraleBelowTen, ()) {
  HEXLAW_CITES("std:16.7.1", "std:16.7.2");
  n20::RulesetChoice choice;
  choice.options = {"std:16.7"};
  auto rules = n20::make_rules(choice, testing::source_spec());
  GameState s;
  s.turn = 3;
  s.phase = "movement";
  s.phasing = "french";
  const int morale = *rc::gen::inRange(1, 10);  // 1..9: the point gained back is never capped
  s.morale = {{"french", morale}, {"prussian", 5}};
  const int strength = *rc::gen::inRange(2, 7);
  Unit big{.id = "IV", .side = "french", .nationality = "french", .strength = static_cast<std::int16_t>(strength),
           .movement = 2, .type = UnitType::Infantry, .hex = Hex{2, 3}};
  Unit c1{.id = "C1", .side = "french", .nationality = "french", .strength = 1, .movement = 2,
          .type = UnitType::Cadre, .status = UnitStatus::Eliminated};
  Unit c2 = c1;
  c2.id = "C2";
  c2.status = *rc::gen::element(UnitStatus::Eliminated, UnitStatus::Broken);
  Unit enemy{.id = "P", .side = "prussian", .strength = 2, .movement = 2, .type = UnitType::Infantry, .hex = Hex{9, -2}};
  s.units = {big, c1, c2, enemy};
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const n20::CadreVerdict down = n20::break_down(*rules, s, "IV", false, t);
  RC_ASSERT(down.legal);
  RC_ASSERT(down.after.morale.at("french") == morale - 1);
  const n20::CadreVerdict up = n20::combine(*rules, down.after, "C1", "C2", "", t);
  RC_ASSERT(up.legal);
  RC_ASSERT(up.large_unit == "IV");
  RC_ASSERT(up.after.morale.at("french") == morale);
  RC_ASSERT(up.after.unit("IV")->strength == strength);
  RC_ASSERT(up.after.unit("IV")->on_map());
}

}  // namespace
}  // namespace hexlaw
