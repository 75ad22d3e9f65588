// Owns: resolving a declared battle (std:9.0 steps F–G, std:9.6–9.6.8): the battle die, the
// result, each losing unit's fate — stays, withdraws, routs a rolled distance (elite -2, -3 in
// a Fortified or Redoubt hex; below 1 a withdrawal), breaks — its retreat with the hazard rolls
// met on the way, the exchange and every legal choice of units to break, bombarding
// artillery's immunity (std:16.3.2) and the morale changes combat causes (the Morale Chart,
// std:12.1, std:12.2.2). Owners' choices come from a stated policy or are awaited. The
// resolution is a process with explicit chance nodes: the same code is fed scripted or seeded
// dice, waits for a played game's owners, and is explored face by face for exact odds.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <cstdint>
#include <memory>

#include "engine/core/chance.h"
#include "engine/core/dice.h"
#include "engine/n20/battle.h"
#include "engine/n20/combat_table.h"
#include "engine/n20/retreat.h"

namespace hexlaw::n20 {

// The owners' choices, where the rules give them one.
struct ResolutionPolicy {
  // Retreat path per unit (hexes entered); otherwise the first legal path in engine order
  // (the fewest hazard rolls, then the smallest hexes).
  std::map<std::string, std::vector<Hex>> retreat_paths;
  std::map<std::string, Hex> retreat_locs;     // the LOC each unit heads for, when chosen
  std::optional<std::vector<std::string>> ex_breaks;  // attackers broken to pay an EX
  bool shorten_in_fortified = true;  // take the one-hex-fewer option of std:9.8.1
  // Stop and wait for the owner (a played game) whenever a retreat path or a set of attackers
  // to break is to be chosen among several and no fixed choice above applies. Unset: the
  // stated default (the fewest hazard rolls; the cheapest set).
  bool pause_for_owners = false;
  // Roll the battle die grouped by result (exact odds that never show the face branch once
  // per distinct result instead of six times).
  bool group_battle_die = false;
  // Stop once the rolls before the battle die are made (N20Rules::pre_battle_rolls): the odds of
  // those rolls alone (Leipzig's Unreliable Troops), the battle die never rolled.
  bool stop_before_battle_die = false;
  // Search each retreat for the path the stated policy takes alone (retreat_choice), without
  // the explanation of every legal path: only for a trace that keeps nothing (exact odds
  // asked silently set it), since the explanation's citations need every path.
  bool choose_path_alone = false;
};

// Why a unit broke, held as the facts and written out only for an answer or a trace.
struct BreakCause {
  enum class Kind : std::uint8_t { None, Result, NoRetreat, Hazard, ReachedLoc, PaidExchange };
  Kind kind = Kind::None;
  CrtCode result = CrtCode::N;  // Result: the AB, DB or EX that broke it
  int distance = 0;             // NoRetreat: the hexes it owed
  Hex hex;                      // NoRetreat: where it stood; Hazard, ReachedLoc: where it broke
  bool enemy_zoc = false;       // Hazard: an enemy ZOC roll (else the river's)
  Symbol river;                 // Hazard: the river crossed
  friend bool operator==(const BreakCause&, const BreakCause&) = default;
};
// The cause in words ("broke on a hazardous retreat at 0607 (enemy ZOC)"), for `unit`.
std::string describe(const BreakCause& cause, Symbol unit, const Map& map);

// What a battle did to one unit.
// Dislodged: a unit that never retreats (a Dresden garrison) lost and holds its hex only until
// the victor advances in; Removed: such a unit taken off the map by the result alone.
enum class Fate : std::uint8_t { Stays, Withdrawn, Routed, Broken, Dislodged, Removed };
const char* to_string(Fate f);  // "stays", "withdrawn", "routed", "broken", "dislodged", "removed"

struct UnitFate {
  Symbol unit;
  Fate fate = Fate::Stays;
  std::optional<int> rout_die;  // the die rolled for a rout
  int modifier = 0;             // elite modifier applied to it
  int distance = 0;             // hexes it had to retreat
  InlineVector<Hex, 8> path;    // hexes it retreated through
  Hex battle_hex;               // where it fought
  std::optional<Hex> ends;      // where it ends, on the map
  const char* broke_rule = "";  // the case it broke under, when it did
  BreakCause broke;             // and why (describe() writes it out)
  bool routed_too_far = false;  // routed more hexes than its allowance (morale)
};

}  // namespace hexlaw::n20

