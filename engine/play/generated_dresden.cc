// Owns: writing generated Dresden scenarios (see generated_dresden.h).
#include "engine/play/generated_dresden.h"

#include <sstream>
#include <stdexcept>

#include "engine/core/dice.h"
#include "engine/play/generated.h"

namespace hexlaw::play {

// Step A. The map (20 x 24): the Elbe between rows 6 and 7, crossed by the Dresden bridges
// (1306/1406 and 1406/1407, dresden:9.11) and a bridge at 0506/0507; Dresden's two hexes and
// Neustadt fortified. Step B. LOCs (French on the north edge, Allied on the south) and entry
// areas A (north edge), Y and Z (west edge, 3.2). Step C. The garrisons, then units of both
// sides (the French north of the Elbe, the Allies south of it), some French ones
// reinforcements, and Au IV due on Turn 7 through Y (3.2) when the game lasts so long. Step D.
// Morale, calendar with its weather track, a small event deck.
std::string dresden_scenario_yaml(const DresdenScenarioSpec& spec) {
  if (spec.units_per_side < 1 || spec.units_per_side > 30) throw std::invalid_argument("1..30 units a side");
  if (spec.last_turn < 1 || spec.last_turn > 40) throw std::invalid_argument("1..40 turns");
  SeededDice rng(spec.seed);
  auto pick = [&](int n) { return static_cast<int>(rng.next_u64() % static_cast<std::uint64_t>(n)); };
  std::ostringstream y;
  // Step A.
  y << "name: dresden-generated-" << spec.seed << "\n";
  y << "title: Generated Dresden scenario (" << spec.units_per_side << " units a side)\n";
  y << "game: dresden\noptions: [";
  bool first = true;
  for (const auto& o : spec.options) y << (first ? "" : ", ") << "\"" << o << "\"", first = false;
  y << "]\nmap:\n  layout: odd-columns-low\n  bounds: {cols: [1, 20], rows: [1, 24]}\n  default_terrain: open\n";
  y << "  hexes: {\"1306\": fortified, \"1407\": fortified, \"1406\": fortified, \"1222\": fortified";
  for (int k = 0; k < 12; ++k) {
    const int c = 1 + pick(20), r = 8 + pick(16);
    const std::string h = ccrr(c, r);
    if (h == "1222" || h == "1423") continue;
    y << ", \"" << h << "\": " << (k % 3 == 0 ? "forest" : k % 3 == 1 ? "rough" : "town");
  }
  y << "}\n  hexsides:\n";
  for (int c = 1; c <= 20; ++c)
    y << "    - {between: [\"" << ccrr(c, 6) << "\", \"" << ccrr(c, 7) << "\"], features: [major_river"
      << (c == 14 || c == 5 ? ", bridge" : "") << "]}\n";
  y << "    - {between: [\"1306\", \"1406\"], features: [major_river, bridge]}\n";
  // Step B.
  y << "  locs: {french: [\"1601\"], allied: [\"0124\", \"1024\", \"1924\"]}\n";
  y << "  objectives: {french: [\"1406\"]}\n";
  y << "  entry_areas: {A: [\"1401\", \"1501\", \"1601\"], \"Y\": [\"0102\", \"0103\", \"0104\"], "
       "\"Z\": [\"0110\", \"0111\", \"0112\"]}\n";
  // Step C.
  y << "units:\n";
  for (const char* g : {"1306", "1407", "1222", "1423"})
    y << "  - {id: G" << g << ", side: french, type: garrison, strength: 0, movement: 0, hex: \"" << g << "\"}\n";
  std::set<std::string> taken = {"1306", "1407", "1222", "1423", "1406"};
  for (int s = 0; s < 2; ++s) {
    const bool french = s == 0;
    for (int i = 0; i < spec.units_per_side; ++i) {
      const int arm = pick(100);
      const char* type = arm < 60 ? "infantry" : arm < 85 ? "cavalry" : "artillery";
      const int strength = arm < 60 ? 2 + pick(4) : 1 + pick(3);
      const int movement = arm >= 60 && arm < 85 ? 3 : 2;
      y << "  - {id: " << (french ? "F" : "A") << i << ", side: " << (french ? "french" : "allied") << ", type: " << type
        << ", strength: " << strength << ", movement: " << movement;
      if (french && i > 0 && pick(3) == 0 && spec.last_turn >= 2) {
        y << ", status: pending, arrival_turn: " << 2 + pick(spec.last_turn - 1) << ", entry: A}\n";
        continue;
      }
      std::string at;
      do {
        const int c = 8 + pick(10);
        at = ccrr(c, french ? 2 + pick(5) : 8 + pick(10));
      } while (!taken.insert(at).second);
      y << ", hex: \"" << at << "\"}\n";
    }
  }
  // Au IV, due from Turn 7 through area Y, rolls under the Meissen rule (3.2).
  if (spec.last_turn >= 7)
    y << "  - {id: AU4, side: allied, type: infantry, strength: 4, movement: 2, status: pending, arrival_turn: 7, "
         "entry: \"Y\"}\n";
  // Step D.
  y << "state: {weather: cloudy, morale: {french: 7, allied: 8}}\n";
  y << "calendar: {first: allied, second: french, last_turn: " << spec.last_turn << ", night_turns: [";
  first = true;
  for (int n = 5; n <= spec.last_turn; n += 5) y << (first ? "" : ", ") << n, first = false;
  y << "], weather: {";
  first = true;
  for (int t = 1; t <= spec.last_turn; ++t) {
    const int roll = pick(6);
    if (roll < 3) continue;  // no symbol: Clear
    y << (first ? "" : ", ") << "\"" << t << "\": " << (roll == 5 ? "downpour" : "showers");
    first = false;
  }
  y << "}}\nfrench: french\nevents:\n";
  for (int k = 0; k < 3; ++k)
    y << "  - {id: e" << k << ", top: {text: \"Allied event " << k << "\", morale: " << pick(3) - 1
      << "}, bottom: {text: \"French event " << k << "\", morale: " << pick(3) - 1 << "}}\n";
  return y.str();
}

std::shared_ptr<const Scenario> dresden_scenario(std::shared_ptr<const Spec> rules_spec, const DresdenScenarioSpec& spec) {
  return parse_scenario_text(std::move(rules_spec), dresden_scenario_yaml(spec),
                             "dresden-generated-" + std::to_string(spec.seed));
}

}  // namespace hexlaw::play
