// Owns: the question of building Dresden's Pirna pontoon bridge (dresden:6.0): may this French
// infantry unit build it into this hex now, and what the position is after it does.
#include "engine/n20/games/dresden.h"
#include "engine/n20/movement.h"
#include "engine/questions/kinds.h"
#include "engine/questions/question_fields.h"

namespace hexlaw {
namespace {

const n20::DresdenRules& dresden_rules(const Situation& s) {
  const auto* d = dynamic_cast<const n20::DresdenRules*>(&s.rules);
  if (!d) s.c.question["kind"].fail("the pontoon-build question is asked of game: dresden only (dresden:6.0)");
  return *d;
}

}  // namespace

void add_pontoon_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "pontoon-build",
      "May this unit build the Pirna pontoon, crossing from 1216 into `to` as its whole move? (question: unit, to; "
      "game: dresden)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "unit", "to"});
        dresden_rules(s);
        question_unit(s, "unit");
        question_hex(s, "to");
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        const n20::DresdenRules& rules = dresden_rules(s);
        const Unit& u = question_unit(s, "unit");
        const Hex to = question_hex(s, "to");
        const auto v = rules.pontoon_build(s.map, s.state, u, to, t);
        nlohmann::json o = {{"unit", u.id}, {"to", s.map.name(to)}, {"legal", v.legal}};
        if (!v.legal) {
          o["rule"] = v.rule;
          o["reason"] = v.reason;
          headline = "illegal: " + v.reason + " (" + v.rule + ")";
          return o;
        }
        const n20::GuardCommitment g = n20::guard_commitment_of(s.rules, s.map, s.state, u, {to}, t);
        GameState after = s.state;
        rules.build_crossing(s.map, after, u.id, to, t);
        o["enemy_zoc"] = v.enemy_zoc;
        o["guard_commitment"] = {{"commits", g.commits}, {"cost", g.cost}, {"reveals", g.reveals}};
        o["markers"] = after.markers;
        headline = "legal: " + u.id + " crosses to " + s.map.name(to) + " and the pontoon is built" +
                   (v.enemy_zoc ? " (a battle follows)" : "");
        return o;
      }});
}

}  // namespace hexlaw
