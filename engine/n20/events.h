// Owns: the Random Event deck (std:5.0) — drawing the top card at the start of a Player Turn,
// reading the French (top) or anti-French (bottom) half, applying the effects that can be
// written as data (a morale change, a reinforcement's arrival), recording any other text for
// the players, and reshuffling after a Night Game Turn. The card texts are not in the sources:
// each scenario supplies its deck as data.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/n20/rules.h"

namespace hexlaw::n20 {

// One half of a card. `side` empty means a two-tone event: it affects whoever drew the card;
// otherwise (monochrome text) it affects the side it names.
struct EventHalf {
  std::string text;                   // what the card says, for the players
  int morale = 0;                     // points added to (or, negative, taken from) the affected side
  std::vector<std::string> arrivals;  // pending reinforcements that arrive this turn
  std::string side;
  bool remove_and_replace = false;    // the text ends "Remove and replace..." (leipzig:5.1)
};

struct EventCard {
  std::string id;
  EventHalf top;     // the French player's event (shaded blue)
  EventHalf bottom;  // the anti-French player's event
};

// The draw pile (front is the top card) and the cards drawn since the last reshuffle.
// `set_aside`: cards waiting to be shuffled in (Leipzig's red Substitute cards, leipzig:3.0.6);
// `removed`: cards out of play for good (leipzig:5.1).
struct EventDeck {
  std::vector<EventCard> draw_pile, discards;
  std::vector<EventCard> set_aside, removed;
};

struct EventDraw {
  bool drawn = true;        // false when the pile was empty and events.empty_draw_pile=skip
  bool reshuffled = false;  // the empty pile was reshuffled first (events.empty_draw_pile=reshuffle)
  std::string card;
  std::string half;       // "top" or "bottom"
  std::string affects;    // the side the event applies to
  std::string text;
  int morale_change = 0;  // as applied, after the cap of 10 and the floor of 0
  std::vector<std::string> arrived;
  std::vector<std::string> already_in_play;  // arrivals of units no longer pending: no effect
  bool recorded_only = false;  // nothing the engine can apply: the text is for the players
  bool removed = false;        // the card left play instead of the discards (leipzig:5.1)
  std::string substitute;      // the card shuffled into the draw pile in its place, if any
};

// `drawer` draws the top card and it is applied to `state` (std:5.0). `french` names the French
// side (the top half is theirs; every other side reads the bottom). An empty pile is handled
// by the events.empty_draw_pile switch (reshuffle with `dice`, or skip). Throws
// std::invalid_argument when there are no cards at all, a morale track is missing or an arrival
// is not a unit of the affected side. An arrival of a unit no longer pending (the card drawn
// again after a reshuffle) has no effect.
EventDraw draw_event(const N20Rules& rules, GameState& state, EventDeck& deck, const std::string& drawer,
                     const std::string& french, DiceSource& dice, Trace& trace);

// Every card goes back into the draw pile in an order drawn from `dice` (a d(n) roll picks the
// next card from the n left), as at the end of each Night Game Turn (std:5.0, std:14.0).
void reshuffle_events(EventDeck& deck, DiceSource& dice, Trace& trace);

}  // namespace hexlaw::n20
