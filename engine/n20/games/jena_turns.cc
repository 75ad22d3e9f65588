// Owns: what the Jena layer does at the turn's boundaries in a played game and the boundary
// questions: Bernadotte's I Corps arrival roll in each French Movement Phase from turn 5
// (jena:3.1) and the Sudden Death roll at the end of Game Turns 10 to 12 (jena:4.1).
#include <stdexcept>

#include "engine/core/whole_number.h"
#include "engine/n20/games/jena.h"
#include "engine/n20/games/jena_order_of_battle.h"

namespace hexlaw::n20 {
namespace {

constexpr std::string_view kSuddenDeathMarker = "sudden-death:";
constexpr int kFirstSuddenDeathTurn = 10, kLastSuddenDeathTurn = 12;

}  // namespace

std::optional<int> JenaRules::sudden_death_number(const GameState& s, int turn) {
  std::optional<int> found;
  for (Symbol m : s.markers) {
    std::string_view text = m.view();
    if (!text.starts_with(kSuddenDeathMarker)) continue;
    text.remove_prefix(kSuddenDeathMarker.size());
    const auto eq = text.find('=');
    // A number is read whole: an empty one (sudden-death:10=) is no number, not 0.
    const bool split = eq != std::string_view::npos;
    const std::optional<int> t = split ? whole_number(text.substr(0, eq)) : std::nullopt;
    const std::optional<int> n = split ? whole_number(text.substr(eq + 1)) : std::nullopt;
    if (!t || !n || *t < kFirstSuddenDeathTurn || *t > kLastSuddenDeathTurn || *n < 0 || *n > 6)
      throw std::invalid_argument("marker '" + m.str() +
                                  "': a Sudden Death number is written sudden-death:TURN=N, TURN 10 to 12, N 0 to 6");
    if (*t == turn) found = *n;
  }
  return found;
}

// As the game opens, the French First Player's turn is said (jena:4.0). Then Bernadotte's roll.
// Step A. Only the French Movement Phase from turn 5, with I Corps still waiting and placed on
// this turn's box (a success it then delays under std:11.5 rolls no more). Step B. The roll: 1
// it arrives now as a reinforcement; else it moves one turn ahead.
// RULE jena:3.1 — from turn 5, a die each French Movement Phase: on a 1 I Corps enters at area B, else it slips a turn
void JenaRules::at_phase_start(Phase p, GameState& s, DiceSource& dice, Trace& t) const {
  if (p == Phase::RandomEvents && s.turn == 1 && s.phasing == "french")
    t.cite("jena:4.0"_rule, "the French, the First Player, open the game");
  // Step A.
  if (p != Phase::Movement || s.phasing != "french") return;
  const jena::OrderOfBattle* o = nullptr;
  Unit* corps = nullptr;
  Trace silent(Trace::Off{}, catalog());
  for (Unit& u : s.units)
    if ((o = listed(u.id.view(), u.side.view(), silent)) && o->arrives == jena::Arrives::ByDie) {
      corps = &u;
      break;
    }
  if (!corps || corps->status != UnitStatus::Pending || s.turn < o->turn || corps->arrival_turn != s.turn) return;
  // Step B.
  listed(corps->id.view(), corps->side.view(), t);
  const int die = dice.roll(6, "jena:3.1", "Bernadotte's I Corps arrival roll");
  if (die == 1) {
    t.cite("jena:3.1"_rule, [&] { return "die 1: " + corps->id + " arrives this turn at area " + corps->entry; });
    return;
  }
  corps->arrival_turn = s.turn + 1;
  t.cite("jena:3.1"_rule, [&] {
    return "die " + std::to_string(die) + ": " + corps->id + " does not arrive; it moves ahead to Turn " +
           std::to_string(s.turn + 1) + " to try again";
  });
}

// Step A. Only at the end of Game Turns 10 to 12. Step B. The number printed in the turn's box,
// from the scenario (refused when not given). Step C. The Prussian player's die: at most the
// number ends the game now, judged as at the end (std:15.0).
// RULE jena:4.1 — end of turns 10-12: a Prussian die at most the turn box's number ends the game
// The rule is whole; a turn whose number the scenario does not give (a data gap of the sources,
// not a part left out) is refused by name under jena:4.1.
void JenaRules::at_game_turn_end(int turn, GameState& s, DiceSource& dice, Trace& t) const {
  // Step A.
  if (turn < kFirstSuddenDeathTurn || turn > kLastSuddenDeathTurn) return;
  // Step B.
  const std::optional<int> number = sudden_death_number(s, turn);
  if (!number)
    throw RuleRefusal("jena:4.1", "the Sudden Death number of Turn " + std::to_string(turn) +
                                      " is printed on the Turn Track, which the sources lack: give it as the state "
                                      "marker sudden-death:" + std::to_string(turn) + "=N");
  // Step C.
  const int die = dice.roll(6, "jena:4.1", "Sudden Death roll (Prussian player)");
  const bool ends = die <= *number;
  if (ends) s.set_marker(kGameEndsMarker, true);
  t.cite("jena:4.1"_rule, [&] {
    return "end of Turn " + std::to_string(turn) + ": Prussian die " + std::to_string(die) +
           (ends ? " <= " : " > ") + std::to_string(*number) + (ends ? ": the game ends now" : ": play goes on");
  });
}

}  // namespace hexlaw::n20
