// Owns: a whole game of Napoleonic 20 played from a scenario — the sequence of play (std:4.0)
// driven phase by phase, the decisions each side takes (offered as explicit lists of legal
// choices), the dice (seeded), the record of what happened with the rules applied, and the
// log of decisions from which the game replays exactly. One place owns the game's state: the
// rule functions it calls are pure; this file only sequences them and applies their results.
//
// Known simplifications, said openly (docs/game.md has the full list):
// - The one-hex-shorter retreat from a Fortified or Redoubt hex (std:9.8.1) is always taken.
// - Battles resolve in the order declared; a countercharge resolves as it is chosen.
// - Reveals at will (beyond stopping a manoeuvre) and Dummies coming in with a rallied unit
//   (16.1) are not offered in a played game; the questions answer them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/dice.h"
#include "engine/core/yaml_read.h"
#include "engine/n20/battle.h"
#include "engine/n20/movement.h"
#include "engine/n20/position_index.h"
#include "engine/n20/resolution.h"
#include "engine/n20/victory.h"
#include "engine/play/action.h"
#include "engine/play/scenario.h"

namespace hexlaw::play {

// What a decision is about; its name (to_string) is what the log, the CLI and Python show.
enum class DecisionKind : std::uint8_t {
  ForcedMarch, MoveSelect, MoveTo, Combine, ReactSelect, React, Declare, Reserves, Column, Retreat, Exchange, Advance, Rally, PartialRally, Place, Dummy, DummyArrival, Stop, GeneralRetreat,
  NightDeclaration, MovementDeclaration, MovementStartDeclaration, Front, ArmyArrival
};
const char* to_string(DecisionKind k);  // "forced-march", "move-select", … "stop", "general-retreat", "night-declaration",
                                        // "movement-declaration", "movement-start-declaration", "front"
std::ostream& operator<<(std::ostream& os, DecisionKind k);

// What the game waits on: which side decides what, and every legal choice, both as what it
// does (a typed Action, which the game applies) and as its string form ("forced-march",
// "move IG", "0507", "attack A+B on C", "end" …; action.h), distinct within the decision.
// The game offers the actions; their string forms are written when the decision is read
// (Game::decision()), not for every decision a policy that reads only the actions takes.
struct Decision {
  DecisionKind kind = DecisionKind::MoveSelect;
  std::string side;    // who decides
  std::string unit;    // the unit concerned, when one is
  std::string rule;    // the rule that gives the choice
  std::string prompt;  // for a person
  std::vector<std::string> choices;  // the string forms, in the order of `actions` (once written)
  std::vector<Action> actions;

  // Adds a choice at the end (or first).
  void add(Action a) { actions.push_back(std::move(a)); }
  void add(ActionKind k) { add(Action{.kind = k}); }
  void add_first(Action a) { actions.insert(actions.begin(), std::move(a)); }
  // Writes `choices` from `actions`, hexes named on `map`, unless they are written already.
  void write_choices(const Map& map);
  bool choices_written() const { return choices.size() == actions.size(); }
  // The index of the choice whose string form is exactly `text`, or npos (choices written).
  std::size_t find(std::string_view text) const;
  std::size_t size() const { return actions.size(); }
  // Room for `n` choices, for offers that know how many they will make.
  void reserve(std::size_t n) { actions.reserve(n); }
};

// One line of the game's record: what happened, when, and the rule cases that decided it.
struct GameEvent {
  int turn = 0;
  int player_turn = 0;
  std::string phase;
  std::string text;
  std::vector<std::string> rules;  // distinct ids, in order of first citation
  friend bool operator==(const GameEvent&, const GameEvent&) = default;
};

// Everything needed to play a game again: the scenario's name, the seed and the decisions.
struct GameLog {
  std::string scenario;
  std::uint64_t seed = 0;
  std::vector<std::string> decisions;
  friend bool operator==(const GameLog&, const GameLog&) = default;
};
std::string log_to_json(const GameLog& log);
// Throws CaseError naming `name` and the field when the text is not a log.
GameLog log_from_json(const std::string& text, const std::string& name);
// The same from a document built in memory (the Python bindings build one from a dict).
GameLog log_from_doc(std::shared_ptr<const Doc> doc, const std::string& name);

// Dice that keep no roll log: a played game records its rolls in its own log, so a long
// game's memory stays flat and no roll's purpose is written for nobody.
class GameDice : public SeededDice {
 public:
  explicit GameDice(std::uint64_t seed) : SeededDice(seed) { keep_no_log(); }
};

class Game {
 public:
  // A new game at the start of turn 1, dice seeded by `seed`. It runs to the first decision.
  Game(std::shared_ptr<const Scenario> scenario, std::uint64_t seed);

