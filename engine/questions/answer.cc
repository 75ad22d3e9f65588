// Owns: rendering answers for people (explain) and programs (to_json).
#include "engine/questions/answer.h"

#include <sstream>


namespace hexlaw {
namespace {
// First sentence of a summary, for one-line citations.
std::string first_sentence(const std::string& s) {
  std::string flat;
  for (char ch : s) flat += (ch == '\n' ? ' ' : ch);
  const auto dot = flat.find(". ");
  return dot == std::string::npos ? flat : flat.substr(0, dot + 1);
}
}  // namespace

std::string Answer::explain() const {
  std::ostringstream out;
  out << (headline.empty() ? outcome.dump() : headline) << "\n";
  if (!headline.empty()) out << "  outcome: " << outcome.dump() << "\n";
  if (!rolls.empty()) {
    out << "dice (" << dice_mode << "):\n";
    for (const auto& r : rolls)
      out << "  d" << r.sides << " = " << r.value << "  " << r.rule << " " << r.purpose << "\n";
  }
  out << "rules applied:\n";
  for (const auto& id : citations()) {
    const RuleCase* c = spec->catalog.find(id);
    out << "  " << id << "  " << (c ? c->title + " — " + first_sentence(c->summary) : "(not in catalog)") << "\n";
  }
  out << "trace:\n";
  for (const auto& e : trace.entries()) out << "  [" << e.rule << "] " << e.reason << "\n";
  return out.str();
}

nlohmann::json Answer::to_json() const {
  nlohmann::json j;
  j["case"] = case_name;
  j["question"] = question_kind;
  j["dice_mode"] = dice_mode;
  j["headline"] = headline;
  j["outcome"] = outcome;
  nlohmann::json cites = nlohmann::json::array();
  for (const auto& id : citations()) {
    const RuleCase* c = spec->catalog.find(id);
    cites.push_back({{"id", id}, {"title", c ? c->title : ""}, {"summary", c ? first_sentence(c->summary) : ""}});
  }
  j["citations"] = cites;
  nlohmann::json tr = nlohmann::json::array();
  for (const auto& e : trace.entries()) tr.push_back({{"rule", e.rule}, {"reason", e.reason}});
  j["trace"] = tr;
  nlohmann::json rl = nlohmann::json::array();
  for (const auto& r : rolls) rl.push_back({{"sides", r.sides}, {"value", r.value}, {"rule", r.rule}, {"purpose", r.purpose}});
  j["rolls"] = rl;
  return j;
}

}  // namespace hexlaw
