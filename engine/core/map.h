// Owns: the map — terrain of each hex, features on hexsides (rivers, bridges, fords, roads,
// and later landgraben, pontoon bridges, fortification lines), special hexes (each side's
// LOC and objective hexes, entry areas, setup hexes) and the map's edges. A map may be a
// fragment: only the hexes that matter, the rest taking a default terrain.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/hex.h"

namespace hexlaw {

class CaseError;
template <class ErrorT>
class Field;

// Hexside features the engine knows. Games may add more; the terrain chart in spec/ says
// what each does.
inline constexpr const char* kHexsideFeatures[] = {
    "major_river", "minor_river", "bridge", "ford", "road", "landgraben", "pontoon_bridge",
    "fortification", "elster"};

struct MapBounds {  // printed column and row ranges, inclusive
  int min_col = 1, max_col = 1, min_row = 1, max_row = 1;
};

class Map {
 public:
  Map() { touch(); }
  explicit Map(ColumnLayout layout) : layout_(layout) { touch(); }

  // A number naming this map's content for caches: new for every map made and after every
  // change; a copy keeps its original's number (same content, same facts).
  std::uint64_t revision() const { return revision_; }

  ColumnLayout layout() const { return layout_; }
  const std::optional<MapBounds>& bounds() const { return bounds_; }
  void set_bounds(MapBounds b) { bounds_ = b, touch(); }
  const std::string& default_terrain() const { return default_terrain_; }
  void set_default_terrain(std::string t) { default_terrain_ = std::move(t), touch(); }

  // Printed-number conversions in this map's column layout.
  Hex hex(const std::string& ccrr) const;  // throws std::invalid_argument on a bad number
  std::string name(Hex h) const;           // "0407"

  // True inside the bounds; a fragment without bounds contains every hex.
  bool on_map(Hex h) const;

  const std::string& terrain(Hex h) const;
  void set_terrain(Hex h, std::string terrain) { terrain_[h] = std::move(terrain), touch(); }

  const std::set<std::string>& features(Hexside s) const;
  bool has_feature(Hexside s, const std::string& feature) const;
  void add_feature(Hexside s, const std::string& feature) { sides_[s].insert(feature), touch(); }

  // Special hexes by side or by name.
  const std::set<Hex>& locs(const std::string& side) const;
  const std::set<Hex>& objectives(const std::string& side) const;
  void add_loc(const std::string& side, Hex h) { locs_[side].insert(h), touch(); }
  void add_objective(const std::string& side, Hex h) { objectives_[side].insert(h), touch(); }
  void clear_objectives() { objectives_.clear(), touch(); }  // a game that fixes its own (Dresden's 14.0)
  void remove_loc(const std::string& side, Hex h) { locs_[side].erase(h), touch(); }  // an inactive LOC (Dresden's 9.8.6)
  const std::vector<Hex>& entry_area(const std::string& name) const;
  void add_entry_hex(const std::string& area, Hex h) { entry_areas_[area].push_back(h), touch(); }
  void add_setup_hex(Hex h) { setup_.insert(h), touch(); }
  // Named places: hex sets a game's exclusive rules name (Leipzig's four town hexes with their
  // yellow hexsides, `leipzig`, leipzig:16.10). Empty for a name the map does not give.
  const std::set<Hex>& place(const std::string& name) const;
  void add_place_hex(const std::string& name, Hex h) { places_[name].insert(h), touch(); }
  const std::map<std::string, std::set<Hex>>& all_places() const { return places_; }
  // Entry hexes where a road runs off the map edge: a unit entering there pays the road cost
  // and counts as moving along the road (std:11.1).
  bool is_road_entry(Hex h) const { return road_entries_.count(h) > 0; }
  void add_road_entry(Hex h) { road_entries_.insert(h), touch(); }
  bool is_setup_hex(Hex h) const { return setup_.count(h) > 0; }

  // Exact serialisation. parse() reads the same shape from YAML or JSON and throws
  // CaseError naming the file and field on anything malformed.
  nlohmann::json to_json() const;
  static Map parse(const Field<CaseError>& f);
  friend bool operator==(const Map& a, const Map& b);

  // Hexes with explicit terrain, and hexsides with features (for listing and serialisation).
  std::vector<Hex> hexes_with_terrain() const;
  std::vector<Hexside> hexsides_with_features() const;
  const std::map<std::string, std::set<Hex>>& all_locs() const { return locs_; }
  const std::map<std::string, std::set<Hex>>& all_objectives() const { return objectives_; }
  const std::map<std::string, std::vector<Hex>>& all_entry_areas() const { return entry_areas_; }
  const std::set<Hex>& setup_hexes() const { return setup_; }
  const std::set<Hex>& road_entries() const { return road_entries_; }

 private:
  ColumnLayout layout_ = ColumnLayout::OddColumnsLow;
  std::optional<MapBounds> bounds_;
  std::string default_terrain_ = "open";
  std::unordered_map<Hex, std::string, HexHash> terrain_;
  std::unordered_map<Hexside, std::set<std::string>, HexsideHash> sides_;
  std::map<std::string, std::set<Hex>> locs_, objectives_;
  std::map<std::string, std::vector<Hex>> entry_areas_;
  std::map<std::string, std::set<Hex>> places_;
  std::set<Hex> setup_;
  std::set<Hex> road_entries_;
  std::uint64_t revision_ = 0;
  void touch();
};

}  // namespace hexlaw
