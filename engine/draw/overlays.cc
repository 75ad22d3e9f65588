// Owns: laying an answer over its position — each question kind's decision drawn from the
// answer's outcome (never decided again here): a path with its steps and stops, the reachable
// hexes, every legal retreat path with its hazard hexes, a battle's attackers and defenders
// with the totals, the fates and the advance of a resolved battle, and odds as bars.
#include <functional>
#include <map>

#include "engine/draw/draw.h"
#include "engine/draw/readable.h"

namespace hexlaw::draw {

namespace {

using nlohmann::json;

struct Overlay {
  Scene& s;
  const CaseFile& c;
  const json& q;    // the question's fields
  const json& out;  // the outcome

  // A hex by printed number, or nothing for a value that is not one on this map.
  std::optional<Hex> hex(const json& v) const {
    if (!v.is_string()) return std::nullopt;
    try {
      return c.map->hex(v.get<std::string>());
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  // Where the unit named `id` stands, in either system.
  std::optional<Hex> unit_hex(const std::string& id) const {
    if (c.system == "jemmapes") {
      if (const auto* u = c.jemmapes->unit(id)) return u->hex;
      return std::nullopt;
    }
    if (const Unit* u = c.state.unit(id); u && u->on_map()) return u->hex;
    return std::nullopt;
  }
  void shade(const json& v, const std::string& kind, const std::string& label = "") {
    if (auto h = hex(v)) s.shades.push_back(Shade{*h, kind, label});
  }
  void shade_unit(const std::string& id, const std::string& kind, const std::string& label = "") {
    if (auto h = unit_hex(id)) s.shades.push_back(Shade{*h, kind, label});
  }
  // A route from `from` (when known) through the hexes of `hexes` (strings).
  Route route(std::optional<Hex> from, const json& hexes, const std::string& kind, const std::string& name) const {
    Route r;
    r.kind = kind, r.name = name;
    if (from) r.hexes.push_back(*from), r.labels.emplace_back();
    if (hexes.is_array())
      for (const auto& h : hexes)
        if (auto x = hex(h)) r.hexes.push_back(*x), r.labels.emplace_back();
    return r;
  }
  std::string str(const json& j, const char* key) const {
    return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
  }
};

// 1. Movement: the path entered, MP spent at each step, stops and the failing step.
void path_overlay(Overlay& o) {
  const std::string unit = o.str(o.q, "unit");
  Route r;
  r.kind = o.out.value("legal", true) ? "path" : "failed";
  r.name = unit + "'s move";
  if (auto h = o.unit_hex(unit)) r.hexes.push_back(*h), r.labels.emplace_back("0");
  if (o.out.contains("steps") && o.out["steps"].is_array())
    for (const auto& st : o.out["steps"]) {
      auto h = o.hex(st.value("hex", json()));
      if (!h) continue;
      r.hexes.push_back(*h);
      r.labels.push_back(st.contains("mp_spent") ? st["mp_spent"].dump() : "");
      const json stop = st.value("stop", json());
      if ((stop.is_boolean() && stop.get<bool>()) || stop.is_object()) o.s.shades.push_back(Shade{*h, "stop", "stop"});
    }
  if (r.hexes.size() > 1) o.s.routes.push_back(std::move(r));
  if (o.out.contains("failed_step")) {
    const std::string f = o.str(o.out, "failed_step");
    if (f == "start") o.shade_unit(unit, "failed", "cannot move");
    else o.shade(o.out["failed_step"], "failed", "illegal");
  }
}

// 2. Reach: every hex the unit may end in, with the MP left.
void reach_overlay(Overlay& o) {
  if (!o.out.contains("hexes") || !o.out["hexes"].is_object()) return;
  for (const auto& [name, v] : o.out["hexes"].items()) {
    std::string label = v.contains("mp_left") ? v["mp_left"].dump() + " MP left" : "";
    // Std 12.2.1: a destination that commits the Guard says so, with its cost.
    if (v.contains("guard_commitment") && v["guard_commitment"].is_object() && v["guard_commitment"].value("commits", false))
      label += ", Guard commits (" + v["guard_commitment"].value("cost", json(0)).dump() + " morale)";
    const json stop = v.value("stop", json());
    o.shade(json(name), "reach", label);
    if ((stop.is_boolean() && stop.get<bool>()) || stop.is_object()) o.shade(json(name), "stop", "stop");
  }
  o.shade_unit(o.str(o.q, "unit"), "focus");
}

// 3. Retreats: each legal path (Napoleonic 20) or each hex offered (Jemmapes), hazards marked.
void retreat_overlay(Overlay& o) {
  const std::string unit = o.str(o.q, "unit");
  o.shade_unit(unit, "focus");
  if (o.out.contains("paths") && o.out["paths"].is_array()) {
    int n = 0;
    for (const auto& p : o.out["paths"]) {
      o.s.routes.push_back(o.route(o.unit_hex(unit), p.value("hexes", json::array()), "retreat",
                                   "retreat path " + std::to_string(++n) + " (" + p.value("rolls", json(0)).dump() + " hazard rolls)"));
      if (p.contains("hazards"))
        for (const auto& hz : p["hazards"]) {
          std::string why = hz.value("enemy_zoc", false) ? "enemy ZoC" : "";
          if (hz.contains("river") && hz["river"].is_string() && !hz["river"].get<std::string>().empty())
            why += (why.empty() ? "" : " + ") + hz["river"].get<std::string>();
          o.shade(hz.value("hex", json()), "hazard", why.empty() ? "hazard" : why);
        }
    }
  }
  if (o.out.contains("options") && o.out["options"].is_array())
    for (const auto& op : o.out["options"])
      o.shade(op.value("hex", json()), op.value("enemy_zoc", false) ? "hazard" : "reach",
              op.value("enemy_zoc", false) ? "enemy ZoC" : "retreat");
}

// 4. Battles: both sides shaded, the totals as a note; a resolved battle's fates and advance.
void battle_overlay(Overlay& o, const json& outcome) {
  for (const char* side : {"attackers", "defenders"})
    if (o.q.contains(side) && o.q[side].is_array())
      for (const auto& id : o.q[side])
        if (id.is_string()) o.shade_unit(id.get<std::string>(), side == std::string("attackers") ? "attacker" : "defender");
  if (outcome.contains("fates") && outcome["fates"].is_array())
    for (const auto& f : outcome["fates"]) {
      const std::string unit = o.str(f, "unit"), fate = o.str(f, "fate");
      if (f.contains("path") && f["path"].is_array() && !f["path"].empty())
        o.s.routes.push_back(o.route(o.unit_hex(unit), f["path"], "retreat", unit + " " + fate));
      if (fate == "broken" || fate == "eliminated" || fate == "removed") o.shade_unit(unit, "failed", fate);
    }
  if (outcome.contains("advance") && outcome["advance"].is_object() && outcome["advance"].contains("paths") &&
      outcome["advance"]["paths"].is_object())
    for (const auto& [unit, hexes] : outcome["advance"]["paths"].items())
      o.s.routes.push_back(o.route(std::nullopt, hexes, "advance", "the advance along " + unit + "'s path"));
}

// 5. Zones of control and geometry questions: the hexes asked about.
void zoc_overlay(Overlay& o) {
  if (o.out.contains("exerts")) {
    o.shade(o.q.value("hex", json()), o.out["exerts"].get<bool>() ? "zoc" : "focus",
            o.out["exerts"].get<bool>() ? "ZoC" : "no ZoC");
    o.shade_unit(o.str(o.q, "unit"), "focus");
  } else if (o.out.contains("controlled_by")) {
    o.shade(o.q.value("hex", json()), o.out["controlled_by"].empty() ? "focus" : "zoc", "asked");
    for (const auto& id : o.out["controlled_by"])
      if (id.is_string()) o.shade_unit(id.get<std::string>(), "attacker", "controls");
  }
}

}  // namespace

void add_answer(Scene& s, const CaseFile& c, const Answer& a) {
  const json q = yaml_to_json(c.question);
  Overlay o{s, c, q, a.outcome};
  s.notes.push_back("Answer: " + (a.headline.empty() ? a.outcome.dump().substr(0, 160) : a.headline));
  const std::string& k = a.question_kind;
  // Odds: a bar per outcome; the battle's sides are still shaded.
  if (a.outcome.is_object() && a.outcome.contains("odds") && a.outcome["odds"].is_array()) {
    for (const auto& e : a.outcome["odds"]) {
      Bar b;
      b.label = summarize_outcome(e.value("outcome", json()));
      b.fraction = e.value("probability", std::string("?"));
      b.p = fraction_value(b.fraction);
      s.bars.push_back(std::move(b));
    }
    battle_overlay(o, json::object());
    return;
  }
  for (const auto& line : outcome_lines(a)) s.notes.push_back(line);
  if (k == "path") path_overlay(o);
  else if (k == "reach") reach_overlay(o);
  else if (k == "retreat") retreat_overlay(o);
  else if (k == "battle" || k == "resolve" || k == "declare" || k == "fire" || k == "assault") {
    battle_overlay(o, a.outcome);
    if (q.contains("hex") && !q.contains("defenders")) o.shade(q["hex"], "defender");  // Jemmapes: the hex attacked
  }
  else if (k == "zoc") zoc_overlay(o);
  else if (k == "in-enemy-zoc") {
    o.shade_unit(o.str(q, "unit"), a.outcome.value("in_enemy_zoc", false) ? "zoc" : "focus");
    if (a.outcome.contains("by"))
      for (const auto& id : a.outcome["by"])
        if (id.is_string()) o.shade_unit(id.get<std::string>(), "attacker", "controls");
  } else if (k == "adjacent" || k == "distance") {
    if (q.contains("hexes"))
      for (const auto& h : q["hexes"]) o.shade(h, "focus");
  } else if (k == "facing" && a.outcome.contains("hexes") && a.outcome["hexes"].is_object()) {
    for (const auto& [name, aspect] : a.outcome["hexes"].items())
      o.shade(json(name), aspect == "front" ? "zoc" : "note", aspect.is_string() ? aspect.get<std::string>() : "");
  } else if (k == "rout-move") {
    s.routes.push_back(o.route(o.unit_hex(o.str(q, "unit")), a.outcome.value("path", json::array()), "retreat", "rout move"));
  } else if (k == "command" && a.outcome.contains("line")) {
    s.routes.push_back(o.route(std::nullopt, a.outcome["line"], "path", "command line"));
  } else if (k == "rally" && a.outcome.contains("placements")) {
    for (const auto& h : a.outcome["placements"]) o.shade(h, "reach", "rally");
  } else {
    // Any other kind: the unit(s) and hex the question names.
    for (const char* key : {"unit", "mover", "reactor"})
      if (q.contains(key) && q[key].is_string()) o.shade_unit(q[key].get<std::string>(), "focus");
    if (q.contains("hex")) o.shade(q["hex"], "focus");
  }
}

}  // namespace hexlaw::draw
