// Owns: Leipzig's event deck as a layer over std:5.0 — the starting deck of set-up step 6
// (leipzig:3.0.6) and what becomes of a card once its event is carried out: a "Remove and
// replace" event takes its card out of play and shuffles a random red Substitute card into the
// draw pile (leipzig:5.1), the other half of such a card leaves it in play (The Other Shoe,
// leipzig:5.1.1), and A Hot Meal and a Brief Respite leaves only when its rest gave a point
// (leipzig:5.1.2). The card texts are not in the sources: which halves carry the remove and
// replace text is the deck data's `remove_and_replace`; the Hot Meal card is the one whose id is
// `a-hot-meal`.
#include <set>
#include <stdexcept>
#include <string>

#include "engine/n20/games/leipzig.h"

namespace hexlaw::n20 {
namespace {

constexpr const char* kHotMeal = "a-hot-meal";

// Puts `cards` in an order drawn from `dice` (a d(n) roll picks the next card from the n left)
// onto the back of `pile`; `rule` names the case the trace and the dice cite.
void shuffle_into(std::vector<EventCard>& pile, std::vector<EventCard> cards, DiceSource& dice, const char* rule,
                  const char* why) {
  while (!cards.empty()) {
    const int n = static_cast<int>(cards.size());
    const int pick = n == 1 ? 1 : dice.roll(n, rule, why);
    pile.push_back(std::move(cards[pick - 1]));
    cards.erase(cards.begin() + (pick - 1));
  }
}

}  // namespace

// Step A. The half read: no remove-and-replace text keeps the card (The Other Shoe when the other
// half has it). Step B. A Hot Meal leaves only if its rest gave a point. Step C. The card goes
// out of play. Step D. A random Substitute card, if one is left, is shuffled into the draw pile
// (the whole pile under leipzig.substitute_shuffle = whole-pile; a random place in it under
// random-place); the discards stay where they are.
// RULE leipzig:5.1 — a performed "Remove and replace" event takes its card out of play; a random red Substitute is shuffled into the draw pile alone
// RULE leipzig:5.1.1 — The Other Shoe: the half without the text leaves the card in play, discarded as usual
// RULE leipzig:5.1.2 — A Hot Meal leaves play only when the rest actually gave the drawer a Morale Point
bool LeipzigRules::remove_event_card(const EventCard& card, EventDraw& d, EventDeck& deck, const GameState& s,
                                     DiceSource& dice, Trace& t) const {
  (void)s;
  // Step A.
  const bool top = d.half == "top";
  const EventHalf& half = top ? card.top : card.bottom;
  const EventHalf& other = top ? card.bottom : card.top;
  if (!half.remove_and_replace) {
    if (other.remove_and_replace)
      t.cite("leipzig:5.1.1"_rule, [&] { return "The Other Shoe: the " + d.half + " event of '" + card.id +
                                           "' has no remove-and-replace text; the card is discarded and stays in play"; });
    return false;
  }
  // Step B.
  if (card.id == kHotMeal) {
    if (d.morale_change <= 0) {
      t.cite("leipzig:5.1.2"_rule, "A Hot Meal: the rest gave no Morale Point, so the card is discarded and stays in play");
      return false;
    }
    t.cite("leipzig:5.1.2"_rule, "A Hot Meal: the rest gave a Morale Point, so the card leaves play");
  }
  // Step C.
  d.removed = true;
  deck.removed.push_back(card);
  t.cite("leipzig:5.1"_rule, [&] { return "'" + card.id + "' ends in remove and replace: it leaves play"; });
  // Step D.
  if (deck.set_aside.empty()) {
    t.cite("leipzig:5.1"_rule, "no Substitute card is left: nothing takes its place");
    return true;
  }
  const int n = static_cast<int>(deck.set_aside.size());
  const int pick = n == 1 ? 1 : dice.roll(n, "leipzig:5.1", "which Substitute card replaces it");
  EventCard sub = std::move(deck.set_aside[pick - 1]);
  deck.set_aside.erase(deck.set_aside.begin() + (pick - 1));
  d.substitute = sub.id;
  if (readings().leipzig_substitute_random_place) {
    const int places = static_cast<int>(deck.draw_pile.size()) + 1;
    const int at = places == 1 ? 1 : dice.roll(places, "leipzig:5.1", "where the Substitute card goes in the draw pile");
    deck.draw_pile.insert(deck.draw_pile.begin() + (at - 1), std::move(sub));
    t.cite("leipzig:5.1"_rule, [&] { return "Substitute '" + d.substitute + "' goes in at place " + std::to_string(at) +
                                       " of the draw pile (leipzig.substitute_shuffle = random-place)"; });
  } else {
    std::vector<EventCard> all = std::move(deck.draw_pile);
    all.push_back(std::move(sub));
    deck.draw_pile.clear();
    shuffle_into(deck.draw_pile, std::move(all), dice, "leipzig:5.1", "shuffling the Substitute into the draw pile");
    t.cite("leipzig:5.1"_rule, [&] { return "Substitute '" + d.substitute + "' is shuffled into the draw pile (" +
                                       std::to_string(deck.draw_pile.size()) + " cards; the discards stay out)"; });
  }
  return true;
}

// Step A. The counts the sheet gives (10 black, 8 red, 3 Strategy cards a side). Step B. Each
// side's pick among its own Strategy cards. Step C. The 12 cards shuffled into the draw pile;
// the red cards set aside; the other four Strategy cards out of play, unseen.
// RULE leipzig:3.0.6 — the starting deck: 10 black cards and one chosen Strategy card a side shuffled (12), the 8 red set aside, the rest out of play
EventDeck LeipzigRules::prepare_event_deck(std::vector<EventCard> core, std::vector<EventCard> substitutes,
                                           std::vector<EventCard> french_strategy,
                                           std::vector<EventCard> allied_strategy, const std::string& french_pick,
                                           const std::string& allied_pick, DiceSource& dice, Trace& t) {
  // Step A.
  auto count = [](const std::vector<EventCard>& cards, std::size_t n, const char* what) {
    if (cards.size() != n)
      throw std::invalid_argument(std::string(what) + ": leipzig:3.0.6 deals " + std::to_string(n) + " cards, not " +
                                  std::to_string(cards.size()));
  };
  count(core, 10, "core (black-titled)");
  count(substitutes, 8, "substitutes (red-titled)");
  count(french_strategy, 3, "french_strategy (blue-titled)");
  count(allied_strategy, 3, "allied_strategy (green-titled)");
  // Step B.
  EventDeck deck;
  std::vector<EventCard> starting = std::move(core);
  auto take = [&](std::vector<EventCard>& cards, const std::string& pick, const char* side) {
    bool found = false;
    for (EventCard& c : cards) {
      if (c.id == pick && !found) {
        starting.push_back(std::move(c));
        found = true;
      } else {
        deck.removed.push_back(std::move(c));
      }
    }
    if (!found)
      throw std::invalid_argument(std::string(side) + "_pick: '" + pick + "' is not one of the " + side +
                                  " Strategy cards");
  };
  take(french_strategy, french_pick, "french");
  take(allied_strategy, allied_pick, "allied");
  // Step C.
  shuffle_into(deck.draw_pile, std::move(starting), dice, "leipzig:3.0.6", "the starting deck: the next card");
  deck.set_aside = std::move(substitutes);
  t.cite("leipzig:3.0.6"_rule, [&] { return "the starting deck: 10 black cards, the French '" + french_pick +
                                       "' and the Allied '" + allied_pick + "' shuffled into a draw pile of " +
                                       std::to_string(deck.draw_pile.size()) +
                                       "; 8 Substitutes set aside; the other 4 Strategy cards out of play"; });
  return deck;
}

}  // namespace hexlaw::n20
