// Owns: reading the Jena 20 order of battle (the table jena:table.order-of-battle, the setup
// lists of jena:3.0 to jena:3.3 as data): each unit's designation, side, command, setup hex or arrival turn and entry, how it arrives, and
// whether it is an Elite Force or a Guard unit. Counter values (strength, allowance, type) are
// not in the sources: they come from the scenario. A unit whose id is not a designation here
// is outside the Jena order of battle (an abstract unit of a question) and keeps its counter's
// printed qualities.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/map.h"
#include "engine/core/tables.h"
#include "engine/n20/state.h"

namespace hexlaw::n20::jena {

// How a unit comes into play: set up on the map, on its scheduled turn, by Bernadotte's die
// (from turn 5), or only through a Random Event.
enum class Arrives { Setup, Scheduled, ByDie, ByEvent };

// One row of the table jena:table.order-of-battle.
struct OrderOfBattle {
  std::string id;             // the designation, as the setup lists print it
  std::string side;           // french | prussian
  std::string command;        // B (Brunswick), H (Hohenlohe), vR, SW; empty for the French
  Arrives arrives = Arrives::Setup;
  std::string setup;          // setup hex (Arrives::Setup)
  std::string unified_setup;  // the unified-army deployment's hex (jena:3.3), if any
  int turn = 0;               // scheduled arrival turn (Scheduled, ByDie)
  std::string entry;          // French entry area A or B; empty: as the deployment allows
  bool elite = false;         // Elite Force for routs and rallies (jena:3.0)
  bool guard = false;         // Guard unit for commitment and Le Garde Recule (jena:3.0)
};

// The rows of the order-of-battle table in `tables`; std::invalid_argument naming the row and
// column when a cell is not what the table's comment says.
std::vector<OrderOfBattle> read_order_of_battle(const TableSet& tables);
inline constexpr const char* kOrderOfBattleTable = "jena:table.order-of-battle";

// The listed unit with this id on this side (or on either side when `side` is empty), or null.
const OrderOfBattle* listed(const std::vector<OrderOfBattle>& order, std::string_view id, std::string_view side = {});

// The first turn a set-aside unit may carry (jena:3.1, jena:3.2): one after Turn 12, the last
// turn the sheet's Sudden Death rule names (jena:4.1), so only an event brings it in.
inline constexpr int kSetAsideTurn = 13;

// The Prussian Deployment Scenarios of jena:3.3, chosen by the game marker
// `jena-deployment:NAME`; none means the historical one, the first the sheet lists.
enum class Deployment { History, HistoricalSetup, Unified, Free };
// The deployment the state's markers choose; nothing when a jena-deployment marker names an
// unknown option or two are given (`problem` then says which).
std::optional<Deployment> deployment_of(const GameState& s, std::string* problem = nullptr);
const char* deployment_name(Deployment d);

// The objective hexes of jena:14.0 as printed: the French ones and the Allied (Prussian) ones.
inline constexpr std::string_view kFrenchObjectives[] = {"0407", "2210"};    // Jena, Hassenhausen
inline constexpr std::string_view kPrussianObjectives[] = {"1111", "2007"};  // Dornburg, Auerstadt
// The road entry hexes the deployments name (jena:3.3).
inline constexpr std::string_view kNorthernRoadEntry = "1001";
inline constexpr std::string_view kSouthernRoadEntry = "0601";
// The map's entry area along the west edge where Prussian reinforcements may enter (jena:11.5);
// its hexes are map data.
inline constexpr std::string_view kPrussianEntryArea = "prussian";

}  // namespace hexlaw::n20::jena
