// Owns: the `game` question — a whole game played from the case's own position (map, units,
// morale) with the question's calendar, French side and event deck, the dice seeded by
// `seed`, through the listed decisions; the answer is where the game then stands: position,
// the decision awaited with its legal choices, morale, units, the record and the verdict.
#include "engine/play/game.h"
#include "engine/questions/kinds.h"

namespace hexlaw {
namespace {

// A scenario from a case file's position (map, units, morale) and its question's calendar,
// French side and events.
std::shared_ptr<const play::Scenario> scenario_from_case(const CaseFile& c) {
  auto sc = std::make_shared<play::Scenario>();
  sc->name = c.name;
  sc->title = c.title;
  sc->ruleset = c.ruleset;
  sc->rules = n20::make_rules(c.ruleset, c.spec);
  sc->map = c.map;
  sc->initial = c.state;
  const CaseField& q = c.question;
  play::complete_scenario(*sc, {q.required("calendar"), q["french"], q["events"], c.root["units"], c.root["state"],
                                 c.root["map"]});
  return sc;
}

struct Played {
  std::shared_ptr<const play::Scenario> scenario;
  std::uint64_t seed = 1;
  std::vector<std::string> decisions;
};

Played read_game(const Situation& s) {
  const auto& q = s.c.question;
  q.expect_keys({"kind", "calendar", "french", "events", "seed", "decisions"});
  if (s.c.dice.mode != DiceSpec::Mode::None)
    s.c.root["dice"].fail("a game rolls its own dice, seeded by question.seed: leave dice out");
  Played p;
  p.scenario = scenario_from_case(s.c);
  p.seed = q["seed"].present() ? q["seed"].seed() : 1;
  if (q["decisions"].present() && !q["decisions"].is_seq()) q["decisions"].fail("expected a list of choices");
  p.decisions = q["decisions"].str_list();
  return p;
}

nlohmann::json game_json(const play::Game& g, const Map& map) {
  nlohmann::json units = nlohmann::json::object();
  for (const Unit& u : g.state().units) {
    nlohmann::json j = {{"status", to_string(u.status)}};
    if (u.on_map()) j["hex"] = map.name(u.hex);
    if (!u.markers.empty()) j["markers"] = u.markers;
    units[u.id] = j;
  }
  nlohmann::json record = nlohmann::json::array();
  for (const auto& e : g.record())
    record.push_back({{"turn", e.turn}, {"player_turn", e.player_turn}, {"phase", e.phase}, {"text", e.text}, {"rules", e.rules}});
  nlohmann::json out = {
      {"position",
       {{"turn", g.position().turn},
        {"player_turn", g.position().player_turn == 1 ? "first" : "second"},
        {"phase", n20::phase_name(g.position().phase)},
        {"phasing", g.state().phasing}}},
      {"over", g.over()},
      {"result", {{"level", g.result().level}, {"winner", g.result().winner}, {"rule", g.result().rule}}},
      {"morale", g.state().morale},
      {"units", units},
      {"record", record},
      {"decisions_taken", g.log().decisions.size()}};
  if (!g.over()) {
    const auto& d = g.decision();
    out["decision"] = {{"kind", play::to_string(d.kind)}, {"side", d.side}, {"unit", d.unit}, {"rule", d.rule}, {"choices", d.choices}};
  }
  return out;
}

}  // namespace

void add_game_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "game",
      "Play a whole game from this position: question.calendar {first, second, last_turn, night_turns}, "
      "french, events (cards), seed, decisions (choices in order). Where does the game then stand?",
      [](const Situation& s) { read_game(s); },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const Played p = read_game(s);
        play::Game g(p.scenario, p.seed);
        for (std::size_t i = 0; i < p.decisions.size(); ++i) {
          if (g.over()) s.c.question["decisions"].at(i).fail("the game is already over");
          try {
            g.choose(p.decisions[i]);
          } catch (const std::invalid_argument& e) {
            s.c.question["decisions"].at(i).fail(e.what());
          }
        }
        // The answer's trace: every event of the game with the rules that decided it.
        for (const auto& e : g.record())
          for (const auto& r : e.rules) t.cite(r, "T" + std::to_string(e.turn) + "." + std::to_string(e.player_turn) + " " + e.text);
        headline = g.over() ? "game over: " + g.result().level + (g.result().winner.empty() ? "" : " for " + g.result().winner)
                            : "turn " + std::to_string(g.position().turn) + " " + n20::phase_name(g.position().phase) +
                                  ": " + g.decision().side + " decides " + play::to_string(g.decision().kind);
        return game_json(g, s.map);
      }});
}

}  // namespace hexlaw
