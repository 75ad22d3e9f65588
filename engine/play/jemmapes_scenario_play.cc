// Owns: the printed scenario as the played Jemmapes round keeps it (see jemmapes_game.h) — its
// restrictions at their moments (an order change in the command phase, an activation, a move's
// hexes: jemmapes:9.1.4, 9.2, lifted by 9.4; the French -2 from round 7), which side was last in
// each objective hex, who has been attacked (d'Harville's release, 9.2), and the control victory
// points scored at the end check (9.3). Every verdict is engine/jemmapes's (scenario.h,
// victory.h), the functions the scenario-rule and victory-points questions answer with.
#include <algorithm>

#include "engine/play/jemmapes_game.h"

namespace hexlaw::play {

using jemmapes::ScenarioVerdict;

// A voluntary change to `to` the printed scenario forbids this round (Ferrand before round 2,
// 9.1.4; Egalite before round 5, 9.2, but for a demoralised Egalite's return to defensive under
// back_to_defensive; neither in the free scenario, 9.4), or nullopt.
std::optional<ScenarioVerdict> JemmapesGame::order_change_barred(const jemmapes::Formation& f, jemmapes::Order to) const {
  if (!scenario_->rules) return std::nullopt;
  Trace off(Trace::Off{}, scenario_->spec->catalog);
  const auto v = jemmapes::order_change_allowed(context(), *scenario_->rules, f, pos_.round, off, to);
  if (v.allowed) return std::nullopt;
  return v;
}

// An activation the printed scenario forbids this round (Ferrand before round 2, 9.1.1;
// d'Harville before round 6 unless the Austrians have attacked it, 9.2; 9.4 lifts the second).
std::optional<ScenarioVerdict> JemmapesGame::activation_barred(const std::string& formation) const {
  if (!scenario_->rules) return std::nullopt;
  Trace off(Trace::Off{}, scenario_->spec->catalog);
  const auto& f = pos_.formations.at(formation);
  const auto v = jemmapes::activation_allowed(context(), *scenario_->rules, f, pos_.round, attacked_.count(formation) > 0, off);
  if (v.allowed) return std::nullopt;
  return v;
}

// Step 1. No Austrian unit on any hex of the path within 2 hexes of 0107 (9.1.4, both
// scenarios). Step 2. The last Austrian unit of a starred redoubt stays through round 6 (9.2).
// Forced moves (retreats, routs) are not restricted: the restrictions bind the owner's choices.
std::optional<ScenarioVerdict> JemmapesGame::move_barred(const jemmapes::Unit& u, const std::vector<Hex>& path) const {
  if (!scenario_->rules || path.empty()) return std::nullopt;
  const auto x = context();
  Trace off(Trace::Off{}, scenario_->spec->catalog);
  // Step 1.
  if (scenario_->map.on_map(scenario_->map.hex("0107")))
    for (Hex h : path)
      if (auto v = jemmapes::may_enter(x, u, h, off); !v.allowed) return v;
  // Step 2.
  const auto& r = scenario_->objectives.redoubts;
  if (u.combat() && u.side == "austrian" && path.back() != u.hex && std::find(r.begin(), r.end(), u.hex) != r.end()) {
    int left = 0;
    for (const auto* v : pos_.combat_units_at(u.hex, u.side)) left += v->id != u.id;
    if (auto v = jemmapes::may_leave_redoubt(*scenario_->rules, pos_.round, left, off); !v.allowed) return v;
  }
  return std::nullopt;
}

// The French involuntary tests take -2 from round 7 of the historical scenario (9.2).
bool JemmapesGame::french_late() const { return scenario_->rules == jemmapes::ScenarioKind::Historical && pos_.round >= 7; }

// A combat unit standing in an objective hex makes its side the last there (9.3: "the last to
// cross it").
void JemmapesGame::mark_crossed(const jemmapes::Unit& u) {
  if (!u.combat() || scenario_->objectives.empty()) return;
  const auto& o = scenario_->objectives;
  bool objective = std::find(o.redoubts.begin(), o.redoubts.end(), u.hex) != o.redoubts.end();
  for (const auto& [name, hexes] : o.villages) objective = objective || std::find(hexes.begin(), hexes.end(), u.hex) != hexes.end();
  if (objective) last_in_[u.hex] = u.side;
}

void JemmapesGame::mark_occupied() {
  for (const auto& u : pos_.units) mark_crossed(u);
}

// A fire or an assault on `target` by `by_side`: the formations of the units there have been
// attacked (d'Harville's release, the catalog's ruling on 9.2: any enemy fire or assault on a hex
// holding one of its units; it stays released).
void JemmapesGame::note_attacked(Hex target, const std::string& by_side) {
  for (const auto& u : pos_.units) {
    if (!u.combat() || u.hex != target || u.side == by_side || u.formation.empty()) continue;
    if (!attacked_.insert(u.formation).second) continue;
    if (scenario_->rules == jemmapes::ScenarioKind::Historical && jemmapes::historical_formation(u.formation) == "harville") {
      Trace t(scenario_->spec->catalog);
      t.cite("jemmapes:9.2"_rule, u.formation + " is attacked by the " + by_side + " in round " + std::to_string(pos_.round) + ": it may be activated from now on");
      note(u.formation + " is attacked", t);
    }
  }
}

// Step 1. Which objectives the French hold: a hex is French when a French combat unit was last
// in it (units standing there included). Step 2. The control points the track carries, under
// jemmapes.victory.control_vp, moved by the difference (a point lost goes back to the Austrian
// side of the track); the French win at once at 8 (add_vp).
// RULE jemmapes:9.3 (part: control in a played game) — control points are counted at the end check of each round
void JemmapesGame::score_control() {
  if (scenario_->objectives.empty()) return;
  mark_occupied();
  const auto x = context();
  Trace t(scenario_->spec->catalog);
  // Step 1.
  auto french = [&](Hex h) {
    const auto it = last_in_.find(h);
    return it != last_in_.end() && it->second == "french";
  };
  const auto held = jemmapes::french_held(x, scenario_->objectives, french, t);
  // Step 2.
  const int n = jemmapes::control_points(x, held, scored_, t);
  if (x.readings.is(jemmapes::reading::victory_control_vp_current)) scored_.clear();
  scored_.insert(held.begin(), held.end());
  const int delta = n - control_vp_;
  std::string list;
  for (const auto& s : scored_) list += (list.empty() ? "" : ", ") + s;
  t.cite("jemmapes:9.3"_rule, "end check of round " + std::to_string(pos_.round) + ": " + std::to_string(n) + " control point(s)" +
                             (list.empty() ? "" : " (" + list + ")") + " under jemmapes.victory.control_vp = " + x.readings.of(jemmapes::Switch::VictoryControlVp));
  note("control of the objectives: " + std::to_string(n) + " VP", t);
  control_vp_ = n;
  if (delta > 0) add_vp("french", delta, "French control of the objectives");
  if (delta < 0) add_vp("austrian", -delta, "objectives no longer French");
}

}  // namespace hexlaw::play
