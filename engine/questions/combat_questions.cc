// Owns: questions about the Combat Results Table — the result for a differential and a die
// (or the odds over the die with `dice: enumerate`).
#include "engine/n20/combat_table.h"
#include "engine/questions/kinds.h"

namespace hexlaw {

void add_combat_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "crt",
      "What does the CRT give for a differential (question: differential, optional die; "
      "without a die the battle die comes from the case's dice)?",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "differential", "die"});
        s.c.question.required("differential").integer();
        if (auto d = s.c.question["die"]; d.present()) {
          const long long die = d.integer();
          if (die < 1 || die > 6) d.fail("the battle die is a d6: 1 to 6");
        }
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        const int diff = static_cast<int>(s.c.question["differential"].integer());
        n20::CrtResult r = s.c.question["die"].present()
                               ? n20::crt_lookup(s.rules, diff, static_cast<int>(s.c.question["die"].integer()), t)
                               : n20::crt_roll(s.rules, diff, dice, t);
        headline = "differential " + std::to_string(diff) + ", die " + std::to_string(r.die) + ": " + r.result;
        return nlohmann::json{{"result", r.result}, {"column", r.column}, {"die", r.die}};
      }});
}

}  // namespace hexlaw
