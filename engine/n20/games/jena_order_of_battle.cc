// Owns: the Jena 20 setup lists as data (see jena_order_of_battle.h).
#include "engine/n20/games/jena_order_of_battle.h"

#include <algorithm>
#include <iterator>

namespace hexlaw::n20::jena {
namespace {

using A = Arrives;
// The setup lists of the sheet's "Setting Up the Game" (jena:3.1 French, jena:3.2 Prussian),
// with the unified-army hexes of jena:3.3 and the Elite and Guard units of jena:3.0.
constexpr OrderOfBattle kOrder[] = {
    {"IG", "french", "", A::Setup, "0208", "", 0, "", true, true},
    {"VII", "french", "", A::Setup, "0406", "", 0, "", false, false},
    {"V", "french", "", A::Setup, "0407", "", 0, "", false, false},
    {"III", "french", "", A::Scheduled, "", "", 4, "B", false, false},
    {"VI", "french", "", A::Scheduled, "", "", 5, "A", false, false},
    {"I", "french", "", A::ByDie, "", "", 5, "B", false, false},
    {"Res", "french", "", A::Scheduled, "", "", 6, "A", false, false},
    {"IV", "french", "", A::Scheduled, "", "", 7, "A", false, false},
    {"Bav", "french", "", A::ByEvent, "", "", 0, "A", false, false},
    {"H - LW", "prussian", "H", A::Setup, "0605", "", 0, "", false, false},
    {"H - RW", "prussian", "H", A::Setup, "0607", "", 0, "", false, false},
    {"H - Res", "prussian", "H", A::Setup, "0806", "", 0, "", true, false},
    {"H - 2AG", "prussian", "H", A::Setup, "0909", "", 0, "", false, false},
    {"B - 1", "prussian", "B", A::Setup, "1101", "0701", 0, "", false, false},
    {"B - 1AG", "prussian", "B", A::Setup, "1203", "0503", 0, "", false, false},
    {"B - 2", "prussian", "B", A::Scheduled, "", "", 1, "", false, false},
    {"B - 3", "prussian", "B", A::Scheduled, "", "", 2, "", false, false},
    {"B - 1R", "prussian", "B", A::Scheduled, "", "", 3, "", false, false},
    {"B - 2R", "prussian", "B", A::Scheduled, "", "", 4, "", false, false},
    {"vR - CB", "prussian", "vR", A::Scheduled, "", "", 6, "", false, false},
    {"vR - 3AG", "prussian", "vR", A::Scheduled, "", "", 7, "", false, false},
    {"SW - CB", "prussian", "SW", A::ByEvent, "", "", 0, "", false, false},
};

constexpr const char* kDeploymentNames[] = {"history", "historical-setup", "unified", "free"};
constexpr std::string_view kDeploymentMarker = "jena-deployment:";

}  // namespace

const OrderOfBattle* listed(std::string_view id, std::string_view side) {
  const OrderOfBattle* o = listed(id);
  return o && o->side == side ? o : nullptr;
}

const OrderOfBattle* listed(std::string_view id) {
  auto it = std::find_if(std::begin(kOrder), std::end(kOrder), [&](const OrderOfBattle& o) { return o.id == id; });
  return it == std::end(kOrder) ? nullptr : &*it;
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