  const Scenario& scenario() const { return *scenario_; }
  std::shared_ptr<const Scenario> scenario_ptr() const { return scenario_; }
  const GameState& state() const { return state_; }
  const n20::SequencePosition& position() const { return pos_; }
  const n20::EventDeck& deck() const { return deck_; }
  bool over() const { return stage_ == Stage::Over; }
  // The verdict once over (std:15.0); level "none" while the game goes on.
  const n20::VictoryVerdict& result() const { return result_; }
  // The decision awaited now, its choices' string forms written on first read (a game is
  // used from one thread at a time). Throws std::logic_error once the game is over.
  const Decision& decision() const;
  // The same without writing the string forms, for policies that read only the actions.
  const Decision& awaited_actions() const;
  // Takes the choice whose string form is exactly `choice` and plays on to the next decision.
  // Throws std::invalid_argument naming the decision and the legal choices when none is.
  void choose(const std::string& choice);
  // Takes decision().actions[index] (what policies use). Throws std::invalid_argument when the
  // index is out of range or the game is over.
  void choose(std::size_t index);
  const GameLog& log() const { return log_; }
  const std::vector<GameEvent>& record() const { return record_; }
  // Every rule case the game has applied so far, distinct, in order of first citation.
  std::vector<std::string> rules_applied() const;
  // Approximate heap and inline bytes this game holds (state, deck, record, log).
  std::size_t footprint_bytes() const;

