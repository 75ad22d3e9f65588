// Owns: the arithmetic behind hex.h. Axial/cube formulas follow the usual flat-topped
// "offset column" conventions; the column layout picks which parity is shoved down.
#include "engine/core/hex.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace hexlaw {
namespace {


}  // namespace

const char* to_string(Direction d) {
  static constexpr const char* kNames[] = {"N", "NE", "SE", "S", "SW", "NW"};
  return kNames[static_cast<int>(d)];
}

const char* to_string(ColumnLayout layout) {
  return layout == ColumnLayout::OddColumnsLow ? "odd-columns-low" : "even-columns-low";
}

std::optional<ColumnLayout> parse_column_layout(const std::string& text) {
  if (text == "odd-columns-low") return ColumnLayout::OddColumnsLow;
  if (text == "even-columns-low") return ColumnLayout::EvenColumnsLow;
  return std::nullopt;
}

std::optional<Printed> parse_ccrr(const std::string& text) {
  if (text.size() != 4 || !std::all_of(text.begin(), text.end(), ::isdigit)) return std::nullopt;
  return Printed{std::stoi(text.substr(0, 2)), std::stoi(text.substr(2, 2))};
}

std::string format_ccrr(Printed p) {
  if (p.col >= 0 && p.col <= 99 && p.row >= 0 && p.row <= 99) {  // the common case, without printf
    const char out[4] = {static_cast<char>('0' + p.col / 10), static_cast<char>('0' + p.col % 10),
                         static_cast<char>('0' + p.row / 10), static_cast<char>('0' + p.row % 10)};
    return std::string(out, 4);
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "%02d%02d", p.col, p.row);
  return buf;
}

// Step A. The printed column is q. Step B. The row is shifted by half the column number,
// rounded towards the low columns, so that r runs along the diagonal axis (odd-q / even-q).
Hex to_axial(Printed p, ColumnLayout layout) {
  const int q = p.col;
  const int shift = layout == ColumnLayout::OddColumnsLow ? (q - (q & 1)) / 2 : (q + (q & 1)) / 2;
  return Hex{q, p.row - shift};
}

Printed to_printed(Hex h, ColumnLayout layout) {
  const int q = h.q;
  const int shift = layout == ColumnLayout::OddColumnsLow ? (q - (q & 1)) / 2 : (q + (q & 1)) / 2;
  return Printed{q, h.r + shift};
}

std::array<Hex, 6> neighbours(Hex h) {
  std::array<Hex, 6> out;
  for (int i = 0; i < 6; ++i) out[i] = neighbour(h, static_cast<Direction>(i));
  return out;
}

std::vector<Hex> hexes_within(Hex centre, int radius) {
  std::vector<Hex> out;
  if (radius < 0) return out;
  for (int dq = -radius; dq <= radius; ++dq) {
    const int lo = std::max(-radius, -dq - radius), hi = std::min(radius, -dq + radius);
    for (int dr = lo; dr <= hi; ++dr) out.push_back(Hex{centre.q + dq, centre.r + dr});
  }
  return out;
}

// Step A. Walk n+1 evenly spaced points along the segment in cube space. Step B. Nudge each
// point by a tiny epsilon so points exactly on a hexside fall consistently to one side.
// Step C. Round each point to the nearest hex (fixing the coordinate with the largest error).
std::vector<Hex> line(Hex a, Hex b, LineNudge nudge) {
  const int n = distance(a, b);
  std::vector<Hex> out;
  out.reserve(n + 1);
  const double eps = nudge == LineNudge::Positive ? 1e-6 : -1e-6;
  const double aq = a.q + eps, ar = a.r + eps, as = a.s() - 2 * eps;
  const double bq = b.q + eps, br = b.r + eps, bs = b.s() - 2 * eps;
  for (int i = 0; i <= n; ++i) {
    const double t = n == 0 ? 0.0 : static_cast<double>(i) / n;
    const double fq = aq + (bq - aq) * t, fr = ar + (br - ar) * t, fs = as + (bs - as) * t;
    double rq = std::round(fq), rr = std::round(fr), rs = std::round(fs);
    const double eq = std::abs(rq - fq), er = std::abs(rr - fr), es = std::abs(rs - fs);
    if (eq > er && eq > es) rq = -rr - rs;
    else if (er > es) rr = -rq - rs;
    out.push_back(Hex{static_cast<int>(rq), static_cast<int>(rr)});
  }
  return out;
}

}  // namespace hexlaw
