// Owns: Map queries and its (de)serialisation.
#include "engine/core/map.h"

#include <climits>
#include <atomic>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "engine/core/errors.h"
#include "engine/core/yaml_read.h"

namespace hexlaw {
namespace {
const std::set<std::string> kNoFeatures;
const std::set<Hex> kNoHexes;
const std::vector<Hex> kNoEntry;

Hex parse_hex_field(const Field<CaseError>& f, ColumnLayout layout) {
  const std::string text = f.str();
  auto p = parse_ccrr(text);
  if (!p) f.fail("'" + text + "' is not a four-digit CCRR hex number (e.g. \"0407\")");
  return to_axial(*p, layout);
}
}  // namespace

Hex Map::hex(const std::string& ccrr) const {
  auto p = parse_ccrr(ccrr);
  if (!p) throw std::invalid_argument("'" + ccrr + "' is not a four-digit CCRR hex number");
  return to_axial(*p, layout_);
}

std::string Map::name(Hex h) const { return format_ccrr(to_printed(h, layout_)); }

bool Map::on_map(Hex h) const {
  if (!bounds_) return true;
  const Printed p = to_printed(h, layout_);
  return p.col >= bounds_->min_col && p.col <= bounds_->max_col && p.row >= bounds_->min_row &&
         p.row <= bounds_->max_row;
}

const std::string& Map::terrain(Hex h) const {
  auto it = terrain_.find(h);
  return it == terrain_.end() ? default_terrain_ : it->second;
}

const std::set<std::string>& Map::features(Hexside s) const {
  auto it = sides_.find(s);
  return it == sides_.end() ? kNoFeatures : it->second;
}

bool Map::has_feature(Hexside s, const std::string& feature) const { return features(s).count(feature) > 0; }

const std::set<Hex>& Map::locs(const std::string& side) const {
  auto it = locs_.find(side);
  return it == locs_.end() ? kNoHexes : it->second;
}
const std::set<Hex>& Map::objectives(const std::string& side) const {
  auto it = objectives_.find(side);
  return it == objectives_.end() ? kNoHexes : it->second;
}
const std::vector<Hex>& Map::entry_area(const std::string& name) const {
  auto it = entry_areas_.find(name);
  return it == entry_areas_.end() ? kNoEntry : it->second;
}

const std::set<Hex>& Map::place(const std::string& name) const {
  auto it = places_.find(name);
  return it == places_.end() ? kNoHexes : it->second;
}

std::vector<Hex> Map::hexes_with_terrain() const {
  std::vector<Hex> out;
  for (const auto& [h, _] : terrain_) out.push_back(h);
  std::sort(out.begin(), out.end());
  return out;
}
std::vector<Hexside> Map::hexsides_with_features() const {
  std::vector<Hexside> out;
  for (const auto& [s, f] : sides_)
    if (!f.empty()) out.push_back(s);
  std::sort(out.begin(), out.end());
  return out;
}

bool operator==(const Map& a, const Map& b) { return a.to_json() == b.to_json(); }

nlohmann::json Map::to_json() const {
  using nlohmann::json;
  json j;
  j["layout"] = hexlaw::to_string(layout_);
  j["default_terrain"] = default_terrain_;
  if (bounds_)
    j["bounds"] = {{"cols", {bounds_->min_col, bounds_->max_col}}, {"rows", {bounds_->min_row, bounds_->max_row}}};
  json hexes = json::object();
  for (Hex h : hexes_with_terrain()) hexes[name(h)] = terrain(h);
  j["hexes"] = hexes;
  json sides = json::array();
  for (const Hexside& s : hexsides_with_features())
    sides.push_back({{"between", {name(s.first()), name(s.second())}}, {"features", features(s)}});
  j["hexsides"] = sides;
  auto hex_names = [&](const auto& hs) {
    json arr = json::array();
    for (Hex h : hs) arr.push_back(name(h));
    return arr;
  };
  for (const auto& [key, src] : {std::pair{"locs", &locs_}, std::pair{"objectives", &objectives_}}) {
    json by_side = json::object();
    for (const auto& [side, hs] : *src) by_side[side] = hex_names(hs);
    j[key] = by_side;
  }
  json entries = json::object();
  for (const auto& [area, hs] : entry_areas_) entries[area] = hex_names(hs);
  j["entry_areas"] = entries;
  j["setup_hexes"] = hex_names(setup_);
  j["road_entries"] = hex_names(road_entries_);
  if (!places_.empty()) {  // written only when given, so maps without places serialise as before
    json places = json::object();
    for (const auto& [name, hs] : places_) places[name] = hex_names(hs);
    j["places"] = places;
  }
  return j;
}

// Step A. Layout first, since every hex number depends on it. Step B. Bounds and default
// terrain. Step C. Hex terrain, hexsides (which must join adjacent hexes), special hexes.
void Map::touch() {
  static std::atomic<std::uint64_t> next{1};
  revision_ = next.fetch_add(1, std::memory_order_relaxed);
}

Map Map::parse(const Field<CaseError>& f) {
  f.expect_keys({"layout", "default_terrain", "bounds", "hexes", "hexsides", "locs", "objectives",
                 "entry_areas", "setup_hexes", "road_entries", "places"});
  const std::string layout_text = f["layout"].str_or("odd-columns-low");
  auto layout = parse_column_layout(layout_text);
  if (!layout) f["layout"].fail("unknown column layout '" + layout_text + "' (odd-columns-low or even-columns-low)");
  Map m(*layout);
  m.default_terrain_ = f["default_terrain"].str_or("open");
  if (auto b = f["bounds"]; b.present()) {
    b.expect_keys({"cols", "rows"});
    auto pair = [&](const Field<CaseError>& p) {
      if (!p.is_seq() || p.size() != 2) p.fail("expected [first, last]");
      // Checked wide, then narrowed: 2^32+3 once read as 3 (issue 16).
      const long long lo = p.at(0).integer_in(LLONG_MIN, LLONG_MAX, ""), hi = p.at(1).integer_in(LLONG_MIN, LLONG_MAX, "");
      if (lo > hi || lo < 0 || hi > 99) p.fail("expected 0 <= first <= last <= 99");
      return std::pair{static_cast<int>(lo), static_cast<int>(hi)};
    };
    auto [c0, c1] = pair(b.required("cols"));
    auto [r0, r1] = pair(b.required("rows"));
    m.bounds_ = MapBounds{c0, c1, r0, r1};
  }
  f["hexes"].for_each_entry([&](const std::string& key, const Field<CaseError>& v) {
    auto p = parse_ccrr(key);
    if (!p) v.fail("'" + key + "' is not a four-digit CCRR hex number (e.g. \"0407\")");
    std::string terrain;
    if (v.is_map()) {
      v.expect_keys({"terrain"});
      terrain = v.required("terrain").str();
    } else {
      terrain = v.str();
    }
    m.terrain_[to_axial(*p, m.layout_)] = terrain;
  });
  f["hexsides"].for_each_item([&](const Field<CaseError>& s) {
    s.expect_keys({"between", "features"});
    auto between = s.required("between");
    if (!between.is_seq() || between.size() != 2) between.fail("expected two hex numbers [\"0407\", \"0507\"]");
    const Hex a = parse_hex_field(between.at(0), m.layout_), b = parse_hex_field(between.at(1), m.layout_);
    auto side = Hexside::between(a, b);
    if (!side)
      between.fail("hexes " + m.name(a) + " and " + m.name(b) + " are not adjacent, so they share no hexside");
    auto features = s.required("features");
    for (const auto& feat : features.str_list()) {
      bool known = false;
      for (const char* k : kHexsideFeatures) known = known || feat == k;
      if (!known) {
        std::string list;
        for (const char* k : kHexsideFeatures) list += (list.empty() ? "" : ", ") + std::string(k);
        features.fail("unknown hexside feature '" + feat + "' (one of " + list + ")");
      }
      m.add_feature(*side, feat);
    }
  });
  // `on_map_only`: a LOC or objective is a hex of the map, so one outside its bounds is refused
  // (a fuzz finding: an off-map LOC let a retreat end off the map).
  auto read_side_hexes = [&](const Field<CaseError>& sec, std::map<std::string, std::set<Hex>>& into,
                             bool on_map_only) {
    sec.for_each_entry([&](const std::string& side, const Field<CaseError>& list) {
      list.for_each_item([&](const Field<CaseError>& h) {
        const Hex hex = parse_hex_field(h, m.layout_);
        if (on_map_only && !m.on_map(hex)) h.fail("hex " + m.name(hex) + " is outside the map's bounds");
        into[side].insert(hex);
      });
    });
  };
  read_side_hexes(f["locs"], m.locs_, true);
  read_side_hexes(f["objectives"], m.objectives_, true);
  f["entry_areas"].for_each_entry([&](const std::string& area, const Field<CaseError>& list) {
    list.for_each_item([&](const Field<CaseError>& h) { m.entry_areas_[area].push_back(parse_hex_field(h, m.layout_)); });
  });
  read_side_hexes(f["places"], m.places_, false);
  f["setup_hexes"].for_each_item([&](const Field<CaseError>& h) { m.setup_.insert(parse_hex_field(h, m.layout_)); });
  f["road_entries"].for_each_item(
      [&](const Field<CaseError>& h) { m.road_entries_.insert(parse_hex_field(h, m.layout_)); });
  return m;
}

}  // namespace hexlaw
