// Owns: reading calendars (std:4.0) and Random Event cards (std:5.0) from a case file or a
// scenario, with errors that name the field.
#include "engine/n20/sequence_readers.h"

#include <climits>

namespace hexlaw {

n20::Calendar read_calendar(const CaseField& q) {
  n20::Calendar cal;
  cal.first = q.required("first").str();
  cal.second = q.required("second").str();
  if (cal.first == cal.second) q["second"].fail("the Second Player must differ from the First");
  auto last = q.required("last_turn");
  const long long last_turn = last.integer_in(LLONG_MIN, LLONG_MAX, "");  // any 64 bits, checked here
  if (last_turn < 1 || last_turn > kMaxTurn) last.fail("expected a turn number from 1 to " + std::to_string(kMaxTurn));
  cal.last_turn = static_cast<int>(last_turn);
  // The turn a played game opens on (dresden:17.2's Historical scenario opens on Turn 6).
  if (auto first = q["first_turn"]; first.present()) {
    const long long t = first.integer_in(LLONG_MIN, LLONG_MAX, "");
    if (t < 1 || t > cal.last_turn) first.fail("expected a turn number from 1 to last_turn");
    cal.first_turn = static_cast<int>(t);
  }
  auto nights = q["night_turns"];
  if (nights.present()) {
    if (!nights.is_seq()) nights.fail("expected a list of turn numbers");
    for (std::size_t i = 0; i < nights.size(); ++i) {
      auto n = nights.at(i);
      if (n.integer() < 1 || n.integer() > cal.last_turn) n.fail("night turn outside turns 1..last_turn");
      cal.night_turns.insert(static_cast<int>(n.integer()));
    }
  }
  // The turn track's weather (a game's own, as Dresden's 5.1): {turn: clear/cloudy/showers/downpour}.
  auto weather = q["weather"];
  if (weather.present()) {
    if (!weather.is_map()) weather.fail("expected {turn: weather} for the turn track's weather");
    weather.for_each_entry([&](const std::string& key, const CaseField& w) {
      int turn = 0;
      try {
        std::size_t used = 0;
        turn = std::stoi(key, &used);
        if (used != key.size()) turn = 0;
      } catch (const std::exception&) {
        turn = 0;
      }
      if (turn < 1 || turn > cal.last_turn) w.fail("'" + key + "' is not a turn in 1..last_turn");
      const std::string name = w.str();
      if (name != "clear" && name != "cloudy" && name != "showers" && name != "downpour")
        w.fail("unknown weather '" + name + "' (one of clear, cloudy, showers, downpour)");
      cal.weather[turn] = name;
    });
  }
  return cal;
}

// A card half: {text, morale, arrive: [unit ids], side (monochrome only), remove_and_replace
// (its text ends "Remove and replace...", leipzig:5.1)}.
n20::EventHalf read_event_half(const Field<CaseError>& f) {
  n20::EventHalf h;
  if (!f.present()) return h;
  if (!f.is_map()) f.fail("expected a card half: {text, morale, arrive, side}");
  f.expect_keys({"text", "morale", "arrive", "side", "remove_and_replace"});
  h.text = f["text"].str_or("");
  const long long morale = f["morale"].int_or(0);
  if (morale < -10 || morale > 10) f["morale"].fail("a morale change must lie within -10..10");
  h.morale = static_cast<int>(morale);
  h.arrivals = f["arrive"].str_list();
  h.side = f["side"].str_or("");
  h.remove_and_replace = f["remove_and_replace"].bool_or(false);
  return h;
}

// A list of cards, top first: [{id, top, bottom}, ...]; ids must be unique across `seen`.
std::vector<n20::EventCard> read_event_cards(const Field<CaseError>& f, std::set<std::string>& seen) {
  std::vector<n20::EventCard> cards;
  if (!f.present()) return cards;
  if (!f.is_seq()) f.fail("expected a list of event cards");
  for (std::size_t i = 0; i < f.size(); ++i) {
    auto c = f.at(i);
    if (!c.is_map()) c.fail("expected an event card: {id, top, bottom}");
    c.expect_keys({"id", "top", "bottom"});
    n20::EventCard card;
    card.id = c.required("id").str();
    if (!seen.insert(card.id).second) c["id"].fail("card '" + card.id + "' appears twice");
    card.top = read_event_half(c["top"]);
    card.bottom = read_event_half(c["bottom"]);
    cards.push_back(std::move(card));
  }
  return cards;
}

}  // namespace hexlaw
