// Owns: the catalog from Python — hexlaw.rule("std:9.8.2") and hexlaw.rules(book=None), from
// the default spec or the one given as spec=.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/bindings.h"
#include "engine/core/catalog.h"
#include "engine/core/errors.h"
#include "engine/jemmapes/switches.h"
#include "engine/n20/rules.h"

namespace hexlaw::py {

namespace pyb = pybind11;

void bind_catalog(pyb::module_& m) {
  pyb::class_<RuleNote>(m, "RuleNote", "A recorded slip, gap or ambiguity and the engine's ruling.")
      .def_readonly("kind", &RuleNote::kind)
      .def_readonly("text", &RuleNote::text)
      .def_readonly("ruling", &RuleNote::ruling)
      .def_readonly("switch", &RuleNote::switch_name)
      .def("__repr__", [](const RuleNote& n) { return "<RuleNote " + n.kind + ": " + n.ruling + ">"; });
  pyb::class_<RuleCase>(m, "RuleCase", "One catalogued rule case (spec/catalog).")
      .def_readonly("id", &RuleCase::id)
      .def_readonly("book", &RuleCase::book)
      .def_readonly("number", &RuleCase::number)
      .def_readonly("title", &RuleCase::title)
      .def_readonly("kind", &RuleCase::kind)
      .def_readonly("status", &RuleCase::status)
      .def_readonly("status_reason", &RuleCase::status_reason)
      .def_readonly("summary", &RuleCase::summary)
      .def_readonly("printings", &RuleCase::printings)
      .def_readonly("printing_differences", &RuleCase::printing_differences)
      .def_readonly("overrides", &RuleCase::overrides)
      .def_readonly("related", &RuleCase::related)
      .def_readonly("notes", &RuleCase::notes)
      .def_readonly("file", &RuleCase::file)
      .def("__repr__", [](const RuleCase& c) { return "<RuleCase " + c.id + " " + c.title + ">"; })
      .def("__str__", [](const RuleCase& c) { return c.id + "  " + c.title + "\n" + c.summary; });
  m.def(
      "rule",
      [](const std::string& id, const pyb::object& spec) {
        std::string why;
        if (!parse_rule_id(id, &why)) throw CaseError("<argument>", "rule", why);
        const RuleCase* c = spec_or_default(spec)->catalog.find(id);
        if (!c) throw CaseError("<argument>", "rule", "'" + id + "' is not in the spec catalog");
        return *c;
      },
      pyb::arg("id"), pyb::arg("spec") = pyb::none(), "The catalogued rule case with this id, e.g. rule('std:9.8.2').");
  m.def(
      "switches",
      [] {
        std::vector<std::tuple<std::string, std::vector<std::string>, std::string, std::string>> out;
        for (const auto& sw : n20::known_switches()) out.emplace_back(sw.name, sw.readings, sw.default_reading, sw.rule);
        // Jemmapes 1792's, each under the catalog case whose note records it ("" if none does).
        const auto spec = spec_or_default(pyb::none());
        for (const auto& sw : jemmapes::implemented_switches()) {
          std::string rule;
          for (const RuleCase& c : spec->catalog.cases())
            for (const RuleNote& n : c.notes)
              if (rule.empty() && c.book == "jemmapes" && n.switch_name == sw.name) rule = c.id;
          out.emplace_back(sw.name, sw.readings, sw.readings.front(), rule);
        }
        return out;
      },
      "Every interpretation switch the engine implements, Napoleonic 20's and Jemmapes 1792's: (name, readings, default, rule id).");
  m.def(
      "rules",
      [](const std::string& book, const pyb::object& spec) {
        std::vector<RuleCase> out;
        for (const auto& c : spec_or_default(spec)->catalog.cases())
          if (book.empty() || c.book == book) out.push_back(c);
        return out;
      },
      pyb::arg("book") = "", pyb::arg("spec") = pyb::none(), "Every catalogued case, or those of one book (std, jena, …).");
}

}  // namespace hexlaw::py
