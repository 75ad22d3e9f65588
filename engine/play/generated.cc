// Owns: writing generated scenarios (see generated.h).
#include "engine/play/generated.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "engine/core/dice.h"
#include "engine/core/hex.h"

namespace hexlaw::play {

// The turn a generated Leipzig army group is due: B first, then S, N, P, within the game.
static int army_turn(const GeneratedScenarioSpec& spec, char army) {
  const int order = army == 'B' ? 0 : army == 'S' ? 1 : army == 'N' ? 2 : 3;
  return std::min(spec.last_turn, 2 + 2 * order);
}

std::string ccrr(int c, int r) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02d%02d", c, r);
  return buf;
}

// Step A. The map: scattered terrain, a road down the middle rows, a stream with two bridges.
// Step B. LOCs, objectives and entry areas. Step C. Units of both sides on their own halves,
// some of them reinforcements. Step D. Morale, calendar and an event deck.
std::string generated_scenario_yaml(const GeneratedScenarioSpec& spec) {
  if (spec.cols < 12 || spec.rows < 6 || spec.cols > 99 || spec.rows > 99)
    throw std::invalid_argument("a generated map needs 12..99 columns and 6..99 rows");
  // Compared in 64 bits: units_per_side = 2^31-1 once overflowed past this check (issue 16).
  if (spec.units_per_side < 1 || static_cast<long long>(spec.units_per_side) * 2 > 5LL * spec.rows)
    throw std::invalid_argument("too many units for the map");
  if (spec.game != "standard" && spec.game != "leipzig" && spec.game != "jena")
    throw std::invalid_argument("a generated scenario's game is standard, jena or leipzig, not '" + spec.game + "'");
  const bool leipzig = spec.game == "leipzig";
  const char* enemy = leipzig ? "allied" : "prussian";
  SeededDice rng(spec.seed);
  auto pick = [&](int n) { return static_cast<int>(rng.next_u64() % static_cast<std::uint64_t>(n)); };
  std::ostringstream y;
  const int mid_row = spec.rows / 2;
  const int stream_col = spec.cols / 2;
  // Step A.
  y << "name: generated-" << spec.seed << "\n";
  y << "title: Generated scenario (" << spec.units_per_side << " units a side, " << spec.last_turn << " turns)\n";
  const bool jena = spec.game == "jena";
  if (jena && spec.rows < 8) throw std::invalid_argument("a generated Jena map needs 8 rows or more (IG sets up at 0208)");
  y << "game: " << spec.game << "\n";
  if (leipzig) y << "interpretations: {leipzig.mixed_front_morale: each-front}\n";
  y << "options: [";
  bool first = true;
  for (const auto& o : spec.options) y << (first ? "" : ", ") << "\"" << o << "\"", first = false;
  y << "]\nmap:\n  layout: odd-columns-low\n  bounds: {cols: [1, " << spec.cols << "], rows: [1, " << spec.rows
    << "]}\n  default_terrain: open\n  hexes: {";
  first = true;
  std::set<std::string> towns;
  for (int c = 2; c < spec.cols; ++c)
    for (int r = 1; r <= spec.rows; ++r) {
      const int roll = pick(100);
      const char* t = roll < 6 ? "forest" : roll < 9 ? "rough" : roll < 13 ? "town" : nullptr;
      if (!t) continue;
      if (std::string(t) == "town") towns.insert(ccrr(c, r));
      y << (first ? "" : ", ") << "\"" << ccrr(c, r) << "\": " << t;
      first = false;
    }
  y << "}\n  hexsides:\n";
  for (int c = 1; c < spec.cols; ++c) {
    // The road runs along row mid_row; hexes in one row of neighbouring columns are adjacent.
    y << "    - {between: [\"" << ccrr(c, mid_row) << "\", \"" << ccrr(c + 1, mid_row) << "\"], features: [road";
    y << (c == stream_col ? (leipzig ? ", minor_river, bridge, elster" : ", minor_river, bridge") : "") << "]}\n";
  }
  for (int r = 1; r <= spec.rows; ++r) {
    if (r == mid_row) continue;
    const bool bridge = r == spec.rows / 4 + 1;
    y << "    - {between: [\"" << ccrr(stream_col, r) << "\", \"" << ccrr(stream_col + 1, r)
      << "\"], features: [minor_river" << (bridge ? ", bridge" : "") << (leipzig ? ", elster" : "") << "]}\n";
  }
  // The Lindenau bridge at its printed hexside 1412/1512 over a Major River, when its optional
  // demolition rule is in use (leipzig:16.10).
  const bool bridge_rule = leipzig && spec.options.count("leipzig:16.10");
  if (bridge_rule && (spec.cols < 15 || spec.rows < 12))
    throw std::invalid_argument("a generated Leipzig map with leipzig:16.10 needs 15 columns and 12 rows (Leipzig "
                                "at 1311-1412, the bridge on 1412/1512)");
  if (bridge_rule) y << "    - {between: [\"1412\", \"1512\"], features: [major_river, bridge]}\n";
  // Step B.
  if (leipzig)  // a LOC a Front (leipzig:9.8.6); the French own the one objective (leipzig:14.0)
    y << "  locs: {french: [\"" << ccrr(1, mid_row) << "\", \"" << ccrr(1, 2) << "\"], allied-north: [\""
      << ccrr(spec.cols, 2) << "\"], allied-south: [\"" << ccrr(spec.cols, spec.rows - 1) << "\"], army-N: [\""
      << ccrr(spec.cols, 1) << "\"], army-S: [\"" << ccrr(spec.cols - 1, 1) << "\"], army-B: [\"" << ccrr(spec.cols, spec.rows)
      << "\"], army-P: [\"" << ccrr(spec.cols - 1, spec.rows) << "\"]}\n"
      << "  objectives: {french: [\"" << ccrr(stream_col - 1, mid_row + 1) << "\"]}\n";
  else
    y << "  locs: {french: [\"" << ccrr(1, mid_row) << "\", \"" << ccrr(1, 2) << "\"], prussian: [\""
      << ccrr(spec.cols, mid_row) << "\", \"" << ccrr(spec.cols, spec.rows - 1) << "\"]}\n"
      << "  objectives: {french: [\"" << ccrr(stream_col - 1, mid_row + 1) << "\"], prussian: [\""
      << ccrr(stream_col + 2, mid_row - 1) << "\"]}\n";
  y << "  entry_areas: {A: [\"" << ccrr(1, mid_row) << "\", \"" << ccrr(1, mid_row + 1) << "\"], B: [\""
    << ccrr(spec.cols, mid_row) << "\", \"" << ccrr(spec.cols, mid_row - 1) << "\"]"
    << (jena ? ", prussian: [\"" + ccrr(spec.cols, mid_row) + "\", \"" + ccrr(spec.cols, mid_row - 1) + "\"]" : "");
  // Leipzig's Allies enter by their own areas (leipzig:11.6): Y on the French B's hexes, X and Z
  // to the north and south of it; each army's own LOC activates when it arrives (leipzig:9.8.6).
  if (leipzig)
    y << ", Y: [\"" << ccrr(spec.cols, mid_row) << "\", \"" << ccrr(spec.cols, mid_row - 1) << "\"], X: [\""
      << ccrr(spec.cols, 3) << "\"], Z: [\"" << ccrr(spec.cols, spec.rows - 2) << "\"]";
  y << "}\n";

  y << "  road_entries: [\"" << ccrr(1, mid_row) << "\", \"" << ccrr(spec.cols, mid_row) << "\"]\n";
  if (bridge_rule) y << "  places: {leipzig: [\"1311\", \"1312\", \"1411\", \"1412\"]}\n";  // the four town hexes
  // Step C.
  y << "units:\n";
  std::set<std::string> taken;
  std::set<char> grouped;  // Leipzig armies with units in their holding box
  // Jena's Imperial Guard sets up at 0208 (jena:3.1); the other generated units keep their ids.
  if (jena) taken.insert("0208");
  for (int s = 0; s < 2; ++s) {
    const char* side = s == 0 ? "french" : enemy;
    const char* prefix = s == 0 ? "F" : leipzig ? "A" : "P";
    for (int i = 0; i < spec.units_per_side; ++i) {
      const int arm = pick(100);
      const char* type = arm < 60 ? "infantry" : arm < 85 ? "cavalry" : "artillery";
      const int strength = arm < 60 ? 2 + pick(4) : 1 + pick(3);
      const int movement = arm >= 60 && arm < 85 ? 3 : 2;
      const bool guard = jena && s == 0 && i == 0;
      y << "  - {id: " << (guard ? std::string("IG") : prefix + std::to_string(i)) << ", side: " << side << ", type: " << type << ", strength: " << strength
        << ", movement: " << movement;
      if (leipzig && s == 1) y << ", army: " << "NSBP"[i % 4];
      std::vector<std::string> flags;
      if (pick(5) == 0) flags.push_back("elite");
      if (s == 0 && i == 0) flags = {"elite", "guard"};
      // Leipzig's Unreliable Troops (leipzig:16.8): two French units, when that rule is in use.
      if (leipzig && s == 0 && (i == 1 || i == 2) && spec.options.count("leipzig:16.8")) flags.push_back("unreliable");
      if (!flags.empty()) {
        y << ", flags: [";
        for (std::size_t k = 0; k < flags.size(); ++k) y << (k ? ", " : "") << flags[k];
        y << "]";
      }
      if (guard) {
        y << ", hex: \"0208\"}\n";
        continue;
      }
      if (i > 0 && pick(5) == 0 && spec.last_turn >= 2) {
        const int turn = 2 + pick(spec.last_turn - 1);
        // Leipzig's Allied reinforcements wait in their army's group, due on its turn by area Y
        // (leipzig:3.0.4, 11.8): the army's Leader box is a state marker below.
        if (leipzig && s == 1) {
          const char army = "NSBP"[i % 4];
          y << ", status: pending, arrival_turn: " << army_turn(spec, army) << ", entry: Y}\n";
          grouped.insert(army);
          continue;
        }
        y << ", status: pending, arrival_turn: " << turn << ", entry: " << (s == 0 ? "A" : "B") << "}\n";
        continue;
      }
      // Own side of the stream, within five columns of it, so the armies meet within a turn or two.
      std::string at;
      do {
        const int c = s == 0 ? stream_col - pick(5) : stream_col + 1 + pick(5);
        at = ccrr(c, 1 + pick(spec.rows));
      } while (!taken.insert(at).second);
      y << ", hex: \"" << at << "\"}\n";
    }
  }
  // Leipzig's Leaders (leipzig:16.12), when that rule is in use: one a side, span 2 (the sources
  // print no span: generated data), on its own side of the stream (stacking freely).
  if (leipzig && spec.options.count("leipzig:16.12"))
    for (int s = 0; s < 2; ++s) {
      const int c = s == 0 ? stream_col - pick(3) : stream_col + 1 + pick(3);
      y << "  - {id: " << (s == 0 ? "FL" : "AL") << ", side: " << (s == 0 ? "french" : enemy)
        << ", type: leader, strength: 1, movement: 4, command_span: 2" << (s == 1 ? ", army: B" : "")
        << ", hex: \"" << ccrr(c, 1 + pick(spec.rows)) << "\"}\n";
    }
  // Cadres waiting off the map, when breakdown and buildup (16.7) or partial rallies (16.6) are in use.
  if (spec.options.count("std:16.7") || spec.options.count("std:16.6") || (leipzig && spec.options.count("leipzig:16.8")))
    for (int s = 0; s < 2; ++s)
      for (int k = 0; k < 3; ++k)
        y << "  - {id: " << (s == 0 ? "FC" : "PC") << k << ", side: " << (s == 0 ? "french" : enemy)
          << ", type: cadre, strength: 1, movement: 2, status: eliminated"
          << (leipzig && s == 1 ? std::string(", army: ") + "NSBP"[k % 4] : std::string()) << "}\n";
  // Dummies waiting in each side's pile, when the fog of war (16.1) is in use.
  if (spec.options.count("std:16.1"))
    for (int s = 0; s < 2; ++s)
      for (int k = 0; k < 2; ++k)
        y << "  - {id: " << (s == 0 ? "FD" : "PD") << k << ", side: " << (s == 0 ? "french" : enemy)
          << ", type: dummy, strength: 0, movement: 3, status: broken}\n";
  // Jena's units that arrive by the die or only by an event (jena:3.1, jena:3.2), and von Rüchel's
  // cavalry by the Prussian entry area (jena:11.5).
  // The set-aside units carry a turn after the calendar's last, so that only their event brings them.
  if (jena) {
    const int set_aside = std::max(13, spec.last_turn + 1);
    y << "  - {id: I, side: french, type: infantry, strength: 4, movement: 2, status: pending, arrival_turn: 5, entry: B}\n"
         "  - {id: Bav, side: french, type: infantry, strength: 2, movement: 2, status: pending, arrival_turn: "
      << set_aside << ", entry: A}\n"
         "  - {id: vR - CB, side: prussian, type: cavalry, strength: 2, movement: 3, status: pending, arrival_turn: 6, "
         "entry: prussian}\n"
         "  - {id: SW - CB, side: prussian, type: cavalry, strength: 2, movement: 3, status: pending, arrival_turn: "
      << set_aside << ", entry: prussian}\n";
  }
  // Step D.
  if (leipzig) {
    y << "state: {morale: {french: " << 4 + pick(5) << ", allied-north: " << 4 + pick(5) << ", allied-south: " << 4 + pick(5)
      << "}";
    // Each army group's Leader box; the areas and delays of armies N, S and P (not in the source:
    // leipzig:table.allied-army-entry) and the Detachment table's arriving faces (likewise), invented.
    y << ", markers: [\"army-entry:N=Y+0,X+1,Z+2\", \"army-entry:P=Y+0,Z+1,X+2\", \"army-entry:S=Y+0,X+1,Z+3\", "
         "\"detachment-table:1-4\"";
    // The Imperial Dispatches Table's arriving faces per column (leipzig:table.imperial-dispatches,
    // not in the source either), invented: a column's reinforcements arrive on 1-4, so that a
    // played "Activating Napoleon" (leipzig:7.7) is followed by the rolls of leipzig:11.7.
    for (int t = 1; t < 14; ++t) y << ", \"imperial-dispatches-table:" << t << "=1-4\"";
    for (char army : grouped) y << ", \"army-group:" << army << "=" << army_turn(spec, army) << "@Y\"";
    y << "]";
  }
  else
    y << "state: {morale: {french: " << 4 + pick(5) << ", prussian: " << 4 + pick(5) << "}";
  if (jena) {  // the Sudden Death numbers of Turns 10-12 (jena:4.1: the Turn Track is not in the sources)
    y << ", markers: [";
    for (int t = 10; t <= 12; ++t) y << (t > 10 ? ", " : "") << "\"sudden-death:" << t << "=" << 1 + pick(3) << "\"";
    y << "]";
  }
  y << "}\n";
  // The Allies are the First Player at Leipzig (leipzig:4.0); the French elsewhere.
  y << "calendar: {first: " << (leipzig ? "allied" : "french") << ", second: " << (leipzig ? "french" : enemy)
    << ", last_turn: " << spec.last_turn << ", night_turns: [";
  first = true;
  for (int n : spec.night_turns)
    if (n >= 1 && n <= spec.last_turn) y << (first ? "" : ", ") << n, first = false;
  y << "]}\nfrench: french\n";
  if (spec.events) {
    y << "events:\n";
    if (jena) y << "  - {id: reinforcements, top: {text: \"The Bavarians come up\", arrive: [Bav]}, bottom: {text: \"Saxe-Weimar "
                   "returns\", arrive: [\"SW - CB\"]}}\n";
    for (int k = 0; k < 4; ++k) {
      y << "  - {id: e" << k << ", top: {text: \"French event " << k << "\", morale: " << pick(3) - 1
        << "}, bottom: {text: \"Allied event " << k << "\", morale: " << pick(3) - 1 << "}}\n";
    }
  }
  return y.str();
}

std::shared_ptr<const Scenario> generated_scenario(std::shared_ptr<const Spec> rules_spec,
                                                   const GeneratedScenarioSpec& spec) {
  return parse_scenario_text(std::move(rules_spec), generated_scenario_yaml(spec),
                             "generated-" + std::to_string(spec.seed));
}

}  // namespace hexlaw::play
