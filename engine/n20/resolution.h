// Owns: resolving a declared battle (std:9.0 steps F–G, std:9.6–9.6.8): the battle die, the
// result, each losing unit's fate — stays, withdraws, routs a rolled distance (elite -2, -3 in
// a Fortified or Redoubt hex; below 1 a withdrawal), breaks — its retreat with the hazard rolls
// met on the way, the exchange and every legal choice of units to break, bombarding
// artillery's immunity (std:16.3.2) and the morale changes combat causes (the Morale Chart,
// std:12.1, std:12.2.2). Owners' choices come from a stated policy. The same code runs under
// scripted, seeded and enumerated dice, so exact odds are this function enumerated.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <cstdint>
#include <memory>

#include "engine/core/dice.h"
#include "engine/n20/battle.h"
#include "engine/n20/retreat.h"

namespace hexlaw::n20 {

// What one enumeration of a battle works out once and every dice sequence reuses: the
// battle's totals (keyed by the declaration and the whole position) and the retreat paths
// (most sequences meet the same retreats; keyed by the unit, the distance, the LOC and where
// every unit stands). Keys are exact, never hashes. A reused entry adds nothing to the
// trace: the run that worked it out cited its rules, and an enumeration's answer keeps each
// citation once.
struct RetreatCache {
  std::map<std::vector<std::int64_t>, RetreatOptions> entries;
  struct Totals {
    BattleDeclaration battle;
    GameState state;
    std::shared_ptr<const BattleTotals> totals;
  };
  std::vector<Totals> totals;
  std::size_t hits = 0, misses = 0;
};

// The owners' choices, where the rules give them one.
struct ResolutionPolicy {
  RetreatCache* cache = nullptr;  // optional: reuse retreat paths across runs of one position
  // Retreat path per unit (hexes entered); otherwise the first legal path in engine order
  // (the fewest hazard rolls, then the smallest hexes).
  std::map<std::string, std::vector<Hex>> retreat_paths;
  std::map<std::string, Hex> retreat_locs;     // the LOC each unit heads for, when chosen
  std::optional<std::vector<std::string>> ex_breaks;  // attackers broken to pay an EX
  bool shorten_in_fortified = true;  // take the one-hex-fewer option of std:9.8.1
  // The owners asked as each choice arises (a played game), when no fixed choice above applies
  // and there is more than one legal option: the index of the retreat path among
  // `options.paths`, and of the set of attackers to break among `choices`. Unset: the stated
  // default (the fewest hazard rolls; the cheapest set).
  std::function<std::size_t(const std::string& unit, const RetreatOptions& options)> choose_retreat;
  std::function<std::size_t(const std::vector<std::vector<std::string>>& choices)> choose_exchange;
  // Roll the battle die grouped by result (exact odds that never show the face branch once
  // per distinct result instead of six times).
  bool group_battle_die = false;
};

// What a battle did to one unit.
enum class Fate : std::uint8_t { Stays, Withdrawn, Routed, Broken };
const char* to_string(Fate f);  // "stays", "withdrawn", "routed", "broken"

struct UnitFate {
  Symbol unit;
  Fate fate = Fate::Stays;
  std::optional<int> rout_die;  // the die rolled for a rout
  int modifier = 0;             // elite modifier applied to it
  int distance = 0;             // hexes it had to retreat
  std::vector<Hex> path;        // hexes it retreated through
  Hex battle_hex;               // where it fought
  std::optional<Hex> ends;      // where it ends, on the map
  std::string broke_rule, broke_reason;  // why it broke, when it did
  bool routed_too_far = false;  // routed more hexes than its allowance (morale)
};

struct BattleOutcome {
  bool legal = true;
  std::shared_ptr<const BattleTotals> totals;  // shared by the dice sequences of one enumeration
  int die = 0;
  std::string result;           // as read on the CRT
  std::string applied;          // after bombardment conversions
  std::vector<UnitFate> fates;  // attackers then defenders, in declaration order
  std::vector<std::vector<std::string>> ex_choices;  // every legal set of attackers to break
  std::map<std::string, int> morale;  // net change per morale track
  GameState after;              // the state once the result is applied
};

BattleOutcome resolve_battle(const N20Rules& rules, const Map& map, const GameState& state,
                             const BattleDeclaration& battle, const ResolutionPolicy& policy, DiceSource& dice,
                             Trace& trace);

// Every minimal set of attackers whose printed strengths cover `owed` (std:9.6.7); when none
// covers it, the one set of all of them.
std::vector<std::vector<const Unit*>> exchange_choices(const std::vector<const Unit*>& pool, int owed);

}  // namespace hexlaw::n20
