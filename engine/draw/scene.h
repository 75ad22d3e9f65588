// Owns: the scene — what one picture shows, the same for every rule system: a map fragment,
// counters, shaded hexes, routes through hexes, notes and odds bars — and its rendering to
// SVG. The scene knows no rules: position.cc fills it from a case, overlays.cc from an answer.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/hex.h"
#include "engine/core/map.h"
#include "engine/draw/geometry.h"

namespace hexlaw::draw {

// A unit's counter: side colour, type symbol, values ("3-2"), markers; a facing when the
// system has one (Jemmapes).
struct Counter {
  std::string id, side;
  std::string symbol;  // infantry, cavalry, artillery, leader, garrison, dummy, cadre, commander
  std::string values;  // printed numbers, e.g. "3-2" (strength-allowance)
  std::vector<std::string> markers;  // flags and markers, drawn as tags (elite, routed, ...)
  std::optional<Direction> facing;
  Hex hex;
  bool on_map = true;
  std::string off_map;  // where it is when not on the map ("broken", "pending: turn 4, entry A")
};

// A hex marked by the answer or the options: `kind` picks the style (zoc, reach, stop,
// hazard, attacker, defender, failed, focus, note), `label` is written in the hex.
struct Shade {
  Hex hex;
  std::string kind;
  std::string label;
};

// A line through hex centres (a path moved, a retreat, an advance), with one label per hex
// (may be empty) and a `kind` for its style (path, retreat, advance, failed).
struct Route {
  std::vector<Hex> hexes;
  std::string kind;
  std::vector<std::string> labels;
  std::string name;  // shown at the end of the line
};

// One outcome of an odds answer: its summary and probability (exact text and value).
struct Bar {
  std::string label;
  std::string fraction;
  double p = 0;
};

struct Scene {
  const Map* map = nullptr;
  std::string title;
  std::vector<std::string> notes;  // lines under the title: the headline, totals, ...
  std::vector<Counter> counters;
  std::vector<Shade> shades;
  std::vector<Route> routes;
  std::vector<Bar> bars;
  std::vector<std::pair<Hex, Hex>> slopes;  // hexsides drawn as slopes (Jemmapes)
};

// The hexes a scene shows: every hex it mentions (terrain, features, special hexes,
// counters, shades, routes) and the ring around them, those off a bounded map left out.
std::vector<Hex> scene_hexes(const Scene& s);
// The picture as an SVG document.
std::string render_svg(const Scene& s, const HexGeometry& g = HexGeometry{});

}  // namespace hexlaw::draw
