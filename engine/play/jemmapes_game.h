// Owns: a played game of Jemmapes 1792, round by round (jemmapes:2.0) — the command phase
// (voluntary attempts, French first, then the involuntary tests: jemmapes:4.2.1, 4.2.2), the
// initiative roll and the winner's keep-or-pass (B), the alternating activation of formations
// with no passing (C: command verification 3.1; movement 5.1 carried out hex by hex, pausing for
// the other side's reactions 5.2, overrunning lone commanders 8.0, with rout movement 5.4;
// combat 6.0-6.4 with charges and counter-charges 5.3, results, retreats, the advance and
// commanders' elimination tests 8.0; rally 7.0), and the final phase (D: the automatic victory
// check 9.3, commanders turned face up). Like the Napoleonic 20 Game it offers each decision as
// every legal choice in string form, takes `choose(i)` or `choose(text)`, rolls seeded dice,
// records what happened with the rules cited, and replays exactly from its log (scenario name,
// seed, choices). It owns no rule: every legality and result comes from engine/jemmapes, the
// same functions that answer case files.
//
// A fire or assault is offered only when every throw of its dice reads a cell the source prints
// and every result it can give can be carried out under the readings in force (the morale test
// M needs jemmapes.morale_test.procedure = two_dice_against_morale); the others are listed in
// the decision's `refused`, each with its rule and reason, and choosing one is refused by name.
// A cell the transcription lost is never filled in. Moves, reactions and the decisions owed
// after a combat live in jemmapes_moves.cc, the combat segment in jemmapes_combat.cc.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/core/spec.h"
#include "engine/jemmapes/context.h"
#include "engine/jemmapes/reaction.h"
#include "engine/jemmapes/scenario.h"
#include "engine/jemmapes/victory.h"
#include "engine/play/game.h"
#include "engine/play/jemmapes_action.h"

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
  // n, s, e, w; 'm' for the Austrians: toward Mons, the map's place `mons` (jemmapes:9.1.3).
  std::map<std::string, char> rout_edge{{"french", 's'}, {"austrian", 'n'}};
  // The printed scenario whose restrictions the game plays (jemmapes:9.1.4, 9.2; lifted by 9.4)
  // and whose length it takes (eight rounds, 9.2; five, 9.4); none for a skirmish under neither.
  std::optional<jemmapes::ScenarioKind> rules;
  // The objectives of the control victory points (9.3), the starred redoubts also those the
  // Austrians must garrison through round 6 (9.2): map data the source lacks.
  jemmapes::Objectives objectives;
};

// A random but legal small scenario (seeded): a clear map with some villages and woods, each
// side a commanding general and `formations_per_side` formations of `units_per_formation`
// combat units, one a hex (about one in five disorganised), French in the south facing north, Austrians in the north facing
// south, every counter value given (the source prints none).
// `interpretations`: the switches' readings the game runs under (checked when a game starts).
// `rules`: "" (none), "historical" or "free": the game then plays that printed scenario's
// restrictions and length (last_round is then 8 or 5, whatever was asked) on the invented map,
// its formations named as the printed ones (French Egalite, Beurnonville, Harville, then F4;
// Austrian Lilien, Clairfayt, Beaulieu, then A4), with Ferrand besides (manoeuvre order,
// `units_per_formation` units and its commander off the map, entering by 0107 from round 2,
// jemmapes:9.1.1), and invented objectives: the villages Jemmapes and Cuesmes (three hexes each,
// south of the Austrian line) and up to three starred redoubts under Austrian units.
std::shared_ptr<const JemmapesScenario> jemmapes_generated_scenario(std::shared_ptr<const Spec> spec, int formations_per_side,
                                                                    int units_per_formation, int last_round, std::uint64_t seed,
                                                                    std::map<std::string, std::string> interpretations = {},
                                                                    const std::string& rules = "");

// Reads a Jemmapes scenario file's text (`game: jemmapes`): name, last_round, rout_edges
// ({french: s, austrian: n}), map (bounds needed), interpretations, units and state as in a case
// file, rules (historical | free: the printed scenario played, whose length last_round must then
// be), objectives ({villages: {NAME: [hexes]}, redoubts: [hexes]}); or `generated:
// {formations_per_side, units_per_formation, last_round, seed, rules}`. Errors are CaseErrors
// naming `file` and the field.
std::shared_ptr<const JemmapesScenario> jemmapes_scenario_from_text(std::shared_ptr<const Spec> spec, const std::string& text, const std::string& file);
// Whether scenario text declares `game: jemmapes`.
bool is_jemmapes_scenario_text(const std::string& text, const std::string& file);

