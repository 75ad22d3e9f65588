// Owns: questions about the fog of war (optional rule 16.1): which hidden units are revealed,
// and which are hidden again after the night.
#include "engine/n20/fog.h"
#include "engine/questions/kinds.h"

namespace hexlaw {
namespace {

nlohmann::json reveal_json(const n20::Reveal& r) {
  return nlohmann::json{{"revealed", r.revealed}, {"dummies_removed", r.dummies_removed}};
}

}  // namespace

void add_fog_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "view",
      "What does this side see of the units on the map, in state order? (question: side)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "side"});
        s.c.question.required("side").str();
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const auto views = n20::view_of(s.rules, s.state, s.c.question["side"].str(), t);
        nlohmann::json units = nlohmann::json::array();
        int unknown = 0;
        for (const auto& v : views) {
          nlohmann::json j{{"hex", s.map.name(v.hex)}, {"side", v.side}, {"nationality", v.nationality},
                           {"hidden", v.hidden}};
          if (v.known) {
            j["id"] = v.unit->id;
            j["type"] = to_string(v.unit->type);
            j["strength"] = v.unit->strength;
          } else {
            ++unknown;
          }
          if (v.movement >= 0) j["movement"] = v.movement;
          units.push_back(std::move(j));
        }
        headline = std::to_string(views.size()) + " unit(s) on the map, " + std::to_string(unknown) + " unknown";
        return nlohmann::json{{"units", units}};
      }});
  kinds.push_back(QuestionKind{
      "reveal",
      "Which hidden units are revealed? (question: trigger: scouting, at the end of the phasing side's "
      "Movement Phase, with side; or battles, with units: every unit in the declared battles)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "trigger", "side", "units"});
        const std::string trigger = s.c.question.required("trigger").str();
        if (trigger == "scouting") {
          s.c.question.required("side").str();
        } else if (trigger == "battles") {
          auto f = s.c.question.required("units");
          if (!f.is_seq()) f.fail("expected a list of unit ids");
          for (std::size_t i = 0; i < f.size(); ++i)
            if (!s.state.unit(f.at(i).str())) f.at(i).fail("no unit with id '" + f.at(i).str() + "'");
        } else {
          s.c.question["trigger"].fail("expected scouting or battles");
        }
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const n20::Reveal r = s.c.question["trigger"].str() == "scouting"
                                  ? n20::reveal_by_scouting(s.rules, s.map, s.state, s.c.question["side"].str(), t)
                                  : n20::reveal_battles(s.rules, s.state, s.c.question["units"].str_list(), t);
        headline = std::to_string(r.revealed.size() + r.dummies_removed.size()) + " unit(s) revealed";
        return reveal_json(r);
      }});
  kinds.push_back(QuestionKind{
      "reconceal",
      "Which of this side's units are hidden again at the end of its Night Turn? (question: side)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "side"});
        s.c.question.required("side").str();
        if (!s.state.night) s.c.question.fail("units are reconcealed only at the end of a Night Turn (state.night)");
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        std::vector<std::string> hidden;
        n20::reconceal(s.rules, s.state, s.c.question["side"].str(), t, &hidden);
        headline = std::to_string(hidden.size()) + " unit(s) hidden again";
        return nlohmann::json{{"hidden", hidden}};
      }});
}

}  // namespace hexlaw
