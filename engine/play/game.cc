// Owns: the game's driver — construction, the loop that plays automatic steps until a
// decision is needed, taking a choice, the record and the log, replay, and the policies.
// The phases themselves are in game_phases.cc, game_combat.cc and game_night.cc.
#include "engine/play/game.h"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "engine/core/yaml_read.h"

namespace hexlaw::play {

const char* to_string(DecisionKind k) {
  static const char* kNames[] = {"forced-march", "move-select", "move-to", "combine", "react-select", "react", "declare", "reserves", "column", "retreat", "exchange", "advance", "rally", "partial-rally", "place", "dummy", "dummy-arrival", "stop", "general-retreat", "night-declaration", "movement-declaration", "movement-start-declaration", "front", "army-arrival"};
  return kNames[static_cast<int>(k)];
}

std::ostream& operator<<(std::ostream& os, DecisionKind k) { return os << to_string(k); }

std::string log_to_json(const GameLog& log) {
  nlohmann::json j = {{"scenario", log.scenario}, {"seed", log.seed}, {"decisions", log.decisions}};
  return j.dump(1);
}

namespace {

// Reads a log from its root field, wherever the field came from.
GameLog read_log(const Field<CaseError>& root) {
  if (!root.is_map()) root.fail("a game log is a mapping {scenario, seed, decisions}");
  root.expect_keys({"scenario", "seed", "decisions"});
  GameLog log;
  log.scenario = root.required("scenario").str();
  log.seed = root.required("seed").seed();
  auto d = root["decisions"];
  if (d.present() && !d.is_seq()) d.fail("expected a list of choices");
  log.decisions = d.str_list();
  return log;
}

}  // namespace

GameLog log_from_json(const std::string& text, const std::string& name) {
  return read_log(Field<CaseError>::load_text(text, name));
}

GameLog log_from_doc(std::shared_ptr<const Doc> doc, const std::string& name) {
  return read_log(Field<CaseError>(std::move(doc), name));
}

Game::Game(std::shared_ptr<const Scenario> scenario, std::uint64_t seed)
    : scenario_(std::move(scenario)), dice_(seed) {
  if (!scenario_) throw std::invalid_argument("a game needs a scenario");
  state_ = scenario_->initial;
  deck_ = scenario_->deck;
  log_.scenario = scenario_->name;
  log_.seed = seed;
  result_.level = "none";
  pos_.turn = scenario_->calendar.first_turn;  // 1 unless the calendar names another (dresden:17.2)
  run();
}

const Decision& Game::decision() const {
  const Decision& d = awaited_actions();
  decision_.write_choices(*scenario_->map);
  return d;
}

const Decision& Game::awaited_actions() const {
  // A caller's mistake, not the engine's (Python: ValueError, as choose() after the end).
  if (over()) throw std::invalid_argument("the game is over (" + result_.level + (result_.winner.empty() ? "" : " for " + result_.winner) + "); no decision is awaited");
  return decision_;
}

void Decision::write_choices(const Map& map) {
  if (choices_written()) return;
  choices.clear();
  choices.reserve(actions.size());
  for (const Action& a : actions) choices.push_back(to_text(a, map));
}

std::size_t Decision::find(std::string_view text) const {
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (choices[i] == text) return i;
  return std::string::npos;
}

void Game::choose(const std::string& choice) {
  if (over()) throw std::invalid_argument("the game is over; no decision is awaited");
  decision_.write_choices(*scenario_->map);
  const std::size_t i = decision_.find(choice);
  if (i == std::string::npos) {
    std::string list;
    for (const auto& c : decision_.choices) list += (list.empty() ? "" : ", ") + ("'" + c + "'");
    throw std::invalid_argument("'" + choice + "' is not a legal choice for the " + to_string(decision_.kind) + " decision of " +
                                decision_.side + " (legal: " + list + ")");
  }
  take(i);
}

void Game::choose(std::size_t index) {
  if (over()) throw std::invalid_argument("the game is over; no decision is awaited");
  if (index >= decision_.size())
    throw std::invalid_argument("choice index " + std::to_string(index) + " is out of range (0.." +
                                std::to_string(decision_.size() - 1) + ")");
  take(index);
}

void Game::take(std::size_t i) {
  log_.decisions.push_back(decision_.choices_written() ? decision_.choices[i]
                                                      : to_text(decision_.actions[i], *scenario_->map));
  const Action a = decision_.actions[i];  // the step replaces decision_
  apply(a);
  run();
}

// The decision replaced leaves its buffers for the next offers to fill.
void Game::offer(Decision d) {
  if (d.side.empty()) d.side = state_.phasing;
  if (!owed_.active) {  // a collapse's retreats are made before the play goes on
    Trace silent(Trace::Off{}, catalog());
    if (!scenario_->rules->owed_retreats(state_, silent).empty()) {
      owed_.resume_decision = std::move(d);
      begin_owed_retreats();
      return;
    }
  }
  d.choices.swap(decision_.choices);
  d.choices.clear();  // written when the decision is read
  spare_actions_.swap(decision_.actions);
  spare_actions_.clear();
  decision_ = std::move(d);
}

std::vector<Action> Game::spare_actions() {
  std::vector<Action> v;
  v.swap(spare_actions_);
  v.clear();
  return v;
}

// Records one event with the distinct rules its trace cited.
void Game::note(const std::string& text, const Trace& t) {
  GameEvent e{pos_.turn, pos_.player_turn, n20::phase_name(pos_.phase), text, t.citations()};
  record_.push_back(std::move(e));
}

std::vector<std::string> Game::rules_applied() const {
  std::vector<std::string> out;
  for (const auto& e : record_)
    for (const auto& r : e.rules)
      if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  return out;
}

std::size_t Game::footprint_bytes() const {
  auto str = [](const std::string& s) { return s.capacity() > 15 ? s.capacity() + 1 : 0; };
  // Units are flat records of interned names (the names themselves are shared by the process).
  std::size_t n = sizeof(*this);
  n += state_.units.capacity() * sizeof(Unit) + state_.markers.capacity() * sizeof(Symbol);
  n += (deck_.draw_pile.size() + deck_.discards.size()) * sizeof(n20::EventCard);
  for (const auto& e : record_) {
    n += sizeof(GameEvent) + str(e.text) + str(e.phase);
    for (const auto& r : e.rules) n += sizeof(std::string) + str(r);
  }
  for (const auto& d : log_.decisions) n += sizeof(std::string) + str(d);
  return n;
}

std::string Game::track_of(const std::string& side) const {
  for (const Unit& u : state_.units)
    if (u.side == side) return scenario_->rules->morale_track(u, state_);
  return side;
}

void Game::change_morale(Symbol track, int delta, Trace& t) {
  auto it = state_.morale.find(track);
  if (it == state_.morale.end()) throw std::logic_error("no morale track '" + track + "' in the game");
  if (scenario_->rules->morale_frozen(track, state_, t)) return;
  it->second = std::clamp(it->second + delta, 0, 10);
}

bool Game::marched(const Unit& u) const {
  Trace silent(Trace::Off{}, catalog());
  const std::optional<Symbol> g = scenario_->rules->spending_group(u, n20::N20Rules::Spending::ForcedMarch, state_, silent);
  return g && std::find(scratch_.marched_groups.begin(), scratch_.marched_groups.end(), *g) != scratch_.marched_groups.end();
}

const std::string& Game::other(const std::string& side) const {
  return side == scenario_->calendar.first ? scenario_->calendar.second : scenario_->calendar.first;
}

// Step A. Each track at 0 asks the rule set what its collapse means (std:12.1.2: defeat;
// Leipzig's Front: a General Retreat, whose owed retreats the play then offers, or Shattering).
// Step B. On a defeat, the victory judgement ends the game.
// RULE std:12.1.2 — a side at 0 morale loses at once; both at 0 together is a draw
bool Game::judge_decisive() {
  bool someone_at_zero = false;
  for (const auto& [track, m] : state_.morale) someone_at_zero = someone_at_zero || m <= 0;
  if (!someone_at_zero) return false;
  // Step A.
  bool defeat = false;
  std::vector<Symbol> at_zero;
  for (const auto& [track, m] : state_.morale)
    if (m <= 0) at_zero.push_back(track);
  for (Symbol track : at_zero) {
    Trace c{Trace::IdsOnly{}, catalog()};
    const auto what = scenario_->rules->morale_collapse(track, state_, c);
    defeat = defeat || what == n20::N20Rules::Collapse::Defeat;
    if (!c.entries().empty()) note(std::string(track) + " is at 0 morale", c);
  }
  if (!defeat) return false;
  // Step B.
  Trace t{Trace::IdsOnly{}, catalog()};
  result_ = n20::victory(*scenario_->rules, state_, scenario_->french, false, t);
  note("morale reached 0: " + result_.level + (result_.winner.empty() ? "" : " victory for " + result_.winner), t);
  stage_ = Stage::Over;
  return true;
}

void Game::run() {
  while (stage_ != Stage::Over) {
    switch (stage_) {
      case Stage::PhaseStart:
      case Stage::Resolve:
      case Stage::PhaseEnd:
        if (!owed_.active && begin_owed_retreats()) break;  // a collapse's retreats come first
        step();
        break;
      default:
        return;  // a decision is awaited
    }
  }
}

void Game::step() {
  switch (stage_) {
    case Stage::PhaseStart: begin_phase(); break;
    case Stage::Resolve: resolve_next_battle(); break;
    case Stage::PhaseEnd: end_phase(); break;
    default: throw std::logic_error("step() at a decision");
  }
}

void Game::apply(const Action& a) {
  switch (stage_) {
    case Stage::ForcedMarch:
    case Stage::MoveSelect:
    case Stage::MoveTo: apply_move(a); break;
    case Stage::Combine: apply_combine(a); break;
    case Stage::DummyArrival: apply_dummy_arrival(a); break;
    case Stage::ReactSelect:
    case Stage::React: apply_react(a); break;
    case Stage::Stop: apply_stop(a); break;
    case Stage::Declare: apply_declare(a); break;
    case Stage::OwnerChoice: apply_owner_choice(a); break;
    case Stage::BattleSetup: apply_battle_setup(a); break;
    case Stage::Advance: apply_advance(a); break;
    case Stage::Rally: apply_rally(a); break;
    case Stage::PartialRally: apply_partial_rally(a); break;
    case Stage::Place: apply_place(a); break;
    case Stage::Dummy: apply_dummy(a); break;
    case Stage::GeneralRetreat: apply_owed_retreat(a); break;
    case Stage::NightDeclaration: apply_night_declaration(a); break;
    case Stage::MovementDeclaration: apply_movement_declaration(a); break;
    case Stage::MovementStartDeclaration: apply_movement_start_declaration(a); break;
    case Stage::ArmyArrival: apply_arrival(a); break;
    case Stage::LeipzigEventFront: apply_event_front(a); break;
    default: throw std::logic_error("apply() with no decision awaited");
  }
}

Game replay(std::shared_ptr<const Scenario> scenario, const GameLog& log) {
  if (!log.scenario.empty() && log.scenario != scenario->name)
    throw std::invalid_argument("the log is of scenario '" + log.scenario + "', not '" + scenario->name + "'");
  Game g(std::move(scenario), log.seed);
  for (std::size_t i = 0; i < log.decisions.size(); ++i) {
    if (g.over()) throw std::invalid_argument("log decision " + std::to_string(i) + " ('" + log.decisions[i] +
                                              "') comes after the game ended");
    try {
      g.choose(log.decisions[i]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("log decision " + std::to_string(i) + ": " + e.what());
    }
  }
  return g;
}

std::size_t RandomPolicy::choose(const Game&, const Decision& d) {
  if (d.size() == 0) throw std::logic_error("a decision with no choices");
  return static_cast<std::size_t>(rng_.next_u64() % d.size());
}

std::size_t ScriptedPolicy::choose(const Game&, const Decision& d) {
  if (next_ >= script_.size()) throw std::invalid_argument("the script ran out at a " + std::string(to_string(d.kind)) + " decision");
  const std::string& c = script_[next_++];
  const std::size_t i = d.find(c);
  if (i == std::string::npos)
    throw std::invalid_argument("scripted choice " + std::to_string(next_ - 1) + " '" + c + "' is not legal at the " +
                                to_string(d.kind) + " decision");
  return i;
}

std::size_t play(Game& game, Policy& policy, std::size_t max_decisions) {
  std::size_t n = 0;
  while (!game.over() && n < max_decisions) {
    const Decision& d = policy.reads_choices() ? game.decision() : game.awaited_actions();
    const std::size_t i = policy.choose(game, d);
    if (i >= d.size()) throw std::out_of_range("policy chose past the end of the choices");
    game.choose(i);
    ++n;
  }
  return n;
}

}  // namespace hexlaw::play
