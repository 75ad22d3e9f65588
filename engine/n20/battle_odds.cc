// Owns: exact odds of a battle (see battle_odds.h): its resolution explored along a tree of
// chance nodes, and the lines of dice that end alike merged.
#include "engine/n20/battle_odds.h"

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "engine/core/chance.h"
#include "engine/core/dice.h"
#include "engine/core/enumeration_limits.h"
#include "engine/n20/dummies.h"

namespace hexlaw::n20 {

bool same_without_dice(const BattleOutcome& a, const BattleOutcome& b) {
  if (a.legal != b.legal || a.result != b.result || a.applied != b.applied || a.morale != b.morale ||
      a.ex_choices != b.ex_choices || a.fates.size() != b.fates.size() || a.pre_rolls.size() != b.pre_rolls.size() ||
      std::string_view(a.unfought) != b.unfought || a.stopped_before_die != b.stopped_before_die)
    return false;
  for (std::size_t i = 0; i < a.pre_rolls.size(); ++i) {  // what each roll did, not its face
    const PreRollOutcome &x = a.pre_rolls[i], &y = b.pre_rolls[i];
    if (x.unit != y.unit || x.effect != y.effect || x.replacement != y.replacement ||
        x.replacement_fights != y.replacement_fights)
      return false;
  }
  for (std::size_t i = 0; i < a.fates.size(); ++i) {
    const UnitFate &x = a.fates[i], &y = b.fates[i];
    if (x.unit != y.unit || x.fate != y.fate || x.distance != y.distance || x.path != y.path || x.ends != y.ends ||
        std::string_view(x.broke_rule) != y.broke_rule || x.broke != y.broke)
      return false;
  }
  return true;
}

namespace {

// A hash of the fields same_without_dice compares, the reasons' text left out (FNV-1a).
std::uint64_t shown_hash(const BattleOutcome& o) {
  std::uint64_t h = 1469598103934665603ULL;
  auto mix = [&](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
  mix(o.legal);
  mix(static_cast<std::uint64_t>(o.result));
  mix(static_cast<std::uint64_t>(o.applied));
  for (const UnitFate& f : o.fates) {
    mix(f.unit.handle());
    mix(static_cast<std::uint64_t>(f.fate));
    mix(static_cast<std::uint64_t>(f.distance));
    mix(f.ends ? (static_cast<std::uint64_t>(static_cast<std::uint32_t>(f.ends->q)) << 32) |
                     static_cast<std::uint32_t>(f.ends->r)
               : 0xffffffffULL);
    mix(f.path.size());
  }
  for (const auto& [track, change] : o.morale) mix(static_cast<std::uint64_t>(change + 1000));
  mix(o.ex_choices.size());
  for (const PreRollOutcome& p : o.pre_rolls) {
    mix(p.unit.handle());
    mix(static_cast<std::uint64_t>(p.effect));
  }
  return h;
}

// The distinct outcomes by the hash of what they show: open addressing over one array of
// (hash, index) slots, kept at most half full, so a leaf's look-up allocates nothing. Outcomes
// whose hashes collide sit in slots of their own and are told apart by the caller's compare.
class ShownIndex {
 public:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  // The index of an outcome with hash `h` for which `same(index)` holds, or kNone.
  template <class Same>
  std::size_t find(std::uint64_t h, Same&& same) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t k = h & mask;; k = (k + 1) & mask) {
      const Slot& s = slots_[k];
      if (s.index_plus_one == 0) return kNone;
      if (s.hash == h && same(s.index_plus_one - 1)) return s.index_plus_one - 1;
    }
  }
  void add(std::uint64_t h, std::size_t index) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    place(h, index);
    ++used_;
  }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::size_t index_plus_one = 0;  // 0: empty
  };
  void place(std::uint64_t h, std::size_t index) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t k = h & mask;
    while (slots_[k].index_plus_one != 0) k = (k + 1) & mask;
    slots_[k] = Slot{h, index + 1};
  }
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.index_plus_one != 0) place(s.hash, s.index_plus_one - 1);
  }
  std::vector<Slot> slots_ = std::vector<Slot>(256);
  std::size_t used_ = 0;
};

}  // namespace

// Step A. Refuse Dummies, as a played battle does. Step B. Walk the tree of rolls from the
// start of the battle, each node's citations gathered once. Step C. Merge the leaves that show
// the same outcome.
std::vector<Weighted<BattleOutcome>> battle_odds(const N20Rules& rules, const Map& map, const GameState& state,
                                                 const BattleDeclaration& battle, const ResolutionPolicy& policy,
                                                 Trace& trace) {
  // Step A.
  refuse_dummies(rules, state, battle.attackers, "fight in a battle");
  refuse_dummies(rules, state, battle.defenders, "fight in a battle");
  // Step B. A trace that keeps nothing needs no explanation of the retreats: each is searched
  // for the path taken alone.
  ResolutionPolicy as_asked = policy;
  as_asked.choose_path_alone = as_asked.choose_path_alone || trace.keeps_nothing();
  DistinctCitations citations(trace);
  std::vector<Weighted<BattleOutcome>> out;
  out.reserve(64);
  EnumerationBudget budget(EnumerationBudget::Kind::ChanceNodes);  // its work (enumeration_limits.h)
  auto advance = [&](BattleResolution& r) {
    budget.add();
    const BattleResolution::Waiting w = r.run(citations.sink());
    if (w == BattleResolution::Waiting::RetreatChoice || w == BattleResolution::Waiting::ExchangeChoice)
      throw std::logic_error("battle_odds: the policy waits for owners; odds need every choice fixed or defaulted");
    return w == BattleResolution::Waiting::Roll;
  };
  // Step C. Leaves are looked up by a hash of what they show (ids, fates, hexes, results and
  // morale; the reasons' text is left to the full comparison).
  ShownIndex shown;
  auto leaf = [&](BattleResolution& r, const Fraction& p) {
    const BattleOutcome& o = r.outcome();
    const std::uint64_t h = shown_hash(o);
    const std::size_t i = shown.find(h, [&](std::size_t k) { return same_without_dice(out[k].outcome, o); });
    if (i != ShownIndex::kNone) {
      out[i].probability += p;
      ++out[i].sequences;
      return;
    }
    if (out.size() == kMaxDistinctOutcomes) distinct_outcome_limit_exceeded();
    shown.add(h, out.size());
    Weighted<BattleOutcome>& kept = out.emplace_back();  // the outcome moved once, into its place
    r.take_outcome_into(kept.outcome);
    kept.probability = p;
    kept.sequences = 1;
  };
  explore_chance_tree(BattleResolution(rules, map, state, battle, as_asked), advance, leaf);
  return out;
}

}  // namespace hexlaw::n20
