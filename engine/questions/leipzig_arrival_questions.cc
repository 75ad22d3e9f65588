// Owns: the `army-arrival` question — the Allied army arrival choices open in the position
// (leipzig:11.8 to 11.8.3: call a Main Body in, an alternate area, a turn sooner for a Front's
// point, a Detachment) and, with `choose`, whether one is legal and what it does. The rolls
// (leipzig:11.7, the Detachments' of 11.8.3) are `boundary` questions at phase-start.
#include "engine/n20/games/leipzig.h"
#include "engine/questions/kinds.h"

namespace hexlaw {
namespace {

using Choice = n20::N20Rules::ArrivalChoice;

const char* kind_name(Choice::Kind k) {
  switch (k) {
    case Choice::Kind::Call: return "call";
    case Choice::Kind::Alternate: return "alternate";
    case Choice::Kind::Accelerate: return "accelerate";
    case Choice::Kind::Detach: return "detach";
  }
  return "";
}

const n20::LeipzigRules& leipzig(const Situation& s) {
  const auto* l = dynamic_cast<const n20::LeipzigRules*>(&s.rules);
  if (!l) s.c.root["game"].fail("an army-arrival question is asked of game leipzig");
  return *l;
}

// The choice the question names, read from `choose: {kind, army, unit, area}`.
std::optional<Choice> read_choice(const Situation& s) {
  const auto& q = s.c.question;
  q.expect_keys({"kind", "choose"});
  if (!q["choose"].present()) return std::nullopt;
  const auto f = q["choose"];
  f.expect_keys({"kind", "army", "unit", "area"});
  Choice c;
  const std::string k = f.required("kind").str();
  bool known = false;
  for (Choice::Kind kind : {Choice::Kind::Call, Choice::Kind::Alternate, Choice::Kind::Accelerate, Choice::Kind::Detach})
    if (k == kind_name(kind)) c.kind = kind, known = true;
  if (!known) f["kind"].fail("unknown arrival choice '" + k + "' (call, alternate, accelerate, detach)");
  c.army = Symbol(f["army"].str_or(""));
  c.unit = Symbol(f["unit"].str_or(""));
  c.area = Symbol(f["area"].str_or(""));
  if (!c.unit.empty() && !s.state.unit(c.unit)) f["unit"].fail("no unit with id '" + c.unit.str() + "'");
  if (c.unit.empty() && c.army.empty()) f.fail("name the army (or, for a Detachment, the unit)");
  if ((c.kind == Choice::Kind::Alternate || c.kind == Choice::Kind::Detach) && c.area.empty())
    f["area"].fail("an alternate area or a Detachment names its entry area");
  if (c.kind == Choice::Kind::Detach && c.unit.empty()) f["unit"].fail("a Detachment names its unit");
  return c;
}

nlohmann::json to_json(const Choice& c) {
  nlohmann::json j = {{"kind", kind_name(c.kind)}, {"army", c.army.str()}, {"turn", c.turn}, {"rule", c.rule}};
  if (!c.unit.empty()) j["unit"] = c.unit.str();
  if (!c.area.empty()) j["area"] = c.area.str();
  return j;
}

}  // namespace

void add_leipzig_arrival_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "army-arrival",
      "Which Allied army arrival choices are open now, and is this one legal, with what effect? (question: "
      "optional choose: {kind: call | alternate | accelerate | detach, army, unit, area}; leipzig:11.8 to 11.8.3)",
      [](const Situation& s) {
        leipzig(s);
        read_choice(s);
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        (void)dice;
        const n20::LeipzigRules& rules = leipzig(s);
        const std::optional<Choice> chosen = read_choice(s);
        nlohmann::json out;
        try {
          // Step A. Every choice open now.
          nlohmann::json open = nlohmann::json::array();
          for (const Choice& c : rules.arrival_choices(s.map, s.state, t)) open.push_back(to_json(c));
          out["choices"] = open;
          headline = std::to_string(open.size()) + " arrival choice(s) open";
          if (!chosen) return out;
          // Step B. The one named: legal, and its effect on the position.
          if (auto why = rules.arrival_barred(*chosen, s.state, t)) {
            t.cite(why->first, why->second);
            out["legal"] = false;
            out["rule"] = why->first;
            out["reason"] = why->second;
            headline = "not allowed: " + why->second;
            return out;
          }
          GameState after = s.state;
          const n20::N20Rules::ArrivalMorale m = rules.make_arrival_choice(s.map, *chosen, after, t);
          out["legal"] = true;
          out["collapse"] = nullptr;
          if (!m.track.empty()) {
            int& points = after.morale[m.track];
            points = std::clamp(points + m.points, 0, 10);
            if (points == 0) {
              const auto c = rules.morale_collapse(m.track, after, t);
              out["collapse"] = c == n20::N20Rules::Collapse::GeneralRetreat ? "general-retreat"
                                : c == n20::N20Rules::Collapse::Frozen        ? "frozen"
                                                                              : "defeat";
            }
          }
          nlohmann::json units = nlohmann::json::object();
          for (const Unit& u : after.units) {
            const Unit* before = s.state.unit(u.id);
            if (before && *before == u) continue;
            units[u.id.str()] = {{"status", to_string(u.status)}, {"arrival_turn", u.arrival_turn}, {"entry", u.entry.str()}};
          }
          out["units"] = units;
          out["markers"] = after.markers;
          out["morale"] = after.morale;
          headline = std::string(kind_name(chosen->kind)) + ": done";
        } catch (const std::invalid_argument& e) {
          s.c.question.fail(e.what());
        }
        return out;
      }});
}

}  // namespace hexlaw
