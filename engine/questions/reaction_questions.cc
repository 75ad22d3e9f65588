// Owns: questions about the Reaction Phase — what may this cavalry unit do, whom may it
// countercharge, and where may it disengage or penetrate.
#include "engine/n20/reaction.h"
#include "engine/questions/kinds.h"
#include "engine/questions/question_fields.h"

namespace hexlaw {
namespace {

nlohmann::json moves_json(const Situation& s, const std::vector<n20::ReactionMove>& moves) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& m : moves) {
    nlohmann::json path = nlohmann::json::array();
    for (Hex h : m.path) path.push_back(s.map.name(h));
    out[s.map.name(m.hex)] = path;
  }
  return out;
}

nlohmann::json option_json(bool may, const std::string& rule, const std::string& why_not) {
  nlohmann::json j = {{"may", may}, {"rule", rule}};
  if (!may) j["why_not"] = why_not;
  return j;
}

// The hidden units of the other side named to stop `u` (std:16.1.1): each must be an on-map
// unit of the side that is not reacting.
std::vector<std::string> read_stop_with(const Situation& s, const Unit& u) {
  auto f = s.c.question["stop_with"];
  if (!f.present()) return {};
  if (!f.is_seq()) f.fail("expected a list of unit ids");
  for (std::size_t i = 0; i < f.size(); ++i) {
    const Unit* e = s.state.unit(f.at(i).str());
    if (!e) f.at(i).fail("no unit with id '" + f.at(i).str() + "'");
    if (e->side == u.side) f.at(i).fail("unit '" + e->id + "' is on " + u.id + "'s own side; only an enemy unit can stop it");
    if (!e->on_map()) f.at(i).fail("unit '" + e->id + "' is not on the map");
  }
  return f.str_list();
}

}  // namespace

void add_reaction_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "reaction",
      "What may this unit do in its Reaction Phase? (question: unit; the state must be a reaction "
      "phase with the other side phasing; optional stop_with: hidden units the phasing side reveals "
      "to stop its Disengagement or Penetration, under the fog of war)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "unit", "stop_with"});
        const Unit& u = question_unit_on_map(s, "unit");
        read_stop_with(s, u);
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const Unit& u = question_unit_on_map(s, "unit");
        n20::ReactionOptions o = n20::reaction_options(s.rules, s.map, s.state, u, t, read_stop_with(s, u));
        nlohmann::json cc = option_json(o.may_countercharge, o.countercharge_rule, o.countercharge_why_not);
        cc["targets"] = o.countercharge_targets;
        nlohmann::json de = option_json(o.may_disengage, o.disengage_rule, o.disengage_why_not);
        de["to"] = moves_json(s, o.disengage_to);
        nlohmann::json pe = option_json(o.may_penetrate, o.penetrate_rule, o.penetrate_why_not);
        pe["to"] = moves_json(s, o.penetrate_to);
        std::string can;
        if (o.may_countercharge) can += "countercharge";
        if (o.may_disengage) can += std::string(can.empty() ? "" : ", ") + "disengage";
        if (o.may_penetrate) can += std::string(can.empty() ? "" : ", ") + "penetrate";
        headline = u.id + (can.empty() ? " may not react" : " may " + can);
        return nlohmann::json{{"unit", u.id},
                              {"countercharge", cc},
                              {"disengage", de},
                              {"penetrate", pe},
                              {"revealed", o.revealed},
                              {"dummies_removed", o.dummies_removed},
                              {"hidden_could_stop", o.hidden_could_stop}};
      }});
}

}  // namespace hexlaw
