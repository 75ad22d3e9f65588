// Owns: the Jemmapes rules of command and morale that are tests against a table or a count —
// the line of command (jemmapes:3.1), the voluntary and involuntary changes of order
// (jemmapes:4.2.1, 4.2.2 and their tables), rally (jemmapes:7.0 and its table), the commander
// elimination test (jemmapes:8.0 and its table) and the victory points (jemmapes:9.3). Each
// "setup" lists the modifiers with their rules; the tables are read from spec/tables.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/trace.h"
#include "engine/jemmapes/combat.h"
#include "engine/jemmapes/context.h"

namespace hexlaw::jemmapes {

// Whether `u` is commanded: a line of at most 4 hexes to its formation commander through no
// enemy unit and no enemy ZoC (unless a friendly unit stands there): a path, or the straight hex
// line (jemmapes.command.line_trace). The outcome is {commanded, commander, distance, line?, reason}.
nlohmann::json line_of_command(const Context& x, const Unit& u, Trace& t);

// The first row of a threshold table ("N or less" / "N or more") that `total` falls in: its
// cell. Throws std::logic_error on a table of another shape.
std::string threshold_result(const Context& x, const char* table, int total, Trace& t);

struct OrderChange {
  std::vector<Drm> drms;
  int sum = 0;
};
// The modifiers of a voluntary change of `f` to `to`; `use_general`: the general's CV is spent on
// this attempt (one a round).
OrderChange voluntary_change(const Context& x, const Formation& f, Order to, bool use_general, Trace& t);
// What the round has already spent, as the question gives it (jemmapes:4.2.1): the side whose
// attempts the segment is making ("" when not said), whether `f` has tried this round, and
// whether the general's CV has already been added to an attempt this round.
struct RoundSpent {
  std::string segment;
  bool formation_tried = false;
  bool general_used = false;
};
// Why a voluntary attempt by `f` (with the general's CV when `use_general`) is not allowed this
// round, or nullopt when it is; each limit checked is cited.
std::optional<std::string> voluntary_not_allowed(const Formation& f, bool use_general, const RoundSpent& spent, Trace& t);
// Whether `f` must test (a step lost or a unit in rout), and the modifiers: `steps_lost` as the
// case counts them; `french_late`: the historical scenario's -2 from round 7 (9.2).
OrderChange involuntary_change(const Context& x, const Formation& f, int steps_lost, bool french_late, bool& must_test, Trace& t);

// The rally of `u` with `helper` (a commander lending his TV, or null): the modifiers.
OrderChange rally_modifiers(const Context& x, const Unit& u, const Unit* helper, Trace& t);
// The level after a rally roll's modified total (7.0).
Level rally_result(const Context& x, const Unit& u, int total, int morale, int& removed, Trace& t);
// The steps lost that count for the involuntary test (jemmapes.order_change.involuntary_loss_window):
// `since_start` under game, `since_last_command` (since the previous command phase) under last_round.
int involuntary_steps(const Context& x, int since_start, int since_last_command, Trace& t);
// Whether `commander` may lend his TV to one more rally in this rallying segment, having lent it
// to `lent` units already in it (jemmapes.rally.commander_tv_uses: one unit, or any number).
bool rally_tv_available(const Context& x, const Unit& commander, int lent, Trace& t);
// A unit's morale in play: as given, -1 out of command (3.2), -1 in a demoralised formation
// unless routed (4.1.4). Rallies (7.0) and the assault's morale difference (6.2) read it.
int unit_morale(const Context& x, const Unit& u, Trace& t);

// The commander elimination test's modifiers: +1 a step lost, or +2 his units destroyed.
OrderChange elimination_modifiers(const Context& x, bool step_lost, bool units_destroyed, Trace& t);

}  // namespace hexlaw::jemmapes
