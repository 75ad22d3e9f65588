// Owns: questions about optional rule 16.7 — may this large unit break down into Cadres, and
// what do these two stacked Cadres combine into?
#include "engine/n20/cadres.h"
#include "engine/questions/kinds.h"

namespace hexlaw {
namespace {

nlohmann::json verdict_json(const Situation& s, const n20::CadreVerdict& v) {
  nlohmann::json where = nlohmann::json::object();
  std::vector<std::string> involved = v.cadres;
  if (!v.large_unit.empty()) involved.push_back(v.large_unit);
  for (const auto& id : involved) {
    const Unit* u = v.after.unit(id);
    where[id] = u && u->on_map() ? nlohmann::json(s.map.name(u->hex)) : nlohmann::json(to_string(u->status));
  }
  return nlohmann::json{{"legal", v.legal},         {"rule", v.rule},
                        {"reason", v.reason},       {"cadres", v.cadres},
                        {"large_unit", v.large_unit}, {"choices", v.choices},
                        {"morale_change", v.morale_change}, {"morale_after", v.after.morale},
                        {"units", where}, {"markers", v.after.markers}};
}

}  // namespace

void add_cadre_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "breakdown",
      "May this large infantry unit break down into two Cadres (optional rule 16.7)? (question: unit, "
      "moved: it has already moved this phase)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "unit", "moved"});
        auto f = s.c.question.required("unit");
        if (!s.state.unit(f.str())) f.fail("no unit with id '" + f.str() + "'");
        s.c.question["moved"].bool_or(false);
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        n20::CadreVerdict v;
        try {
          v = n20::break_down(s.rules, s.state, s.c.question["unit"].str(), s.c.question["moved"].bool_or(false), t);
        } catch (const std::invalid_argument& e) {
          s.c.question.fail(e.what());
        }
        headline = v.legal ? v.large_unit + " breaks down into " + v.cadres[0] + " and " + v.cadres[1]
                           : "no breakdown: " + v.reason;
        return verdict_json(s, v);
      }});
  kinds.push_back(QuestionKind{
      "combine",
      "What do these two stacked Cadres combine into at the end of the Movement Phase (optional rule "
      "16.7)? (question: cadres: [two ids], optional pick among equally weak eliminated units)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "cadres", "pick"});
        auto f = s.c.question.required("cadres");
        if (!f.is_seq() || f.size() != 2) f.fail("expected a list of two Cadre ids");
        for (std::size_t i = 0; i < 2; ++i)
          if (!s.state.unit(f.at(i).str())) f.at(i).fail("no unit with id '" + f.at(i).str() + "'");
        if (f.at(0).str() == f.at(1).str()) f.fail("two different Cadres are needed");
        s.c.question["pick"].str_or("");
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const auto ids = s.c.question["cadres"].str_list();
        n20::CadreVerdict v;
        try {
          v = n20::combine(s.rules, s.state, ids[0], ids[1], s.c.question["pick"].str_or(""), t);
        } catch (const std::invalid_argument& e) {
          s.c.question.fail(e.what());
        }
        headline = v.legal ? ids[0] + " and " + ids[1] + " combine into " + v.large_unit : "no buildup: " + v.reason;
        return verdict_json(s, v);
      }});
}

}  // namespace hexlaw
