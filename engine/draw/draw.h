// Owns: the drawing of a case — its position as a scene (the same counters, map and special
// hexes for every rule system, Jemmapes' facing included), the ZoC of chosen units shaded,
// and what an answer decided laid over it (overlays.cc). The layer sits above the questions:
// it reads a CaseFile and an Answer and decides no rule itself; the ZoC it shades is the
// rule system's own answer.
#pragma once

#include <string>
#include <vector>

#include "engine/draw/scene.h"
#include "engine/questions/answer.h"
#include "engine/questions/case_file.h"

namespace hexlaw::draw {

struct DrawOptions {
  std::vector<std::string> zoc_of;  // unit ids whose zones of control are shaded
};

// The case's position: map fragment, counters (on and off the map), special hexes; the ZoC of
// `o.zoc_of` shaded (an unknown id is a CaseError naming the option).
Scene position_scene(const CaseFile& c, const DrawOptions& o = {});
// Adds to `s` what the answer decided: paths, reach, retreats with hazards, a battle's two
// sides and totals, advances, odds bars, and the headline as a note.
void add_answer(Scene& s, const CaseFile& c, const Answer& a);
// The picture of a case, with its answer when one is given.
std::string case_svg(const CaseFile& c, const Answer* a = nullptr, const DrawOptions& o = {});

}  // namespace hexlaw::draw
