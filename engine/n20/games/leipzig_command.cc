// Owns: Leipzig's French Command Limitations (leipzig:7.7) as hooks of the Leipzig layer: how
// many French infantry/artillery units may enter an enemy ZOC in a French Movement Phase (1
// from Turn 1, 2 from Turn 10, no limit from Turn 14, after "Activating Napoleon" (the game
// marker napoleon-activated), or under the Leader rule leipzig:16.12); the entries made so far
// are the game markers zoc-entry-ID, set after each such move and cleared as the French Player
// Turn ends. The French decision to activate Napoleon is stated by the marker; a played game
// does not offer it (recorded in the catalog).
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
  if (option_on("leipzig:16.12") || s.turn >= 14 || s.has_marker(kActivated)) return -1;
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
  t.cite("leipzig:7.7", [&] { return u->id + " entered an enemy ZOC: counted against the French command limit"; });
}

}  // namespace hexlaw::n20
