// Owns: the small helpers the played Jemmapes game's move and combat files share (internal to
// engine/play): choice-text parsing, the groups of units offered together, whether a fire or an
// assault reads only printed cells, and a result as the game commits it.
#pragma once

#include <algorithm>
#include <sstream>
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

inline std::vector<std::string> split(const std::string& s, char c = ',') {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, c))
    if (!cur.empty()) out.push_back(cur);
  return out;
}

inline std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
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

// "" when every throw of 2D6 from 2 to 12 reads a cell the source prints and every result it
// gives can be carried out (an M needs the two-dice reading of the morale test and the tested
// unit's morale); else the refusal "RULE: reason". `read` reads one modified total.
template <class Read>
inline std::string unplayable(const jemmapes::Context& x, int drm, Read read, const std::vector<const Unit*>& tested) {
  for (int d = 2; d <= 12; ++d) {
    std::vector<jemmapes::CombatResult> rs;
    try {
      rs = read(d + drm);
    } catch (const RuleRefusal& e) {
      return e.what();
    }
    for (std::size_t i = 0; i < rs.size(); ++i) {
      if (!rs[i].morale_test) continue;
      if (x.readings.is("jemmapes.morale_test.procedure", "pending"))
        return "jemmapes:6.3: a throw of " + std::to_string(d) + " gives a morale test (M), whose procedure the source does not give (jemmapes.morale_test.procedure = pending)";
      if (i < tested.size() && tested[i] && !tested[i]->morale) return "jemmapes:6.3: the morale test of " + tested[i]->id + " needs its morale, which the scenario does not give";
    }
  }
  return "";
}

using After = JemmapesUnitAfter;

inline Direction facing_named(const std::string& s) {
  for (Direction d : kAllDirections)
    if (s == jemmapes::facing_name(d)) return d;
  throw std::logic_error("no facing '" + s + "'");
}

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
