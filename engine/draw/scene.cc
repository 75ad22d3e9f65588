// Owns: rendering a scene to SVG — the map fragment (terrain, hexsides, special hexes, CCRR
// numbers), shaded hexes, routes, counters, the notes above and the off-map units and odds
// bars below. Colours are presentation only: a terrain or side with no colour of its own gets
// a neutral one and its name written out.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "engine/draw/scene.h"
#include "engine/draw/svg.h"

namespace hexlaw::draw {

namespace {

constexpr double kMargin = 16;
constexpr double kLine = 16;  // height of a line of notes

// 1. Colours.
std::string terrain_fill(const std::string& t) {
  static const std::map<std::string, std::string> colours = {
      {"open", "#f4f1de"},     {"clear", "#f4f1de"},    {"town", "#d9c2a7"},    {"village", "#e3cfb4"},
      {"city", "#cfb597"},     {"forest", "#a7c796"},   {"wood", "#a7c796"},    {"woods", "#a7c796"},
      {"marsh", "#b9d3cf"},    {"swamp", "#b9d3cf"},    {"rough", "#d6cdb0"},   {"hill", "#e0d29a"},
      {"fortified", "#c9b3b3"}, {"redoubt", "#c4a5a5"}, {"citadel", "#b89595"}, {"grosser_garten", "#b5d1a0"},
      {"lake", "#9cc3e6"},     {"water", "#9cc3e6"}};
  auto it = colours.find(t);
  return it == colours.end() ? "#e8e8e8" : it->second;
}

std::string side_fill(const std::string& side) {
  static const std::map<std::string, std::string> colours = {
      {"french", "#3a5fcd"},  {"prussian", "#3c3c3c"}, {"austrian", "#f2f2f2"}, {"russian", "#2e7d32"},
      {"british", "#c62828"}, {"allied", "#ef8a17"},   {"saxon", "#fbc02d"},    {"swedish", "#fdd835"},
      {"coalition", "#ef8a17"}, {"austro-prussian", "#f2f2f2"}, {"imperial", "#f2f2f2"}};
  auto it = colours.find(side);
  if (it != colours.end()) return it->second;
  static const char* palette[] = {"#8e24aa", "#00897b", "#6d4c41", "#5c6bc0", "#c0ca33"};
  std::size_t h = 0;
  for (char ch : side) h = h * 31 + static_cast<unsigned char>(ch);
  return palette[h % 5];
}

// Light sides get dark text.
std::string side_ink(const std::string& fill) {
  return (fill == "#f2f2f2" || fill == "#fbc02d" || fill == "#fdd835" || fill == "#c0ca33") ? "#111" : "#fff";
}

struct ShadeStyle {
  const char* fill;
  const char* stroke;
};
ShadeStyle shade_style(const std::string& kind) {
  if (kind == "zoc") return {"#ff9800", "none"};
  if (kind == "reach") return {"#4caf50", "none"};
  if (kind == "stop") return {"#fbc02d", "#f57f17"};
  if (kind == "hazard") return {"#e53935", "#b71c1c"};
  if (kind == "attacker") return {"#1e88e5", "#0d47a1"};
  if (kind == "defender") return {"#e53935", "#b71c1c"};
  if (kind == "failed") return {"#b71c1c", "#b71c1c"};
  if (kind == "focus") return {"#7e57c2", "#4527a0"};
  return {"none", "none"};  // note: a label only
}

std::string route_colour(const std::string& kind) {
  if (kind == "retreat") return "#c62828";
  if (kind == "advance") return "#2e7d32";
  if (kind == "failed") return "#6a1b9a";
  return "#1565c0";
}

std::string points(const std::array<Point, 6>& ps, Point off) {
  std::string out;
  for (const auto& p : ps) out += (out.empty() ? "" : " ") + num(p.x + off.x) + "," + num(p.y + off.y);
  return out;
}

// 2. The NATO-style type symbol inside a box at (x, y) of width w.
void type_symbol(SvgWriter& svg, const std::string& symbol, double x, double y, double w, const std::string& ink) {
  const double h = w * 0.62;
  const Attrs line = {{"stroke", ink}, {"stroke-width", "1.3"}, {"fill", "none"}};
  svg.element("rect", {{"x", num(x)}, {"y", num(y)}, {"width", num(w)}, {"height", num(h)}, {"fill", "none"},
                       {"stroke", ink}, {"stroke-width", "1.3"}});
  auto seg = [&](double x1, double y1, double x2, double y2) {
    Attrs a = line;
    a.insert(a.begin(), {{"x1", num(x1)}, {"y1", num(y1)}, {"x2", num(x2)}, {"y2", num(y2)}});
    svg.element("line", a);
  };
  if (symbol == "infantry" || symbol == "cadre") {
    seg(x, y, x + w, y + h), seg(x, y + h, x + w, y);
  } else if (symbol == "cavalry") {
    seg(x, y + h, x + w, y);
  } else if (symbol == "artillery") {
    svg.element("circle", {{"cx", num(x + w / 2)}, {"cy", num(y + h / 2)}, {"r", num(h / 4)}, {"fill", ink}});
  } else {
    const char* letter = symbol == "leader" ? "L" : symbol == "commander" ? "C" : symbol == "garrison" ? "G"
                         : symbol == "dummy" ? "?" : "·";
    svg.text(x + w / 2, y + h * 0.8, letter, {{"font-size", num(h * 0.85)}, {"text-anchor", "middle"}, {"fill", ink}});
  }
  if (symbol == "cadre") svg.text(x + w + 1, y + h, "c", {{"font-size", "7"}, {"fill", ink}});
}

std::string marker_tag(const std::string& m) {
  static const std::map<std::string, std::string> short_names = {
      {"elite", "E"},     {"guard", "G"},     {"light", "Lt"},  {"unreliable", "U"}, {"routed", "R"},
      {"hidden", "H"},    {"committed", "C"}, {"tired", "T"},   {"weary", "W"},      {"spent", "S"},
      {"harnessed", "h"}, {"charge", "ch"},   {"noncommanded", "nc"}, {"reserve", "rs"}, {"moved", "m"},
      {"good-order", ""}, {"disorganised-1", "D1"}, {"disorganised-2", "D2"}, {"rout", "R"}};
  auto it = short_names.find(m);
  return it == short_names.end() ? m.substr(0, 2) : it->second;
}

// 3. One counter centred at c, moved `shift` down and right (a stack spreads its counters).
void draw_counter(SvgWriter& svg, const Counter& u, Point c, double size, double shift, Point origin_for_facing) {
  const double w = size * 0.95;
  c.x += shift, c.y += shift;
  const std::string fill = side_fill(u.side), ink = side_ink(fill);
  std::string tip = u.id + " (" + u.side + ", " + u.symbol + (u.values.empty() ? "" : " " + u.values) + ")";
  for (const auto& m : u.markers) tip += " " + m;
  svg.open("g", {{"class", "counter"}, {"data-unit", u.id}, {"data-side", u.side}});
  svg.title(tip);
  if (u.facing) {
    // The facing: a wedge on the hexside the unit faces.
    const double a = -M_PI / 2 + M_PI / 3 * static_cast<int>(*u.facing);
    const double r = size * 0.82;
    Point tip_pt{origin_for_facing.x + r * std::cos(a), origin_for_facing.y + r * std::sin(a)};
    Point l{origin_for_facing.x + 0.55 * size * std::cos(a - 0.35), origin_for_facing.y + 0.55 * size * std::sin(a - 0.35)};
    Point rr{origin_for_facing.x + 0.55 * size * std::cos(a + 0.35), origin_for_facing.y + 0.55 * size * std::sin(a + 0.35)};
    svg.element("polygon", {{"class", "facing"},
                            {"points", num(tip_pt.x) + "," + num(tip_pt.y) + " " + num(l.x) + "," + num(l.y) + " " +
                                           num(rr.x) + "," + num(rr.y)},
                            {"fill", fill}, {"stroke", "#000"}, {"stroke-width", "0.8"}});
  }
  const bool routed = std::find(u.markers.begin(), u.markers.end(), "routed") != u.markers.end() ||
                      std::find(u.markers.begin(), u.markers.end(), "rout") != u.markers.end();
  svg.element("rect", {{"x", num(c.x - w / 2)}, {"y", num(c.y - w / 2)}, {"width", num(w)}, {"height", num(w)},
                       {"rx", "3"}, {"fill", fill}, {"stroke", routed ? "#d50000" : "#000"},
                       {"stroke-width", routed ? "2.5" : "1"}});
  // The id, shortened to fit the counter (the whole id is in the tooltip).
  const std::string shown = u.id.size() > 7 ? u.id.substr(0, 6) + "." : u.id;
  svg.text(c.x, c.y - w / 2 + 9, shown, {{"font-size", "8"}, {"text-anchor", "middle"}, {"fill", ink}});
  type_symbol(svg, u.symbol, c.x - w * 0.28, c.y - w * 0.2, w * 0.56, ink);
  if (!u.values.empty())
    svg.text(c.x, c.y + w / 2 - 3, u.values, {{"font-size", "9"}, {"font-weight", "bold"}, {"text-anchor", "middle"}, {"fill", ink}});
  // Markers as small tags along the counter's right edge.
  double ty = c.y - w / 2;
  for (const auto& m : u.markers) {
    const std::string tag = marker_tag(m);
    if (tag.empty()) continue;
    const bool bad = m == "routed" || m == "rout" || m == "spent" || m == "weary" || m == "tired" ||
                     m.rfind("disorganised", 0) == 0;
    svg.element("rect", {{"class", "marker"}, {"x", num(c.x + w / 2 - 2)}, {"y", num(ty)}, {"width", "13"}, {"height", "9"},
                         {"fill", bad ? "#d50000" : "#ffd600"}, {"stroke", "#000"}, {"stroke-width", "0.5"}});
    svg.text(c.x + w / 2 + 4.5, ty + 7.5, tag, {{"font-size", "7"}, {"text-anchor", "middle"}, {"fill", bad ? "#fff" : "#000"}});
    ty += 10;
  }
  svg.close();
}

}  // namespace

std::vector<Hex> scene_hexes(const Scene& s) {
  // 1. The hexes where something happens (terrain, hexsides, units, the answer's marks), and
  // the special hexes (LOCs, objectives, entries), which may lie far off.
  std::set<Hex> action, special;
  if (s.map) {
    const Map& m = *s.map;
    for (Hex h : m.hexes_with_terrain()) action.insert(h);
    for (const Hexside& side : m.hexsides_with_features()) action.insert(side.first()), action.insert(side.second());
    for (const auto& [side, hexes] : m.all_locs()) special.insert(hexes.begin(), hexes.end());
    for (const auto& [side, hexes] : m.all_objectives()) special.insert(hexes.begin(), hexes.end());
    for (const auto& [area, hexes] : m.all_entry_areas()) special.insert(hexes.begin(), hexes.end());
    special.insert(m.setup_hexes().begin(), m.setup_hexes().end());
    special.insert(m.road_entries().begin(), m.road_entries().end());
  }
  for (const auto& c : s.counters)
    if (c.on_map) action.insert(c.hex);
  for (const auto& sh : s.shades) action.insert(sh.hex);
  for (const auto& r : s.routes) action.insert(r.hexes.begin(), r.hexes.end());
  for (const auto& [a, b] : s.slopes) action.insert(a), action.insert(b);
  if (action.empty() && special.empty()) action.insert(s.map ? s.map->hex("0101") : Hex{1, 1});
  // 2. The printed rectangle around the action, one hex wider each way, grown to take in each
  // special hex while it stays small; special hexes beyond stand apart with their ring.
  const ColumnLayout layout = s.map ? s.map->layout() : ColumnLayout::OddColumnsLow;
  struct Rect {
    int c0 = 1 << 20, c1 = -(1 << 20), r0 = 1 << 20, r1 = -(1 << 20);
    void take(Printed p) { c0 = std::min(c0, p.col), c1 = std::max(c1, p.col), r0 = std::min(r0, p.row), r1 = std::max(r1, p.row); }
    long area() const { return c1 < c0 ? 0 : static_cast<long>(c1 - c0 + 1) * (r1 - r0 + 1); }
  } rect;
  for (Hex h : action) rect.take(to_printed(h, layout));
  if (rect.area() > 0) rect.c0 -= 1, rect.c1 += 1, rect.r0 -= 1, rect.r1 += 1;
  std::set<Hex> core = action;
  for (Hex h : special) {
    Rect grown = rect;
    grown.take(to_printed(h, layout));
    if (grown.area() <= 100) rect = grown;
    core.insert(h);
  }
  if (rect.area() <= 300)
    for (int col = rect.c0; col <= rect.c1; ++col)
      for (int row = rect.r0; row <= rect.r1; ++row) core.insert(to_axial(Printed{col, row}, layout));
  std::set<Hex> all = core;
  for (Hex h : core)
    for (Hex n : neighbours(h)) all.insert(n);
  std::vector<Hex> out;
  for (Hex h : all)
    if (!s.map || s.map->on_map(h) || core.count(h)) out.push_back(h);
  return out;
}

std::string render_svg(const Scene& s, const HexGeometry& g) {
  // 1. The frame: notes on top, the map, then off-map units and bars.
  const std::vector<Hex> hexes = scene_hexes(s);
  const Frame f = frame_of(g, hexes);
  std::vector<const Counter*> off;
  for (const auto& c : s.counters)
    if (!c.on_map) off.push_back(&c);
  const double top = kMargin + (s.title.empty() ? 0 : 22) + kLine * s.notes.size() + (s.notes.empty() ? 0 : 6);
  const double map_w = f.max_x - f.min_x, map_h = f.max_y - f.min_y;
  const double below = kLine + 4 + (off.empty() ? 0 : kLine * (off.size() + 1) + 6) + (s.bars.empty() ? 0 : 22.0 * s.bars.size() + 22);
  std::size_t longest = s.title.size();
  for (const auto& n : s.notes) longest = std::max(longest, n.size());
  const double width = std::max({map_w + 2 * kMargin, 520.0, std::min(1400.0, longest * 6.6 + 2 * kMargin)});
  const double height = top + map_h + below + 2 * kMargin;
  const Point o{kMargin - f.min_x + (width - 2 * kMargin - map_w) / 2, top - f.min_y};
  SvgWriter svg(width, height);
  svg.element("rect", {{"x", "0"}, {"y", "0"}, {"width", num(width)}, {"height", num(height)}, {"fill", "#ffffff"}});
  double y = kMargin + 14;
  if (!s.title.empty()) {
    svg.text(kMargin, y, s.title, {{"class", "title"}, {"font-size", "15"}, {"font-weight", "bold"}});
    y += 22;
  }
  for (const auto& n : s.notes) {
    svg.text(kMargin, y - 4, n, {{"class", "note"}, {"font-size", "11.5"}});
    y += kLine;
  }
  svg.open("defs");
  for (const char* kind : {"path", "retreat", "advance", "failed"}) {
    svg.open("marker", {{"id", std::string("arrow-") + kind}, {"viewBox", "0 0 10 10"}, {"refX", "8"}, {"refY", "5"},
                        {"markerWidth", "6"}, {"markerHeight", "6"}, {"orient", "auto-start-reverse"}});
    svg.element("path", {{"d", "M 0 0 L 10 5 L 0 10 z"}, {"fill", route_colour(kind)}});
    svg.close();
  }
  svg.close();
  auto at = [&](Point p) { return Point{p.x + o.x, p.y + o.y}; };
  // 2. The hexes: terrain fill and number (the terrain named in the legend below).
  std::set<std::string> terrains;
  svg.open("g", {{"class", "map"}});
  for (Hex h : hexes) {
    const std::string t = s.map ? s.map->terrain(h) : "open";
    const bool off_map = s.map && !s.map->on_map(h);
    svg.open("g", {{"class", "hex"}, {"data-hex", s.map ? s.map->name(h) : ""}});
    svg.element("polygon", {{"points", points(g.corners(h), o)}, {"fill", off_map ? "#bdbdbd" : terrain_fill(t)},
                            {"stroke", "#9e9e9e"}, {"stroke-width", "1"}});
    const Point c = at(g.centre(h));
    if (s.map) svg.text(c.x, c.y - g.size * 0.62, s.map->name(h), {{"font-size", "8"}, {"text-anchor", "middle"}, {"fill", "#555"}});
    if (!off_map) terrains.insert(t);
    svg.close();
  }
  svg.close();
  // 3. Shades (under the hexsides and counters).
  svg.open("g", {{"class", "shades"}});
  std::map<Hex, std::string> labels_in_hex;
  for (const auto& sh : s.shades) {
    const ShadeStyle st = shade_style(sh.kind);
    svg.open("g", {{"class", "shade " + sh.kind}, {"data-hex", s.map ? s.map->name(sh.hex) : ""}});
    if (std::string(st.fill) != "none" || std::string(st.stroke) != "none")
      svg.element("polygon", {{"points", points(g.corners(sh.hex), o)}, {"fill", st.fill}, {"fill-opacity", "0.32"},
                              {"stroke", st.stroke}, {"stroke-width", "2"}});
    if (!sh.label.empty()) {
      std::string& l = labels_in_hex[sh.hex];
      if (l.find(sh.label) == std::string::npos) l += (l.empty() ? "" : ", ") + sh.label;
    }
    svg.close();
  }
  svg.close();
  // 4. Hexside features: rivers along the side, roads and bridges across it.
  svg.open("g", {{"class", "hexsides"}});
  if (s.map) {
    const std::set<Hex> shown(hexes.begin(), hexes.end());
    for (const Hexside& side : s.map->hexsides_with_features()) {
      if (!shown.count(side.first()) && !shown.count(side.second())) continue;
      const auto& fs = s.map->features(side);
      const auto ends = g.side(side.first(), side.direction());
      const Point a = at(ends[0]), b = at(ends[1]);
      const Point c1 = at(g.centre(side.first())), c2 = at(g.centre(side.second()));
      std::string names;
      for (const auto& ft : fs) names += (names.empty() ? "" : ", ") + ft;
      svg.open("g", {{"class", "hexside"}, {"data-hexside", s.map->name(side.first()) + "-" + s.map->name(side.second())}});
      svg.title(s.map->name(side.first()) + "/" + s.map->name(side.second()) + ": " + names);
      auto along = [&](const char* colour, const char* w, const char* dash) {
        Attrs at_ = {{"x1", num(a.x)}, {"y1", num(a.y)}, {"x2", num(b.x)}, {"y2", num(b.y)}, {"stroke", colour},
                     {"stroke-width", w}, {"stroke-linecap", "round"}};
        if (*dash) at_.emplace_back("stroke-dasharray", dash);
        svg.element("line", at_);
      };
      for (const auto& ft : fs) {
        if (ft == "major_river" || ft == "elster") along("#1565c0", "6", "");
        else if (ft == "minor_river") along("#42a5f5", "3.5", "");
        else if (ft == "landgraben") along("#26a69a", "4", "");
        else if (ft == "fortification") along("#6d4c41", "4", "3 2");
        else if (ft == "ford") along("#90caf9", "6", "2 3");
      }
      for (const auto& ft : fs) {
        if (ft == "road")
          svg.element("line", {{"x1", num(c1.x)}, {"y1", num(c1.y)}, {"x2", num(c2.x)}, {"y2", num(c2.y)},
                               {"stroke", "#8d6e63"}, {"stroke-width", "3"}, {"stroke-dasharray", "6 3"}, {"opacity", "0.8"}});
        if (ft == "bridge" || ft == "pontoon_bridge") {
          // A short deck across the side's middle, from one centre towards the other.
          const Point m{(a.x + b.x) / 2, (a.y + b.y) / 2};
          const double dx = (c2.x - c1.x) * 0.22, dy = (c2.y - c1.y) * 0.22;
          svg.element("line", {{"x1", num(m.x - dx)}, {"y1", num(m.y - dy)}, {"x2", num(m.x + dx)}, {"y2", num(m.y + dy)},
                               {"stroke", ft == "bridge" ? "#5d4037" : "#757575"}, {"stroke-width", "7"}});
        }
      }
      svg.close();
    }
  }
  for (const auto& [a, b] : s.slopes) {
    auto d = direction_to(a, b);
    if (!d) continue;
    const auto ends = g.side(a, *d);
    svg.element("line", {{"class", "slope"}, {"x1", num(at(ends[0]).x)}, {"y1", num(at(ends[0]).y)},
                         {"x2", num(at(ends[1]).x)}, {"y2", num(at(ends[1]).y)}, {"stroke", "#8d6e63"},
                         {"stroke-width", "4"}, {"stroke-dasharray", "1 3"}});
  }
  svg.close();
  // 5. Special hexes: LOCs (ring in the side's colour), objectives (star), entry areas.
  svg.open("g", {{"class", "special"}});
  if (s.map) {
    for (const auto& [side, hs] : s.map->all_locs())
      for (Hex h : hs) {
        const Point c = at(g.centre(h));
        svg.element("circle", {{"class", "loc"}, {"cx", num(c.x)}, {"cy", num(c.y)}, {"r", num(g.size * 0.78)}, {"fill", "none"},
                               {"stroke", side_fill(side)}, {"stroke-width", "3"}, {"stroke-dasharray", "5 3"}});
        svg.text(c.x - g.size * 0.55, c.y - g.size * 0.3, "LOC", {{"font-size", "7"}, {"fill", side_fill(side) == "#f2f2f2" ? "#555" : side_fill(side)}});
      }
    for (const auto& [side, hs] : s.map->all_objectives())
      for (Hex h : hs) {
        const Point c = at(g.centre(h));
        const double r = 6, cx = c.x + g.size * 0.55, cy = c.y - g.size * 0.3;
        std::string pts;
        for (int i = 0; i < 10; ++i) {
          const double a = -M_PI / 2 + M_PI / 5 * i, rr = i % 2 ? r * 0.45 : r;
          pts += (pts.empty() ? "" : " ") + num(cx + rr * std::cos(a)) + "," + num(cy + rr * std::sin(a));
        }
        svg.element("polygon", {{"class", "objective"}, {"points", pts}, {"fill", side_fill(side)}, {"stroke", "#000"}, {"stroke-width", "0.6"}});
      }
    for (const auto& [area, hs] : s.map->all_entry_areas())
      for (Hex h : hs) {
        const Point c = at(g.centre(h));
        svg.text(c.x - g.size * 0.62, c.y + g.size * 0.35, "entry " + area, {{"class", "entry"}, {"font-size", "7"}, {"fill", "#33691e"}});
      }
    for (Hex h : s.map->setup_hexes()) {
      const Point c = at(g.centre(h));
      svg.element("circle", {{"class", "setup"}, {"cx", num(c.x + g.size * 0.6)}, {"cy", num(c.y + g.size * 0.3)}, {"r", "2.5"}, {"fill", "#333"}});
    }
  }
  svg.close();
  // 6. Routes, each a little offset from the last so that routes sharing hexes stay apart.
  svg.open("g", {{"class", "routes"}});
  for (std::size_t i = 0; i < s.routes.size(); ++i) {
    const Route& r = s.routes[i];
    if (r.hexes.empty()) continue;
    const double shift = (static_cast<double>(i % 5) - 2) * 3;
    std::string pts;
    for (Hex h : r.hexes) {
      const Point c = at(g.centre(h));
      pts += (pts.empty() ? "" : " ") + num(c.x + shift) + "," + num(c.y + shift);
    }
    svg.open("g", {{"class", "route " + r.kind}});
    if (!r.name.empty()) svg.title(r.name);
    svg.element("polyline", {{"points", pts}, {"fill", "none"}, {"stroke", route_colour(r.kind)}, {"stroke-width", "3"},
                             {"stroke-opacity", "0.85"}, {"marker-end", "url(#arrow-" + (r.kind == "retreat" || r.kind == "advance" || r.kind == "failed" ? r.kind : std::string("path")) + ")"}});
    for (std::size_t k = 0; k < r.hexes.size() && k < r.labels.size(); ++k) {
      if (r.labels[k].empty()) continue;
      const Point c = at(g.centre(r.hexes[k]));
      svg.element("circle", {{"cx", num(c.x + shift + g.size * 0.42)}, {"cy", num(c.y + shift - g.size * 0.05)}, {"r", "7"},
                             {"fill", "#fff"}, {"stroke", route_colour(r.kind)}});
      svg.text(c.x + shift + g.size * 0.42, c.y + shift - g.size * 0.05 + 3, r.labels[k],
               {{"font-size", "8"}, {"text-anchor", "middle"}, {"fill", route_colour(r.kind)}});
    }
    svg.close();
  }
  svg.close();
  // 7. Counters on the map, stacks offset.
  svg.open("g", {{"class", "counters"}});
  std::map<Hex, int> in_hex, stack;
  for (const auto& u : s.counters)
    if (u.on_map) ++stack[u.hex];
  for (const auto& u : s.counters) {
    if (!u.on_map) continue;
    const Point c = at(g.centre(u.hex));
    const double shift = (in_hex[u.hex]++ - (stack[u.hex] - 1) / 2.0) * 8;
    draw_counter(svg, u, c, g.size * 0.9, shift, c);
  }
  svg.close();
  // The shades' labels, one line per hex along its lower edge, over everything.
  svg.open("g", {{"class", "labels"}});
  for (const auto& [h, l] : labels_in_hex) {
    const Point c = at(g.centre(h));
    svg.element("rect", {{"x", num(c.x - l.size() * 2.2 - 2)}, {"y", num(c.y + g.size * 0.5)}, {"width", num(l.size() * 4.4 + 4)},
                         {"height", "10"}, {"fill", "#ffffff"}, {"fill-opacity", "0.65"}, {"rx", "2"}});
    svg.text(c.x, c.y + g.size * 0.5 + 8, l, {{"font-size", "8"}, {"text-anchor", "middle"}, {"fill", "#000"}});
  }
  svg.close();
  // 8. Below the map: the terrain legend, units off it, then the odds bars.
  y = top + map_h + kMargin;
  {
    svg.open("g", {{"class", "legend"}});
    double x = kMargin;
    for (const auto& t : terrains) {
      svg.element("rect", {{"x", num(x)}, {"y", num(y)}, {"width", "10"}, {"height", "10"}, {"fill", terrain_fill(t)}, {"stroke", "#9e9e9e"}});
      svg.text(x + 14, y + 9, t, {{"font-size", "10"}});
      x += 24 + t.size() * 6;
    }
    // The kinds of shading used, in the colours drawn.
    std::set<std::string> kinds;
    for (const auto& sh : s.shades)
      if (sh.kind != "note" && kinds.insert(sh.kind).second) {
        const ShadeStyle st = shade_style(sh.kind);
        svg.element("rect", {{"x", num(x)}, {"y", num(y)}, {"width", "10"}, {"height", "10"}, {"fill", st.fill},
                             {"fill-opacity", "0.45"}, {"stroke", st.stroke}});
        const std::string name = sh.kind == "zoc" ? "zone of control" : sh.kind == "reach" ? "reachable"
                                 : sh.kind == "failed" ? "illegal or broken" : sh.kind == "focus" ? "asked about" : sh.kind;
        svg.text(x + 14, y + 9, name, {{"font-size", "10"}});
        x += 24 + name.size() * 6;
      }
    svg.close();
    y += kLine + 4;
  }
  if (!off.empty()) {
    svg.open("g", {{"class", "off-map"}});
    svg.text(kMargin, y + 8, "Off the map:", {{"font-size", "11"}, {"font-weight", "bold"}});
    y += kLine;
    for (const Counter* u : off) {
      svg.open("g", {{"class", "counter off"}, {"data-unit", u->id}, {"data-side", u->side}});
      svg.element("rect", {{"x", num(kMargin)}, {"y", num(y - 1)}, {"width", "10"}, {"height", "10"}, {"fill", side_fill(u->side)}, {"stroke", "#000"}});
      std::string line = u->id + " (" + u->side + ", " + u->symbol + (u->values.empty() ? "" : " " + u->values) + "): " + u->off_map;
      svg.text(kMargin + 16, y + 8, line, {{"font-size", "10"}});
      svg.close();
      y += kLine;
    }
    svg.close();
    y += 6;
  }
  if (!s.bars.empty()) {
    svg.open("g", {{"class", "odds"}});
    svg.text(kMargin, y + 10, "Odds of each outcome:", {{"font-size", "11"}, {"font-weight", "bold"}});
    y += 22;
    const double bar_w = std::max(120.0, (width - 2 * kMargin) * 0.35);
    for (const auto& b : s.bars) {
      svg.open("g", {{"class", "bar"}});
      svg.element("rect", {{"x", num(kMargin)}, {"y", num(y - 2)}, {"width", num(bar_w)}, {"height", "14"}, {"fill", "#eeeeee"}});
      svg.element("rect", {{"x", num(kMargin)}, {"y", num(y - 2)}, {"width", num(bar_w * std::clamp(b.p, 0.0, 1.0))},
                           {"height", "14"}, {"fill", "#5c6bc0"}});
      char pct[32];
      std::snprintf(pct, sizeof pct, "%.1f%%", b.p * 100);
      svg.text(kMargin + bar_w + 8, y + 9, std::string(pct) + " (" + b.fraction + ")  " + b.label, {{"font-size", "10"}});
      svg.close();
      y += 22;
    }
    svg.close();
  }
  return svg.str();
}

}  // namespace hexlaw::draw
