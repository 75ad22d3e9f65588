// Owns: questions about zones of control — does a unit control a hex, who controls a hex,
// is a unit in an enemy ZOC, and which units must attack or be attacked because of ZOCs.
#include "engine/n20/obligations.h"
#include "engine/n20/zoc.h"
#include "engine/questions/kinds.h"
#include "engine/questions/question_fields.h"

namespace hexlaw {

void add_zoc_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "zoc",
      "Does a unit exert its ZOC into a hex (question: unit, hex)? Or who controls a hex "
      "(question: hex, optional side)?",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "unit", "hex", "side"});
        question_hex(s, "hex");
        if (s.c.question["unit"].present()) {
          question_unit_on_map(s, "unit");
          if (s.c.question["side"].present()) s.c.question["side"].fail("give either a unit or a side, not both");
        }
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const Hex hex = question_hex(s, "hex");
        const std::string hn = s.map.name(hex);
        if (s.c.question["unit"].present()) {
          const Unit& u = question_unit_on_map(s, "unit");
          const bool exerts = n20::exerts_zoc_into(s.rules, s.map, s.state, u, hex, t);
          headline = u.id + (exerts ? " exerts" : " does not exert") + " a zone of control into " + hn;
          return nlohmann::json{{"unit", u.id}, {"hex", hn}, {"exerts", exerts}};
        }
        const std::string side = s.c.question["side"].str_or("");
        auto units = n20::units_exerting_zoc_on(s.rules, s.map, s.state, hex, side, t);
        nlohmann::json ids = nlohmann::json::array();
        for (const Unit* u : units) ids.push_back(u->id);
        headline = units.empty() ? "no unit controls " + hn
                                 : hn + " is controlled by " + std::to_string(units.size()) + " unit(s)";
        return nlohmann::json{{"hex", hn}, {"controlled_by", ids}};
      }});
  kinds.push_back(QuestionKind{
      "in-enemy-zoc",
      "Does this unit stand in an enemy zone of control? (question: unit)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "unit"});
        question_unit_on_map(s, "unit");
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const Unit& u = question_unit_on_map(s, "unit");
        nlohmann::json by = nlohmann::json::array();
        for (const Unit& e : s.state.units) {
          if (!e.on_map() || e.side == u.side || distance(e.hex, u.hex) != 1) continue;
          if (n20::exerts_zoc_into(s.rules, s.map, s.state, e, u.hex, t)) by.push_back(e.id);
        }
        const bool in = !by.empty();
        headline = u.id + (in ? " is" : " is not") + " in an enemy zone of control";
        return nlohmann::json{{"unit", u.id}, {"in_enemy_zoc", in}, {"by", by}};
      }});

  kinds.push_back(QuestionKind{
      "obligations",
      "Which units must attack, and which enemy units must be attacked, because of zones of control? "
      "(question: side, the phasing side)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "side"});
        s.c.question.required("side").str();
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const std::string side = s.c.question["side"].str();
        auto o = n20::combat_obligations(s.rules, s.map, s.state, side, t);
        nlohmann::json attack = nlohmann::json::array(), attacked = nlohmann::json::array();
        for (const Unit* u : o.must_attack) attack.push_back(u->id);
        for (const Unit* u : o.must_be_attacked) attacked.push_back(u->id);
        headline = std::to_string(o.must_attack.size()) + " unit(s) must attack; " +
                   std::to_string(o.must_be_attacked.size()) + " enemy unit(s) must be attacked";
        return nlohmann::json{{"side", side}, {"must_attack", attack}, {"must_be_attacked", attacked}};
      }});
}

}  // namespace hexlaw
