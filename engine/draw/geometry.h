// Owns: where a hex is on the page — the centre and corners of a flat-topped hex from the
// engine's own axial coordinates (so a map's column layout, odd or even columns low, comes
// out as printed), the end points of a hexside, and the frame around a set of hexes.
#pragma once

#include <array>
#include <vector>

#include "engine/core/hex.h"

namespace hexlaw::draw {

struct Point {
  double x = 0, y = 0;
};

// Flat-topped hexes of circumradius `size` (centre to corner); north is up.
struct HexGeometry {
  double size = 40;
  // The centre of h, before the drawing's offset.
  Point centre(Hex h) const;
  // The six corners clockwise from the east corner.
  std::array<Point, 6> corners(Hex h) const;
  // The two corners the hexside in direction d of h runs between.
  std::array<Point, 2> side(Hex h, Direction d) const;
  double width() const { return 2 * size; }
  double height() const;  // flat side to flat side
};

struct Frame {
  double min_x = 0, min_y = 0, max_x = 0, max_y = 0;
};
// The box every corner of `hexes` lies in (an empty list gives an empty box at 0).
Frame frame_of(const HexGeometry& g, const std::vector<Hex>& hexes);

}  // namespace hexlaw::draw
