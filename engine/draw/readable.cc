// Owns: the readable forms of answers (readable.h).
#include "engine/draw/readable.h"

#include <cstdio>
#include <sstream>

namespace hexlaw::draw {

namespace {

using nlohmann::json;

std::string s_of(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return "";
  return j[key].is_string() ? j[key].get<std::string>() : j[key].dump();
}

std::string join_hexes(const json& hexes, const char* sep = " → ") {
  std::string out;
  if (hexes.is_array())
    for (const auto& h : hexes) out += (out.empty() ? "" : sep) + (h.is_string() ? h.get<std::string>() : h.dump());
  return out;
}

// "3 (I 3, J 2 halved)" for one side of a battle.
std::string side_total(const json& side) {
  std::string units;
  if (side.contains("units") && side["units"].is_array())
    for (const auto& u : side["units"]) {
      units += (units.empty() ? "" : ", ") + s_of(u, "unit") + " " + s_of(u, "value");
      if (u.contains("printed") && u["printed"] != u.value("value", json())) units += " of " + s_of(u, "printed");
    }
  return s_of(side, "total") + (units.empty() ? "" : " (" + units + ")");
}

}  // namespace

double fraction_value(const std::string& f) {
  try {
    const auto slash = f.find('/');
    if (slash == std::string::npos) return std::stod(f);
    return std::stod(f.substr(0, slash)) / std::stod(f.substr(slash + 1));
  } catch (const std::exception&) {
    return 0;
  }
}

std::string percent(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", p * 100);
  return buf;
}

std::string summarize_outcome(const json& o) {
  if (!o.is_object()) return o.dump();
  std::string out;
  // A battle's result, then each unit's fate, then the morale changes.
  if (o.contains("result") || o.contains("applied")) {
    out = s_of(o, o.contains("applied") ? "applied" : "result");
    if (o.contains("result") && o.contains("applied") && o["result"] != o["applied"]) out += " (rolled " + s_of(o, "result") + ")";
    if (o.contains("fates") && o["fates"].is_array()) {
      std::string fates;
      for (const auto& f : o["fates"]) {
        std::string one = s_of(f, "unit") + " " + s_of(f, "fate");
        const bool holds = f.value("fate", "") == "dislodged";  // a garrison owes hexes but never moves
        if (holds && f.contains("distance")) one += " (" + s_of(f, "distance") + " hex(es) owed)";
        else if (f.contains("distance")) one += " " + s_of(f, "distance");
        if (f.contains("distance") && f.contains("ends") && f["ends"].is_string())
          one += (holds ? ", holding " : " to ") + s_of(f, "ends");
        fates += (fates.empty() ? "" : "; ") + one;
      }
      out += ": " + fates;
    }
    if (o.contains("morale") && o["morale"].is_object() && !o["morale"].empty()) {
      out += "; morale";
      for (const auto& [k, v] : o["morale"].items()) out += " " + k + " " + (v.is_number() && v.get<int>() > 0 ? "+" : "") + v.dump();
    }
    if (o.contains("advance") && o["advance"].is_object() && o["advance"].contains("paths"))
      for (const auto& [u, p] : o["advance"]["paths"].items())
        out += "; " + s_of(o["advance"], "side") + " may advance along " + u + "'s path " + join_hexes(p);
    return out;
  }
  // Anything else: its scalar fields, then the others shortened.
  for (const auto& [k, v] : o.items()) {
    std::string val = v.is_string() ? v.get<std::string>() : v.dump();
    if (val.size() > 60) val = val.substr(0, 57) + "...";
    out += (out.empty() ? "" : ", ") + k + " " + val;
  }
  return out;
}

std::vector<std::string> outcome_lines(const Answer& a) {
  const json& o = a.outcome;
  const std::string& k = a.question_kind;
  std::vector<std::string> out;
  if (!o.is_object()) return out;
  if ((k == "battle" || k == "resolve") && o.contains("attack")) {
    std::string defence = side_total(o["defense"]);
    if (o["defense"].contains("terrain"))
      defence += ", terrain +" + s_of(o["defense"]["terrain"], "bonus") + " (" + s_of(o["defense"]["terrain"], "source") + ")";
    out.push_back("Attack " + side_total(o["attack"]) + " against defence " + defence);
    out.push_back("Differential " + s_of(o, "differential") + ", column " + s_of(o, "column") +
                  (o.contains("die") ? ", die " + s_of(o, "die") : "") +
                  (o.contains("result") ? ", result " + s_of(o, "result") : ""));
  }
  if (o.contains("violations") && o["violations"].is_array())
    for (const auto& v : o["violations"]) out.push_back("Illegal (" + s_of(v, "rule") + "): " + s_of(v, "reason"));
  if (k == "resolve" && o.contains("fates")) out.push_back("Outcome: " + summarize_outcome(o));
  if (k == "path") {
    if (o.value("legal", true)) out.push_back("Legal; " + s_of(o, "mp_left") + " of " + s_of(o, "allowance") + " MP left");
    else out.push_back("Illegal at " + s_of(o, "failed_step") + " (" + s_of(o, "rule") + "): " + s_of(o, "reason"));
  }
  if (k == "reach" && o.contains("count")) out.push_back(s_of(o, "count") + " hexes reachable (shaded, with the MP left)");
  if (k == "retreat" && o.contains("paths")) {
    out.push_back(std::to_string(o["paths"].size()) + " legal retreat path(s); hazard hexes marked");
    if (o.value("must_break", false)) out.push_back("Must break: " + s_of(o, "break_reason"));
  }
  return out;
}

std::string outcome_body(const Answer& a) {
  const json& o = a.outcome;
  const std::string& k = a.question_kind;
  std::ostringstream out;
  if (!o.is_object()) return "";
  // 1. Odds: a table of outcomes.
  if (o.contains("odds") && o["odds"].is_array()) {
    std::size_t w = 11;
    for (const auto& e : o["odds"]) w = std::max(w, s_of(e, "probability").size());
    char head[128];
    std::snprintf(head, sizeof head, "  %-4s %-*s %8s  %s\n", "#", static_cast<int>(w), "probability", "percent", "outcome");
    out << head;
    int n = 0;
    double total = 0;
    for (const auto& e : o["odds"]) {
      const std::string f = s_of(e, "probability");
      total += fraction_value(f);
      char line[128];
      std::snprintf(line, sizeof line, "  %-4d %-*s %8s  ", ++n, static_cast<int>(w), f.c_str(), percent(fraction_value(f)).c_str());
      out << line << summarize_outcome(e.value("outcome", json())) << "\n";
    }
    out << "  (" << n << " outcomes, total " << percent(total) << ")\n";
    return out.str();
  }
  for (const auto& line : outcome_lines(a)) out << "  " << line << "\n";
  // 2. Reach: a list of hexes.
  if (k == "reach" && o.contains("hexes") && o["hexes"].is_object()) {
    for (const auto& [hex, v] : o["hexes"].items()) {
      out << "  " << hex << "  " << s_of(v, "mp_left") << " MP left, by " << join_hexes(v.value("path", json::array()));
      const json stop = v.value("stop", json());
      if (v.contains("guard_commitment") && v["guard_commitment"].is_object() && v["guard_commitment"].value("commits", false))
        out << "  (commits the Guard: " << s_of(v["guard_commitment"], "cost") << " morale point(s))";
      if (stop.is_object()) out << "  (stops: " << s_of(stop, "reason") << ")";
      else if (stop.is_boolean() && stop.get<bool>()) out << "  (stops)";
      out << "\n";
    }
  }
  // 3. A path: its steps.
  if (k == "path" && o.contains("steps") && o["steps"].is_array()) {
    int n = 0;
    for (const auto& st : o["steps"]) {
      out << "  " << ++n << ". " << s_of(st, "hex") << "  cost " << s_of(st, "cost") << ", spent " << s_of(st, "mp_spent");
      if (st.value("road", false)) out << " (road)";
      const json stop = st.value("stop", json());
      if (stop.is_object()) out << "  stop: " << s_of(stop, "reason");
      else if (stop.is_boolean() && stop.get<bool>()) out << "  stop";
      out << "\n";
    }
  }
  // 4. Retreats: each path with its hazards.
  if (k == "retreat" && o.contains("paths") && o["paths"].is_array()) {
    int n = 0;
    for (const auto& p : o["paths"]) {
      out << "  " << ++n << ". " << join_hexes(p.value("hexes", json::array())) << "  hazard rolls " << s_of(p, "rolls");
      if (p.contains("hazards"))
        for (const auto& hz : p["hazards"]) {
          out << "; " << s_of(hz, "hex") << " (";
          std::string why = hz.value("enemy_zoc", false) ? "enemy ZoC" : "";
          if (hz.contains("river") && hz["river"].is_string() && !hz["river"].get<std::string>().empty()) why += (why.empty() ? "" : ", ") + hz["river"].get<std::string>();
          out << why << ")";
        }
      out << "\n";
    }
  }
  return out.str();
}

std::string readable(const Answer& a) {
  const std::string body = outcome_body(a);
  std::string text = a.explain();
  if (body.empty()) return text;
  // explain() gives the headline, then "  outcome: {json}" (or the JSON itself as the first
  // line when there is no headline); that line is what the body replaces.
  const auto first_end = text.find('\n');
  if (a.headline.empty()) return "outcome:\n" + body + text.substr(first_end + 1);
  const auto second_end = text.find('\n', first_end + 1);
  return text.substr(0, first_end + 1) + body + text.substr(second_end + 1);
}

}  // namespace hexlaw::draw
