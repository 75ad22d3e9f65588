// Owns: Dresden's Allied cadres (dresden:16.7) as overrides of the standard rules' cadre hooks
// (see dresden.h): the Allies never break down or combine units, and the Allied G+R may rally
// partially into a Russian or an Austrian Cadre.
#include "engine/n20/games/dresden.h"

namespace hexlaw::n20 {

namespace {
// The Allied Guard & Reserve: the one Allied unit with the guard flag (a scenario marks it so;
// the counter's dual nationality is not a field of the state).
bool is_guard_and_reserve(const Unit& u) { return u.side != "french" && u.has(UnitFlag::Guard); }
}  // namespace

// RULE dresden:16.7 — one Cadre per Allied nationality and none interchangeable: the Allies never break down or build up
const char* DresdenRules::forbids_cadre_exchange(const Unit& u, Trace& t) const {
  if (u.side == "french") return N20Rules::forbids_cadre_exchange(u, t);
  t.cite("dresden:16.7"_rule, [&] {
    return u.id + " is Allied: with one Cadre of each nationality the Allies may never break down or build up";
  });
  return "dresden:16.7";
}

// RULE dresden:16.7 (part: G+R) — the Allied G+R may be replaced by the Russian or the Austrian Cadre
std::vector<std::string> DresdenRules::cadre_nationalities(const Unit& u, Trace& t) const {
  if (!is_guard_and_reserve(u)) return N20Rules::cadre_nationalities(u, t);
  t.cite("dresden:16.7"_rule, [&] { return u.id + " is the Allied G+R: it may cadre as a Russian or an Austrian unit"; });
  std::vector<std::string> out{std::string(u.nationality)};
  for (const char* n : {"russian", "austrian"})
    if (out.front() != n) out.push_back(n);
  return out;
}

}  // namespace hexlaw::n20
