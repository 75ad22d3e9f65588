// Owns: generated scenarios — random but legal starting positions of any size, for stateful
// properties and benchmarks: a bounded map with scattered terrain, a road and a stream, LOCs
// and objectives for both sides, units of every arm on their own halves, reinforcements, an
// event deck. Written as scenario YAML and read back through the scenario parser, so a
// generated scenario is checked like any other and can be saved, pickled and replayed.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "engine/play/scenario.h"

namespace hexlaw::play {

struct GeneratedScenarioSpec {
  int units_per_side = 20;  // reinforcements included
  int cols = 20, rows = 14;
  int last_turn = 12;
  std::set<int> night_turns = {6};
  bool events = true;
  std::set<std::string> options;  // optional rules, e.g. "std:16.1"
  std::uint64_t seed = 1;
  // The game's rule set: "standard"; "jena" (the Jena layer's procedures: IG at 0208, I Corps
  // on its arrival die from turn 5, the Bavarians and SW - CB set aside for an event card, the
  // Sudden Death numbers as state markers, an entry area `prussian`); or "leipzig" (the Allies,
  // side `allied`, in armies N, S, B, P on two Fronts, tracks allied-north and allied-south, a
  // LOC each Front, the stream marked as the Elster, battles mixing the Fronts read by
  // leipzig.mixed_front_morale = each-front).
  std::string game = "standard";
};

// A hex number in CCRR form for the generated maps (column and row as printed, two digits each).
std::string ccrr(int c, int r);

// The scenario's YAML text; the same spec gives the same text on every machine.
std::string generated_scenario_yaml(const GeneratedScenarioSpec& spec);
// The scenario itself, read under `rules_spec` (the catalog and tables its rule set reads).
std::shared_ptr<const Scenario> generated_scenario(std::shared_ptr<const Spec> rules_spec,
                                                   const GeneratedScenarioSpec& spec);

}  // namespace hexlaw::play
