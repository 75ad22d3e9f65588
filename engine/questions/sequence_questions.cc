// Owns: questions about setting up (std:3.0) and the sequence of play — whose phase it is,
// what may and must be done in it, and what comes next (std:4.0) — and about the Random Events
// that open each Player Turn (std:5.0): drawing a card, reshuffling the deck.
#include "engine/n20/events.h"
#include "engine/n20/sequence_readers.h"
#include "engine/n20/sequence.h"
#include "engine/n20/setup.h"
#include "engine/questions/kinds.h"

#include <set>

namespace hexlaw {
namespace {

// The calendar from the question; the position from the state's turn, phase and phasing side.
struct SequenceInput {
  n20::Calendar cal;
  n20::SequencePosition at;
};

SequenceInput read_sequence(const Situation& s) {
  const auto& q = s.c.question;
  SequenceInput in;
  in.cal = read_calendar(q);
  if (const auto [side, rule] = s.rules.first_player(); !side.empty() && in.cal.first != side)
    q["first"].fail("the First Player is " + side + " in this game (" + rule + ")");
  auto last = q["last_turn"];
  in.at.turn = s.state.turn;
  if (in.at.turn < 1 || in.at.turn > in.cal.last_turn)
    last.fail("the state's turn " + std::to_string(in.at.turn) + " is after the last turn");
  if (s.state.night != in.cal.is_night(in.at.turn))
    q["night_turns"].fail("the state says turn " + std::to_string(in.at.turn) + " is " +
                          (s.state.night ? "a night" : "a day") + " turn, night_turns says otherwise");
  if (s.state.phasing == in.cal.first || s.state.phasing.empty())
    in.at.player_turn = 1;
  else if (s.state.phasing == in.cal.second)
    in.at.player_turn = 2;
  else
    q["first"].fail("the state's phasing side '" + s.state.phasing + "' is neither the First nor the Second Player");
  try {
    in.at.phase = n20::parse_phase(s.state.phase);
    n20::check_position(in.cal, in.at);
  } catch (const std::invalid_argument& e) {
    q.fail(std::string("the state's position: ") + e.what());
  }
  return in;
}

nlohmann::json duties_json(const std::vector<n20::Duty>& ds) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& d : ds) out.push_back({{"what", d.what}, {"rule", d.rule}});
  return out;
}

nlohmann::json position_json(const n20::SequencePosition& p) {
  return {{"turn", p.turn}, {"player_turn", p.player_turn == 1 ? "first" : "second"}, {"phase", n20::phase_name(p.phase)}};
}

n20::EventDeck read_deck(const Situation& s) {
  std::set<std::string> seen;
  n20::EventDeck deck;
  deck.draw_pile = read_event_cards(s.c.question["deck"], seen);
  deck.discards = read_event_cards(s.c.question["discards"], seen);
  deck.set_aside = read_event_cards(s.c.question["set_aside"], seen);  // Leipzig's Substitutes (leipzig:5.1)
  return deck;
}

nlohmann::json card_ids(const std::vector<n20::EventCard>& cards) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : cards) out.push_back(c.id);
  return out;
}

}  // namespace