// What the game waits on: who decides what, under which rule, and every legal choice, both as
// what it does (a typed JemmapesAction, which the game applies) and as its string form
// (jemmapes_action.h), distinct within the decision.
struct JemmapesDecision {
  // order-change, initiative, activate, move-select, move-to, reaction, combat, defend, retreat,
  // advance, follow, place-commander, rally
  std::string kind;
  std::string side, unit, rule, prompt;
  std::vector<std::string> choices;     // the string forms, in the order of `actions`
  std::vector<JemmapesAction> actions;
  // Actions the rules would allow but the game refuses by name (a lost table cell, the morale
  // test's missing procedure): "ACTION: RULE: reason", ACTION the action's string form.
  std::vector<std::string> refused;
  // Adds a choice at the end, its string form written on `map`.
  void add(JemmapesAction a, const Map& map) {
    choices.push_back(to_text(a, map));
    actions.push_back(std::move(a));
  }
  void add(JemmapesActionKind k, const Map& map) { add(JemmapesAction{.kind = k}, map); }
  // Lists `a` among the refused, with the rule and reason "RULE: reason".
  void refuse(const JemmapesAction& a, const Map& map, const std::string& why) { refused.push_back(to_text(a, map) + ": " + why); }
};

// A choice the game refuses when it is taken: its dice read a cell the source lost, or a result
// the readings in force cannot carry out. The game is left as it was before the choice (dice
// included, so the same choice would roll the same again), the choice moves from `choices` to
// `refused`, and another must be taken.
class JemmapesChoiceRefused : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A unit's state after a combat result, as the game commits it (jemmapes:6.3).
struct JemmapesUnitAfter {
  std::string id, side, formation;
  jemmapes::Level level = jemmapes::Level::GoodOrder;
  int cp = 0, steps = 0;
  bool destroyed = false, retreats = false;
  Hex hex;
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
  // The control points standing on the track (jemmapes:9.3), and the objectives they are for.
  int control_vp() const { return control_vp_; }
  const std::set<std::string>& objectives_scored() const { return scored_; }
  // Throws std::logic_error once the game is over.
  const JemmapesDecision& decision() const;
  // Takes the i-th choice, or the one whose text is exactly `text` (std::invalid_argument
  // naming the legal ones otherwise), and plays on to the next decision.
  // A choice whose dice read a lost cell when it is taken is refused then: the game is left as
  // it was, the choice moved to `refused`, and JemmapesChoiceRefused thrown.
  void choose(std::size_t i);
  void choose(const std::string& text);
  // choose(i), false instead of the exception when the choice is refused as it is taken (what
  // policies use: they choose again from the decision as it now stands).
  bool try_choose(std::size_t i) {
    try {
      choose(i);
      return true;
    } catch (const JemmapesChoiceRefused&) {
      return false;
    }
  }
  const GameLog& log() const { return log_; }
  const std::vector<JemmapesEvent>& record() const { return record_; }
  std::vector<std::string> rules_applied() const;
  // How many times each formation was activated in each round played: {round: {formation: n}}.
  const std::map<int, std::map<std::string, int>>& activations() const { return activations_; }
  // Laws every state keeps (stacking 1.4 between segments, no enemies sharing a hex, one
  // activation per formation a round); empty unless the engine is wrong.
  std::vector<std::string> invariant_violations() const;

