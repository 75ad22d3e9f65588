// Owns: the Jena 20 setup lists as data (see jena_order_of_battle.h).
#include "engine/n20/games/jena_order_of_battle.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace hexlaw::n20::jena {
namespace {

// The cell of `row` under `column`, "-" read as empty.
std::string cell(const GridTable& t, const GridRow& row, const char* column) {
  const auto* c = t.cell(row.key, column);
  if (!c || !*c) throw std::invalid_argument(t.id + ": row '" + row.key + "' has no " + column);
  return **c == "-" ? std::string() : **c;
}

constexpr const char* kDeploymentNames[] = {"history", "historical-setup", "unified", "free"};
constexpr std::string_view kDeploymentMarker = "jena-deployment:";

}  // namespace

// Step A. The table. Step B. Each row's cells, checked.
std::vector<OrderOfBattle> read_order_of_battle(const TableSet& tables) {
  // Step A.
  const GridTable* t = tables.grid(kOrderOfBattleTable);
  if (!t) throw std::invalid_argument(std::string("spec has no table '") + kOrderOfBattleTable + "'");
  std::vector<OrderOfBattle> out;
  // Step B.
  for (const GridRow& row : t->rows) {
    OrderOfBattle o;
    o.id = row.key;
    o.side = cell(*t, row, "side");
    o.command = cell(*t, row, "command");
    const std::string arrives = cell(*t, row, "arrives");
    if (arrives == "setup") o.arrives = Arrives::Setup;
    else if (arrives == "turn") o.arrives = Arrives::Scheduled;
    else if (arrives == "die") o.arrives = Arrives::ByDie;
    else if (arrives == "event") o.arrives = Arrives::ByEvent;
    else throw std::invalid_argument(t->id + ": row '" + row.key + "': arrives is setup, turn, die or event");
    o.setup = cell(*t, row, "setup");
    o.unified_setup = cell(*t, row, "unified_setup");
    const std::string turn = cell(*t, row, "turn");
    o.turn = turn.empty() ? 0 : std::stoi(turn);
    o.entry = cell(*t, row, "entry");
    o.elite = cell(*t, row, "elite") == "yes";
    o.guard = cell(*t, row, "guard") == "yes";
    if ((o.side != "french" && o.side != "prussian") || (o.arrives == Arrives::Setup && o.setup.empty()) ||
        ((o.arrives == Arrives::Scheduled || o.arrives == Arrives::ByDie) && o.turn < 1))
      throw std::invalid_argument(t->id + ": row '" + row.key + "' is incomplete for how it arrives");
    out.push_back(std::move(o));
  }
  return out;
}

const OrderOfBattle* listed(const std::vector<OrderOfBattle>& order, std::string_view id, std::string_view side) {
  for (const OrderOfBattle& o : order)
    if (o.id == id && (side.empty() || o.side == side)) return &o;
  return nullptr;
}

const char* deployment_name(Deployment d) { return kDeploymentNames[static_cast<int>(d)]; }

std::optional<Deployment> deployment_of(const GameState& s, std::string* problem) {
  std::optional<Deployment> found;
  for (Symbol m : s.markers) {
    std::string_view text = m.view();
    if (!text.starts_with(kDeploymentMarker)) continue;
    text.remove_prefix(kDeploymentMarker.size());
    auto it = std::find(std::begin(kDeploymentNames), std::end(kDeploymentNames), text);
    if (it == std::end(kDeploymentNames)) {
      if (problem) *problem = "unknown deployment '" + std::string(text) + "' (history, historical-setup, unified, free)";
      return std::nullopt;
    }
    if (found) {
      if (problem) *problem = "two deployments chosen; choose one";
      return std::nullopt;
    }
    found = static_cast<Deployment>(std::distance(std::begin(kDeploymentNames), it));
  }
  return found.value_or(Deployment::History);
}

}  // namespace hexlaw::n20::jena
