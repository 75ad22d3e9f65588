// Owns: hex geometry shared by every rule system — printed CCRR numbers, axial/cube
// coordinates, neighbours, distance, hexsides as values, ranges and lines between centres.
//
// Maps use flat-topped hexes in vertical columns. A printed number "CCRR" names column CC
// and row RR. Which columns sit half a hex lower than their neighbours differs from map to
// map, so the conversion takes a ColumnLayout rather than assuming one.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hexlaw {

// Axial coordinates (q = column axis, r = the diagonal row axis); s = -q - r is implied.
struct Hex {
  int q = 0;
  int r = 0;
  constexpr int s() const { return -q - r; }
  friend constexpr bool operator==(const Hex&, const Hex&) = default;
  friend constexpr auto operator<=>(const Hex&, const Hex&) = default;
};

// The six directions of a flat-topped hex, clockwise from north.
enum class Direction : std::uint8_t { N = 0, NE = 1, SE = 2, S = 3, SW = 4, NW = 5 };
inline constexpr std::array<Direction, 6> kAllDirections = {
    Direction::N, Direction::NE, Direction::SE, Direction::S, Direction::SW, Direction::NW};
inline Direction opposite(Direction d) { return static_cast<Direction>((static_cast<int>(d) + 3) % 6); }
const char* to_string(Direction d);

// Which printed columns sit half a hex lower than the columns beside them.
enum class ColumnLayout : std::uint8_t { OddColumnsLow, EvenColumnsLow };
const char* to_string(ColumnLayout layout);
std::optional<ColumnLayout> parse_column_layout(const std::string& text);

// A printed map position: column and row as on the map ("0407" is column 4, row 7).
struct Printed {
  int col = 0;
  int row = 0;
  friend constexpr bool operator==(const Printed&, const Printed&) = default;
};

// Parses "CCRR" (exactly four digits). Returns nullopt on anything else.
std::optional<Printed> parse_ccrr(const std::string& text);
std::string format_ccrr(Printed p);  // always four digits, "0407"

Hex to_axial(Printed p, ColumnLayout layout);
Printed to_printed(Hex h, ColumnLayout layout);

inline constexpr std::array<Hex, 6> kDirectionDelta = {Hex{0, -1}, Hex{1, -1}, Hex{1, 0},
                                                       Hex{0, 1},  Hex{-1, 1}, Hex{-1, 0}};
inline Hex neighbour(Hex h, Direction d) {
  const Hex& delta = kDirectionDelta[static_cast<int>(d)];
  return Hex{h.q + delta.q, h.r + delta.r};
}
std::array<Hex, 6> neighbours(Hex h);
inline int distance(Hex a, Hex b) {
  const int dq = a.q - b.q, dr = a.r - b.r, ds = a.s() - b.s();
  return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}
// The direction from a to b when they are adjacent; nullopt otherwise.
inline std::optional<Direction> direction_to(Hex a, Hex b) {
  const int dq = b.q - a.q, dr = b.r - a.r;
  if (dq < -1 || dq > 1 || dr < -1 || dr > 1) return std::nullopt;
  switch ((dq + 1) * 3 + (dr + 1)) {  // dq, dr in -1..1
    case 3 * 1 + 0: return Direction::N;   // ( 0, -1)
    case 3 * 2 + 0: return Direction::NE;  // ( 1, -1)
    case 3 * 2 + 1: return Direction::SE;  // ( 1,  0)
    case 3 * 1 + 2: return Direction::S;   // ( 0,  1)
    case 3 * 0 + 2: return Direction::SW;  // (-1,  1)
    case 3 * 0 + 1: return Direction::NW;  // (-1,  0)
    default: return std::nullopt;
  }
}

// Every hex at distance <= radius from centre, in a fixed order (by q, then r).
std::vector<Hex> hexes_within(Hex centre, int radius);

// The hexes whose centres the straight segment between the centres of a and b passes
// through, from a to b inclusive. A segment running exactly along a hexside touches two
// hexes; `nudge` decides which one is listed (the engine's line-of-sight rules decide what a
// grazed hexside means, not this function).
enum class LineNudge : std::uint8_t { Positive, Negative };
std::vector<Hex> line(Hex a, Hex b, LineNudge nudge = LineNudge::Positive);

// A hexside: the edge shared by two adjacent hexes, as a value of its own. Stored in
// canonical form (the hex and one of the directions N, NE, SE), so the hexside between a
// and b equals the hexside between b and a.
class Hexside {
 public:
  // nullopt when a and b are not adjacent.
  static std::optional<Hexside> between(Hex a, Hex b) {
    auto d = direction_to(a, b);
    if (!d) return std::nullopt;
    return of(a, *d);
  }
  static Hexside of(Hex h, Direction d) {
    if (static_cast<int>(d) >= 3) return Hexside(neighbour(h, d), opposite(d));
    return Hexside(h, d);
  }
  Hex first() const { return hex_; }
  Hex second() const { return neighbour(hex_, dir_); }
  Direction direction() const { return dir_; }
  bool touches(Hex h) const { return h == first() || h == second(); }
  friend bool operator==(const Hexside&, const Hexside&) = default;
  friend auto operator<=>(const Hexside&, const Hexside&) = default;

 private:
  Hexside(Hex h, Direction d) : hex_(h), dir_(d) {}
  Hex hex_;
  Direction dir_;
};

struct HexHash {
  std::size_t operator()(const Hex& h) const noexcept {
    return std::hash<std::int64_t>{}((static_cast<std::int64_t>(h.q) << 32) ^
                                     static_cast<std::uint32_t>(h.r));
  }
};
struct HexsideHash {
  std::size_t operator()(const Hexside& s) const noexcept {
    return HexHash{}(s.first()) * 7 + static_cast<std::size_t>(s.direction());
  }
};

}  // namespace hexlaw