// A fate is moved as bytes inside a list of fates (an outcome is moved a few times for each
// distinct outcome of exact odds): every member is trivially copyable but the path, an
// InlineVector of hexes, which may be. Checked member by member; the size is a tripwire for a
// member added without a look here.
template <>
struct hexlaw::TriviallyRelocatable<hexlaw::n20::UnitFate> : std::true_type {};
static_assert(std::is_trivially_copyable_v<hexlaw::Symbol> && std::is_trivially_copyable_v<hexlaw::n20::Fate> &&
              std::is_trivially_copyable_v<std::optional<int>> && std::is_trivially_copyable_v<std::optional<hexlaw::Hex>> &&
              std::is_trivially_copyable_v<hexlaw::n20::BreakCause> &&
              hexlaw::TriviallyRelocatable<decltype(hexlaw::n20::UnitFate::path)>::value);
static_assert(sizeof(hexlaw::n20::UnitFate) == 168, "UnitFate changed: check that it may still be moved as bytes");

namespace hexlaw::n20 {

// A roll made for one unit before the battle die (Leipzig's Unreliable Troops, leipzig:16.8):
// its die and modifier, what it did, and the unit that took a deserter's place, if any.
struct PreRollOutcome {
  Symbol unit;
  int die = 0, modifier = 0;
  N20Rules::PreBattleEffect effect = N20Rules::PreBattleEffect::None;
  Symbol replacement;
  bool replacement_fights = false;
  const char* rule = "";
  friend bool operator==(const PreRollOutcome& a, const PreRollOutcome& b) {
    return a.unit == b.unit && a.die == b.die && a.modifier == b.modifier && a.effect == b.effect &&
           a.replacement == b.replacement && a.replacement_fights == b.replacement_fights;
  }
};
const char* to_string(N20Rules::PreBattleEffect e);  // "none", "wavers", "deserts"

struct BattleOutcome {
  bool legal = true;
  std::vector<PreRollOutcome> pre_rolls;  // the rolls before the battle die, in order
  // The battle as fought once deserters left it (a replacement in a deserter's place); null
  // when it is fought as declared.
  std::shared_ptr<const BattleDeclaration> fought;
  // Set when the battle ended before its die (a side left with no unit, or the game decided by
  // a desertion's morale loss): the case, and why. Its result is then no result at all.
  bool stopped_before_die = false;  // the policy stopped it once the rolls before the die were made
  const char* unfought = "";
  std::string unfought_reason;
  const BattleDeclaration& as_fought(const BattleDeclaration& declared) const { return fought ? *fought : declared; }
  std::shared_ptr<const BattleTotals> totals;  // shared by the dice sequences of one enumeration
  int die = 0;
  CrtCode result = CrtCode::N;   // as read on the CRT
  CrtCode applied = CrtCode::N;  // after bombardment conversions
  // Attackers then defenders, in declaration order; held inline for battles of up to four
  // units, so that copying an outcome at a chance node allocates nothing for its fates.
  InlineVector<UnitFate, 4> fates;
  std::vector<std::vector<std::string>> ex_choices;  // every legal set of attackers to break
  MoraleTracks morale;          // net change per morale track
  GameState after;              // the state once the result is applied
};

// A battle being resolved, step by step: it plays until it needs a die or an owner's choice,
// then waits. Feed it dice to play one line (resolve_battle); copy it at a roll to play every
// face (exact odds, explore_chance_tree in chance.h); keep it while an owner decides (a played
// game). Steps A-E of the resolution are numbered in resolution.cc. The rules, the map and the
// policy must outlive it; the position and the declaration are its own.
class BattleResolution {
 public:
  enum class Waiting : std::uint8_t { Roll, RetreatChoice, ExchangeChoice, Done };
  // A battle's units, attackers then defenders, held inline.
  using FoughtList = InlineVector<Symbol, 8>;

  BattleResolution(const N20Rules& rules, const Map& map, const GameState& state, const BattleDeclaration& battle,
                   const ResolutionPolicy& policy);

  // Plays on until the next roll, owner's choice or the end, citing into `trace`.
  Waiting run(Trace& trace);
  Waiting waiting() const { return waiting_; }

  // The roll awaited: the die, its branches (faces grouped where the answer never shows the
  // face), the rule that calls for it and what it is for ("rout distance for D1").
  int roll_sides() const { return 6; }
  ChanceBranches roll_branches() const;
  const char* roll_rule() const { return roll_rule_; }
  std::string roll_purpose() const;
  const std::vector<int>* roll_groups() const { return roll_groups_; }
  void give_roll(int face);
  // Rolls the awaited die from `dice` (grouped where the roll is) and gives its face.
  void roll_from(DiceSource& dice);

  // The choice awaited: whose retreat and its legal paths, or the legal sets of attackers to
  // break for an exchange (by id). choose() takes one by index and plays on at the next run().
  Symbol choosing_unit() const;
  const RetreatOptions& retreat_options() const { return options(); }
  const std::vector<std::vector<std::string>>& exchange_sets() const { return out_.ex_choices; }
  void choose(std::size_t index);

  // The outcome, once done.
  const BattleOutcome& outcome() const { return out_; }
  BattleOutcome take_outcome() { return std::move(out_); }
  void take_outcome_into(BattleOutcome& to) { to = std::move(out_); }  // one move, where a caller keeps it

