// Owns: the laws of Leipzig's remove-and-replace event deck (leipzig:5.1, 5.1.1, 5.1.2) over any
// deck and any dice: a draw keeps every card somewhere (draw pile, discards, set aside, out of
// play); the drawn card leaves play exactly when the half read carries the remove-and-replace
// text (A Hot Meal only when its rest gave a point); then one Substitute, if any is left, moves
// from the set-aside pile into the draw pile; the discards are never shuffled back in.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "engine/n20/events.h"
#include "engine/n20/rules.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// A deck of up to 8 cards in the draw pile (at least one), up to 4 discards and up to 4 set aside;
// each half may carry the remove-and-replace text and a morale change; one card may be A Hot Meal.
rc::Gen<n20::EventDeck> leipzig_deck() {
  return rc::gen::exec([] {
    n20::EventDeck d;
    const int pile = *rc::gen::inRange(1, 9), discards = *rc::gen::inRange(0, 5), aside = *rc::gen::inRange(0, 5);
    const bool hot_meal = *rc::gen::arbitrary<bool>();
    int k = 0;
    auto card = [&](bool first) {
      n20::EventCard c{.id = first && hot_meal ? std::string("a-hot-meal") : "c" + std::to_string(k)};
      ++k;
      for (auto* h : {&c.top, &c.bottom}) {
        h->remove_and_replace = *rc::gen::arbitrary<bool>();
        h->morale = *rc::gen::inRange(-1, 2);
      }
      return c;
    };
    for (int i = 0; i < pile; ++i) d.draw_pile.push_back(card(i == 0));
    for (int i = 0; i < discards; ++i) d.discards.push_back(card(false));
    for (int i = 0; i < aside; ++i) d.set_aside.push_back(card(false));
    return d;
  });
}

std::vector<std::string> all_ids(const n20::EventDeck& d) {
  std::vector<std::string> out;
  for (const auto* pile : {&d.draw_pile, &d.discards, &d.set_aside, &d.removed})
    for (const auto& c : *pile) out.push_back(c.id);
  std::sort(out.begin(), out.end());
  return out;
}

RC_GTEST_PROP(LeipzigEventProps, RemoveAndReplaceKeepsEveryCardAndMovesOneSubstitute, ()) {
  HEXLAW_CITES("leipzig:5.1", "leipzig:5.1.1", "leipzig:5.1.2");
  n20::RulesetChoice choice;
  choice.game = "leipzig";
  choice.interpretations["leipzig.substitute_shuffle"] = *rc::gen::element<std::string>("whole-pile", "random-place");
  const auto rules = n20::make_rules(choice, testing::source_spec());
  n20::EventDeck d = *leipzig_deck();
  const n20::EventDeck before = d;
  GameState s;
  s.turn = *rc::gen::inRange(2, 20);
  s.morale = {{"french", *rc::gen::inRange(0, 11)}, {"allied-south", *rc::gen::inRange(0, 11)}};
  s.units.push_back(Unit{.id = "A", .side = "allied", .army = "B", .strength = 2, .movement = 2,
                         .type = UnitType::Infantry, .hex = Hex{1, 1}});
  const std::string drawer = *rc::gen::element<std::string>("french", "allied");
  SeededDice dice(*rc::gen::arbitrary<std::uint64_t>());
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const n20::EventDraw draw = n20::draw_event(*rules, s, d, drawer, "french", dice, t);
  // The deck is whole.
  RC_ASSERT(all_ids(d) == all_ids(before));
  // The card leaves play exactly when its half says so (A Hot Meal: when the rest gave a point).
  const n20::EventCard& card = before.draw_pile.front();
  const bool text = drawer == "french" ? card.top.remove_and_replace : card.bottom.remove_and_replace;
  const bool leaves = text && (card.id != "a-hot-meal" || draw.morale_change > 0);
  RC_ASSERT(draw.removed == leaves);
  RC_ASSERT(d.removed.size() == (leaves ? 1u : 0u));
  // The discards gain the card or nothing; none goes back into the draw pile.
  RC_ASSERT(d.discards.size() == before.discards.size() + (leaves ? 0 : 1));
  // One Substitute moves into the draw pile when one is left.
  const bool substituted = leaves && !before.set_aside.empty();
  RC_ASSERT(d.set_aside.size() == before.set_aside.size() - (substituted ? 1 : 0));
  RC_ASSERT(d.draw_pile.size() == before.draw_pile.size() - 1 + (substituted ? 1 : 0));
  if (substituted)
    RC_ASSERT(std::any_of(d.draw_pile.begin(), d.draw_pile.end(), [&](const auto& c) { return c.id == draw.substitute; }));
  RC_CLASSIFY(leaves, "card removed");
}

// Under the standard rules (std:5.0) the same decks never lose a card from play.
RC_GTEST_PROP(LeipzigEventProps, TheStandardRulesOnlyDiscard, ()) {
  HEXLAW_CITES("std:5.0");
  const auto rules = n20::make_rules(n20::RulesetChoice{}, testing::source_spec());
  n20::EventDeck d = *leipzig_deck();
  const n20::EventDeck before = d;
  GameState s;
  s.turn = 2;
  s.morale = {{"french", 5}, {"prussian", 5}};
  SeededDice dice(*rc::gen::arbitrary<std::uint64_t>());
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const n20::EventDraw draw = n20::draw_event(*rules, s, d, "french", "french", dice, t);
  RC_ASSERT(!draw.removed);
  RC_ASSERT(d.removed.empty());
  RC_ASSERT(d.set_aside.size() == before.set_aside.size());
  RC_ASSERT(d.discards.back().id == before.draw_pile.front().id);
}

}  // namespace
}  // namespace hexlaw