 private:
  enum class Stage { OrderChange, Initiative, Activate, MoveSelect, MoveTo, Reaction, Combat, Defend, Retreat, Advance, Follow, Place, Rally, Over };
  // A move carried out hex by hex (5.1), or an advance after combat (6.4): the unit, its path,
  // the next hex to enter, the facing it ends with, the MP spent of its allowance.
  struct MoveRun {
    std::string unit;
    Hex start;
    std::vector<Hex> path;
    std::size_t next = 0;
    Direction facing = Direction::N;
    bool reserve = false, advance = false, surrounded = false, extra_level = false, stopped = false;
    bool entered = false;  // the unit came on the map at `start` (9.1.1), its cost in `spent`
    int spent = 0, allowance = 0;
    std::vector<std::string> followers;  // an advance: who may follow (6.4)
  };
  // The reactions awaited while a move pauses (5.2): the reacting hexes still to decide, the
  // mover's previous hex, and the units firing in reaction by type.
  struct Reacting {
    Hex from;
    std::vector<Hex> stacks;
    std::map<std::string, std::vector<std::string>> fire;
    bool stops = false;
  };
  // A decision owed after a combat or an overrun: a retreat (6.3), a commander's placement (8.0),
  // the advance and who follows (6.4).
  struct Pending {
    std::string kind, unit, side;
    Hex hex;
    std::vector<std::string> ids;
  };
  // An assault declared by the attacker, awaiting the defender's response (6.2, 5.3.3).
  struct Declared {
    Hex target;
    std::vector<std::string> attackers, bayonet, charging;
    std::string head, commander;
    JemmapesAction action;  // as offered
  };
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
  // jemmapes_moves.cc (the move run, reactions, decisions owed) and jemmapes_combat.cc (the
  // combat segment and its results).
  void resume();
  void start_run(MoveRun r);
  void step_run();
  void finish_run();
  void offer_reaction();
  void resolve_reactions();
  void offer_combat();
  void offer_pending();
  void apply_combat_stage(const JemmapesAction& a);
  // The defender's answers to `d` (Head actions) whose dice can read a printed cell; `why` names
  // the refusal when the assault is illegal or no answer can.
  std::vector<JemmapesAction> responses(const Declared& d, std::string& why) const;
  // The combat units of the cavalry among `attackers` that moved this segment (5.3.1).
  std::vector<std::string> moved_cavalry(const std::vector<std::string>& attackers) const;
  // The scenario's facts about `u`'s formation a reaction reads (jemmapes.scenario.inactive_formation_reacts):
  // the printed scenario played, if any, and whether the enemy has attacked the formation.
  jemmapes::ReactionScenario reaction_facts(const jemmapes::Unit& u) const { return {scenario_->rules, attacked_.count(u.formation) > 0}; }
  void resolve_assault(const Declared& d, const std::string& defender_head, bool countercharge, const std::string& defender_commander);
  void resolve_fire(const std::vector<std::string>& shooters, Hex target, bool reaction);
  void commit(const std::vector<JemmapesUnitAfter>& after);
  void commander_test(const std::string& id, bool step_lost, bool units_destroyed, bool overrun);
  void remove_unit(const std::string& id);
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
  std::map<std::string, int> steps_lost_round_;    // per formation, since the last involuntary segment (the last_round window)
  void lose_steps(const std::string& formation, int n) { steps_lost_[formation] += n, steps_lost_round_[formation] += n; }
  std::vector<std::string> order_queue_;           // formations still to be offered a voluntary attempt
  bool general_cv_used_ = false;                   // this round (4.2.1)
  std::string initiative_winner_, to_move_;        // who activates next
  std::set<std::string> activated_;                // this round
  std::string active_;                             // the formation being activated
  std::set<std::string> moved_;                    // units moved this movement segment
  std::set<std::string> rallied_;                  // units that tried to rally this segment
  std::set<std::string> tv_lent_;                  // commanders who lent their TV to a rally this segment (7.0)
  std::string moving_;                             // the unit whose destination is asked
  bool entering_ = false;                          // ... and it is off the map, to enter (9.1.1)
  std::optional<MoveRun> run_;                     // the move being carried out
  std::optional<Reacting> react_;                  // the reactions awaited at a pause
  std::deque<Pending> pending_;                    // decisions owed after a combat or an overrun
  std::optional<Declared> declared_;               // the assault awaiting the defender
  // The game just before that assault was declared (its own copy holds none), to go back to when
  // the throw leaves the defender no answer it can read (choose()).
  std::shared_ptr<const JemmapesGame> before_declared_;
  std::map<std::string, std::vector<Hex>> moves_;  // this segment's path of each moved unit, start first (5.3.1)
  std::map<Hex, std::vector<std::string>> already_;  // the combats each hex took this segment (6.0)
  std::set<std::string> fought_;                   // units that fought this activation (6.0's ruling)
  // jemmapes_scenario_play.cc: the printed scenario's restrictions at their moments and the
  // control victory points at the end check.
  std::optional<jemmapes::ScenarioVerdict> order_change_barred(const jemmapes::Formation& f, jemmapes::Order to) const;
  std::optional<jemmapes::ScenarioVerdict> activation_barred(const std::string& formation) const;
  std::optional<jemmapes::ScenarioVerdict> move_barred(const jemmapes::Unit& u, const std::vector<Hex>& path) const;
  bool french_late() const;
  void mark_crossed(const jemmapes::Unit& u);
  void mark_occupied();
  void note_attacked(Hex target, const std::string& by_side);
  void score_control();
  std::map<Hex, std::string> last_in_;             // objective hexes: the side whose combat unit was last there
  std::set<std::string> scored_;                   // objectives whose control point stands on the track
  int control_vp_ = 0;
  std::set<std::string> attacked_;                 // formations the enemy has fired on or assaulted (9.2)
};

// Plays again from the log; throws std::invalid_argument naming the step whose choice is not
// legal there.
JemmapesGame replay(std::shared_ptr<const JemmapesScenario> scenario, const GameLog& log);

}  // namespace hexlaw::play
