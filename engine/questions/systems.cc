// Owns: the registry of rule systems (see systems.h).
#include "engine/questions/systems.h"

#include <stdexcept>

#include "engine/questions/ask.h"
#include "engine/questions/jemmapes_questions.h"

namespace hexlaw {

const std::vector<RuleSystem>& rule_systems() {
  static const std::vector<RuleSystem> systems = [] {
    std::vector<RuleSystem> s;
    s.push_back(RuleSystem{"n20", {"standard", "jena", "dresden", "leipzig"}, "standard", read_n20_case_position,
                           [] {
                             std::vector<std::string> names;
                             for (const auto& k : question_kinds()) names.push_back(k.name);
                             return names;
                           },
                           answer_n20_case});
    s.push_back(RuleSystem{"jemmapes", {"jemmapes"}, "jemmapes", read_jemmapes_case_position, jemmapes_kind_names,
                           answer_jemmapes_case});
    return s;
  }();
  return systems;
}

const RuleSystem* system_for_game(std::string_view game) {
  for (const auto& s : rule_systems())
    for (const auto& g : s.games)
      if (g == game) return &s;
  return nullptr;
}

const RuleSystem& system_named(std::string_view name) {
  for (const auto& s : rule_systems())
    if (s.name == name) return s;
  throw std::logic_error("no rule system named '" + std::string(name) + "'");
}

}  // namespace hexlaw
