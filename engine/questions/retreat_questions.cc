// Owns: questions about retreats — every legal retreat path of a unit for a distance, with
// the hazard rolls each meets, or the break when none exists.
#include "engine/n20/retreat.h"
#include "engine/questions/kinds.h"
#include "engine/questions/question_fields.h"

namespace hexlaw {

void add_retreat_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "retreat",
      "Where may this unit retreat, and which paths are forced? (question: unit, distance, optional "
      "loc: the friendly LOC hex its owner heads for)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "unit", "distance", "loc"});
        const Unit& u = question_unit_on_map(s, "unit");
        const long long d = s.c.question.required("distance").integer();
        if (d < 0 || d > 12) s.c.question["distance"].fail("a retreat distance lies between 0 and 12 hexes");
        if (s.c.question["loc"].present()) named_retreat_loc(s, s.c.question["loc"], u);
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const Unit& u = question_unit_on_map(s, "unit");
        const int d = static_cast<int>(s.c.question["distance"].integer());
        std::optional<Hex> loc;
        if (s.c.question["loc"].present()) loc = named_retreat_loc(s, s.c.question["loc"], u);
        n20::RetreatOptions r = n20::retreat_paths(s.rules, s.map, s.state, u, d, loc, t);
        nlohmann::json paths = nlohmann::json::array();
        for (const auto& p : r.paths) {
          nlohmann::json hexes = nlohmann::json::array(), hazards = nlohmann::json::array();
          for (const auto& st : p.steps) {
            hexes.push_back(s.map.name(st.hex));
            if (st.rolls())
              hazards.push_back({{"hex", s.map.name(st.hex)}, {"enemy_zoc", st.enemy_zoc}, {"river", st.river}});
            if (st.doomed)  // a crossing that breaks the unit for certain (dresden:5.1.1's pontoon)
              hazards.push_back({{"hex", s.map.name(st.hex)}, {"river", st.river}, {"breaks", true}});
          }
          nlohmann::json j = {{"hexes", hexes},         {"hazards", hazards},  {"rolls", p.rolls()},
                              {"breaks_at_loc", p.breaks_at_loc}, {"extended", p.extended}};
          j["loc"] = p.loc ? nlohmann::json(s.map.name(*p.loc)) : nlohmann::json(nullptr);
          paths.push_back(j);
        }
        nlohmann::json o = {{"unit", u.id},        {"distance", d},         {"must_break", r.must_break},
                            {"may_shorten", r.may_shorten}, {"count", r.paths.size()}, {"paths", paths},
                            {"truncated", r.truncated}};
        if (r.must_break) o["break_reason"] = r.break_reason;
        headline = r.must_break ? r.break_reason
                                : u.id + " has " + std::to_string(r.paths.size()) + " legal retreat path(s) of " +
                                      std::to_string(d) + " hex(es)";
        return o;
      }});
}

}  // namespace hexlaw
