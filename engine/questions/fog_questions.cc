// Owns: questions about the fog of war (optional rule 16.1): which hidden units are revealed,
// and which are hidden again after the night.
#include "engine/n20/fog.h"
#include "engine/questions/kinds.h"

namespace hexlaw {
namespace {

nlohmann::json reveal_json(const n20::Reveal& r) {
  return nlohmann::json{{"revealed", r.revealed},
                        {"dummies_removed", r.dummies_removed},
                        {"battles_called_off", r.battles_called_off}};
}

// The declared battles: [{attackers: [ids], defenders: [ids]}, ...].
std::vector<n20::DeclaredBattle> read_battles(const Situation& s) {
  auto f = s.c.question.required("battles");
  if (!f.is_seq()) f.fail("expected a list of battles {attackers, defenders}");
  std::vector<n20::DeclaredBattle> out;
  for (std::size_t i = 0; i < f.size(); ++i) {
    auto b = f.at(i);
    if (!b.is_map()) b.fail("expected a battle {attackers, defenders}");
    b.expect_keys({"attackers", "defenders"});
    n20::DeclaredBattle battle;
    for (const char* key : {"attackers", "defenders"}) {
      auto side = b.required(key);
      if (!side.is_seq() || side.size() == 0) side.fail("expected a non-empty list of unit ids");
      for (std::size_t j = 0; j < side.size(); ++j)
        if (!s.state.unit(side.at(j).str())) side.at(j).fail("no unit with id '" + side.at(j).str() + "'");
    }
    battle.attackers = b["attackers"].str_list();
    battle.defenders = b["defenders"].str_list();
    out.push_back(std::move(battle));
  }
  return out;
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
      "Movement Phase, with side; or battles, with battles: [{attackers, defenders}], all declared)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "trigger", "side", "battles"});
        const std::string trigger = s.c.question.required("trigger").str();
        if (trigger == "scouting") {
          s.c.question.required("side").str();
        } else if (trigger == "battles") {
          read_battles(s);
        } else {
          s.c.question["trigger"].fail("expected scouting or battles");
        }
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const n20::Reveal r = s.c.question["trigger"].str() == "scouting"
                                  ? n20::reveal_by_scouting(s.rules, s.map, s.state, s.c.question["side"].str(), t)
                                  : n20::reveal_battles(s.rules, s.state, read_battles(s), t);
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
