// Owns: the arithmetic of hex centres and corners.
#include "engine/draw/geometry.h"

#include <algorithm>
#include <cmath>

namespace hexlaw::draw {

namespace {
constexpr double kSqrt3 = 1.7320508075688772;
}

// Axial q runs along the columns (1.5 sizes apart); r and half of q set the height, which is
// what makes every other column sit half a hex lower in either layout.
Point HexGeometry::centre(Hex h) const {
  return Point{1.5 * size * h.q, kSqrt3 * size * (h.r + h.q / 2.0)};
}

double HexGeometry::height() const { return kSqrt3 * size; }

std::array<Point, 6> HexGeometry::corners(Hex h) const {
  const Point c = centre(h);
  std::array<Point, 6> out;
  for (int i = 0; i < 6; ++i) {
    const double a = M_PI / 3 * i;  // 0 = east corner, then clockwise on screen (y grows down)
    out[i] = Point{c.x + size * std::cos(a), c.y + size * std::sin(a)};
  }
  return out;
}

// Corners by index (0 east, 1 south-east, 2 south-west, 3 west, 4 north-west, 5 north-east):
// the N side joins 4 and 5, NE joins 5 and 0, SE 0 and 1, S 1 and 2, SW 2 and 3, NW 3 and 4.
std::array<Point, 2> HexGeometry::side(Hex h, Direction d) const {
  static constexpr int kFirst[6] = {4, 5, 0, 1, 2, 3};
  const auto c = corners(h);
  const int i = kFirst[static_cast<int>(d)];
  return {c[i], c[(i + 1) % 6]};
}

Frame frame_of(const HexGeometry& g, const std::vector<Hex>& hexes) {
  if (hexes.empty()) return Frame{};
  Frame f{1e18, 1e18, -1e18, -1e18};
  for (Hex h : hexes)
    for (const Point& p : g.corners(h)) {
      f.min_x = std::min(f.min_x, p.x), f.min_y = std::min(f.min_y, p.y);
      f.max_x = std::max(f.max_x, p.x), f.max_y = std::max(f.max_y, p.y);
    }
  return f;
}

}  // namespace hexlaw::draw
