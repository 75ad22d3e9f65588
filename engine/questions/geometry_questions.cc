// Owns: questions about the map grid — the distance between two hexes and whether two
// hexes are adjacent for the rules.
#include "engine/n20/zoc.h"
#include "engine/questions/kinds.h"
#include "engine/questions/question_fields.h"

namespace hexlaw {

void add_geometry_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "distance",
      "How many hexes apart are two hexes? (question: hexes: [A, B])",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "hexes"});
        question_hex_pair(s, "hexes");
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        auto [a, b] = question_hex_pair(s, "hexes");
        const int d = distance(a, b);
        // RULE std:2.0 (part: the hex grid) — the map's hex grid: distances are counted in hexes
        t.cite("std:2.0"_rule, s.map.name(a) + " to " + s.map.name(b) + " is " + std::to_string(d) +
                              " hex(es) along the grid");
        headline = s.map.name(a) + " and " + s.map.name(b) + " are " + std::to_string(d) + " hex(es) apart";
        return nlohmann::json{{"distance", d}};
      }});
  kinds.push_back(QuestionKind{
      "adjacent",
      "Are two hexes adjacent for the rules? (question: hexes: [A, B])",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "hexes"});
        question_hex_pair(s, "hexes");
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        auto [a, b] = question_hex_pair(s, "hexes");
        const bool touching = distance(a, b) == 1;
        const bool adjacent = n20::adjacent_for_rules(s.rules, s.map, s.state, a, b, t);
        nlohmann::json features = nlohmann::json::array();
        if (auto side = Hexside::between(a, b))
          for (const auto& f : s.rules.hexside_features(s.map, *side, s.state)) features.push_back(f);
        headline = s.map.name(a) + " and " + s.map.name(b) + (adjacent ? " are" : " are not") +
                   " adjacent for the rules";
        return nlohmann::json{{"adjacent", adjacent}, {"share_hexside", touching}, {"hexside", features}};
      }});
}

}  // namespace hexlaw
