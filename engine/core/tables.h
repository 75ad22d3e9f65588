// Owns: rule tables as data loaded from spec/tables — the generic grid every table uses,
// and the typed views the engine reads: the Combat Results Table and the Terrain Effects
// Chart. No table value lives in engine code.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hexlaw {

struct GridRow {
  std::string key;
  std::vector<std::optional<std::string>> cells;  // nullopt: the source does not give it
};

struct GridTable {
  std::string id, title, roll, row_header, file;
  std::vector<std::string> columns;
  std::vector<GridRow> rows;
  std::map<std::string, std::string> legend;
  // nullptr when the row or column is absent; the optional is empty for a missing cell.
  const std::optional<std::string>* cell(const std::string& row, const std::string& column) const;
};

// The CRT: columns are combat differentials, rows die faces.
struct CrtTable {
  GridTable grid;
  std::vector<int> differentials;  // parsed column headers, ascending
  int lowest = 0, highest = 0;     // end columns used beyond the printed range
  std::vector<int> row_of_die;     // die face -> row index (-1: no row), built when read
  // Per column, each die face's (1-6) group: faces with the same result share a group, numbered in
  // order of first appearance (exact odds branch once per group). Built when read.
  std::vector<std::vector<int>> result_groups;
  struct Lookup {
    int differential;  // as asked
    int column;        // the column read (clamped to the end columns)
    int die;
    std::string result;  // AB, AR, AW, DB, DR, DW, EX, N
  };
  // Throws std::out_of_range for a die face the table has no row for.
  Lookup lookup(int differential, int die) const;
};

struct TerrainType {
  std::string name;
  int move = 1;
  bool rugged = false;               // entering stops the unit (std:6.5)
  std::optional<int> combat;         // defender bonus (std:9.4); empty when no source says
  bool built_up = false;             // Town/Fortified/Redoubt: no ZOC between adjacent ones
  bool zoc_barrier = false;          // ZOCs never extend into it (std:7.0)
  std::string rule;                  // the case defining it when a game's layer adds it (dresden:6.12)
};

struct HexsideType {
  std::string name;
  bool crossable = true;       // may a unit cross it (alone, without a bridge or ford)?
  bool blocks_zoc = false;     // ZOCs never extend across it (std:7.0)
  std::optional<int> combat;   // defender bonus when attacked across it
  bool cross_hexside = false;  // benefit only when every attacker is across it
  bool attack_across = true;
  bool hazard = false;         // crossing it in a retreat is hazardous (std:9.8.4)
  bool crossing = false;       // lets units cross an otherwise uncrossable hexside (bridge, ford)
  std::optional<int> move;     // MP to move along it (a road), when it sets the cost
};

struct TerrainChart {
  std::string id, title, file;
  std::map<std::string, TerrainType> hex_terrain;
  std::map<std::string, HexsideType> hexside;
  const TerrainType* terrain(const std::string& name) const;
  const HexsideType* side(const std::string& name) const;
  // The least MP one step can cost under this chart: its cheapest hex or road hexside (0 when
  // some step is free). Searches that bound a move's length by its allowance read it.
  int cheapest_step() const;
};

class TableSet {
 public:
  // Loads and validates every spec/tables/**/*.yaml; throws SpecError naming file and field.
  static TableSet load(const std::filesystem::path& spec_dir);
  const GridTable* grid(const std::string& id) const;
  const CrtTable* crt(const std::string& id) const;
  const TerrainChart* terrain(const std::string& id) const;
  std::vector<std::string> ids() const;

 private:
  std::map<std::string, GridTable> grids_;
  std::map<std::string, CrtTable> crts_;
  std::map<std::string, TerrainChart> terrains_;
};

}  // namespace hexlaw
