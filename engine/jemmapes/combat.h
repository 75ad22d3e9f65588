// Owns: Jemmapes fire and assault up to the table (jemmapes:6.0-6.2): who may take part, the
// strength ratio (jemmapes:table.strength-ratio), every die roll modifier with its rule and the
// cap of the assault (+/-6), and the row each modified 2D6 total reads on the Assault and Fire
// Tables. Cells the transcription lost (Assault row 8 Defender and rows 9+, Fire rows 6+) are
// refused by name as source-missing; under jemmapes.assault.unprinted_rows = example_values the
// Assault Table's row 9 is the one the rulebook's example of combat prints.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/trace.h"
#include "engine/jemmapes/context.h"
#include "engine/jemmapes/results.h"

namespace hexlaw::jemmapes {

// A modifier with the rule that gives it.
struct Drm {
  std::string rule, what;
  int value = 0;
};

// A modifier of terrain the cut table does not print, given by the case (as in the example of
// combat: heights -2, fortifications -2, a redoubt -3).
struct SuppliedTerrain {
  std::string what;
  int drm = 0;
};

struct AssaultInput {
  std::vector<const Unit*> attackers;
  Hex target;
  const Unit* attacker_head = nullptr;
  const Unit* defender_head = nullptr;
  const Unit* attacker_commander = nullptr;
  const Unit* defender_commander = nullptr;
  std::vector<const Unit*> bayonet;  // French infantry making a bayonet charge (6.2)
  bool countercharge = false;        // the defending cavalry counter-charges (5.3.3)
  std::vector<Hex> engaged;          // enemy hexes engaged by another fire or assault this sequence
  std::vector<SuppliedTerrain> terrain;
  std::vector<std::string> already;  // combats the target hex has already taken this segment (6.0)
  // A charging cavalry unit's move this segment, start hex first and its present hex last
  // (5.3.1); a cavalry unit charging without one is taken to have moved as its marker says.
  std::map<std::string, std::vector<Hex>> charge_moves;
  std::vector<std::string> fought;   // units that have fought already this activation (jemmapes.combat.unit_once_per_activation)
};

struct AssaultSetup {
  bool legal = true;
  std::string rule, reason;          // why not, when illegal
  bool artillery_destroyed = false;  // an isolated artillery hex: destroyed, no roll (6.2)
  std::vector<const Unit*> defenders;
  int attack_ss = 0, defence_ss = 0;
  std::string ratio;                 // the printed ratio read
  std::vector<Drm> drms;
  int sum = 0, capped = 0;
  std::vector<std::string> extra_level;  // units taking a level after the combat for charging (5.3.2, 5.3.4, 6.2)
};

AssaultSetup assault_setup(const Context& x, const AssaultInput& in, Trace& t);

struct TableRead {
  CombatResult attacker, defender;  // fire: defender only
  std::string row;
};
// The Assault Table's row for a modified total (refused by name where the cells are lost).
TableRead assault_table(const Context& x, int modified, Trace& t);

struct FireInput {
  std::vector<const Unit*> shooters;
  Hex target;
  std::vector<SuppliedTerrain> terrain;
  std::vector<std::string> already;  // "infantry fire", "artillery fire", "assault" already on the hex this segment
  std::vector<std::string> fought;   // units that have fought already this activation (jemmapes.combat.unit_once_per_activation)
};

struct FireSetup {
  bool legal = true;
  std::string rule, reason;
  std::string type;  // infantry | artillery
  int ss = 0;
  std::string column;
  std::vector<Drm> drms;
  int sum = 0;
};

FireSetup fire_setup(const Context& x, const FireInput& in, Trace& t);
// The Fire Table's cell for a modified total in `column`.
TableRead fire_table(const Context& x, const std::string& column, int modified, Trace& t);

nlohmann::json to_json(const std::vector<Drm>& drms);

}  // namespace hexlaw::jemmapes
