// Owns: building the scene of a case's position — Napoleonic 20 units (type, strength-
// allowance, flags and markers, off-map status) and Jemmapes units (kind, combat potential,
// organisation level, markers, facing), elevations and slopes, and the ZoC of chosen units
// asked of each system's own zone-of-control rule.
#include <set>

#include "engine/core/errors.h"
#include "engine/draw/draw.h"
#include "engine/jemmapes/context.h"
#include "engine/jemmapes/facing.h"
#include "engine/n20/rules.h"
#include "engine/n20/zoc.h"

namespace hexlaw::draw {

namespace {

// 1. Napoleonic 20 counters.
void n20_counters(const CaseFile& c, Scene& s) {
  for (const Unit& u : c.state.units) {
    Counter k;
    k.id = u.id.str(), k.side = u.side.str(), k.symbol = to_string(u.type);
    if (u.type != UnitType::Leader && u.type != UnitType::Dummy) k.values = std::to_string(u.strength) + "-" + std::to_string(u.movement);
    else if (u.type == UnitType::Leader) k.values = "-" + std::to_string(u.movement);
    for (const auto& f : u.flags.names()) k.markers.push_back(f);
    for (const auto& m : u.markers.names()) k.markers.push_back(m);
    k.on_map = u.on_map();
    if (k.on_map) k.hex = u.hex;
    else {
      k.off_map = to_string(u.status);
      if (u.status == UnitStatus::Pending)
        k.off_map += ": arrives turn " + std::to_string(u.arrival_turn) + " at " + u.entry.str();
    }
    s.counters.push_back(std::move(k));
  }
}

// 2. Jemmapes counters: combat potential and morale/movement when the case gives them.
void jemmapes_counters(const CaseFile& c, Scene& s) {
  const jemmapes::Position& p = *c.jemmapes;
  for (const auto& u : p.units) {
    Counter k;
    k.id = u.id, k.side = u.side, k.symbol = jemmapes::to_string(u.kind), k.hex = u.hex, k.facing = u.facing;
    if (u.combat()) {
      k.values = std::to_string(u.cp);
      if (u.mp) k.values += "-" + std::to_string(*u.mp);
    } else if (u.tv || u.cv) {
      k.values = (u.tv ? "T" + std::to_string(*u.tv) : "") + (u.tv && u.cv ? " " : "") + (u.cv ? "C" + std::to_string(*u.cv) : "");
    }
    if (u.level != jemmapes::Level::GoodOrder) k.markers.emplace_back(jemmapes::to_string(u.level));
    for (const auto& m : u.markers) k.markers.push_back(m);
    if (u.general) k.markers.emplace_back("general");
    s.counters.push_back(std::move(k));
  }
  for (const auto& [h, level] : p.elevations)
    if (level != 0) s.shades.push_back(Shade{h, "note", "elev " + std::to_string(level)});
  for (const auto& sl : p.slopes) s.slopes.push_back(sl);
}

// 3. The ZoC of each chosen unit: every neighbour its own system says it controls.
void shade_zoc(const CaseFile& c, const DrawOptions& o, Scene& s) {
  if (o.zoc_of.empty()) return;
  Trace off(Trace::Off{}, c.spec->catalog);
  if (c.system == "jemmapes") {
    const jemmapes::Readings readings(c.ruleset.interpretations);
    const jemmapes::Context x{*c.map, c.spec->tables, c.spec->catalog, readings, *c.jemmapes};
    for (const auto& id : o.zoc_of) {
      const jemmapes::Unit* u = c.jemmapes->unit(id);
      if (!u) throw CaseError(c.file, "zoc", "no unit '" + id + "' in the position");
      for (Hex n : neighbours(u->hex))
        if (c.map->on_map(n) && jemmapes::exerts_zoc_into(x, *u, n, off)) s.shades.push_back(Shade{n, "zoc", "ZoC " + id});
    }
    return;
  }
  auto rules = n20::make_rules(c.ruleset, c.spec);
  for (const auto& id : o.zoc_of) {
    const Unit* u = c.state.unit(id);
    if (!u) throw CaseError(c.file, "zoc", "no unit '" + id + "' in the position");
    if (!u->on_map()) throw CaseError(c.file, "zoc", "unit '" + id + "' is not on the map");
    for (Hex n : neighbours(u->hex))
      if (c.map->on_map(n) && n20::exerts_zoc_into(*rules, *c.map, c.state, *u, n, off))
        s.shades.push_back(Shade{n, "zoc", "ZoC " + id});
  }
}

}  // namespace

Scene position_scene(const CaseFile& c, const DrawOptions& o) {
  Scene s;
  s.map = c.map.get();
  s.title = c.title.empty() ? c.name : c.title;
  std::string rules;
  for (std::size_t i = 0; i < c.rules.size() && i < 4; ++i) rules += (rules.empty() ? "" : ", ") + c.rules[i];
  if (c.rules.size() > 4) rules += " and " + std::to_string(c.rules.size() - 4) + " more";
  std::string where = c.ruleset.game;
  if (c.system == "jemmapes") where += ", round " + std::to_string(c.jemmapes->round);
  else {
    where += ", turn " + std::to_string(c.state.turn) + ", " + c.state.phase.str();
    if (!c.state.phasing.str().empty()) where += " (" + c.state.phasing.str() + " phasing)";
    if (c.state.night) where += ", night";
    for (const auto& [track, points] : c.state.morale) where += ", morale " + track.str() + " " + std::to_string(points);
  }
  s.notes.push_back(c.name + " — " + where + (rules.empty() ? "" : " — rules " + rules));
  if (c.system == "jemmapes") jemmapes_counters(c, s);
  else n20_counters(c, s);
  shade_zoc(c, o, s);
  return s;
}

std::string case_svg(const CaseFile& c, const Answer* a, const DrawOptions& o) {
  Scene s = position_scene(c, o);
  if (a) add_answer(s, c, *a);
  return render_svg(s);
}

}  // namespace hexlaw::draw
