// Owns: questions about morale and its consequences — rallying broken units, and whether the
// game is won.
#include "engine/n20/rally.h"
#include "engine/n20/victory.h"
#include "engine/questions/kinds.h"

namespace hexlaw {

void add_morale_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "rally",
      "What happens when these broken units try to rally? (question: units, optional spend_point, "
      "partial_rally: [infantry ids taking a Cadre on No Effect])",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "units", "spend_point", "partial_rally"});
        auto f = s.c.question.required("units");
        if (!f.is_seq() || f.size() == 0) f.fail("expected a list of broken unit ids");
        for (std::size_t i = 0; i < f.size(); ++i) {
          const Unit* u = s.state.unit(f.at(i).str());
          if (!u) f.at(i).fail("no unit with id '" + f.at(i).str() + "'");
          if (u->status != UnitStatus::Broken) f.at(i).fail("unit '" + u->id + "' is not broken");
        }
        s.c.question["spend_point"].bool_or(false);
        s.c.question["partial_rally"].str_list();
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        n20::RallyRequest req;
        req.units = s.c.question["units"].str_list();
        req.spend_point = s.c.question["spend_point"].bool_or(false);
        req.partial_rally = s.c.question["partial_rally"].str_list();
        n20::RallyOutcome o;
        try {
          o = n20::rally(s.rules, s.map, s.state, req, dice, t);
        } catch (const std::invalid_argument& e) {
          s.c.question.fail(e.what());
        }
        nlohmann::json rolls = nlohmann::json::array(), places = nlohmann::json::array(), rally_hexes = nlohmann::json::array();
        int rallied = 0;
        for (const auto& r : o.rolls) {
          rolls.push_back({{"unit", r.unit}, {"die", r.die}, {"modifier", r.modifier}, {"modified", r.modified},
                           {"result", r.result}, {"may_partial_rally", r.may_partial_rally}});
          rallied += r.result == "rallied" || r.result == "partial-rally";
        }
        for (Hex h : o.placements) places.push_back(s.map.name(h));
        for (Hex h : o.rally_hexes) rally_hexes.push_back(s.map.name(h));
        headline = std::to_string(rallied) + " of " + std::to_string(o.rolls.size()) + " unit(s) rally";
        return nlohmann::json{{"rolls", rolls}, {"placements", places}, {"rally_hexes", rally_hexes},
                              {"morale_spent", o.morale_spent}};
      }});
  kinds.push_back(QuestionKind{
      "victory",
      "Is the game won? (question: french, the French morale track; end_of_game: the last turn has "
      "ended)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "french", "end_of_game"});
        s.c.question.required("french").str();
        s.c.question["end_of_game"].bool_or(false);
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        n20::VictoryVerdict v;
        try {
          v = n20::victory(s.state, s.c.question["french"].str(), s.c.question["end_of_game"].bool_or(false), t);
        } catch (const std::invalid_argument& e) {
          s.c.question.fail(e.what());
        }
        headline = v.level == "none" ? "the game goes on"
                                     : v.level + (v.winner.empty() ? "" : " victory for " + v.winner);
        return nlohmann::json{{"over", v.over}, {"level", v.level}, {"winner", v.winner}};
      }});
}

}  // namespace hexlaw
