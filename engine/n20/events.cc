// Owns: the Random Event deck (see events.h).
#include "engine/n20/events.h"

#include <algorithm>
#include <stdexcept>

namespace hexlaw::n20 {

// Step A. Take the top card (an empty pile: the events.empty_draw_pile switch). Step B. Read the drawer's half and whom it affects. Step C. Apply
// the data effects (morale within 0-10, arrivals); anything else is recorded only. Step D. Where the card goes.
EventDraw draw_event(const N20Rules& rules, GameState& state, EventDeck& deck, const std::string& drawer,
                     const std::string& french, DiceSource& dice, Trace& trace) {
  EventDraw d;
  if (rules.skips_random_events(drawer, state.turn, state, trace)) {  // a game's first-turn skip (the hook)
    d.drawn = false;
    return d;
  }
  // Step A.
  if (deck.draw_pile.empty()) {
    if (deck.discards.empty()) throw std::invalid_argument("the Random Event draw pile is empty and no card has been drawn");
    if (rules.readings().events_skip_empty_pile) {
      trace.cite("std:5.0"_rule, "the draw pile is empty: no event until the night reshuffle (events.empty_draw_pile=skip)");
      d.drawn = false;
      return d;
    }
    trace.cite("std:5.0"_rule, "the draw pile is empty: the drawn cards are reshuffled now (events.empty_draw_pile=reshuffle)");
    reshuffle_events(deck, dice, trace);
    d.reshuffled = true;
  }
  EventCard card = deck.draw_pile.front();
  deck.draw_pile.erase(deck.draw_pile.begin());
  // Step B.
  // RULE std:5.0 — the French read the card's top event, the anti-French side its bottom one; a
  // two-tone event hits the drawer, monochrome text the side it names
  const bool is_french = drawer == french;
  const EventHalf& half = is_french ? card.top : card.bottom;
  d.card = card.id;
  d.half = is_french ? "top" : "bottom";
  d.affects = half.side.empty() ? drawer : half.side;
  d.text = half.text;
  trace.cite("std:5.0"_rule, [&] {
    return drawer + " draws '" + card.id + "' and reads its " + d.half + " event, which affects " + d.affects +
           (half.side.empty() ? " (two-tone: the drawer)" : " (monochrome: the side named)");
  });
  // Step C.
  if (half.morale != 0) {
    // The side's track; a side keeping several (Leipzig's Fronts) books the change by the rule
    // set's reading, as a battle's gain for all its units (leipzig:12.0, leipzig.mixed_front_morale).
    std::vector<Symbol> tracks;
    if (state.morale.find(d.affects) != state.morale.end()) {
      tracks.push_back(Symbol(d.affects));
    } else {
      std::vector<const Unit*> side_units;
      for (const Unit& u : state.units)
        if (u.side == d.affects) side_units.push_back(&u);
      if (side_units.empty()) throw std::invalid_argument("no morale track for '" + d.affects + "'");
      tracks = rules.battle_tracks(side_units, N20Rules::BattleMorale::Gain, state, trace);
    }
    bool first = true;
    for (Symbol track : tracks) {
      auto it = state.morale.find(track);
      if (it == state.morale.end()) throw std::invalid_argument("no morale track for '" + track + "'");
      if (rules.morale_frozen(track, state, trace)) continue;
      const int after = std::clamp(it->second + half.morale, 0, 10);
      if (it->second + half.morale > 10) trace.cite("std:12.1.1"_rule, "an event cannot lift morale above 10");
      if (first) d.morale_change = after - it->second;
      first = false;
      const int change = after - it->second;
      it->second = after;
      trace.cite("std:5.0"_rule, [&] { return "the event changes " + track + " morale by " + std::to_string(change); });
    }
  }
  for (const std::string& id : half.arrivals) {
    Unit* u = state.unit(id);
    if (!u) throw std::invalid_argument("event arrival '" + id + "' is not a unit of the scenario");
    if (u->side != d.affects)
      throw std::invalid_argument("event arrival '" + id + "' is not a unit of " + d.affects);
    if (u->status != UnitStatus::Pending) {
      // RULE std:5.0 — a card drawn again after a reshuffle cannot bring a unit already in play (ruling in the catalog)
      trace.cite("std:5.0"_rule, [&] { return id + " is already in play: the arrival has no effect"; });
      d.already_in_play.push_back(id);
      continue;
    }
    u->arrival_turn = state.turn;
    d.arrived.push_back(id);
    trace.cite("std:11.0"_rule, [&] { return id + " arrives this turn by the event"; });
  }
  d.recorded_only = half.morale == 0 && d.arrived.empty();
  if (d.recorded_only) trace.cite("std:5.0"_rule, "the event has no effect the engine applies: recorded for the players");
  // Step D. The card goes onto the discards, unless the game takes it out of play (leipzig:5.1).
  if (!rules.remove_event_card(card, d, deck, state, dice, trace)) deck.discards.push_back(std::move(card));
  return d;
}

void reshuffle_events(EventDeck& deck, DiceSource& dice, Trace& trace) {
  // RULE std:5.0 — after each Night Game Turn every drawn card returns and the deck is reshuffled
  std::vector<EventCard> all = std::move(deck.draw_pile);
  all.insert(all.end(), std::make_move_iterator(deck.discards.begin()), std::make_move_iterator(deck.discards.end()));
  deck.discards.clear();
  deck.draw_pile.clear();
  while (!all.empty()) {
    const int n = static_cast<int>(all.size());
    const int pick = n == 1 ? 1 : dice.roll(n, "std:5.0", "reshuffle: the next card from those left");
    deck.draw_pile.push_back(std::move(all[pick - 1]));
    all.erase(all.begin() + (pick - 1));
  }
  trace.cite("std:5.0"_rule, [&] { return "the event deck is reshuffled: " + std::to_string(deck.draw_pile.size()) + " cards"; });
}

}  // namespace hexlaw::n20