 private:
  enum class Stage : std::uint8_t { Start, PreRolls, PreRolled, BattleDie, Fates, Exchange, ExchangeChosen, Finish, Done };
  enum class FateStep : std::uint8_t { Begin, RoutDie, Retreat, Chosen, Walk, ZocRoll, RiverRoll, After };
  enum class Roll : std::uint8_t { BattleDie, RoutDistance, HazardZoc, HazardRiver, PreBattle };
  // What every copy of one resolution shares: the rules, the map, the policy and the
  // declaration. Held by value: with the declaration's units inline, a copy at a chance node
  // allocates nothing for it.
  struct Fixed {
    const N20Rules* rules = nullptr;
    const Map* map = nullptr;
    BattleDeclaration battle;
    const ResolutionPolicy* policy = nullptr;
    FoughtList declared_fought;  // the declared attackers, then defenders (battle_fought)
  };

  bool start();
  // The rolls before the battle die (N20Rules::pre_battle_rolls): one applied, and the battle
  // made ready for its die once all are (false: it ends unfought).
  void pre_roll(int face);
  bool after_pre_rolls();
  Waiting wait_for_battle_die();
  const BattleDeclaration& battle() const;
  void battle_die(int face);
  Waiting fate_step();
  bool begin_fate();
  void rout(int die);
  bool begin_retreat();
  bool walk();
  void finish_retreat();
  void after_fate();
  bool begin_exchange();
  void finish_exchange(const std::vector<std::string>& chosen);
  void finish();
  void break_unit(UnitFate& f, const char* rule, const BreakCause& cause);
  // A unit that holds its hex (N20Rules::holds_its_hex) instead of retreating or breaking:
  // false when the rule set lets it retreat or break as usual.
  bool hold_unit(UnitFate& f);
  void score_loss(const Unit& u, bool own_loss);
  void settle_morale();
  Waiting wait_for_roll(Roll what, const char* rule, const std::vector<int>* groups);
  const Unit& unit(Symbol id) const { return *out_.after.unit(id); }
  bool bombarding(std::size_t attacker) const { return out_.totals->attack[attacker].bombarding; }
  const RetreatPath& chosen_path() const { return options().paths[chosen_]; }
  const RetreatOptions& options() const { return alone_ ? chosen_alone_ : *options_; }

  Fixed fixed_;
  Trace* trace_ = nullptr;
  BattleOutcome out_;
  struct MoraleEntry {
    Symbol track;
    int gain = 0, loss = 0;
  };
  InlineVector<MoraleEntry, MoraleTracks::kMax> ledger_;  // in the order of the tracks' names
  Stage stage_ = Stage::Start;
  Waiting waiting_ = Waiting::Done;
  // The roll awaited and the face given for it.
  Roll roll_ = Roll::BattleDie;
  const char* roll_rule_ = "";
  const std::vector<int>* roll_groups_ = nullptr;
  int face_ = 0;
  // The unit whose fate is being settled, and its retreat.
  std::size_t fate_ = 0;
  FateStep step_ = FateStep::Begin;
  CrtCode code_ = CrtCode::N;     // the result this unit suffers
  CrtCode applied_ = CrtCode::N;  // the battle's result after bombardment conversions
  bool all_bombard_ = false;
  // The retreat's options: every legal path, shared by the copies of the resolution at its
  // rolls; or, where the policy's path was searched for alone, that one path, held by value
  // (no allocation: one path is held inline).
  std::shared_ptr<const RetreatOptions> options_;
  RetreatOptions chosen_alone_;
  bool alone_ = false;
  std::size_t chosen_ = 0, walked_ = 0;  // the path taken; steps entered so far
  bool zoc_break_ = false;
  std::size_t owner_choice_ = 0;
  // The rolls before the battle die, the next to make, and the faces of the awaited one grouped
  // by effect (shared by the copies an exploration makes).
  std::vector<N20Rules::PreBattleRoll> pre_;
  std::size_t pre_next_ = 0;
  bool pre_changed_ = false;
  std::shared_ptr<const std::vector<int>> pre_groups_;
};

// Plays a battle to its end with `dice` (scripted, seeded or enumerated). Throws
// std::invalid_argument when a fixed choice in the policy is not legal, and std::logic_error
// when the policy waits for owners (play a BattleResolution for that).
BattleOutcome resolve_battle(const N20Rules& rules, const Map& map, const GameState& state,
                             const BattleDeclaration& battle, const ResolutionPolicy& policy, DiceSource& dice,
                             Trace& trace);

// Every minimal set of attackers whose printed strengths cover `owed` (std:9.6.7); when none
// covers it, the one set of all of them.
std::vector<std::vector<const Unit*>> exchange_choices(const std::vector<const Unit*>& pool, int owed);

}  // namespace hexlaw::n20
