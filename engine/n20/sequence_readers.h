// Owns: reading the sequence-of-play data shared by the sequence and event questions and by
// scenarios: a calendar (std:4.0) and Random Event cards (std:5.0), a list of {id, top,
// bottom}, each half {text, morale, arrive, side}.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "engine/n20/events.h"
#include "engine/n20/sequence.h"
#include "engine/core/yaml_read.h"

namespace hexlaw {

// A calendar from a mapping {first, second, last_turn, night_turns}: two different sides,
// a last turn from 1 to 10000, night turns within it.
n20::Calendar read_calendar(const CaseField& f);
// One card half; absent means a blank half.
n20::EventHalf read_event_half(const CaseField& f);
// A list of cards, top first; every id must be new to `seen` (which collects them).
std::vector<n20::EventCard> read_event_cards(const CaseField& f, std::set<std::string>& seen);

}  // namespace hexlaw
