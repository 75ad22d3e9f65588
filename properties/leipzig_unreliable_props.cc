// Owns: the laws of Leipzig's Unreliable Troops (leipzig:16.8) over exact battle odds: on random
// battles of Unreliable French units against Allied units (random morale, Dresden abandoned or
// not, a Cadre to hand or not, both readings of each switch), the odds sum to 1; each Unreliable
// unit rolls once; a deserter leaves the map for good and costs the French exactly one point
// (never below 0); a waverer fights at its strength less one, never below 0; and the odds of
// the roll are those of its bands (with modifier m, the faces 1..-m desert).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/core/errors.h"
#include "engine/n20/battle.h"
#include "engine/n20/battle_odds.h"
#include "engine/n20/resolution.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using n20::BattleDeclaration;
using n20::BattleOutcome;
using Effect = n20::N20Rules::PreBattleEffect;

struct Battle {
  std::shared_ptr<Map> map;
  GameState state;
  BattleDeclaration decl;
  n20::RulesetChoice choice;
};

// A battle around hex (5,5): French units on its neighbours, some Unreliable, against one
// Allied unit in it (or the French defend in it against Allied neighbours).
rc::Gen<Battle> unreliable_battle() {
  return rc::gen::exec([] {
    Battle b;
    b.map = std::make_shared<Map>(ColumnLayout::OddColumnsLow);
    b.map->set_bounds(MapBounds{1, 9, 1, 9});
    for (int c = 1; c <= 9; ++c)
      for (int r = 1; r <= 9; ++r) b.map->set_terrain(to_axial({c, r}, b.map->layout()), "open");
    const Hex centre = to_axial({5, 5}, b.map->layout());
    const bool french_attack = *rc::gen::arbitrary<bool>();
    const int around = *rc::gen::inRange(1, 4);
    auto unit = [&](std::string id, bool french, Hex h) {
      Unit u;
      u.id = id, u.side = french ? "french" : "allied", u.type = UnitType::Infantry;
      u.nationality = french ? "french" : "russian";
      u.strength = static_cast<std::int16_t>(*rc::gen::inRange(1, 6)), u.movement = 2;
      if (!french) u.army = *rc::gen::element<std::string>("B", "P", "N", "S");
      if (french && *rc::gen::inRange(0, 3) > 0) u.flags.set(UnitFlag::Unreliable, true);
      u.hex = h;
      return u;
    };
    b.state.units.push_back(unit("C0", !french_attack, centre));
    (french_attack ? b.decl.defenders : b.decl.attackers).push_back(Symbol("C0"));
    const auto ring = neighbours(centre);
    for (int i = 0; i < around; ++i) {
      b.state.units.push_back(unit("R" + std::to_string(i), french_attack, ring[static_cast<std::size_t>(i)]));
      (french_attack ? b.decl.attackers : b.decl.defenders).push_back(b.state.units.back().id);
    }
    if (*rc::gen::arbitrary<bool>()) {
      Unit c;
      c.id = "FC", c.side = "french", c.nationality = "french", c.type = UnitType::Cadre, c.strength = 1, c.movement = 2;
      c.status = UnitStatus::Broken;
      b.state.units.push_back(c);
    }
    b.state.morale = {{"french", *rc::gen::inRange(0, 11)},
                      {"allied-north", *rc::gen::inRange(1, 11)},
                      {"allied-south", *rc::gen::inRange(1, 11)}};
    if (*rc::gen::arbitrary<bool>()) b.state.set_marker(Symbol("dresden-abandoned"), true);
    b.choice.game = "leipzig";
    b.choice.options = {"leipzig:16.8"};
    b.choice.interpretations["leipzig.mixed_front_morale"] = "each-front";
    if (*rc::gen::arbitrary<bool>()) b.choice.interpretations["leipzig.unreliable_drm_stacking"] = "cumulative";
    if (*rc::gen::arbitrary<bool>()) b.choice.interpretations["leipzig.unreliable_cadre_fights"] = "stands-aside";
    return b;
  });
}

RC_GTEST_PROP(LeipzigUnreliableProps, OddsSumToOneAndLossesStayInBounds, ()) {
  HEXLAW_CITES("leipzig:16.8");
  const Battle b = *unreliable_battle();
  auto rules = n20::make_rules(b.choice, testing::source_spec());
  int unreliable = 0;
  for (const Unit& u : b.state.units) unreliable += u.on_map() && u.has(UnitFlag::Unreliable);
  const int french_before = b.state.morale.at(Symbol("french"));
  for (const bool until : {true, false}) {
    n20::ResolutionPolicy policy;
    policy.group_battle_die = true;
    policy.stop_before_battle_die = until;
    Trace t(rules->catalog());
    std::vector<Weighted<BattleOutcome>> odds;
    try {
      odds = n20::battle_odds(*rules, *b.map, b.state, b.decl, policy, t);
    } catch (const LimitError&) {
      // A generated battle whose tree is past kMaxChanceNodes is refused by name, as a case
      // asking it would be: nothing to check.
      RC_DISCARD("the battle's enumeration is past its work limit");
    }
    Fraction total(0);
    Fraction deserts_first(0);
    for (const auto& w : odds) {
      total += w.probability;
      const BattleOutcome& o = w.outcome;
      RC_ASSERT(o.legal);
      // Each Unreliable unit rolls once, unless a desertion brought the French to 0 first.
      if (!*o.unfought || std::string_view(o.unfought) != "std:12.1.2")
        RC_ASSERT(static_cast<int>(o.pre_rolls.size()) == unreliable);
      int deserted = 0;
      for (const auto& r : o.pre_rolls) {
        const Unit* u = o.after.unit(r.unit);
        if (r.effect == Effect::Deserts) {
          ++deserted;
          RC_ASSERT(u->status == UnitStatus::Eliminated);
        }
        if (r.effect == Effect::Wavers && !*o.unfought && o.totals)
          for (const auto* lines : {&o.totals->attack, &o.totals->defense})
            for (const auto& l : *lines)
              if (l.unit == r.unit.str()) {
                RC_ASSERT(l.value == std::max(0, l.printed - 1));
                RC_ASSERT(l.value >= 0);
              }
      }
      if (!o.pre_rolls.empty() && o.pre_rolls.front().effect == Effect::Deserts) deserts_first += w.probability;
      // The desertions' loss: a point each, never below 0 (before the battle's own changes).
      if (until) RC_ASSERT(o.after.morale.at(Symbol("french")) == std::max(0, french_before - deserted) ||
                           (*o.unfought && o.after.morale.at(Symbol("french")) == 0));
      for (Symbol m : o.after.markers) RC_ASSERT(!m.view().starts_with("wavering-"));
    }
    RC_ASSERT(total == Fraction(1));
    // The first roll deserts on exactly the faces f with f + m below 1 (m its modifier, -2..0).
    if (unreliable > 0) {
      const int m = odds.front().outcome.pre_rolls.front().modifier;
      RC_ASSERT(m <= 0 && m >= -2);
      RC_ASSERT(deserts_first == Fraction(-m, 6));
    }
    RC_CLASSIFY(unreliable == 0, "no Unreliable unit");
  }
}

}  // namespace
}  // namespace hexlaw
