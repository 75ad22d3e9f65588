// Owns: loading and validating table files (docs/spec-format.md, "Table files").
#include "engine/core/tables.h"

#include <algorithm>
#include <climits>
#include <stdexcept>

#include "engine/core/catalog.h"
#include "engine/core/errors.h"
#include "engine/core/yaml_read.h"

namespace hexlaw {
namespace {

using SpecField = Field<SpecError>;

GridTable read_grid(const SpecField& root, const std::string& rel) {
  GridTable t;
  t.file = rel;
  t.id = root.required("id").str();
  t.title = root.required("title").str();
  t.roll = root["roll"].str_or("none");
  if (t.roll != "none" && t.roll != "1d6" && t.roll != "2d6")
    root["roll"].fail("unknown roll '" + t.roll + "' (one of none, 1d6, 2d6)");
  t.row_header = root["row_header"].str_or("");
  t.columns = root.required("columns").str_list();
  if (t.columns.empty()) root["columns"].fail("a table needs at least one column");
  std::vector<std::string> missing_where;
  root["missing"].for_each_item([&](const SpecField& m) {
    m.expect_keys({"where", "what"});
    missing_where.push_back(m.required("where").str());
    m.required("what");
  });
  root.required("rows").for_each_item([&](const SpecField& r) {
    GridRow row;
    row.key = r.required("key").str();
    for (const auto& other : t.rows)
      if (other.key == row.key) r["key"].fail("duplicate row key '" + row.key + "'");
    auto cells = r.required("cells");
    if (!cells.is_seq()) cells.fail("expected a list of cells");
    if (cells.size() != t.columns.size())
      cells.fail("row '" + row.key + "' has " + std::to_string(cells.size()) + " cells but the table has " +
                 std::to_string(t.columns.size()) + " columns");
    for (std::size_t i = 0; i < cells.size(); ++i) {
      auto c = cells.at(i);
      if (!c.present()) {
        if (missing_where.empty())
          c.fail("a missing (null) cell must be explained under 'missing'");
        row.cells.push_back(std::nullopt);
      } else {
        row.cells.push_back(c.str());
      }
    }
    t.rows.push_back(std::move(row));
  });
  if (t.rows.empty()) root["rows"].fail("a table needs at least one row");
  root["legend"].for_each_entry([&](const std::string& k, const SpecField& v) { t.legend[k] = v.str(); });
  return t;
}

int parse_int(const SpecField& f, const std::string& text) {
  try {
    std::size_t used = 0;
    int v = std::stoi(text, &used);
    if (used == text.size()) return v;
  } catch (const std::logic_error&) {
  }
  f.fail("'" + text + "' is not a whole number");
}

CrtTable read_crt(const SpecField& root, GridTable grid) {
  CrtTable crt;
  for (const auto& c : grid.columns) crt.differentials.push_back(parse_int(root["columns"], c));
  if (!std::is_sorted(crt.differentials.begin(), crt.differentials.end()))
    root["columns"].fail("CRT differential columns must ascend");
  crt.lowest = parse_int(root.required("clamp")["below"], root.required("clamp").required("below").str());
  crt.highest = parse_int(root["clamp"]["above"], root["clamp"].required("above").str());
  if (crt.lowest != crt.differentials.front() || crt.highest != crt.differentials.back())
    root["clamp"].fail("clamp must name the end columns");
  static const std::vector<std::string> kResults = {"AB", "AR", "AW", "DB", "DR", "DW", "EX", "N"};
  for (std::size_t r = 0; r < grid.rows.size(); ++r)
    for (const auto& cell : grid.rows[r].cells)
      if (!cell || std::find(kResults.begin(), kResults.end(), *cell) == kResults.end())
        root["rows"].at(r).fail("CRT cell '" + cell.value_or("null") + "' is not a combat result");
  for (std::size_t r = 0; r < grid.rows.size(); ++r) {
    const std::string& key = grid.rows[r].key;
    if (key.empty() || key.size() > 2 || key.find_first_not_of("0123456789") != std::string::npos)
      root["rows"].at(r).fail("CRT row '" + key + "' is not a die face");
    const auto face = static_cast<std::size_t>(std::stoi(key));
    if (crt.row_of_die.size() <= face) crt.row_of_die.resize(face + 1, -1);
    crt.row_of_die[face] = static_cast<int>(r);
  }
  for (int face = 1; face <= 6; ++face)
    if (static_cast<std::size_t>(face) >= crt.row_of_die.size() || crt.row_of_die[static_cast<std::size_t>(face)] < 0)
      root["rows"].fail("the CRT has no row for die face " + std::to_string(face));
  for (std::size_t c = 0; c < grid.columns.size(); ++c) {
    std::vector<std::string> results;
    std::vector<int> groups;
    for (int face = 1; face <= 6; ++face) {
      const GridRow& row = grid.rows[static_cast<std::size_t>(crt.row_of_die[static_cast<std::size_t>(face)])];
      auto it = std::find(results.begin(), results.end(), *row.cells[c]);
      groups.push_back(static_cast<int>(it - results.begin()));
      if (it == results.end()) results.push_back(*row.cells[c]);
    }
    crt.result_groups.push_back(std::move(groups));
  }
  crt.grid = std::move(grid);
  return crt;
}

std::optional<int> opt_int(const SpecField& f) {
  if (!f.present()) return std::nullopt;
  return static_cast<int>(f.integer());
}

// A movement cost: 0 (a free step) or more MP. A negative cost would let a move gain MP, and a
// search over steps that give MP back never ends, so it is refused here.
int move_cost(const SpecField& f) {
  const long long mp = f.integer();
  if (mp < 0 || mp > 99) f.fail("a movement cost is 0 to 99 MP");
  return static_cast<int>(mp);
}

TerrainChart read_terrain(const SpecField& root, const std::string& rel) {
  TerrainChart t;
  t.file = rel;
  t.id = root.required("id").str();
  t.title = root.required("title").str();
  root.required("hex_terrain").for_each_entry([&](const std::string& name, const SpecField& f) {
    f.expect_keys({"move", "rugged", "combat", "built_up", "zoc_barrier"});
    TerrainType tt;
    tt.name = name;
    tt.move = move_cost(f.required("move"));
    tt.rugged = f["rugged"].bool_or(false);
    tt.combat = opt_int(f["combat"]);
    tt.built_up = f["built_up"].bool_or(false);
    tt.zoc_barrier = f["zoc_barrier"].bool_or(false);
    t.hex_terrain[name] = tt;
  });
  root.required("hexside").for_each_entry([&](const std::string& name, const SpecField& f) {
    f.expect_keys({"crossable", "blocks_zoc", "combat", "cross_hexside", "attack_across", "hazard", "crossing",
                   "move"});
    HexsideType hs;
    hs.name = name;
    hs.crossable = f.required("crossable").boolean();
    hs.blocks_zoc = f.required("blocks_zoc").boolean();
    hs.combat = opt_int(f["combat"]);
    hs.cross_hexside = f["cross_hexside"].bool_or(false);
    hs.attack_across = f["attack_across"].bool_or(true);
    hs.hazard = f["hazard"].bool_or(false);
    hs.crossing = f["crossing"].bool_or(false);
    if (f["move"].present()) hs.move = move_cost(f["move"]);
    t.hexside[name] = hs;
  });
  return t;
}

}  // namespace

const std::optional<std::string>* GridTable::cell(const std::string& row, const std::string& column) const {
  auto c = std::find(columns.begin(), columns.end(), column);
  if (c == columns.end()) return nullptr;
  for (const auto& r : rows)
    if (r.key == row) return &r.cells[static_cast<std::size_t>(c - columns.begin())];
  return nullptr;
}

CrtTable::Lookup CrtTable::lookup(int differential, int die) const {
  const int column = std::clamp(differential, lowest, highest);
  auto it = std::find(differentials.begin(), differentials.end(), column);
  if (it == differentials.end())
    throw std::out_of_range("CRT " + grid.id + " has no column " + std::to_string(column));
  const int row = die >= 0 && static_cast<std::size_t>(die) < row_of_die.size() ? row_of_die[static_cast<std::size_t>(die)] : -1;
  if (row < 0) throw std::out_of_range("CRT " + grid.id + " has no row for die " + std::to_string(die));
  const GridRow& r = grid.rows[static_cast<std::size_t>(row)];
  return Lookup{differential, column, die, *r.cells[static_cast<std::size_t>(it - differentials.begin())]};
}

const TerrainType* TerrainChart::terrain(const std::string& name) const {
  auto it = hex_terrain.find(name);
  return it == hex_terrain.end() ? nullptr : &it->second;
}
const HexsideType* TerrainChart::side(const std::string& name) const {
  auto it = hexside.find(name);
  return it == hexside.end() ? nullptr : &it->second;
}

int TerrainChart::cheapest_step() const {
  int least = INT_MAX;
  for (const auto& [name, t] : hex_terrain) least = std::min(least, t.move);
  for (const auto& [name, h] : hexside)
    if (h.move) least = std::min(least, *h.move);
  return least == INT_MAX ? 1 : least;
}

TableSet TableSet::load(const std::filesystem::path& spec_dir) {
  namespace fs = std::filesystem;
  TableSet set;
  const fs::path dir = spec_dir / "tables";
  if (!fs::is_directory(dir)) return set;
  for (const auto& path : yaml_files_under(dir.string())) {
    const std::string rel = fs::relative(path, spec_dir).string();
    auto root = SpecField::load_file(path);
    const std::string id = root.required("id").str();
    std::string why;
    auto rid = parse_rule_id(id, &why);
    if (!rid || !rid->is_table()) root["id"].fail(rid ? "a table id has the form book:table.name" : why);
    if (set.grids_.count(id) || set.terrains_.count(id)) root["id"].fail("duplicate table id '" + id + "'");
    const std::string format = root["format"].str_or("grid");
    if (format == "terrain") {
      set.terrains_.emplace(id, read_terrain(root, rel));
    } else if (format == "grid") {
      GridTable g = read_grid(root, rel);
      if (root["clamp"].present()) set.crts_.emplace(id, read_crt(root, g));
      set.grids_.emplace(id, std::move(g));
    } else {
      root["format"].fail("unknown table format '" + format + "' (grid or terrain)");
    }
  }
  return set;
}

const GridTable* TableSet::grid(const std::string& id) const {
  auto it = grids_.find(id);
  return it == grids_.end() ? nullptr : &it->second;
}
const CrtTable* TableSet::crt(const std::string& id) const {
  auto it = crts_.find(id);
  return it == crts_.end() ? nullptr : &it->second;
}
const TerrainChart* TableSet::terrain(const std::string& id) const {
  auto it = terrains_.find(id);
  return it == terrains_.end() ? nullptr : &it->second;
}
std::vector<std::string> TableSet::ids() const {
  std::vector<std::string> out;
  for (const auto& [id, _] : grids_) out.push_back(id);
  for (const auto& [id, _] : terrains_) out.push_back(id);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace hexlaw
