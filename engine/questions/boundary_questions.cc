// Owns: the `boundary` question — what a game's rule set does at one boundary of the turn (a
// phase opening, a Player Turn or a Game Turn ending) to the case's position with the case's
// dice: the hooks a played game calls (N20Rules::at_phase_start, at_player_turn_end,
// at_game_turn_end, after_battle, and the declaration offered as a Movement Phase ends), asked
// on their own, so a rule that lives there (Jena's arrival die and Sudden Death, Leipzig's
// bridge demolition) is a question like any other.
#include "engine/n20/victory.h"
#include "engine/questions/kinds.h"

namespace hexlaw {
namespace {

constexpr const char* kBoundaries[] = {"phase-start", "player-turn-end", "game-turn-end", "battle-end", "movement-end"};

std::string read_boundary(const Situation& s) {
  const auto& q = s.c.question;
  q.expect_keys({"kind", "at", "french", "declare"});
  const std::string at = q.required("at").str();
  for (const char* b : kBoundaries)
    if (at == b) return at;
  q["at"].fail("unknown boundary '" + at + "' (phase-start, player-turn-end, game-turn-end, battle-end, movement-end)");
  return {};
}

}  // namespace

void add_boundary_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "boundary",
      "What does the game's rule set do at this boundary of the turn? (question: at = phase-start (the state's "
      "phase opens), player-turn-end (the phasing side's), game-turn-end (the state's turn), battle-end (a battle "
      "of the state's phase is over), movement-end (the phasing side's Movement Phase ends: the declaration "
      "offered, made when declare is true); french, the French track for the verdict when the game ends, "
      "default french)",
      [](const Situation& s) {
        read_boundary(s);
        if (s.state.phasing.view().empty()) s.c.root["state"]["phasing"].fail("a boundary question needs the phasing side");
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        const std::string at = read_boundary(s);
        GameState after = s.state;
        std::optional<n20::N20Rules::NightDeclaration> offered;
        // Step A. The hook for the boundary.
        try {
          if (at == "battle-end") s.rules.after_battle(s.map, after, dice, t);
          if (at == "movement-end") {
            offered = s.rules.movement_end_declaration(s.map, after, s.state.phasing.view(), t);
            if (s.c.question["declare"].bool_or(false)) {
              if (!offered) s.c.question["declare"].fail("no declaration is offered here");
              s.rules.declare_at_movement_end(s.map, after, s.state.phasing.view(), t);
            }
          }
          if (at == "phase-start") s.rules.at_phase_start(n20::parse_phase(s.state.phase), after, dice, t);
          if (at == "phase-start") s.rules.at_phase_start_on_map(s.map, n20::parse_phase(s.state.phase), after, dice, t);
          if (at == "player-turn-end") s.rules.at_player_turn_end(s.state.phasing.view(), after, dice, t);
          if (at == "player-turn-end") s.rules.at_player_turn_close(s.map, s.state.phasing.view(), after, t);
          if (at == "game-turn-end") s.rules.at_game_turn_end(s.state.turn, after, dice, t);
        } catch (const std::invalid_argument& e) {
          s.c.question.fail(e.what());
        }
        // Step B. What changed: units off the map (arrival turns), game markers, the weather, the end.
        nlohmann::json units = nlohmann::json::object();
        for (const Unit& u : after.units) {
          const Unit* before = s.state.unit(u.id);
          if (before && *before == u) continue;
          nlohmann::json j = {{"status", to_string(u.status)}};
          if (u.status == UnitStatus::Pending) j["arrival_turn"] = u.arrival_turn, j["entry"] = u.entry.str();
          // A unit put on the map (leipzig:16.7.3's Pr II): where.
          if (u.on_map() && before && !before->on_map()) j["hex"] = s.map.name(u.hex);
          units[u.id.str()] = j;
        }
        const bool over = after.has_marker(n20::N20Rules::kGameEndsMarker);
        nlohmann::json out = {{"at", at}, {"over", over}, {"units", units}, {"markers", after.markers},
                              {"morale", after.morale}};
        // The weather, in a game that has one: a boundary may roll it (dresden:16.8).
        const bool weather_changed = after.weather != s.state.weather;
        if (!after.weather.empty() || weather_changed) out["weather"] = after.weather.str();
        if (at == "movement-end")
          out["declaration"] = offered ? nlohmann::json{{"rule", offered->rule}, {"name", offered->name}} : nlohmann::json();
        if (over) {
          n20::VictoryVerdict v;
          try {
            v = n20::victory(s.rules, after, s.c.question["french"].str_or("french"), true, t);
          } catch (const std::invalid_argument& e) {
            s.c.question.fail(e.what());
          }
          out["result"] = {{"level", v.level}, {"winner", v.winner}, {"rule", v.rule}};
        }
        headline = over ? "the game ends" : units.empty() ? "nothing changes" : std::to_string(units.size()) + " unit(s) change";
        if (!over && weather_changed)
          headline = (units.empty() ? std::string() : headline + "; ") + "the weather changes from " +
                     std::string(s.state.weather.empty() ? "none" : s.state.weather.str()) + " to " + after.weather.str();
        return out;
      }});
}

}  // namespace hexlaw