 private:
  enum class Stage {
    PhaseStart, ForcedMarch, MoveSelect, MoveTo, DummyArrival, ReactSelect, React, Stop, Combine, Declare, Resolve, BattleSetup, OwnerChoice, Advance,
    Rally, PartialRally, Place, Dummy, PhaseEnd, Over, GeneralRetreat, NightDeclaration, MovementDeclaration, MovementStartDeclaration, ArmyArrival,
    LeipzigEventFront  // lzswitch: the Front a side-wide event falls on (leipzig:12.0; game_events.cc)
  };
  // What one Player Turn has seen so far (std:13.0's facts) and the phase's working data.
  struct TurnScratch {
    bool forced_march = false;
    bool battle_die_rolled = false;
    // Forced marches bought per group (the side, or Leipzig's armies, leipzig:12.3): the groups
    // marched, those still to be offered (with their tracks), and the tracks that paid or fought
    // this Player Turn (the lull's facts per track).
    std::vector<Symbol> marched_groups;
    std::vector<std::pair<Symbol, Symbol>> march_offers;
    std::set<std::string> forced_march_tracks, battle_tracks;
    bool collapsed = false;  // a General Retreat was made this phase (declared battles may have lost contact)
    std::vector<Symbol> done;               // units that moved, reacted or advanced this phase
    Symbol selected;                        // the unit the next decision is about
    Action pending_reaction;                // a manoeuvre hidden enemy cavalry may still stop
    std::map<std::string, int> entered;     // reinforcements entered per entry area (std:11.2)
    std::vector<n20::BattleDeclaration> battles;  // declared, in order
    std::size_t next_battle = 0;
    // The battle being resolved, paused while its owners choose retreats and exchanges, and
    // the rules it has cited so far.
    std::optional<n20::BattleDeclaration> resolving;
    std::string resolving_what;
    std::optional<n20::BattleResolution> battle;
    std::optional<Trace> battle_trace;  // set as the battle starts
    int setup_step = 0;  // -1 a Front named (leipzig:12.0), 0 attacker's reserves, 1 defender's reserves, 2 the column
    std::pair<std::string, std::vector<Symbol>> front_choices;  // the side naming a Front, and its choices
    std::vector<Symbol> must_attack, must_be_attacked;  // this Combat Phase's duties (std:7.3)
    std::vector<std::pair<Symbol, Symbol>> may_attack;  // (attacker, defender) pairs
    bool duties_known = false;  // must_attack, must_be_attacked and may_attack are filled in
    // Battles battle_totals has judged this phase (the state stands while the side declares).
    struct Judged {
      std::vector<Symbol> attackers, defenders;
      bool legal = false;
    };
    std::vector<Judged> judged;
    int restarts = 0;
    bool duties_unmeetable = false;  // no declaration can meet every duty (see std:9.1's ruling)
    std::vector<std::vector<Hex>> advance_paths;  // vacated hexes per defeated unit
    struct Eligible {
      Symbol unit;
      int max_hexes = 0;                 // how far along a path
      std::vector<bool> closed;          // per advance_paths: closed to this unit (n20::AdvanceEligibility::not_along)
    };
    std::vector<Eligible> advance_eligible;
    std::vector<Symbol> advanced;
    bool night_declaration_offered = false;  // the rule set's night declaration, once per night (dresden:5.2)
    bool movement_declaration_offered = false;  // the rule set's declaration as a Movement Phase ends (leipzig:16.10)
    std::vector<n20::N20Rules::ArrivalChoice> arrivals;  // the army arrival choices offered (leipzig:11.8)
    bool cavalry_must_advance = false, cavalry_advanced = false;
    std::vector<n20::ReachableHex> reach;   // for the unit selected to move
    // The position `reach` was worked out on, kept for checking the path taken from it (a copy
    // of the game, whose state lives elsewhere, builds its own).
    std::shared_ptr<const n20::PositionIndex> reach_index;
    std::vector<std::string> partial;       // No Effect infantry that may rally partially (16.6.1)
    std::vector<std::string> to_place;      // rallied units awaiting a hex
    std::vector<Hex> placements;            // hexes they may take
    std::map<std::string, std::vector<Hex>> unit_placements;  // per unit, where its own differ (leipzig.rally_loc_set)
  };

  void run();                        // plays automatic steps until a decision or the end
  void take(std::size_t i);          // logs and applies the awaited decision's choice i, plays on
  void step();                       // one automatic step
  void apply(const Action& a);       // applies a choice to the current stage
  void offer(Decision d);
  std::vector<Action> spare_actions();  // an empty list with room, for an offer to fill
  void note(const std::string& text, const Trace& t);
  std::string track_of(const std::string& side) const;
  // The catalog every trace of this game checks its ids against: the rule set's.
  const Catalog& catalog() const { return scenario_->rules->catalog(); }
  const std::string& other(const std::string& side) const;
  bool judge_decisive();  // the game ends at once when a side reaches 0 (std:12.1.2), recorded
  // A morale change to `track` as the game makes one: ignored on a frozen track (Leipzig's Front
  // in General Retreat), kept within 0..10.
  void change_morale(Symbol track, int delta, Trace& t);
  // Whether `u` has the forced march its group bought this phase (std:12.3, leipzig:12.3).
  bool marched(const Unit& u) const;
  void offer_forced_march();
  // A game's declaration as the Movement Phase opens (leipzig:7.7's "Activating Napoleon").
  bool offer_movement_start_declaration();
  std::pair<std::string, std::vector<Symbol>> front_choices(const n20::BattleDeclaration& b) const;
  void apply_movement_start_declaration(const Action& a);
  // Retreats a collapse left owed (Leipzig's General Retreat, leipzig:12.7 step 4): the play
  // paused where it stood (stage and decision kept) while the owner retreats each unit in the
  // order he chooses, then resumed. True when a retreat is being offered.
  bool begin_owed_retreats();
  void offer_owed_retreat();
  void apply_owed_retreat(const Action& a);
  void finish_owed_retreats();

