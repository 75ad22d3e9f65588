// Owns: a scenario as data — what a whole game starts from: the rule set, the map, the units
// (with reinforcements and their turns), starting morale, the calendar (first player, last
// turn, night turns), which side is French and the Random Event deck. Read from YAML with
// errors that name the file and field; the set-up is checked against std:3.0 on load.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/map.h"
#include "engine/n20/position_reader.h"
#include "engine/n20/state.h"
#include "engine/n20/events.h"
#include "engine/n20/rules.h"
#include "engine/n20/sequence.h"

namespace hexlaw::play {

struct Scenario {
  std::string name;   // from the file's `name`, else its file name
  std::string title;
  std::string text;   // the source text, so a game can be pickled and replayed anywhere
  n20::RulesetChoice ruleset;
  std::shared_ptr<const n20::N20Rules> rules;
  std::shared_ptr<const Map> map;
  GameState initial;  // turn 1, the First Player's Random Events Phase
  n20::Calendar calendar;
  std::string french;  // the French side; every other side is the anti-French player's
  n20::EventDeck deck;
};

// Reads a scenario (docs/scenario-format.md) under a spec's catalog and tables (its rule set
// keeps the spec). Throws CaseError naming the file, field and reason: unknown keys, a bad map
// or unit, an illegal set-up, a side with no morale track.
std::shared_ptr<const Scenario> load_scenario(std::shared_ptr<const Spec> spec, const std::string& path);
std::shared_ptr<const Scenario> parse_scenario_text(std::shared_ptr<const Spec> spec, const std::string& text,
                                                    const std::string& name);

// A morale track the scenario brings onto the Morale Track later, as the state marker
// morale-track-later:TRACK=TURN@VALUE (Leipzig's North Front, morale-track-later:allied-north=7@7,
// leipzig:3.0.3): absent at the start, it comes on at VALUE as the first phase of TURN opens. The
// scenario may then leave the track out while each of its units is a reinforcement due no earlier.
struct LateTrack {
  Symbol track;
  int turn = 0;
  int value = 0;
};
// The late tracks the position's markers name. Throws std::invalid_argument naming a marker that
// is not written TRACK=TURN@VALUE with TURN 1..999 and VALUE 0..10.
std::vector<LateTrack> late_tracks(const GameState& s);
// Puts on the Morale Track each late track whose turn has come and that is not on it yet; returns
// the tracks placed (the rule set's own hooks may have placed it first, citing its rule).
std::vector<LateTrack> place_late_tracks(GameState& s);

// Where the parts of a scenario come from, for error messages; complete_scenario() reads the
// calendar, French side and event deck into `sc` (whose rules, map and initial state are set)
// and checks the sides, morale tracks and set-up.
struct ScenarioFields {
  CaseField calendar, french, events, units, state, map;
};
void complete_scenario(Scenario& sc, const ScenarioFields& where);

}  // namespace hexlaw::play
