// Owns: the printed restrictions of the Jemmapes scenarios (jemmapes:9.1.1, 9.1.4, 9.2, 9.4) as
// checks on a position or an intended act: the French set-up hexes and orders, Ferrand's order
// lock and late arrival, Egalite's lock, d'Harville's inactivity, the 0107 exclusion, the
// starred redoubts' garrison, and which of them the free scenario lifts. A formation is known
// by its historical name as its id (Egalite, Beurnonville, Ferrand, Harville or dHarville; case
// and accents aside). The Austrian set-up (9.1.2) needs the fortification hexes of the map the
// source lacks and is refused by name.
#pragma once

#include <optional>
#include <string>

#include "engine/core/trace.h"
#include "engine/jemmapes/context.h"

namespace hexlaw::jemmapes {

enum class ScenarioKind : std::uint8_t { Historical, Free };

struct ScenarioVerdict {
  bool allowed = true;
  std::string rule, reason;
};

// The historical formation a formation id names ("egalite", "beurnonville", "ferrand",
// "harville", "lilien", "clairfayt", "beaulieu"), or "" for another id.
std::string historical_formation(const std::string& id);
// Whether the French units stand where 9.1.1 places them, under the orders it gives.
ScenarioVerdict french_setup(const Context& x, Trace& t);
// Whether `f` may attempt a voluntary change of order in `round` (9.1.4 Ferrand, 9.2 Egalite;
// both lifted in the free scenario, 9.4), to the order `to` when it is given. A demoralised
// Egalite under jemmapes.scenario.egalite_lock_when_demoralised = back_to_defensive may try for
// its defensive order only (with `to` not given, the answer says so and allows the attempt).
ScenarioVerdict order_change_allowed(const Context& x, ScenarioKind sc, const Formation& f, int round, Trace& t,
                                     std::optional<Order> to = std::nullopt);
// Whether `f` may be activated in `round` (9.1.1: Ferrand from round 2; 9.2: d'Harville from
// round 6 unless `attacked`; the free scenario lifts d'Harville's wait, 9.4).
ScenarioVerdict activation_allowed(const Context& x, ScenarioKind sc, const Formation& f, int round, bool attacked, Trace& t);
// Ferrand's arrival (9.1.1): the round from which his units may enter, and the hex they enter by.
inline constexpr int kFerrandEntryRound = 2;
inline constexpr const char* kFerrandEntryHex = "0107";
// Whether the waiting unit `u` may enter the map in `round` (9.1.1: Ferrand's, from round 2, or
// in round 2 only under jemmapes.scenario.ferrand_entry_window = round_2_only), by the hex
// `entry_hex` gives.
ScenarioVerdict may_enter_map(const Context& x, const Unit& u, int round, Trace& t);
Hex entry_hex(const Map& m);
// `p` with the waiting unit `id` placed on its entry hex: facing `facing`, or that of the friends
// already there (1.3). The unit's move then starts by entering that hex (MoveOptions::entering).
Position with_entered(const Position& p, const std::string& id, Hex at, Direction facing);
// Whether `u` may enter `h`: no Austrian unit within 2 hexes of 0107 (9.1.4, both scenarios).
ScenarioVerdict may_enter(const Context& x, const Unit& u, Hex h, Trace& t);
// Whether the last unit may leave a starred redoubt, `units_left` staying there (9.2).
ScenarioVerdict may_leave_redoubt(ScenarioKind sc, int round, int units_left, Trace& t);

}  // namespace hexlaw::jemmapes
