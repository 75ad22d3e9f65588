// Owns: properties of battle resolution (engine/n20/resolution.h, advance.h): exact odds,
// the exchange, reproducibility, advance limits and the morale bounds.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>

#include "engine/n20/advance.h"
#include "engine/n20/resolution.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using n20::BattleDeclaration;
using n20::BattleOutcome;
using n20::ResolutionPolicy;

// A lone attacker and defender on a big open map with nothing else on it: no terrain, no
// ZOC hazards on retreat (the attacker's ZOC is left behind), no LOCs. The differential is
// chosen through the two strengths.
struct Duel {
  Map map{ColumnLayout::OddColumnsLow};
  GameState state;
  std::unique_ptr<n20::N20Rules> rules = gen::standard_rules();
  Duel(int attack, int defend) {
    map.set_bounds(MapBounds{1, 30, 1, 30});
    Unit a, d;
    a.id = "A", a.side = "french", a.type = UnitType::Infantry, a.strength = attack, a.movement = 6;
    a.hex = to_axial({15, 14}, map.layout());
    d = a;
    d.id = "D", d.side = "prussian", d.strength = defend;
    d.hex = to_axial({15, 15}, map.layout());
    state.units = {a, d};
    state.morale = {{"french", 5}, {"prussian", 5}};
  }
};

// Exact odds sum to 1; for a lone attacker and defender with no retreat complications, each
// CRT result's probability is the number of die faces showing it in that column, over 6.
RC_GTEST_PROP(CombatProps, OddsSumToOneAndMatchTheColumn, ()) {
  HEXLAW_CITES("std:9.0", "jena:table.crt");
  const int attack = *rc::gen::inRange(1, 10), defend = *rc::gen::inRange(1, 10);
  Duel duel(attack, defend);
  BattleDeclaration b{{"A"}, {"D"}};
  std::function<BattleOutcome(DiceSource&)> play = [&](DiceSource& dice) {
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
    return n20::resolve_battle(*duel.rules, duel.map, duel.state, b, ResolutionPolicy{}, dice, t);
  };
  auto odds = enumerate_outcomes<BattleOutcome>(play, [](const BattleOutcome& o) {
    std::string k = n20::to_string(o.applied);
    for (const auto& f : o.fates) k += "|" + f.unit + ":" + n20::to_string(f.fate) + ":" + std::to_string(f.distance);
    return k;
  });
  Fraction total(0);
  std::map<std::string, Fraction> by_result;
  for (const auto& w : odds) {
    total += w.probability;
    by_result[n20::to_string(w.outcome.result)] += w.probability;
  }
  RC_ASSERT(total == Fraction(1));
  const CrtTable& crt = duel.rules->crt();
  const int column = std::clamp(attack - defend, crt.lowest, crt.highest);
  std::map<std::string, int> faces;
  for (int die = 1; die <= 6; ++die) faces[crt.lookup(column, die).result] += 1;
  for (const auto& [result, count] : faces) RC_ASSERT(by_result[result] == Fraction(count, 6));
  // Grouping the battle die by result gives the same odds for every outcome.
  ResolutionPolicy grouped;
  grouped.group_battle_die = true;
  std::function<BattleOutcome(DiceSource&)> play_grouped = [&](DiceSource& dice) {
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
    return n20::resolve_battle(*duel.rules, duel.map, duel.state, b, grouped, dice, t);
  };
  auto key = [](const BattleOutcome& o) {
    std::string k = n20::to_string(o.applied);
    for (const auto& f : o.fates) k += "|" + f.unit + ":" + n20::to_string(f.fate) + ":" + std::to_string(f.distance);
    return k;
  };
  std::map<std::string, Fraction> plain_odds, grouped_odds;
  for (const auto& w : odds) plain_odds[key(w.outcome)] += w.probability;
  for (const auto& w : enumerate_outcomes<BattleOutcome>(play_grouped, key)) grouped_odds[key(w.outcome)] += w.probability;
  RC_ASSERT(plain_odds == grouped_odds);
}

