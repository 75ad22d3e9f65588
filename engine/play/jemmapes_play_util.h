// Owns: the small helpers the played Jemmapes game's move and combat files share (internal to
// engine/play): the groups of units offered together, how many throws of a fire or an assault
// read printed cells whose results can be carried out, and a result as the game commits it.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/errors.h"
#include "engine/jemmapes/apply.h"
#include "engine/jemmapes/facing.h"
#include "engine/play/jemmapes_game.h"

namespace hexlaw::play::jemmapes_play {

using jemmapes::Level;
using jemmapes::Unit;
using jemmapes::UnitKind;


inline std::string other(const std::string& s) { return s == "french" ? "austrian" : "french"; }

inline std::string join(const std::vector<std::string>& v, const char* sep = ",") {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

inline int roll_2d6(DiceSource& dice, const char* rule, const std::string& purpose) { return dice.roll(6, rule, purpose) + dice.roll(6, rule, purpose); }

inline Direction turned(Direction d, int k) { return static_cast<Direction>((static_cast<int>(d) + k + 6) % 6); }

// Non-empty subsets of `v` to offer as groups of units: all of them when there are at most
// three, else each unit alone and all together.
inline std::vector<std::vector<std::string>> groups(const std::vector<std::string>& v) {
  std::vector<std::vector<std::string>> out;
  if (v.size() <= 3) {
    for (unsigned m = 1; m < (1u << v.size()); ++m) {
      std::vector<std::string> g;
      for (std::size_t i = 0; i < v.size(); ++i)
        if (m & (1u << i)) g.push_back(v[i]);
      out.push_back(g);
    }
    return out;
  }
  for (const auto& id : v) out.push_back({id});
  out.push_back(v);
  return out;
}

// Why results `rs` (one a tested unit) cannot be carried out, or "": an M needs the two-dice
// reading of the morale test and the tested unit's morale (jemmapes:6.3).
inline std::string carry_out_refusal(const jemmapes::Context& x, const std::vector<jemmapes::CombatResult>& rs, const std::vector<const Unit*>& tested, int throw_total) {
  for (std::size_t i = 0; i < rs.size(); ++i) {
    if (!rs[i].morale_test) continue;
    if (x.readings.is(jemmapes::reading::morale_test_procedure_pending))
      return "jemmapes:6.3: a throw of " + std::to_string(throw_total) + " gives a morale test (M), whose procedure the source does not give (jemmapes.morale_test.procedure = pending)";
    if (i < tested.size() && tested[i] && !tested[i]->morale) return "jemmapes:6.3: the morale test of " + tested[i]->id + " needs its morale, which the scenario does not give";
  }
  return "";
}

// Why a throw of 2D6 `d` cannot be played: the cell of d + drm is lost (the table's refusal by
// name) or its result cannot be carried out; "" when it can. `read` reads one modified total.
template <class Read>
inline std::string throw_refusal(const jemmapes::Context& x, int d, int drm, Read read, const std::vector<const Unit*>& tested) {
  std::vector<jemmapes::CombatResult> rs;
  try {
    rs = read(d + drm);
  } catch (const RuleRefusal& e) {
    return e.what();
  }
  return carry_out_refusal(x, rs, tested, d);
}

// How a fire's or an assault's 2D6 falls: the ways out of 36 whose cells the source prints and
// whose results can be carried out, and the refusal of the first throw that cannot ("" if none).
struct Playability {
  int ways = 0;
  std::string refusal;
  bool any() const { return ways > 0; }
  bool all() const { return ways == 36; }
};
template <class Read>
inline Playability playability(const jemmapes::Context& x, int drm, Read read, const std::vector<const Unit*>& tested) {
  Playability p;
  for (int d = 2; d <= 12; ++d) {
    const std::string why = throw_refusal(x, d, drm, read, tested);
    if (why.empty()) p.ways += 6 - std::abs(d - 7);
    else if (p.refusal.empty()) p.refusal = why;
  }
  return p;
}

using After = JemmapesUnitAfter;

inline std::vector<After> plain(const jemmapes::SideAfter& s) {
  std::vector<After> out;
  for (const auto& u : s.units)
    out.push_back({u.unit->id, u.unit->side, u.unit->formation, u.level, std::max(0, u.cp), u.steps_lost, u.destroyed, u.retreats && !u.destroyed, u.unit->hex});
  return out;
}

// The commanders of `side` stacked with one of `hexes`.
inline std::vector<std::string> commanders_in(const jemmapes::Position& p, const std::string& side, const std::vector<Hex>& hexes) {
  std::vector<std::string> out;
  for (const auto& u : p.units)
    if (!u.combat() && u.side == side && std::find(hexes.begin(), hexes.end(), u.hex) != hexes.end()) out.push_back(u.id);
  return out;
}

}  // namespace hexlaw::play::jemmapes_play
