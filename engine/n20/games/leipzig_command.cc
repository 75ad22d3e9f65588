// Owns: Leipzig's French Command Limitations (leipzig:7.7) as hooks of the Leipzig layer: how
// many French infantry/artillery units may enter an enemy ZOC in a French Movement Phase (1
// from Turn 1, 2 from Turn 10, no limit from Turn 14, after "Activating Napoleon" (the game
// marker napoleon-activated), or under the Leader rule leipzig:16.12); the entries made so far
// are the game markers zoc-entry-ID, set after each such move and cleared as the French Player
// Turn ends. The French decision to activate Napoleon is stated by the marker in a question and
// offered as a declaration as each French Movement Phase opens in a played game (it sets the
// marker, and imperial-dispatches:T for the circle of turn T). Leader Discretion's checks
// during the enemy Movement Phase ride on after_move (leipzig_leaders.cc).
#include "engine/n20/games/leipzig.h"
#include "engine/n20/zoc.h"

namespace hexlaw::n20 {

namespace {
const Symbol kFrenchSide("french");
const Symbol kActivated("napoleon-activated");
constexpr std::string_view kEntryPrefix = "zoc-entry-";

// Infantry-type units and artillery are limited; cavalry and leaders are not.
bool limited_type(const Unit& u) {
  return u.type == UnitType::Infantry || u.type == UnitType::Artillery || u.type == UnitType::Cadre;
}
}  // namespace

// The most French infantry/artillery units that may enter an enemy ZOC this French Movement
// Phase, or -1 for no limit.
int LeipzigRules::french_zoc_limit(const GameState& s) const {
  if (on(Optional::LeipzigLeaders) || s.turn >= 14 || s.has_marker(kActivated)) return -1;
  return s.turn >= 10 ? 2 : 1;
}

// RULE leipzig:7.7 — a French infantry/artillery unit not starting in an enemy ZOC may not enter one once the turn's limit is used
const char* LeipzigRules::command_limit_forbids(const Unit& u, const Map& m, const GameState& s) const {
  if (u.side != kFrenchSide || !limited_type(u)) return nullptr;
  const int limit = french_zoc_limit(s);
  if (limit < 0) return nullptr;
  Trace silent(Trace::Off{}, catalog());
  if (u.on_map() && in_enemy_zoc(*this, m, s, u, silent)) return nullptr;  // began the turn in one
  int used = 0;
  for (Symbol mk : s.markers)
    if (mk.view().starts_with(kEntryPrefix) && mk.view().substr(kEntryPrefix.size()) != u.id.view()) ++used;
  return used >= limit ? "leipzig:7.7" : nullptr;
}

// Steps after a French move in its Movement Phase: 1. only limited types, under a limit;
// 2. a unit that began in an enemy ZOC is exempt; 3. a move ending in an enemy ZOC is counted
// (the marker zoc-entry-ID).
void LeipzigRules::after_move(const Map& m, Symbol unit, Hex from, bool entering, const std::vector<Hex>& path,
                              GameState& s, Trace& t) const {
  (void)path;
  N20Rules::after_move(m, unit, from, entering, path, s, t);
  // Leader Discretion (leipzig:16.12): the enemy's Leaders during a Movement Phase, the
  // phasing side's own during its Combat Phase (an advance). The rule has the retreat made at
  // once, so a Leader an advance leaves alone retreats before the battle's next advance, not
  // only when after_battle checks again.
  if (s.phase == Symbol("movement")) check_leader_discretion(m, s, false, t);
  if (s.phase == Symbol("combat")) check_leader_discretion(m, s, true, t);
  if (entering) arrival_made(unit, s, t);  // an army's first unit may activate its LOC (leipzig_arrivals.cc)
  const Unit* u = s.unit(unit);
  if (!u || u->side != kFrenchSide || !limited_type(*u) || s.phase != Symbol("movement") || french_zoc_limit(s) < 0)
    return;
  Trace silent(Trace::Off{}, catalog());
  if (!entering) {
    Unit before = *u;
    before.hex = from;
    if (in_enemy_zoc(*this, m, s, before, silent)) return;
  }
  if (!in_enemy_zoc(*this, m, s, *u, silent)) return;
  const Symbol mk(std::string(kEntryPrefix) + std::string(u->id.view()));
  if (s.has_marker(mk)) return;
  s.set_marker(mk, true);
  t.cite("leipzig:7.7"_rule, [&] { return u->id + " entered an enemy ZOC: counted against the French command limit"; });
}

// Before Turn 14, with the limit in force and Napoleon not yet active, the French may declare
// "Activating Napoleon" as their Movement Phase opens (the catalog's ruling on when).
// RULE leipzig:7.7 — "Activating Napoleon": before Turn 14 the French may end the command limit for good, the Imperial Dispatches marker on this turn's circle
std::optional<N20Rules::NightDeclaration> LeipzigRules::movement_start_declaration(const GameState& s,
                                                                                   std::string_view side,
                                                                                   Trace& t) const {
  if (Symbol(side) != kFrenchSide || french_zoc_limit(s) < 0) return std::nullopt;
  t.cite("leipzig:7.7"_rule, "the French Movement Phase opens before Turn 14: the French may activate Napoleon");
  return NightDeclaration{"leipzig:7.7", "Activating Napoleon"};
}

void LeipzigRules::declare_at_movement_start(GameState& s, std::string_view side, Trace& t) const {
  (void)side;
  s.set_marker(kActivated, true);
  s.set_marker(Symbol("imperial-dispatches:" + std::to_string(s.turn)), true);
  t.cite("leipzig:7.7"_rule, [&] { return "the French activate Napoleon on turn " + std::to_string(s.turn) +
                                     ": the command limit ends for good; the Imperial Dispatches marker goes to that "
                                     "turn's circle and French reinforcements roll on arrival (leipzig:11.7)"; });
}

}  // namespace hexlaw::n20
