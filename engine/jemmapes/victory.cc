// Owns: the French control victory points (see victory.h).
#include "engine/jemmapes/victory.h"

namespace hexlaw::jemmapes {

// RULE jemmapes:9.3 (part: control) — a village (whole, or any hex: jemmapes.victory.village_control) and each starred redoubt held by the French is 1 VP
std::vector<std::string> french_held(const Context& x, const Objectives& o, const std::function<bool(Hex)>& french, Trace& t) {
  std::vector<std::string> held;
  const bool any = x.readings.is(jemmapes::reading::victory_village_control_any_hex);
  for (const auto& [name, hexes] : o.villages) {
    int n = 0;
    for (Hex h : hexes) n += french(h);
    const bool ok = any ? n > 0 : n == static_cast<int>(hexes.size()) && n > 0;
    t.cite("jemmapes:9.3"_rule, name + ": " + std::to_string(n) + " of " + std::to_string(hexes.size()) + " hexes French (" +
                               x.readings.of(jemmapes::Switch::VictoryVillageControl) + ")" + (ok ? ": 1 VP" : ""));
    if (ok) held.push_back(name);
  }
  for (Hex h : o.redoubts)
    if (french(h)) held.push_back(x.map.name(h));
  return held;
}

// RULE jemmapes:9.3 (part: control lost again) — control points follow current control, or stay once scored (jemmapes.victory.control_vp)
int control_points(const Context& x, const std::vector<std::string>& held, const std::set<std::string>& scored_before, Trace& t) {
  std::set<std::string> counted(held.begin(), held.end());
  const bool permanent = x.readings.is(jemmapes::reading::victory_control_vp_permanent);
  if (permanent) {
    std::string kept;
    for (const auto& s : scored_before)
      if (counted.insert(s).second) kept += (kept.empty() ? "" : ", ") + s;
    if (!kept.empty()) t.cite("jemmapes:9.3"_rule, "control scored before and kept though lost (jemmapes.victory.control_vp = permanent): " + kept);
  } else if (!scored_before.empty()) {
    std::string lost;
    for (const auto& s : scored_before)
      if (!counted.count(s)) lost += (lost.empty() ? "" : ", ") + s;
    if (!lost.empty()) t.cite("jemmapes:9.3"_rule, "control scored before but lost again, its point gone (jemmapes.victory.control_vp = current): " + lost);
  }
  return static_cast<int>(counted.size());
}

}  // namespace hexlaw::jemmapes