  // Phase steps (game_phases.cc).
  void begin_phase();
  void end_phase();
  void end_player_turn(Trace& t);
  void offer_move_select();
  std::optional<std::uint32_t> holding_box_move(const Unit& u) const;
  void move_into_box(Unit& u, std::uint32_t index);
  void build_crossing(Unit& u, Hex to);
  void offer_move_to();
  // An index of the current position for scratch_.reach_index. It holds the scenario too, whose
  // rule set lent the index its arrays, so whichever copy of the game drops it last (even one
  // assigned another scenario meanwhile) gives them back to a live rule set.
  std::shared_ptr<const n20::PositionIndex> index_of_position() const;
  void apply_move(const Action& a);
  // Optional rule 16.7: breaking down before a move (a move-select choice) and combining
  // stacked Cadres as the Movement Phase ends.
  void break_down_unit(Symbol id);
  // Fog of war (std:16.1.3): a Dummy may come in with a reinforcement that just entered, and
  // must leave its hex before the Movement Phase ends.
  bool offer_dummy_arrival(const std::string& with);
  void apply_dummy_arrival(const Action& a);
  const Unit* stacked_dummy() const;
  void offer_combine();
  void apply_combine(const Action& a);
  void offer_react_select();
  void offer_react();
  void apply_react(const Action& a);
  // Disengagement or penetration along the offered path, unless hidden cavalry revealed by its
  // owner (named in `stop_with`) stops it (std:8.3, std:16.2, std:16.1.1).
  void react_move(const Action& a, const std::vector<std::string>& stop_with);
  void apply_stop(const Action& a);
  // Combat (game_combat.cc).
  void offer_declare();
  void apply_declare(const Action& a);
  void resolve_next_battle();
  void offer_advance();
  void apply_advance(const Action& a);
  // A battle about to be fought: reserves and the column are decided first, then it is fought.
  void prepare_battle(const n20::BattleDeclaration& b, const std::string& what);
  void offer_battle_setup();
  void apply_battle_setup(const Action& a);
  void fight(const n20::BattleDeclaration& b, const std::string& what);
  void resolve_current();  // plays scratch_.battle on until an owner's choice or its end
  void apply_owner_choice(const Action& a);
  void after_advance();  // back to the reaction or the next battle
  // Units in a battle declaration's bookkeeping: membership is all it asks, of a few dozen
  // units at most, so a flat list.
  class UnitSet {
   public:
    bool count(Symbol id) const { return std::find(ids_.begin(), ids_.end(), id) != ids_.end(); }
    void insert(Symbol id) {
      if (!count(id)) ids_.push_back(id);
    }
    template <class It>
    void insert(It first, It last) {
      for (; first != last; ++first) insert(*first);
    }
    void erase(Symbol id) {
      if (auto it = std::find(ids_.begin(), ids_.end(), id); it != ids_.end()) {
        *it = ids_.back();
        ids_.pop_back();
      }
    }