// std:9.6.7 — every exchange choice is a minimal set of attackers whose printed strengths
// cover the defender's total; every such set is offered; when none covers, all break.
RC_GTEST_PROP(CombatProps, ExchangeChoicesAreExactlyTheMinimalCovers, ()) {
  HEXLAW_CITES("std:9.6.7");
  const auto strengths = *rc::gen::container<std::vector<int>>(*rc::gen::inRange(1, 6), rc::gen::inRange(1, 7));
  const int owed = *rc::gen::inRange(1, 15);
  std::vector<Unit> units(strengths.size());
  std::vector<const Unit*> pool;
  for (std::size_t i = 0; i < units.size(); ++i) {
    units[i].id = "U" + std::to_string(i);
    units[i].strength = strengths[i];
    pool.push_back(&units[i]);
  }
  const auto choices = n20::exchange_choices(pool, owed);
  int total = 0;
  for (int s : strengths) total += s;
  if (total < owed) {
    RC_ASSERT(choices.size() == 1u);
    RC_ASSERT(choices[0].size() == pool.size());
    return;
  }
  std::size_t minimal_covers = 0;
  for (std::uint32_t mask = 1; mask < (1u << pool.size()); ++mask) {
    int sum = 0;
    bool minimal = true;
    for (std::size_t i = 0; i < pool.size(); ++i)
      if (mask & (1u << i)) sum += strengths[i];
    for (std::size_t i = 0; i < pool.size(); ++i)
      if ((mask & (1u << i)) && sum - strengths[i] >= owed) minimal = false;
    if (sum >= owed && minimal) ++minimal_covers;
  }
  RC_ASSERT(choices.size() == minimal_covers);
  for (const auto& c : choices) {
    int sum = 0;
    for (const Unit* u : c) sum += u->strength;
    RC_ASSERT(sum >= owed);
    for (const Unit* u : c) RC_ASSERT(sum - u->strength < owed);
  }
}

// The same seed gives the same battle; morale stays within 0-10 (std:12.1.1); infantry never
// advances past the defender's hex and artillery never advances (std:9.9.3, std:9.9.2).
RC_GTEST_PROP(CombatProps, SeededBattlesRepeatMoraleStaysInBoundsAdvanceLimits, (std::uint64_t seed)) {
  HEXLAW_CITES("std:12.1.1", "std:9.9.2", "std:9.9.3");
  gen::Position p = *gen::position(5, 5, 12);
  p.state.night = false;
  auto rules = gen::standard_rules();
  // Make sure the first unit has an enemy beside it: use a neighbour's unit (turned enemy if
  // need be) or put a new enemy unit in a free neighbouring hex.
  Unit& first = p.state.units.front();
  const std::string enemy = first.side == "french" ? "prussian" : "french";
  Hex beside = neighbour(first.hex, *rc::gen::element(Direction::N, Direction::NE, Direction::SE, Direction::S,
                                                      Direction::SW, Direction::NW));
  RC_PRE(p.map->on_map(beside));
  if (Unit* there = p.state.unit_at(beside) ? p.state.unit(p.state.unit_at(beside)->id) : nullptr) {
    there->side = enemy;
  } else {
    Unit x;
    x.id = "X", x.side = enemy, x.type = UnitType::Infantry, x.strength = *rc::gen::inRange(1, 6), x.movement = 2;
    x.hex = beside;
    p.state.units.push_back(x);
  }
  RC_PRE(gen::invariant_violation(*p.map, p.state).empty());
  const Unit* a = &p.state.units.front();
  const Unit* d = p.state.unit_at(beside);
  BattleDeclaration b{{a->id}, {d->id}};
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  SeededDice d1(seed), d2(seed);
  BattleOutcome o1, o2;
  try {
    o1 = n20::resolve_battle(*rules, *p.map, p.state, b, ResolutionPolicy{}, d1, t);
    o2 = n20::resolve_battle(*rules, *p.map, p.state, b, ResolutionPolicy{}, d2, t);
  } catch (const std::invalid_argument&) {
    RC_DISCARD("a terrain value no ruling supplies");
  }
  RC_ASSERT(o1.after == o2.after);
  RC_ASSERT(o1.applied == o2.applied);
  for (const auto& [track, points] : o1.after.morale) {
    RC_ASSERT(points >= 0);
    RC_ASSERT(points <= 10);
  }
  RC_ASSERT(gen::invariant_violation(*p.map, o1.after).empty());
  if (!o1.legal) return;
  const auto adv = n20::advance_options(*rules, *p.map, p.state, b, o1, t);
  for (const auto& e : adv.eligible) {
    const Unit* u = p.state.unit(e.unit);
    RC_ASSERT(u->type != UnitType::Artillery);
    if (u->type != UnitType::Cavalry) RC_ASSERT(e.max_hexes == 1);
    else RC_ASSERT(e.max_hexes <= u->movement);
  }
}

}  // namespace
}  // namespace hexlaw
