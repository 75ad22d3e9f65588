// Owns: checking a proposed set of battles for a Combat Phase (std:9.1–9.3, std:7.3,
// std:9.4.3): each battle's own requirements, no unit attacking or attacked twice, every
// phasing unit in an enemy ZOC attacking, and every enemy unit in an attacker's ZOC — or
// exerting a ZOC on a phasing unit — attacked. A countercharge set is selective (std:8.2.1).
#pragma once

#include <string>
#include <vector>

#include "engine/n20/battle.h"
#include "engine/n20/obligations.h"

namespace hexlaw::n20 {

struct DeclarationCheck {
  bool legal = true;
  std::vector<std::pair<std::string, std::string>> violations;  // (rule, reason), every one found
  std::vector<std::string> must_attack, must_be_attacked;       // unit ids
};

DeclarationCheck check_declaration(const N20Rules& rules, const Map& map, const GameState& state,
                                   const std::string& side, const std::vector<BattleDeclaration>& battles,
                                   bool countercharge, Trace& trace);
// The same with the position's obligations already worked out by the caller (combat_obligations
// on this state and side; the trace then lacks the citations that call made): a side building
// its declaration battle by battle in one position asks for them once.
DeclarationCheck check_declaration(const N20Rules& rules, const Map& map, const GameState& state,
                                   const std::string& side, const std::vector<BattleDeclaration>& battles,
                                   bool countercharge, const CombatObligations& obligations, Trace& trace);

}  // namespace hexlaw::n20
