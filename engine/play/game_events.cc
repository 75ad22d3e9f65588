// Owns: the Random Events Phase of a played game: the card drawn (std:5.0) and, before it, the
// Front a side-wide event falls on where the rule set leaves that to the Allied player
// (leipzig:12.0 under leipzig.mixed_front_morale = allied-choice), asked as decision `front`.
#include <algorithm>

#include "engine/play/game.h"

namespace hexlaw::play {

// The phasing side draws the top card and its event is applied (std:5.0); the Front a player
// named for it (game marker allied-front:FRONT) holds for this card only.
void Game::draw_random_event() {
  Trace e{Trace::IdsOnly{}, catalog()};
  n20::EventDraw d = n20::draw_event(*scenario_->rules, state_, deck_, state_.phasing, scenario_->french, dice_, e);
  std::erase_if(state_.markers, [](Symbol m) { return m.view().starts_with("allied-front:"); });
  note(d.drawn ? state_.phasing + " draws " + d.card + " (" + d.half + "): " + d.text : "no event card to draw", e);
  stage_ = Stage::PhaseEnd;
  judge_decisive();
}

// Step A. Only where a side keeps no single morale track (Leipzig's Allies): elsewhere no event
// needs a Front. Step B. The draw tried on copies of the position, the deck and the dice, so the
// card, its half and any reshuffle are those the real draw will meet: a refusal under
// leipzig:12.0 (or leipzig:2.1) says the rule set wants the Front named. Step C. The Fronts the
// side's units are on, offered to that side.
// RULE leipzig:12.0 (part: side-wide events under allied-choice) — the Allied player names the Front a side-wide event falls on
bool Game::offer_event_front() {
  // Step A.
  const std::string& drawer = state_.phasing;
  const std::string& rival = other(drawer);
  std::string chooser;
  if (state_.morale.find(Symbol(drawer)) == state_.morale.end()) chooser = drawer;
  else if (state_.morale.find(Symbol(rival)) == state_.morale.end()) chooser = rival;
  if (chooser.empty()) return false;
  // Step B.
  GameState trial_state = state_;
  n20::EventDeck trial_deck = deck_;
  GameDice trial_dice = dice_;
  Trace quiet(Trace::Off{}, catalog());
  try {
    n20::draw_event(*scenario_->rules, trial_state, trial_deck, drawer, scenario_->french, trial_dice, quiet);
    return false;
  } catch (const RuleRefusal& r) {
    if (r.rule() != "leipzig:12.0" && r.rule() != "leipzig:2.1") throw;
  }
  // Step C.
  std::vector<Symbol> fronts;
  for (const Unit& u : state_.units) {
    if (u.side != chooser) continue;
    try {
      const Symbol track = scenario_->rules->morale_track_for(u, state_, quiet);
      if (state_.morale.find(track) != state_.morale.end() &&
          std::find(fronts.begin(), fronts.end(), track) == fronts.end())
        fronts.push_back(track);
    } catch (const RuleRefusal&) {
      // an army-less unit whose Front is itself to be named: it adds no Front of its own
    }
  }
  if (fronts.empty())
    for (const auto& [track, value] : state_.morale)
      if (track != Symbol(scenario_->french)) fronts.push_back(track);
  std::sort(fronts.begin(), fronts.end(), [](Symbol a, Symbol b) { return a.view() < b.view(); });
  stage_ = Stage::LeipzigEventFront;
  Decision d{.kind = DecisionKind::Front,
             .side = chooser,
             .rule = "leipzig:12.0",
             .prompt = "which Front does the Random Event " + drawer + " draws now fall on?"};
  for (Symbol f : fronts) d.add({.kind = ActionKind::NameFront, .unit = f});
  offer(std::move(d));
  return true;
}

// The Front named (game marker allied-front:FRONT), then the card drawn.
void Game::apply_event_front(const Action& a) {
  std::erase_if(state_.markers, [](Symbol m) { return m.view().starts_with("allied-front:"); });
  state_.set_marker(Symbol("allied-front:" + std::string(a.unit)), true);
  Trace t{Trace::IdsOnly{}, catalog()};
  t.cite("leipzig:12.0"_rule, decision_.side + " names the " + std::string(a.unit) + " Front for the Random Event");
  note(decision_.side + " names the " + std::string(a.unit) + " Front for the Random Event", t);
  draw_random_event();
}

}  // namespace hexlaw::play
