// Owns: the question about Leipzig's starting event deck (set-up step 6, leipzig:3.0.6): which
// cards make the draw pile, in what order the dice shuffle them, which wait set aside and which
// leave play unseen.
#include <set>

#include "engine/n20/games/leipzig.h"
#include "engine/n20/sequence_readers.h"
#include "engine/questions/kinds.h"

namespace hexlaw {
namespace {

nlohmann::json ids(const std::vector<n20::EventCard>& cards) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : cards) out.push_back(c.id);
  return out;
}

}  // namespace

void add_leipzig_deck_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "event-deck-setup",
      "How does the game's starting event deck come together? (Leipzig only, leipzig:3.0.6; question: core, "
      "the 10 black cards; substitutes, the 8 red ones; french_strategy and allied_strategy, each side's 3 "
      "Strategy cards; french_pick and allied_pick, the card each side seeds; the dice shuffle the 12)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "core", "substitutes", "french_strategy", "allied_strategy", "french_pick",
                                  "allied_pick"});
        if (s.rules.game() != "leipzig") s.c.question["kind"].fail("event-deck-setup is Leipzig's set-up step 6 (leipzig:3.0.6)");
        for (const char* k : {"core", "substitutes", "french_strategy", "allied_strategy", "french_pick", "allied_pick"})
          s.c.question.required(k);
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        const auto& q = s.c.question;
        std::set<std::string> seen;
        auto core = read_event_cards(q["core"], seen);
        auto subs = read_event_cards(q["substitutes"], seen);
        auto french = read_event_cards(q["french_strategy"], seen);
        auto allied = read_event_cards(q["allied_strategy"], seen);
        n20::EventDeck deck;
        try {
          deck = n20::LeipzigRules::prepare_event_deck(std::move(core), std::move(subs), std::move(french),
                                                       std::move(allied), q["french_pick"].str(),
                                                       q["allied_pick"].str(), dice, t);
        } catch (const std::invalid_argument& e) {
          q.fail(e.what());
        }
        headline = std::to_string(deck.draw_pile.size()) + " cards in the draw pile";
        return nlohmann::json{{"draw_pile", ids(deck.draw_pile)},
                              {"set_aside", ids(deck.set_aside)},
                              {"out_of_play", ids(deck.removed)}};
      }});
}

}  // namespace hexlaw
