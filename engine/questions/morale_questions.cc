// Owns: questions about morale and its consequences — rallying broken units, lulls, the
// night's morale steps, rout recovery, and whether the game is won.
#include "engine/n20/rally.h"
#include "engine/n20/turn_end.h"
#include "engine/n20/victory.h"
#include "engine/questions/kinds.h"

namespace hexlaw {

void add_morale_questions(std::vector<QuestionKind>& kinds) {
  kinds.push_back(QuestionKind{
      "rally",
      "What happens when these broken units try to rally? (question: units, optional spend_point, "
      "partial_rally: [infantry ids taking a Cadre on No Effect], spend_for: [groups buying the bonus, Leipzig's "
      "armies])",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "units", "spend_point", "partial_rally", "spend_for"});
        auto f = s.c.question.required("units");
        if (!f.is_seq() || f.size() == 0) f.fail("expected a list of broken unit ids");
        for (std::size_t i = 0; i < f.size(); ++i) {
          const Unit* u = s.state.unit(f.at(i).str());
          if (!u) f.at(i).fail("no unit with id '" + f.at(i).str() + "'");
          if (u->status != UnitStatus::Broken) f.at(i).fail("unit '" + u->id + "' is not broken");
        }
        s.c.question["spend_point"].bool_or(false);
        s.c.question["partial_rally"].str_list();
        s.c.question["spend_for"].str_list();
      },
      [](const Situation& s, DiceSource& dice, Trace& t, std::string& headline) {
        n20::RallyRequest req;
        req.units = s.c.question["units"].str_list();
        req.spend_point = s.c.question["spend_point"].bool_or(false);
        req.partial_rally = s.c.question["partial_rally"].str_list();
        req.spend_for = s.c.question["spend_for"].str_list();
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
        nlohmann::json out{{"rolls", rolls}, {"placements", places}, {"rally_hexes", rally_hexes},
                           {"morale_spent", o.morale_spent}};
        if (o.spent_by_track.size() > 1 || !req.spend_for.empty()) out["spent_by_track"] = o.spent_by_track;
        if (!o.unit_placements.empty()) {  // the units' LOC sets differ (leipzig.rally_loc_set)
          nlohmann::json by_unit = nlohmann::json::object();
          for (const auto& [id, hexes] : o.unit_placements) {
            nlohmann::json list = nlohmann::json::array();
            for (Hex h : hexes) list.push_back(s.map.name(h));
            by_unit[id] = list;
          }
          out["placements_by_unit"] = by_unit;
        }
        return out;
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
          v = n20::victory(s.rules, s.state, s.c.question["french"].str(), s.c.question["end_of_game"].bool_or(false), t);
        } catch (const std::invalid_argument& e) {
          s.c.question.fail(e.what());
        }
        headline = v.level == "none" ? "the game goes on"
                                     : v.level + (v.winner.empty() ? "" : " victory for " + v.winner);
        return nlohmann::json{{"over", v.over}, {"level", v.level}, {"winner", v.winner}};
      }});
  kinds.push_back(QuestionKind{
      "lull",
      "Does this side gain a morale point for a lull at the end of its Player Turn? (question: side, "
      "after_first_night, forced_march, battle_die_rolled; where a side keeps several tracks, forced_march_tracks "
      "and battle_tracks name those concerned)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "side", "after_first_night", "forced_march", "battle_die_rolled",
                                  "forced_march_tracks", "battle_tracks"});
        s.c.question["forced_march_tracks"].str_list();
        s.c.question["battle_tracks"].str_list();
        s.c.question.required("side").str();
        s.c.question.required("after_first_night").boolean();
        s.c.question["forced_march"].bool_or(false);
        s.c.question["battle_die_rolled"].bool_or(false);
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        n20::TurnFacts f{s.c.question["after_first_night"].boolean(), s.c.question["forced_march"].bool_or(false),
                         s.c.question["battle_die_rolled"].bool_or(false)};
        for (const auto& x : s.c.question["forced_march_tracks"].str_list()) f.forced_march_tracks.insert(x);
        for (const auto& x : s.c.question["battle_tracks"].str_list()) f.battle_tracks.insert(x);
        n20::LullVerdict v;
        try {
          v = n20::lull(s.rules, s.map, s.state, s.c.question["side"].str(), f, t);
        } catch (const std::invalid_argument& e) {
          s.c.question.fail(e.what());
        }
        headline = v.gains ? "a lull: +1 morale" : "no lull: " + v.reason;
        nlohmann::json out{{"gains", v.gains}, {"reason", v.reason}};
        if (!v.tracks.empty()) out["tracks"] = v.tracks;
        return out;
      }});
  kinds.push_back(QuestionKind{
      "night-morale",
      "What do this side's Night Operations do to morale? (question: side; the state must be a night turn)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "side"});
        s.c.question.required("side").str();
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        n20::NightMorale m;
        try {
          m = n20::night_morale(s.rules, s.map, s.state, s.c.question["side"].str(), t);
        } catch (const std::invalid_argument& e) {
          s.c.question.fail(e.what());
        }
        headline = "enemy -" + std::to_string(m.enemy_loss) + ", own +" + std::to_string(m.rest_gain);
        return nlohmann::json{{"enemy_locs_held", m.enemy_locs_held}, {"enemy_objectives_held", m.enemy_objectives_held},
                              {"enemy_loss", m.enemy_loss},           {"rest_gain", m.rest_gain},
                              {"morale_after", m.after}};
      }});
  kinds.push_back(QuestionKind{
      "rout-recovery",
      "Which Routed units recover at the end of this side's Player Turn? (question: side, the phasing side)",
      [](const Situation& s) {
        s.c.question.expect_keys({"kind", "side"});
        s.c.question.required("side").str();
      },
      [](const Situation& s, DiceSource&, Trace& t, std::string& headline) {
        auto ids = n20::rout_recovery(s.rules, s.map, s.state, s.c.question["side"].str(), t);
        headline = std::to_string(ids.size()) + " unit(s) recover";
        return nlohmann::json{{"recover", ids}};
      }});
}

}  // namespace hexlaw
