// Owns: a played game of Jemmapes 1792, round by round (jemmapes:2.0) — the command phase
// (voluntary attempts, French first, then the involuntary tests: jemmapes:4.2.1, 4.2.2), the
// initiative roll and the winner's keep-or-pass (B), the alternating activation of formations
// with no passing (C: command verification 3.1, movement 5.1 with rout movement 5.4, rally 7.0),
// and the final phase (D: the automatic victory check 9.3, commanders turned face up). Like the
// Napoleonic 20 Game it offers each decision as every legal choice in string form, takes
// `choose(i)` or `choose(text)`, rolls seeded dice, records what happened with the rules cited,
// and replays exactly from its log (scenario name, seed, choices). It owns no rule: every
// legality and result comes from engine/jemmapes, the same functions that answer case files.
//
// Not played (said openly; docs/game.md lists them): the combat segment (the Fire Table stops
// at row 5 and the Assault Table at row 8 in the source, so most fights would need a lost cell;
// fire and assault are answered as questions), reactions (5.2) and charges (5.3), the lone
// commander's elimination when overrun (8.0). Each activation's record says so by name.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/core/spec.h"
#include "engine/jemmapes/context.h"
#include "engine/play/game.h"

namespace hexlaw::play {

// A Jemmapes scenario a game starts from: map (with bounds: the rout edges), units and
// formations, the switches' readings, the last round, and each side's rout edge (5.4).
struct JemmapesScenario {
  std::string name;
  std::shared_ptr<const Spec> spec;
  Map map;
  jemmapes::Position position;
  std::map<std::string, std::string> interpretations;
  int last_round = 5;
  std::map<std::string, char> rout_edge{{"french", 's'}, {"austrian", 'n'}};
};

// A random but legal small scenario (seeded): a clear map with some villages and woods, each
// side a commanding general and `formations_per_side` formations of `units_per_formation`
// combat units, one a hex (about one in five disorganised), French in the south facing north, Austrians in the north facing
// south, every counter value given (the source prints none).
std::shared_ptr<const JemmapesScenario> jemmapes_generated_scenario(std::shared_ptr<const Spec> spec, int formations_per_side,
                                                                    int units_per_formation, int last_round, std::uint64_t seed);

// Reads a Jemmapes scenario file's text (`game: jemmapes`): name, last_round, rout_edges
// ({french: s, austrian: n}), map (bounds needed), interpretations, units and state as in a case
// file; or `generated: {formations_per_side, units_per_formation, last_round, seed}`. Errors are
// CaseErrors naming `file` and the field.
std::shared_ptr<const JemmapesScenario> jemmapes_scenario_from_text(std::shared_ptr<const Spec> spec, const std::string& text, const std::string& file);
// Whether scenario text declares `game: jemmapes`.
bool is_jemmapes_scenario_text(const std::string& text, const std::string& file);

// What the game waits on: who decides what, under which rule, and every legal choice.
struct JemmapesDecision {
  std::string kind;  // order-change, initiative, activate, move-select, move-to, rally
  std::string side, unit, rule, prompt;
  std::vector<std::string> choices;
};

struct JemmapesEvent {
  int round = 0;
  std::string phase, text;
  std::vector<std::string> rules;
};

class JemmapesGame {
 public:
  // A new game at the start of round 1, dice seeded by `seed`; it runs to the first decision.
  JemmapesGame(std::shared_ptr<const JemmapesScenario> scenario, std::uint64_t seed);
  JemmapesGame(const JemmapesGame&) = default;  // an independent branch

  const JemmapesScenario& scenario() const { return *scenario_; }
  std::shared_ptr<const JemmapesScenario> scenario_ptr() const { return scenario_; }
  const jemmapes::Position& position() const { return pos_; }
  int round() const { return pos_.round; }
  const std::string& phase() const { return phase_; }
  bool over() const { return over_; }
  const std::string& winner() const { return winner_; }
  int french_vp() const { return vp_; }  // the net score (French minus Austrian, jemmapes:9.3)
  // Throws std::logic_error once the game is over.
  const JemmapesDecision& decision() const;
  // Takes the i-th choice, or the one whose text is exactly `text` (std::invalid_argument
  // naming the legal ones otherwise), and plays on to the next decision.
  void choose(std::size_t i);
  void choose(const std::string& text);
  const GameLog& log() const { return log_; }
  const std::vector<JemmapesEvent>& record() const { return record_; }
  std::vector<std::string> rules_applied() const;
  // How many times each formation was activated in each round played: {round: {formation: n}}.
  const std::map<int, std::map<std::string, int>>& activations() const { return activations_; }
  // Laws every state keeps (stacking 1.4 between segments, no enemies sharing a hex, one
  // activation per formation a round); empty unless the engine is wrong.
  std::vector<std::string> invariant_violations() const;

 private:
  enum class Stage { OrderChange, Initiative, Activate, MoveSelect, MoveTo, Rally, Over };
  jemmapes::Context context() const { return jemmapes::Context{scenario_->map, scenario_->spec->tables, scenario_->spec->catalog, readings_, pos_}; }
  void run();  // automatic steps until a decision or the end
  void start_round();
  void offer_order_change();
  void involuntary_segment();
  void roll_initiative();
  void offer_activation();
  void begin_activation(const std::string& formation);
  void offer_move_select();
  void end_movement_segment();
  void offer_rally();
  void end_activation();
  void final_phase();
  void apply(std::size_t i);
  void note(const std::string& text, const Trace& t);
  void add_vp(const std::string& to_side, int n, const std::string& why);
  jemmapes::Unit* unit(const std::string& id);
  std::vector<std::string> formations_of(const std::string& side) const;
  std::string next_to_activate() const;

  std::shared_ptr<const JemmapesScenario> scenario_;
  jemmapes::Readings readings_;
  jemmapes::Position pos_;
  GameDice dice_;
  GameLog log_;
  std::vector<JemmapesEvent> record_;
  std::map<int, std::map<std::string, int>> activations_;
  Stage stage_ = Stage::OrderChange;
  std::string phase_;
  JemmapesDecision decision_;
  bool over_ = false;
  std::string winner_;
  int vp_ = 0;
  std::map<std::string, int> steps_lost_;          // per formation, since the start (4.2.2's default window)
  std::vector<std::string> order_queue_;           // formations still to be offered a voluntary attempt
  bool general_cv_used_ = false;                   // this round (4.2.1)
  std::string initiative_winner_, to_move_;        // who activates next
  std::set<std::string> activated_;                // this round
  std::string active_;                             // the formation being activated
  std::set<std::string> moved_;                    // units moved this movement segment
  std::set<std::string> rallied_;                  // units that tried to rally this segment
  std::string moving_;                             // the unit whose destination is asked
};

// Plays again from the log; throws std::invalid_argument naming the step whose choice is not
// legal there.
JemmapesGame replay(std::shared_ptr<const JemmapesScenario> scenario, const GameLog& log);

}  // namespace hexlaw::play
