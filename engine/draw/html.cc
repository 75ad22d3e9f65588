// Owns: the HTML fragment of an answer (html.h).
#include "engine/draw/html.h"

#include <sstream>

#include "engine/draw/readable.h"
#include "engine/draw/svg.h"

namespace hexlaw::draw {

std::string answer_html(const Answer& a, const std::string& svg) {
  using nlohmann::json;
  std::ostringstream h;
  h << "<div class=\"hexlaw-answer\">\n";
  h << "<h3>" << xml_escape(a.headline.empty() ? a.question_kind : a.headline) << "</h3>\n";
  h << "<p><small>" << xml_escape(a.case_name) << " — question <code>" << xml_escape(a.question_kind)
    << "</code>, dice " << xml_escape(a.dice_mode) << "</small></p>\n";
  if (!svg.empty()) {
    // The picture inline, without its XML prologue (there is none) so it renders in the page.
    h << "<div class=\"hexlaw-picture\">" << svg << "</div>\n";
  }
  h << "<table class=\"hexlaw-outcome\">\n";
  const json& o = a.outcome;
  if (o.is_object() && o.contains("odds") && o["odds"].is_array()) {
    h << "<tr><th>#</th><th>probability</th><th>percent</th><th>outcome</th></tr>\n";
    int n = 0;
    for (const auto& e : o["odds"]) {
      const std::string f = e.value("probability", std::string("?"));
      h << "<tr><td>" << ++n << "</td><td>" << xml_escape(f) << "</td><td>" << percent(fraction_value(f)) << "</td><td>"
        << xml_escape(summarize_outcome(e.value("outcome", json()))) << "</td></tr>\n";
    }
  } else if (o.is_object()) {
    h << "<tr><th>field</th><th>value</th></tr>\n";
    for (const auto& [k, v] : o.items()) {
      std::string text = v.is_string() ? v.get<std::string>() : v.dump();
      if (text.size() > 300) text = text.substr(0, 297) + "...";
      h << "<tr><td>" << xml_escape(k) << "</td><td><code>" << xml_escape(text) << "</code></td></tr>\n";
    }
  }
  h << "</table>\n<p>Rules cited:</p>\n<ul class=\"hexlaw-rules\">\n";
  for (const auto& id : a.citations()) {
    const RuleCase* c = a.spec->catalog.find(id);
    h << "<li><code>" << xml_escape(id) << "</code> " << xml_escape(c ? c->title : "") << "</li>\n";
  }
  h << "</ul>\n</div>\n";
  return h.str();
}

}  // namespace hexlaw::draw
