// Owns: combat in a played game — the battles the phasing side may declare, offered one at a
// time so that every offer can still be completed into a legal declaration (std:9.1–9.2,
// std:7.3); the reveal of declared battles under the fog of war (std:16.1.1); resolving each
// battle with the game's dice (std:9.0) and the victor's advance (std:9.9).
#include <algorithm>
#include <stdexcept>

#include "engine/core/hex.h"
#include "engine/n20/advance.h"
#include "engine/n20/declaration.h"
#include "engine/n20/fog.h"
#include "engine/n20/obligations.h"
#include "engine/n20/resolution.h"
#include "engine/play/game.h"

namespace hexlaw::play {
namespace {

std::string join(const std::vector<Symbol>& ids) {
  std::string s;
  for (const auto& id : ids) s += (s.empty() ? "" : "+") + id;
  return s;
}

template <class T>
bool contains(const std::vector<T>& v, const T& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

// Every battle among units not yet in a declared battle: a set of defenders all open to attack
// by one attacker, against any non-empty set of the attackers that may attack every one of
// them (std:9.2.2). With `focus`, only battles that include that unit. Pairs are judged once
// per phase by the battle rules themselves (battle_totals), so adjacency and prohibited
// hexsides are the engine's, not this file's.
std::vector<Game::Candidate> Game::candidate_battles(const UnitSet& used, Symbol focus) const {
  // Each attacker's targets and each defender's attackers, in the order of the pairs.
  using Lists = std::vector<std::pair<Symbol, std::vector<Symbol>>>;
  Lists targets_of, attackers_of;
  auto list_of = [](Lists& lists, Symbol key) -> std::vector<Symbol>& {
    for (auto& [k, v] : lists)
      if (k == key) return v;
    return lists.emplace_back(key, std::vector<Symbol>{}).second;
  };
  for (const auto& [a, d] : scratch_.may_attack) {
    if (used.count(a) || used.count(d)) continue;
    list_of(targets_of, a).push_back(d);
    list_of(attackers_of, d).push_back(a);
  }
  auto attackers_of_defender = [&](Symbol d) -> const std::vector<Symbol>& {  // every defender is listed
    return std::find_if(attackers_of.begin(), attackers_of.end(), [&](const auto& p) { return p.first == d; })->second;
  };
  std::vector<Candidate> out;
  auto listed = [&](const std::vector<Symbol>& as, const std::vector<Symbol>& ds) {
    return std::any_of(out.begin(), out.end(),
                       [&](const Candidate& c) { return c.attackers == as && c.defenders == ds; });
  };
  auto subsets = [](const std::vector<Symbol>& pool, auto&& each) {
    const std::size_t n = std::min<std::size_t>(pool.size(), 6);
    for (unsigned mask = 1; mask < (1u << n); ++mask) {
      std::vector<Symbol> pick;
      for (std::size_t i = 0; i < n; ++i)
        if (mask & (1u << i)) pick.push_back(pool[i]);
      each(pick);
    }
  };
  for (const auto& [base, targets] : targets_of) {
    subsets(targets, [&, &base = base](const std::vector<Symbol>& ds) {
      std::vector<Symbol> common;
      for (const auto& a : attackers_of_defender(ds.front())) {
        bool all = true;
        for (const auto& d : ds) all = all && contains(attackers_of_defender(d), a);
        if (all) common.push_back(a);
      }
      subsets(common, [&, &base = base](const std::vector<Symbol>& as) {
        if (as.front() != base) return;  // each battle is generated from its first attacker only
        if (!focus.empty() && !contains(as, focus) && !contains(ds, focus)) return;
        if (!listed(as, ds)) out.push_back(Candidate{as, ds});
      });
    });
  }
  return out;
}

// Does battle_totals accept the candidate as a battle? Judged once per Combat Phase.
bool Game::battle_legal(const Candidate& c) {
  for (const auto& j : scratch_.judged)
    if (j.attackers == c.attackers && j.defenders == c.defenders) return j.legal;
  n20::BattleDeclaration b;
  b.attackers = c.attackers;
  b.defenders = c.defenders;
  Trace silent(Trace::Off{}, catalog());
  const bool legal = n20::battle_totals(*scenario_->rules, *scenario_->map, state_, b, silent).legal;
  scratch_.judged.push_back({c.attackers, c.defenders, legal});
  return legal;
}

// Can the duties left (std:7.3) still be met by battles among units not in `used`? A depth-
// first search over the candidates covering the first unmet duty; `budget` bounds the nodes,
// and an exhausted budget answers yes (the final check of the declaration still applies).
bool Game::obligations_can_be_met(UnitSet& used, int& budget) const {
  if (--budget < 0) return true;
  Symbol duty;
  for (const auto& id : scratch_.must_attack)
    if (!used.count(id)) { duty = id; break; }
  if (duty.empty())
    for (const auto& id : scratch_.must_be_attacked)
      if (!used.count(id)) { duty = id; break; }
  if (duty.empty()) return true;
  for (const Candidate& c : candidate_battles(used, duty)) {
    for (const auto& id : c.attackers) used.insert(id);
    for (const auto& id : c.defenders) used.insert(id);
    const bool ok = obligations_can_be_met(used, budget);
    for (const auto& id : c.attackers) used.erase(id);
    for (const auto& id : c.defenders) used.erase(id);
    if (ok) return true;
  }
  return false;
}

// Step A (first offer of the phase). The duties of the phase and which pairs may fight. Step B.
// The candidate battles that keep the duties attainable. Step C. "end" when the declaration
// is legal as it stands; "restart" only if nothing else is left.
void Game::offer_declare() {
  stage_ = Stage::Declare;
  const n20::N20Rules& rules = *scenario_->rules;
  const Map& map = *scenario_->map;
  const Symbol side = state_.phasing;
  // Step A.
  if (!scratch_.duties_known) {
    scratch_.duties_known = true;
    Trace silent(Trace::Off{}, catalog());
    n20::CombatObligations ob = n20::combat_obligations(rules, map, state_, side.str(), silent);
    for (const Unit* u : ob.must_attack) scratch_.must_attack.push_back(u->id);
    for (const Unit* u : ob.must_be_attacked) scratch_.must_be_attacked.push_back(u->id);
    for (const Unit& a : state_.units) {
      if (a.side != side || !a.on_map()) continue;
      for (const Unit& d : state_.units) {
        if (d.side == side || !d.on_map() || distance(a.hex, d.hex) != 1) continue;
        n20::BattleDeclaration b;
        b.attackers = {a.id};
        b.defenders = {d.id};
        if (n20::battle_totals(rules, map, state_, b, silent).legal) scratch_.may_attack.emplace_back(a.id, d.id);
      }
    }
  }
  // Step B.
  UnitSet used;
  for (const auto& b : scratch_.battles) {
    used.insert(b.attackers.begin(), b.attackers.end());
    used.insert(b.defenders.begin(), b.defenders.end());
  }
  Decision d{.kind = DecisionKind::Declare, .rule = "std:9.1", .prompt = "declare a battle, or end the declarations"};
  Trace silent(Trace::Off{}, catalog());
  for (const Candidate& c : candidate_battles(used)) {
    if (!battle_legal(c)) continue;
    UnitSet after = used;
    after.insert(c.attackers.begin(), c.attackers.end());
    after.insert(c.defenders.begin(), c.defenders.end());
    int budget = 400;
    if (!scratch_.duties_unmeetable && !obligations_can_be_met(after, budget)) continue;
    Action attack{.kind = ActionKind::Attack, .number = static_cast<int>(c.attackers.size()), .units = c.attackers};
    attack.units.insert(attack.units.end(), c.defenders.begin(), c.defenders.end());
    d.add(std::move(attack));
  }
  // Step C (the state has not changed since step A: its obligations stand).
  n20::CombatObligations duties;
  for (const Symbol id : scratch_.must_attack) duties.must_attack.push_back(state_.unit(id));
  for (const Symbol id : scratch_.must_be_attacked) duties.must_be_attacked.push_back(state_.unit(id));
  const n20::DeclarationCheck check =
      n20::check_declaration(rules, map, state_, side.str(), scratch_.battles, false, duties, silent);
  if (check.legal) d.add_first({.kind = ActionKind::End});
  if (d.size() == 0 && scratch_.duties_unmeetable) d.add(ActionKind::End);
  if (d.size() == 0 && !scratch_.battles.empty() && scratch_.restarts < 3) d.add(ActionKind::Restart);
  if (d.size() == 0) {
    // No declaration meets every duty from here: offer every legal battle and let the side end
    // when it wishes, the unmet duties recorded (catalog ruling under std:9.1).
    scratch_.duties_unmeetable = true;
    scratch_.battles.clear();
    offer_declare();
    return;
  }
  if (d.size() == 1 && d.actions.front().kind == ActionKind::End) {
    apply_declare(d.actions.front());  // nothing to declare: no decision to take
    return;
  }
  offer(std::move(d));
}

void Game::apply_declare(const Action& a) {
  if (a.kind == ActionKind::Restart) {
    ++scratch_.restarts;
    scratch_.battles.clear();
    offer_declare();
    return;
  }
  if (a.kind == ActionKind::Attack) {
    n20::BattleDeclaration b;
    b.attackers.assign(a.units.begin(), a.units.begin() + a.number);
    b.defenders.assign(a.units.begin() + a.number, a.units.end());
    scratch_.battles.push_back(std::move(b));
    offer_declare();
    return;
  }
  // The declaration stands: check it with the trace on, reveal (fog of war), then fight.
  Trace t{Trace::IdsOnly{}, catalog()};
  const n20::DeclarationCheck check =
      n20::check_declaration(*scenario_->rules, *scenario_->map, state_, state_.phasing, scratch_.battles, false, t);
  if (!check.legal) {
    // RULE std:9.1 — duties no set of battles can meet are recorded unmet (catalog ruling)
    std::string unmet;
    for (const auto& [rule, why] : check.violations) unmet += (unmet.empty() ? "" : "; ") + why;
    t.cite("std:9.1"_rule, "no declaration meets every duty: " + unmet);
    note("the declaration leaves duties unmet that no battle could meet: " + unmet, t);
  }
  for (auto& b : scratch_.battles)
    for (const auto& other : scratch_.battles)
      if (&other != &b)
        for (Symbol d : other.defenders) b.attacked_elsewhere.push_back(d);
  if (scenario_->rules->on(n20::Optional::FogOfWar) && !scratch_.battles.empty()) {
    std::vector<n20::DeclaredBattle> declared;
    for (const auto& b : scratch_.battles) declared.push_back({b.attackers, b.defenders});
    n20::Reveal r = n20::reveal_battles(*scenario_->rules, state_, declared, t);
    state_ = std::move(r.after);
    for (auto it = r.battles_called_off.rbegin(); it != r.battles_called_off.rend(); ++it)
      scratch_.battles.erase(scratch_.battles.begin() + *it);
    // RULE std:16.1.3 — a revealed Dummy leaves its battle; the real units fight on without it
    for (const auto& id : r.dummies_removed) t.cite("std:16.1.3"_rule, id + " leaves its battle; the real units fight on");
    for (auto& b : scratch_.battles)
      for (auto* ids : {&b.attackers, &b.defenders, &b.attacked_elsewhere})
        ids->erase_if([&](const std::string& id) { return contains(r.dummies_removed, id); });
  }
  if (!scratch_.battles.empty()) note(std::to_string(scratch_.battles.size()) + " battle(s) declared", t);
  scratch_.next_battle = 0;
  stage_ = Stage::Resolve;
}

void Game::resolve_next_battle() {
  if (scratch_.next_battle >= scratch_.battles.size()) {
    stage_ = Stage::PhaseEnd;
    return;
  }
  const n20::BattleDeclaration b = scratch_.battles[scratch_.next_battle++];
  if (scratch_.collapsed) {
    // A General Retreat made since the declaration may have carried units off: a battle whose
    // units are no longer all on the map and in contact is not fought (catalog ruling on
    // leipzig:12.7, which has the Combat Phase completed after the retreat).
    Trace silent(Trace::Off{}, catalog());
    bool fought = true;
    for (const auto* ids : {&b.attackers, &b.defenders})
      for (const auto& id : *ids) fought = fought && state_.unit(id) && state_.unit(id)->on_map();
    if (fought) {
      try {
        fought = n20::battle_totals(*scenario_->rules, *scenario_->map, state_, b, silent).legal;
      } catch (const RuleRefusal&) {
        fought = true;  // legal in contact; its refusal, if any, comes when it is fought
      }
    }
    if (!fought) {
      Trace t{Trace::IdsOnly{}, catalog()};
      t.cite("leipzig:12.7"_rule, "the General Retreat broke the contact this battle was declared on");
      note(join(b.attackers) + " attack " + join(b.defenders) + " is not fought: the General Retreat broke contact", t);
      return;  // Stage::Resolve: the next battle
    }
  }
  prepare_battle(b, join(b.attackers) + " attack " + join(b.defenders));
}

void Game::prepare_battle(const n20::BattleDeclaration& b, const std::string& what) {
  scratch_.resolving = b;
  scratch_.resolving_what = what;
  scratch_.front_choices = front_choices(b);
  scratch_.setup_step = scratch_.front_choices.second.empty() ? 0 : -1;
  offer_battle_setup();
}

// The Fronts the owner of one side of `b` may name for the battle's morale (Leipzig: a side of
// both Allied Fronts whose gain under allied-choice, or whose reserves, fall on the Front the
// Allied player names; a side of army-less units only under leipzig.cadre_front = battle,
// leipzig:12.0, 2.1): the side and its choices, none where the rule set names the tracks itself.
std::pair<std::string, std::vector<Symbol>> Game::front_choices(const n20::BattleDeclaration& b) const {
  const n20::N20Rules& rules = *scenario_->rules;
  Trace quiet(Trace::Off{}, catalog());
  for (const auto* ids : {&b.attackers, &b.defenders}) {
    std::vector<const Unit*> side;
    for (Symbol id : *ids) side.push_back(state_.unit(id));
    const auto refused = [&](n20::N20Rules::BattleMorale what) {
      try {
        rules.battle_tracks(side, what, state_, quiet);
        return false;
      } catch (const RuleRefusal&) {
        return true;
      }
    };
    const bool gain = refused(n20::N20Rules::BattleMorale::Gain);
    if (!gain && !refused(n20::N20Rules::BattleMorale::Reserves)) continue;
    std::vector<Symbol> fronts;
    for (const Unit* u : side) try {
        const Symbol t = rules.morale_track_for(*u, state_, quiet);
        if (std::find(fronts.begin(), fronts.end(), t) == fronts.end()) fronts.push_back(t);
      } catch (const RuleRefusal&) {
      }
    if (fronts.empty())  // army-less units only: any Front of their side
      for (const auto& [track, points] : state_.morale)
        if (track != Symbol(scenario_->french)) fronts.push_back(track);
    std::sort(fronts.begin(), fronts.end(), [](Symbol x, Symbol y) { return x.view() < y.view(); });
    // Named for the reserves alone (each-front): only when a Front could pay for them.
    if (!gain && std::none_of(fronts.begin(), fronts.end(), [&](Symbol f) {
          const auto* e = state_.morale.find(f);
          return e != state_.morale.end() && e->second >= 1;
        }))
      continue;
    return {std::string(side.front()->side), fronts};
  }
  return {};
}

// Step A. The attacker may commit reserves for a point, then the defender (std:12.5, steps B
// and C of std:9.0). Step B. The attacker may resolve on a lower column (std:9.5). Each is
// offered only when it is open: a point to spend, a lower column on the table.
void Game::offer_battle_setup() {
  stage_ = Stage::BattleSetup;
  const n20::BattleDeclaration& b = *scratch_.resolving;
  // Step 0. The Allied player names the battle's Front where the rule set leaves it to him
  // (leipzig:12.0, 2.1): the game marker allied-front:FRONT while the battle lasts.
  if (scratch_.setup_step < 0) {
    Decision d{.kind = DecisionKind::Front,
               .side = scratch_.front_choices.first,
               .rule = "leipzig:12.0",
               .prompt = "which Front gains, or pays for reserves, in " + scratch_.resolving_what + "?"};
    for (Symbol f : scratch_.front_choices.second) d.add({.kind = ActionKind::NameFront, .unit = f});
    offer(std::move(d));
    return;
  }
  // Step A.
  while (scratch_.setup_step < 2) {
    const bool attacker = scratch_.setup_step == 0;
    const Unit& first = *state_.unit(attacker ? b.attackers.front() : b.defenders.front());
    // Offered when the battle rules accept it (a point to spend; not every unit routed, 16.5.2).
    n20::BattleDeclaration trial = b;
    (attacker ? trial.attacker_reserve : trial.defender_reserve) = true;
    Trace quiet(Trace::Off{}, catalog());
    bool open = false;
    try {
      open = n20::battle_totals(*scenario_->rules, *scenario_->map, state_, trial, quiet).legal;
    } catch (const RuleRefusal&) {
      // Reserves whose payer the rule set refuses to name (Leipzig: a battle of both Allied
      // Fronts, leipzig:12.0) are not offered (docs/game.md).
      open = false;
    }
    if (open) {
      Decision d{.kind = DecisionKind::Reserves,
                 .side = first.side,
                 .rule = "std:12.5",
                 .prompt = std::string("does the ") + (attacker ? "attacker" : "defender") +
                           " spend a morale point for +1 in " + scratch_.resolving_what + "?"};
      d.add(ActionKind::NoReserves);
      d.add(ActionKind::CommitReserves);
      offer(std::move(d));
      return;
    }
    ++scratch_.setup_step;
  }
  // Step B.
  Trace silent(Trace::Off{}, catalog());
  const n20::BattleTotals totals = n20::battle_totals(*scenario_->rules, *scenario_->map, state_, b, silent);
  const int lowest = scenario_->rules->crt().lowest;
  if (scratch_.setup_step == 2 && totals.legal && totals.column > lowest) {
    Decision d{.kind = DecisionKind::Column,
               .side = state_.unit(b.attackers.front())->side,
               .rule = "std:9.5",
               .prompt = "resolve " + scratch_.resolving_what + " on its column or a lower one?"};
    for (int c = totals.column; c >= lowest; --c) d.add({.kind = ActionKind::Column, .number = c});
    offer(std::move(d));
    return;
  }
  const n20::BattleDeclaration fought = b;
  fight(fought, scratch_.resolving_what);
}

void Game::apply_battle_setup(const Action& a) {
  n20::BattleDeclaration& b = *scratch_.resolving;
  if (scratch_.setup_step < 0) {
    std::erase_if(state_.markers, [](Symbol m) { return m.view().starts_with("allied-front:"); });
    state_.set_marker(Symbol("allied-front:" + std::string(a.unit)), true);
    Trace t{Trace::IdsOnly{}, catalog()};
    t.cite("leipzig:12.0"_rule, scratch_.front_choices.first + " names the " + std::string(a.unit) + " Front for this battle");
    note(scratch_.front_choices.first + " names the " + std::string(a.unit) + " Front", t);
    ++scratch_.setup_step;
    offer_battle_setup();
    return;
  }
  if (scratch_.setup_step == 0) b.attacker_reserve = a.kind == ActionKind::CommitReserves;
  else if (scratch_.setup_step == 1) b.defender_reserve = a.kind == ActionKind::CommitReserves;
  else if (a.number != decision_.actions.front().number) b.reduce_to = a.number;  // below the battle's own column
  if (scratch_.setup_step == 2) {
    const n20::BattleDeclaration fought = b;
    fight(fought, scratch_.resolving_what);
    return;
  }
  ++scratch_.setup_step;
  offer_battle_setup();
}

// Starts resolving a battle; it pauses wherever an owner must choose and resumes from there.
void Game::fight(const n20::BattleDeclaration& b, const std::string& what) {
  scratch_.resolving = b;
  scratch_.resolving_what = what;
  // The owners choose every retreat path and exchange with more than one legal option.
  static const n20::ResolutionPolicy kOwnersChoose{.pause_for_owners = true};
  scratch_.battle.emplace(*scenario_->rules, *scenario_->map, state_, b, kOwnersChoose);
  scratch_.battle_trace.emplace(Trace::IdsOnly{}, catalog());
  resolve_current();
}

namespace {

std::string path_label(const n20::RetreatPath& p, const Map& map) {
  std::string s;
  for (const auto& step : p.steps) s += (s.empty() ? "" : "-") + map.name(step.hex);
  if (p.loc) s += " to LOC " + map.name(*p.loc);
  return s;
}

// One choice per legal path, written as its hexes; a path written like an earlier one gets " #k".
void add_paths(Decision& d, const n20::RetreatOptions& o, const Map& map) {
  auto taken = [&](const std::string& l) {
    return std::any_of(d.actions.begin(), d.actions.end(), [&](const Action& a) { return a.path == l; });
  };
  for (std::size_t i = 0; i < o.paths.size(); ++i) {
    std::string l = path_label(o.paths[i], map);
    const std::string base = l;
    for (int k = 2; taken(l); ++k) l = base + " #" + std::to_string(k);
    d.add({.kind = ActionKind::Retreat, .index = static_cast<std::uint32_t>(i), .path = std::move(l)});
  }
}

}  // namespace

// Step A. Play the battle on with the game's dice; a retreat or exchange choice with more than
// one option stops it and is offered to its owner (std:9.8, std:9.6.7). Step B. Apply, and end
// the game at once on a side's collapse. Step C. Offer the victor's advance.
void Game::resolve_current() {
  const n20::N20Rules& rules = *scenario_->rules;
  const n20::BattleDeclaration b = *scratch_.resolving;
  n20::BattleResolution& battle = *scratch_.battle;
  Trace& t = *scratch_.battle_trace;
  // Step A.
  for (;;) {
    const auto waiting = battle.run(t);
    if (waiting == n20::BattleResolution::Waiting::Done) break;
    if (waiting == n20::BattleResolution::Waiting::Roll) {
      battle.roll_from(dice_);
      continue;
    }
    if (waiting == n20::BattleResolution::Waiting::RetreatChoice) {
      const Symbol id = battle.choosing_unit();
      Decision d{.kind = DecisionKind::Retreat,
                 .side = state_.unit(id)->side,
                 .unit = id,
                 .rule = "std:9.8",
                 .prompt = "which retreat path does " + id + " take?"};
      add_paths(d, battle.retreat_options(), *scenario_->map);
      stage_ = Stage::OwnerChoice;
      offer(std::move(d));
      return;
    }
    const auto& sets = battle.exchange_sets();
    Decision d{.kind = DecisionKind::Exchange, .side = state_.unit(b.attackers.front())->side, .rule = "std:9.6.7",
               .prompt = "which attackers break to pay the exchange?"};
    for (std::size_t i = 0; i < sets.size(); ++i)
      d.add({.kind = ActionKind::Exchange,
             .index = static_cast<std::uint32_t>(i),
             .units = std::vector<Symbol>(sets[i].begin(), sets[i].end())});
    stage_ = Stage::OwnerChoice;
    offer(std::move(d));
    return;
  }
  n20::BattleOutcome out = battle.take_outcome();
  scratch_.battle.reset();
  if (!out.legal) throw std::logic_error("engine disagreement: declared battle '" + scratch_.resolving_what + "' is illegal");
  scratch_.resolving.reset();
  scratch_.battle_die_rolled = true;
  {  // the tracks whose units fought (the lull's facts per track)
    for (const auto* ids : {&b.attackers, &b.defenders})
      for (const auto& id : *ids)
        if (const Unit* u = state_.unit(id); u && u->side == state_.phasing)
          scratch_.battle_tracks.insert(std::string(rules.morale_track(*u, state_)));
  }
  // Step B (the advance is worked out first: it reads the outcome's state).
  Trace a{Trace::IdsOnly{}, catalog()};
  n20::AdvanceOptions adv = *out.unfought ? n20::AdvanceOptions{}
                                           : n20::advance_options(rules, *scenario_->map, state_, out.as_fought(b), out, a);
  state_ = std::move(out.after);
  // The Front named for this battle (leipzig:12.0) served it only.
  std::erase_if(state_.markers, [](Symbol m) { return m.view().starts_with("allied-front:"); });
  rules.settle_position(*scenario_->map, n20::N20Rules::Change::Battle, state_, t);
  note(scratch_.resolving_what + (*out.unfought ? ": not fought, " + out.unfought_reason
                                                : ": die " + std::to_string(out.die) + ", " + to_string(out.applied)),
       t);
  if (judge_decisive()) return;
  // Step C.
  scratch_.advance_paths.clear();
  scratch_.advance_eligible.clear();
  scratch_.advanced.clear();
  for (const auto& p : adv.paths) scratch_.advance_paths.push_back(p.hexes);
  for (const auto& e : adv.eligible)
    if (const Unit* u = state_.unit(e.unit); u && u->on_map()) {
      std::vector<bool> closed;
      for (const auto& p : adv.paths) closed.push_back(contains(e.not_along, p.defeated));
      scratch_.advance_eligible.push_back({u->id, e.max_hexes, std::move(closed)});
    }
  scratch_.cavalry_must_advance = adv.cavalry_must_advance;
  scratch_.cavalry_advanced = false;
  if (!scratch_.advance_eligible.empty() && !scratch_.advance_paths.empty())
    // RULE std:9.9.7 — the advance is offered now, before the next battle, and never later
    // (std:9.6 says as much in the Leipzig printing, which has no 9.9.7)
    a.cite(scenario_->rules->printed().advance_immediacy,
           "the victors may advance now, before the next battle is resolved, or not at all");
  if (!a.entries().empty()) note("advance after combat", a);
  offer_advance();
}

// The owner's choice is given to the waiting battle, which plays on from there.
void Game::apply_owner_choice(const Action& a) {
  scratch_.battle->choose(a.index);
  resolve_current();
}

// The battle is over, its advance made: the rule set's check after each battle (Leipzig's
// accidental bridge demolition after an Allied battle, leipzig:16.10); then back to the
// reaction or the next battle.
void Game::after_advance() {
  if (pos_.phase == n20::Phase::Reaction) {
    offer_react_select();
    return;
  }
  Trace h{Trace::IdsOnly{}, catalog()};
  scenario_->rules->after_battle(*scenario_->map, state_, dice_, h);
  if (!h.entries().empty()) note("after the battle", h);
  stage_ = Stage::Resolve;
}

// The victor's units that may still advance, each to any vacant hex it may reach along a path
// the defeated left (std:9.9); "done" unless a cavalry unit must still enter (std:9.9 cavalry).
void Game::offer_advance() {
  stage_ = Stage::Advance;
  Decision d{.kind = DecisionKind::Advance, .rule = "std:9.9", .prompt = "advance after combat?"};
  const bool may_stop = !scratch_.cavalry_must_advance || scratch_.cavalry_advanced;
  Trace silent(Trace::Off{}, catalog());
  // A hex of the path is open unless a unit stands there that does not give way to the victor
  // (a Dresden garrison does: the paths it covers were closed when they were worked out).
  const auto open = [&](Hex h) {
    for (const Unit* x : state_.units_at(h))
      if (!scenario_->rules->gives_way_to_advance(*x, false, silent)) return false;
    return true;
  };
  for (const auto& [id, max_hexes, closed] : scratch_.advance_eligible) {
    if (contains(scratch_.advanced, id)) continue;
    d.side = state_.unit(id)->side;
    for (std::size_t i = 0; i < scratch_.advance_paths.size(); ++i) {
      if (closed[i]) continue;  // across a crossing reserved to the other side, or a hex it may never enter
      const auto& path = scratch_.advance_paths[i];
      for (int k = 0; k < max_hexes && k < static_cast<int>(path.size()); ++k) {
        const Hex h = path[static_cast<std::size_t>(k)];
        // A hex the rule set bars it from ends its way along this path (leipzig:16.11's Spent units).
        if (scenario_->rules->forbids_advance_into(*state_.unit(id), *scenario_->map, h, state_)) break;
        if (!open(h)) continue;
        const bool offered = std::any_of(d.actions.begin(), d.actions.end(),
                                         [&, &id = id](const Action& a) { return a.unit == id && a.hex == h; });
        if (!offered) d.add({.kind = ActionKind::Advance, .unit = id, .hex = h});
      }
    }
  }
  if (may_stop) d.add_first({.kind = ActionKind::Done});
  if (d.size() == 0 || (d.size() == 1 && may_stop)) {
    after_advance();
    return;
  }
  offer(std::move(d));
}

void Game::apply_advance(const Action& a) {
  if (a.kind == ActionKind::Done) {
    after_advance();
    return;
  }
  const Symbol id = a.unit;
  const std::string hex_name = scenario_->map->name(a.hex);
  Unit& u = *state_.unit(id);
  Trace t{Trace::IdsOnly{}, catalog()};
  // RULE std:9.9 — a victorious unit may advance into hexes the defeated unit left
  t.cite("std:9.9"_rule, id + " advances to " + hex_name);
  const std::string from = scenario_->map->name(u.hex);
  const Hex from_hex = u.hex;
  u.hex = a.hex;
  if (u.type == UnitType::Cavalry) scratch_.cavalry_advanced = true;
  scratch_.advanced.push_back(id);
  // RULE std:9.9.8 — an advancing unit is done for the phase: it was in this battle, so no other
  // battle of the declaration can include it (each unit fights once, std:9.2; std:9.1.2 in the
  // Leipzig printing, which has no 9.9.8)
  t.cite(scenario_->rules->printed().advance_exhaustion, id + " has advanced and is finished for this Combat Phase");
  scenario_->rules->after_move(*scenario_->map, id, from_hex, false, {a.hex}, state_, t);
  scenario_->rules->settle_position(*scenario_->map, n20::N20Rules::Change::Advance, state_, t);
  note(id + " advances from " + from + " to " + hex_name, t);
  offer_advance();
}

}  // namespace hexlaw::play

// ---- A collapse's owed retreats (Leipzig's General Retreat, leipzig:12.7 step 4).

namespace hexlaw::play {

// Step A. Ask the rule set what is owed; nothing: the play goes on. Step B. Keep the stage (and
// the decision the play was about to offer) to resume, and offer the first retreat.
bool Game::begin_owed_retreats() {
  // Step A.
  Trace t{Trace::IdsOnly{}, catalog()};
  const auto owed = scenario_->rules->owed_retreats(state_, t);
  if (owed.empty()) return false;
  // Step B.
  owed_.active = true;
  owed_.owed.clear();
  for (const auto& o : owed) owed_.owed.emplace_back(o.unit, o.hexes);
  owed_.rule = owed.front().rule;
  owed_.unit = Symbol();
  owed_.options.reset();
  owed_.resume_stage = stage_;
  scratch_.collapsed = true;
  if (std::string_view(owed_.rule) == "leipzig:16.12")
    note("Leader Discretion: " + std::to_string(owed.size()) + " Leader(s) alone in an enemy ZOC retreat one hex", t);
  else
    note("a General Retreat: " + std::to_string(owed.size()) + " unit(s) retreat their printed allowance", t);
  offer_owed_retreat();
  return true;
}

// Step A. Drop units no longer on the map; none left: done. Step B. The owner names the unit to
// retreat next (any order, leipzig:12.7). Step C. Its retreat paths under the standard rules
// (std:9.8; one hex fewer from a Fortified or Redoubt hex, always taken as in every played
// retreat): none breaks it, one is taken, several are the owner's choice.
void Game::offer_owed_retreat() {
  stage_ = Stage::GeneralRetreat;
  const n20::N20Rules& rules = *scenario_->rules;
  const Map& map = *scenario_->map;
  // Step A.
  std::erase_if(owed_.owed, [&](const auto& o) { return !state_.unit(o.first) || !state_.unit(o.first)->on_map(); });
  if (owed_.owed.empty()) {
    finish_owed_retreats();
    return;
  }
  // Step B.
  if (owed_.unit.empty()) {
    if (owed_.owed.size() == 1) {
      owed_.unit = owed_.owed.front().first;
    } else {
      Decision d{.kind = DecisionKind::GeneralRetreat, .side = state_.unit(owed_.owed.front().first)->side,
                 .rule = owed_.rule, .prompt = "owed retreats: which unit retreats next?"};
      for (const auto& [id, hexes] : owed_.owed) d.add({.kind = ActionKind::Move, .unit = id});
      offer(std::move(d));
      return;
    }
  }
  // Step C.
  const Unit& u = *state_.unit(owed_.unit);
  int hexes = 0;
  for (const auto& [id, h] : owed_.owed)
    if (id == owed_.unit) hexes = h;
  Trace t{Trace::IdsOnly{}, catalog()};
  hexes = std::max(0, hexes - rules.retreat_reduction(map, u.hex, state_, t));
  owed_.hexes = hexes;
  owed_.from = u.hex;
  if (hexes == 0) {
    note(u.id + " stays (no hexes owed)", t);
    apply_owed_retreat({.kind = ActionKind::Done});
    return;
  }
  owed_.options = n20::retreat_paths(rules, map, state_, u, hexes, std::nullopt, t);
  if (owed_.options->must_break) {
    Unit& w = *state_.unit(owed_.unit);
    w.status = UnitStatus::Broken;
    w.hex = Hex{};
    // RULE std:9.8 — a unit with no legal retreat breaks (a General Retreat's breaks change no morale: catalog ruling on leipzig:12.7)
    t.cite("std:9.8"_rule, n20::no_retreat_reason(owed_.unit, hexes, u.hex, map));
    note(std::string(owed_.unit) + " cannot make its owed retreat and breaks", t);
    apply_owed_retreat({.kind = ActionKind::Done});
    return;
  }
  if (owed_.options->paths.size() == 1) {
    apply_owed_retreat({.kind = ActionKind::Retreat, .index = 0});
    return;
  }
  Decision d{.kind = DecisionKind::Retreat, .side = u.side, .unit = u.id, .rule = owed_.rule,
             .prompt = "owed retreat: which path does " + u.id + " take (" + std::to_string(hexes) + " hexes)?"};
  add_paths(d, *owed_.options, map);
  offer(std::move(d));
}

// Step A. The unit named retreats next. Step B. Walk the chosen path, rolling each hazard on the
// hazardous-retreat table (std:9.8.3, 9.8.4); a break leaves the map and changes no morale.
// Step C. The next unit.
void Game::apply_owed_retreat(const Action& a) {
  const n20::N20Rules& rules = *scenario_->rules;
  const Map& map = *scenario_->map;
  // Step A.
  if (a.kind == ActionKind::Move) {
    owed_.unit = a.unit;
    offer_owed_retreat();
    return;
  }
  // Step B.
  if (a.kind == ActionKind::Retreat) {
    const n20::RetreatPath& path = owed_.options->paths[a.index];
    Unit& u = *state_.unit(owed_.unit);
    Trace t{Trace::IdsOnly{}, catalog()};
    t.cite(owed_.rule, u.id + (std::string_view(owed_.rule) == "leipzig:12.7" ? " makes its General Retreat"
                                                                              : " retreats one hex (Leader Discretion)"));
    const std::string from = map.name(u.hex);
    bool broke = false;
    for (const n20::RetreatStep& s : path.steps) {
      if (s.doomed) {  // a crossing that may not be used now breaks the unit before it crosses
        broke = true;
        t.cite(s.doomed_rule, u.id + " retreats across " + std::string(s.river.view()) + " and breaks");
        break;
      }
      u.hex = s.hex;
      for (int k = 0; k < s.rolls() && !broke; ++k) {
        const bool zoc = k == 0 && s.enemy_zoc;
        const char* rule = zoc ? "std:9.8.3" : "std:9.8.4";
        const int face = dice_.roll(6, rule, "hazard: " + std::string(zoc ? "enemy ZOC" : "river"));
        broke = rules.hazard_breaks()[static_cast<std::size_t>(face - 1)];
        t.cite(rule, u.id + " rolls " + std::to_string(face) + " at " + map.name(s.hex));
        t.cite(rules.bound_hazard_table_id(), broke ? "the unit breaks there" : "the unit carries on");
      }
      if (broke) break;
    }
    if (!broke && path.breaks_at_loc) {
      broke = true;
      t.cite("std:9.8.7"_rule, u.id + " reaches its LOC with hexes still owed and breaks");
    }
    const std::string to = map.name(u.hex);
    if (broke) {
      u.status = UnitStatus::Broken;
      u.hex = Hex{};
    }
    note(u.id + " retreats from " + from + (broke ? " and breaks at " : " to ") + to, t);
  }
  // Step C. The rule set's check on the unit that retreated (a Leader still alone in an enemy
  // ZOC breaks, leipzig:16.12).
  {
    Trace c{Trace::IdsOnly{}, catalog()};
    rules.after_owed_retreat(map, owed_.unit, owed_.from, state_, c);
    if (!c.entries().empty()) {
      note("after " + std::string(owed_.unit) + "'s retreat", c);
      owed_.judge = true;
    }
  }
  std::erase_if(owed_.owed, [&](const auto& o) { return o.first == owed_.unit; });
  owed_.unit = Symbol();
  owed_.options.reset();
  offer_owed_retreat();
}

// The retreats are made: the rule set clears what was owed, and the play resumes where it
// stood, offering again what the retreats may have changed (movement, forced march, advance,
// rally, and the night's placements: a retreat may have ended on a hex a rallied unit or a
// Dummy was about to be offered), else the decision it was about to offer.
void Game::finish_owed_retreats() {
  Trace t{Trace::IdsOnly{}, catalog()};
  scenario_->rules->owed_retreats_done(state_, t);
  owed_.active = false;
  if (owed_.judge) {  // a broken Leader's morale (leipzig:16.12) may have decided the game
    owed_.judge = false;
    if (judge_decisive()) return;
  }
  stage_ = owed_.resume_stage;
  std::optional<Decision> kept = std::move(owed_.resume_decision);
  owed_.resume_decision.reset();
  if (!kept) return;  // an automatic stage: run() goes on
  switch (stage_) {
    case Stage::ForcedMarch: offer_forced_march(); return;
    case Stage::ArmyArrival: offer_arrival(); return;
    case Stage::MoveSelect: offer_move_select(); return;
    case Stage::Advance: offer_advance(); return;
    case Stage::Rally: offer_rally(); return;
    case Stage::PartialRally: offer_partial_rally(); return;
    case Stage::Place: offer_place(); return;
    case Stage::Dummy: offer_dummy(); return;
    default: offer(std::move(*kept)); return;
  }
}

}  // namespace hexlaw::play