   private:
    std::vector<Symbol> ids_;
  };
  struct Candidate {
    std::vector<Symbol> attackers, defenders;
  };
  std::vector<Candidate> candidate_battles(const UnitSet& used, Symbol focus = {}) const;
  bool battle_legal(const Candidate& c);
  bool obligations_can_be_met(UnitSet& used, int& budget) const;
  // Night (game_night.cc).
  void offer_rally();
  void apply_rally(const Action& a);
  void offer_partial_rally();
  void apply_partial_rally(const Action& a);
  void offer_place();
  void apply_place(const Action& a);
  void finish_night_operations();
  void offer_dummy();
  void apply_dummy(const Action& a);
  void end_night_operations();
  void apply_night_declaration(const Action& a);
  // A game's declaration as the Movement Phase ends (Leipzig's bridge demolition, leipzig:16.10):
  // true when it is offered now.
  bool offer_movement_declaration();
  void offer_declaration(Stage stage, DecisionKind kind, const n20::N20Rules::NightDeclaration& decl);
  void apply_movement_declaration(const Action& a);
  void offer_arrival();  // army arrivals as the Movement Phase opens (game_arrivals.cc)
  void apply_arrival(const Action& a);
  // lzswitch (game_events.cc): the Random Event drawn; before it, where the card will fall on a
  // side keeping several tracks whose Front the rule set leaves to its player (leipzig:12.0,
  // allied-choice), that player names the Front (decision `front`): true when offered.
  void draw_random_event();
  bool offer_event_front();
  void apply_event_front(const Action& a);

  std::shared_ptr<const Scenario> scenario_;
  GameState state_;
  n20::SequencePosition pos_;
  n20::EventDeck deck_;
  GameDice dice_;
  Stage stage_ = Stage::PhaseStart;
  mutable Decision decision_;  // its string forms written by decision() when first read
  std::vector<Action> spare_actions_;  // the list of the decision before, emptied
  TurnScratch scratch_;
  // A collapse's owed retreats under way: what is owed (unit, hexes), the unit chosen and its
  // options, and the stage and decision to resume.
  struct OwedRetreats {
    bool active = false;
    std::vector<std::pair<Symbol, int>> owed;
    const char* rule = "leipzig:12.7";  // the case owing them (leipzig:16.12 for Leader Discretion)
    Symbol unit;
    Hex from;            // where the unit under way stood before its retreat
    bool judge = false;  // a check after a retreat changed morale: judge it once they are made
    int hexes = 0;
    std::optional<n20::RetreatOptions> options;
    Stage resume_stage = Stage::PhaseStart;
    std::optional<Decision> resume_decision;
  };
  OwedRetreats owed_;
  n20::VictoryVerdict result_;
  GameLog log_;
  std::vector<GameEvent> record_;
};

// Plays `log`'s decisions from the start of its scenario. Throws std::invalid_argument naming
// the step when a logged decision is not legal there (the log belongs to another scenario or
// was edited).
Game replay(std::shared_ptr<const Scenario> scenario, const GameLog& log);

// Who takes the decisions: chooses an index into decision.choices.
class Policy {
 public:
  virtual ~Policy() = default;
  virtual std::size_t choose(const Game& game, const Decision& decision) = 0;
  // False for a policy that reads only the decision's actions (and size), never `choices`:
  // play() then hands it decisions whose string forms are not written.
  virtual bool reads_choices() const { return true; }
};
// Uniformly random among the legal choices, from its own seed.
class RandomPolicy : public Policy {
 public:
  explicit RandomPolicy(std::uint64_t seed) : rng_(seed) {}
  std::size_t choose(const Game& game, const Decision& decision) override;
  bool reads_choices() const override { return false; }

 private:
  SeededDice rng_;
};
// Follows a list of choices in order; throws std::invalid_argument when the next is not legal
// or the list runs out.
class ScriptedPolicy : public Policy {
 public:
  explicit ScriptedPolicy(std::vector<std::string> script) : script_(std::move(script)) {}
  std::size_t choose(const Game& game, const Decision& decision) override;
  std::size_t used() const { return next_; }

 private:
  std::vector<std::string> script_;
  std::size_t next_ = 0;
};
// Plays until the game ends or `max_decisions` have been taken; returns how many were taken.
std::size_t play(Game& game, Policy& policy, std::size_t max_decisions = 1'000'000);

}  // namespace hexlaw::play
