// Owns: one declared battle and its totals (std:9.0 steps B–E): who attacks whom, each
// unit's strength (artillery doubled when attacking, std:9.3; countercharging cavalry doubled
// except against cavalry, std:8.2.2; routed units halved, std:16.5.2; bombarding artillery at
// printed strength, std:16.3.2), the defender's single best terrain benefit (std:9.4–9.4.3),
// defensive artillery support (std:16.3.1), reserves (std:12.5), the differential and the CRT
// column (with voluntary reduction, std:9.5). Resolving the battle is another file's job.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

// Unit ids held inline: a declaration is copied into every battle resolved and every trial
// of one, and a side of a battle rarely holds more than four units.
using BattleUnits = InlineVector<Symbol, 4>;

struct BattleDeclaration {
  BattleUnits attackers;  // unit ids
  BattleUnits defenders;
  bool countercharge = false;     // a Reaction-Phase countercharge (std:8.1)
  bool attacker_reserve = false;  // the attacker spends a morale point (std:12.5, step B)
  bool defender_reserve = false;  // the defender spends one (std:12.5, step C)
  std::optional<int> reduce_to;   // resolve on this lower differential (std:9.5)
  // Enemy units attacked in other battles this phase; an artillery unit among them gives no
  // defensive support (std:16.3.1).
  BattleUnits attacked_elsewhere;
  friend bool operator==(const BattleDeclaration&, const BattleDeclaration&) = default;
};

struct StrengthLine {
  std::string unit;
  int printed = 0;
  int value = 0;              // what it adds to its side's total
  bool bombarding = false;    // artillery attacking across a hexside that forbids attack
  std::vector<std::string> why;  // "artillery doubled (std:9.3)" …
};

struct BattleTotals {
  bool legal = true;
  std::vector<std::pair<std::string, std::string>> violations;  // (rule, reason)
  InlineVector<StrengthLine, 4> attack, defense;  // one line a unit, held inline
  int attack_units = 0, attack_reserve = 0, attack_total = 0;
  int defense_units = 0, terrain = 0, support = 0, defense_reserve = 0, defense_total = 0;
  std::string terrain_source;  // "0407 town", "0406/0407 bridge", or "none"
  int command = 0;             // a game's addition after all others (Leipzig's Command Span, -1)
  int differential = 0;        // attack total minus defense total (plus `command`), before any reduction
  int column = 0;              // the CRT column read (clamped, then reduced if asked)
};

BattleTotals battle_totals(const N20Rules& rules, const Map& map, const GameState& state, const BattleDeclaration& b,
                           Trace& trace);

}  // namespace hexlaw::n20
