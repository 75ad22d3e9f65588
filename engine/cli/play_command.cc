// Owns: `hexlaw play SCENARIO` and `hexlaw replay SCENARIO LOG` (see play_command.h).
#include "engine/cli/play_command.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "engine/play/game.h"
#include "engine/play/jemmapes_game.h"

namespace hexlaw::cli {
namespace {

// Writes a played game's log (JSON text) to `path`, when one was asked for (--log-out).
void write_log(const std::string& path, const std::string& json_text) {
  if (path.empty()) return;
  std::ofstream out(path);
  if (!out) throw CaseError(path, "", "cannot write the log file");
  out << json_text << "\n";
}

// Always the first legal choice: a deterministic, cautious player ("end", "no", "none" come first).
class FirstChoicePolicy : public play::Policy {
 public:
  std::size_t choose(const play::Game&, const play::Decision&) override { return 0; }
};

void print(const play::Game& g, bool json) {
  if (json) {
    nlohmann::json j;
    j["scenario"] = g.scenario().name;
    j["result"] = {{"level", g.result().level}, {"winner", g.result().winner}, {"rule", g.result().rule}};
    j["morale"] = g.state().morale;
    j["decisions"] = g.log().decisions.size();
    j["rules_applied"] = g.rules_applied();
    nlohmann::json rec = nlohmann::json::array();
    for (const auto& e : g.record())
      rec.push_back({{"turn", e.turn}, {"player_turn", e.player_turn}, {"phase", e.phase}, {"text", e.text}, {"rules", e.rules}});
    j["record"] = rec;
    std::cout << j.dump(1) << "\n";
    return;
  }
  for (const auto& e : g.record()) {
    std::cout << "T" << e.turn << "." << e.player_turn << " " << e.phase << ": " << e.text;
    if (!e.rules.empty()) {
      std::cout << "  [";
      for (std::size_t i = 0; i < e.rules.size(); ++i) std::cout << (i ? " " : "") << e.rules[i];
      std::cout << "]";
    }
    std::cout << "\n";
  }
  std::cout << "result: " << g.result().level << (g.result().winner.empty() ? "" : " for " + g.result().winner)
            << " (" << g.result().rule << ") after " << g.log().decisions.size() << " decisions\n";
}

void print(const play::JemmapesGame& g, bool json) {
  if (json) {
    nlohmann::json j;
    j["scenario"] = g.scenario().name;
    j["result"] = {{"winner", g.winner()}, {"french_vp", g.french_vp()}, {"rule", "jemmapes:9.3"}};
    j["decisions"] = g.log().decisions.size();
    j["rules_applied"] = g.rules_applied();
    nlohmann::json rec = nlohmann::json::array();
    for (const auto& e : g.record()) rec.push_back({{"round", e.round}, {"phase", e.phase}, {"text", e.text}, {"rules", e.rules}});
    j["record"] = rec;
    std::cout << j.dump(1) << "\n";
    return;
  }
  for (const auto& e : g.record()) {
    std::cout << "R" << e.round << " " << e.phase << ": " << e.text;
    if (!e.rules.empty()) {
      std::cout << "  [";
      for (std::size_t i = 0; i < e.rules.size(); ++i) std::cout << (i ? " " : "") << e.rules[i];
      std::cout << "]";
    }
    std::cout << "\n";
  }
  std::cout << "result: " << (g.winner().empty() ? "not over" : g.winner() + " win") << " (jemmapes:9.3), net VP " << g.french_vp() << " after "
            << g.log().decisions.size() << " decisions\n";
}

// A Jemmapes 1792 game (engine/play/jemmapes_game.h): played with a policy or replayed.
int run_jemmapes(const std::shared_ptr<const Spec>& spec, const PlayArgs& args, const std::string& text, bool replaying) {
  const auto scenario = play::jemmapes_scenario_from_text(spec, text, args.scenario);
  if (replaying) {
    std::ifstream in(args.log_in);
    if (!in) throw CaseError(args.log_in, "", "cannot read the log file");
    std::stringstream buf;
    buf << in.rdbuf();
    const play::GameLog log = play::log_from_json(buf.str(), args.log_in);
    try {
      print(play::replay(scenario, log), args.json);
    } catch (const std::invalid_argument& e) {
      throw CaseError(args.log_in, "decisions", e.what());
    }
    return 0;
  }
  play::JemmapesGame g(scenario, args.seed);
  if (args.policy != "random" && args.policy != "first") throw CaseError("--policy", "", "unknown policy '" + args.policy + "' (random or first)");
  SeededDice rng(args.policy_seed);
  while (!g.over()) {
    const int n = static_cast<int>(g.decision().choices.size());
    g.try_choose(args.policy == "first" ? std::size_t{0} : static_cast<std::size_t>(rng.roll(n, "jemmapes:2.0", "random policy") - 1));
  }
  print(g, args.json);
  write_log(args.log_out, play::log_to_json(g.log()));
  return 0;
}

}  // namespace

int run_play(const std::shared_ptr<const Spec>& spec, const PlayArgs& args, bool replaying) {
  {
    std::ifstream in(args.scenario);
    if (in) {
      std::stringstream buf;
      buf << in.rdbuf();
      if (play::is_jemmapes_scenario_text(buf.str(), args.scenario)) return run_jemmapes(spec, args, buf.str(), replaying);
    }
  }
  auto scenario = play::load_scenario(spec, args.scenario);
  if (replaying) {
    std::ifstream in(args.log_in);
    if (!in) throw CaseError(args.log_in, "", "cannot read the log file");
    std::stringstream buf;
    buf << in.rdbuf();
    play::GameLog log = play::log_from_json(buf.str(), args.log_in);
    try {
      play::Game g = play::replay(scenario, log);
      print(g, args.json);
    } catch (const std::invalid_argument& e) {
      throw CaseError(args.log_in, "decisions", e.what());
    }
    return 0;
  }
  play::Game g(scenario, args.seed);
  std::unique_ptr<play::Policy> policy;
  if (args.policy == "random") policy = std::make_unique<play::RandomPolicy>(args.policy_seed);
  else if (args.policy == "first") policy = std::make_unique<FirstChoicePolicy>();
  else throw CaseError("--policy", "", "unknown policy '" + args.policy + "' (random or first)");
  play::play(g, *policy);
  print(g, args.json);
  write_log(args.log_out, play::log_to_json(g.log()));
  return 0;
}

}  // namespace hexlaw::cli
