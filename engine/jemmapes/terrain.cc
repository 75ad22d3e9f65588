// Owns: reading the Jemmapes terrain effects table (see terrain.h).
#include "engine/jemmapes/terrain.h"

#include <cctype>
#include <stdexcept>

#include "engine/core/errors.h"

namespace hexlaw::jemmapes {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// "-" is no effect; otherwise a signed integer.
int number(const std::string& cell) {
  if (cell == "-") return 0;
  return std::stoi(cell);
}

[[noreturn]] void missing(const std::string& terrain, const std::string& column) {
  // SOURCE-MISSING jemmapes:table.terrain — the table is cut after the Citadel key: no values for later terrain
  throw RuleRefusal("jemmapes:table.terrain",
                    "the Terrain Effects Table prints no " + column + " for '" + terrain +
                        "' (the transcription is cut after the Citadel key; the value is source-missing, give it as "
                        "case data where the question allows)");
}

}  // namespace

// RULE jemmapes:table.terrain — the printed rows (Clear, Village, Wood, Swamp) read from the table's data
TerrainRow terrain_row(const TableSet& tables, const std::string& terrain) {
  const GridTable* g = tables.grid("jemmapes:table.terrain");
  if (!g) throw std::logic_error("spec/tables lacks jemmapes:table.terrain");
  TerrainRow out;
  out.name = terrain;
  const std::string want = lower(terrain);
  out.work = want == "redoubt" || want == "entrenchment";
  for (const GridRow& r : g->rows) {
    if (lower(r.key) != want) continue;
    for (const auto& c : r.cells)
      if (!c) return out;  // a row whose cells are cut (the Citadel)
    out.printed = true;
    out.move = number(*r.cells.at(0));
    out.fire = number(*r.cells.at(1));
    out.assault = number(*r.cells.at(2));
    out.blocks_los = *r.cells.at(3) == "blocking";
    out.zoc_all_round = *r.cells.at(4) == "ZoC";
    return out;
  }
  return out;
}

int move_cost(const TableSet& tables, const std::string& terrain) {
  const TerrainRow r = terrain_row(tables, terrain);
  if (!r.printed) missing(terrain, "movement cost");
  return r.move;
}

int fire_drm(const TableSet& tables, const std::string& terrain) {
  const TerrainRow r = terrain_row(tables, terrain);
  if (!r.printed) missing(terrain, "fire modifier");
  return r.fire;
}

int assault_drm(const TableSet& tables, const std::string& terrain) {
  const TerrainRow r = terrain_row(tables, terrain);
  if (!r.printed) missing(terrain, "assault modifier");
  return r.assault;
}

bool blocks_los(const TableSet& tables, const std::string& terrain) {
  const TerrainRow r = terrain_row(tables, terrain);
  if (!r.printed) missing(terrain, "line-of-sight entry");
  return r.blocks_los;
}

bool is_river(const std::string& feature) { return feature == "major_river" || feature == "minor_river"; }

}  // namespace hexlaw::jemmapes