void add_sequence_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "setup",
      "Is this a legal starting position, and who plays which side? (question: french, the French "
      "side's name, default french)",
      [](const Situation& s) { s.c.question.expect_keys({"kind", "french"}); },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const auto v = n20::check_setup(s.rules, s.map, s.state, s.c.question["french"].str_or("french"), t);
        nlohmann::json problems = nlohmann::json::array();
        for (const auto& p : v.problems) problems.push_back({{"unit", p.unit}, {"rule", p.rule}, {"reason", p.reason}});
        headline = v.legal ? "a legal set-up" : std::to_string(v.problems.size()) + " set-up problem(s)";
        return nlohmann::json{{"legal", v.legal},
                              {"french_player", v.french_player},
                              {"anti_french_player", v.anti_french_player},
                              {"problems", problems}};
      }});
  kinds.push_back(QuestionKind{
      "sequence",
      "Whose phase is it, what may and must be done, and what comes next? (question: first, second, "
      "last_turn, night_turns; the position is the state's turn, phasing side and phase)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "first", "second", "last_turn", "night_turns"});
        read_sequence(s);
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const SequenceInput in = read_sequence(s);
        const n20::PhaseReport r = n20::describe(s.rules, in.cal, in.at, s.state, t);
        nlohmann::json phases = nlohmann::json::array();
        for (auto p : n20::player_turn_phases(s.rules, in.cal, in.at.turn)) phases.push_back(n20::phase_name(p));
        n20::SequencePosition next;
        nlohmann::json next_json = "game-over";
        if (n20::next_position(s.rules, in.cal, in.at, next)) next_json = position_json(next);
        headline = r.acting + " acts in " + r.phasing + "'s " + n20::phase_name(in.at.phase) + " phase";
        return nlohmann::json{{"phasing", r.phasing},
                              {"acting", r.acting},
                              {"night", r.night},
                              {"phases", phases},
                              {"may", duties_json(r.may)},
                              {"must", duties_json(r.must)},
                              {"on_close", duties_json(r.on_close)},
                              {"next", next_json}};
      }});
  kinds.push_back(QuestionKind{
      "event-draw",
      "What does this side's Random Event draw do? (question: deck, the draw pile top first, each card "
      "{id, top, bottom} with halves {text, morale, arrive, side, remove_and_replace}; side, the drawer; "
      "french, the French side's name, default french; set_aside, cards waiting to replace a removed one "
      "(leipzig:5.1); when the pile is empty the dice reshuffle the discards, or under "
      "events.empty_draw_pile=skip nothing is drawn)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "deck", "discards", "set_aside", "side", "french"});
        s.c.question.required("side").str();
        s.c.question.required("deck");
        read_deck(s);
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        n20::EventDeck deck = read_deck(s);
        GameState after = s.state;
        n20::EventDraw d;
        try {
          d = n20::draw_event(s.rules, after, deck, s.c.question["side"].str(), s.c.question["french"].str_or("french"), dice, t);
        } catch (const std::invalid_argument& e) {
          s.c.question["deck"].fail(e.what());
        }
        headline = !d.drawn ? "no event: the draw pile is empty"
                            : s.c.question["side"].str() + " draws '" + d.card + "'" + (d.recorded_only ? " (recorded only)" : "");
        nlohmann::json out{{"drawn", d.drawn},
                              {"reshuffled", d.reshuffled},
                              {"card", d.card},
                              {"half", d.half},
                              {"affects", d.affects},
                              {"text", d.text},
                              {"morale_change", d.morale_change},
                              {"arrived", d.arrived},
                              {"recorded_only", d.recorded_only},
                              {"morale_after", after.morale},
                              {"draw_pile", card_ids(deck.draw_pile)},
                              {"discards", card_ids(deck.discards)}};
        if (d.removed || !deck.set_aside.empty() || !deck.removed.empty()) {  // a deck with cards out of play (leipzig:5.1)
          out["removed"] = d.removed;
          out["substitute"] = d.substitute;
          out["set_aside"] = card_ids(deck.set_aside);
          out["out_of_play"] = card_ids(deck.removed);
        }
        return out;
      }});
  kinds.push_back(QuestionKind{
      "event-reshuffle",
      "In what order does the event deck come back after a night reshuffle? (question: deck, the cards "
      "left in the draw pile; discards, the cards drawn; the dice pick each next card)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "deck", "discards"});
        read_deck(s);
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        n20::EventDeck deck = read_deck(s);
        n20::reshuffle_events(deck, dice, t);
        headline = std::to_string(deck.draw_pile.size()) + " cards reshuffled";
        return nlohmann::json{{"draw_pile", card_ids(deck.draw_pile)}};
      }});
}

}  // namespace hexlaw
