// Owns: asking rules questions from Python — hexlaw.ask(case, spec=None) and the Answer it
// returns (which keeps the spec it was answered under).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>

#include "bindings/bindings.h"
#include "engine/core/errors.h"
#include "engine/questions/ask.h"

namespace hexlaw::py {

namespace pyb = pybind11;

namespace {

// A case given as a dict, as YAML/JSON text, or as a path (str or os.PathLike), read under the
// spec given or the default.
CaseFile to_case(const pyb::object& obj, const pyb::object& given) {
  const std::shared_ptr<const Spec> spec = spec_or_default(given);
  if (pyb::isinstance<pyb::dict>(obj)) return parse_case_doc(spec, python_to_doc(obj, "<dict>"), "<dict>");
  const TextOrPath t = text_or_path(obj, "case", "a dict, str, bytes or os.PathLike");
  if (t.path) return load_case_file(spec, t.value);
  return parse_case_text(spec, t.value, "<text>");
}

}  // namespace

void bind_questions(pyb::module_& m) {
  pyb::class_<Answer> answer_cls(m, "Answer", pyb::dynamic_attr(),
                                 "The engine's answer: outcome, the rule cases cited, the trace, the dice.");
  answer_cls
      .def_property_readonly("outcome", [](const Answer& a) { return json_to_python(a.outcome); })
      .def_property_readonly("citations", &Answer::citations)
      .def_property_readonly("trace",
                             [](const Answer& a) {
                               std::vector<std::pair<std::string, std::string>> out;
                               for (const auto& e : a.trace.entries()) out.emplace_back(e.rule, e.reason);
                               return out;
                             })
      .def_property_readonly("rolls",
                             [](const Answer& a) {
                               std::vector<std::tuple<int, int, std::string, std::string>> out;
                               for (const auto& r : a.rolls) out.emplace_back(r.sides, r.value, r.rule, r.purpose);
                               return out;
                             })
      .def_readonly("headline", &Answer::headline)
      .def_readonly("question", &Answer::question_kind)
      .def_readonly("case", &Answer::case_name)
      .def_property_readonly("spec", [](const Answer& a) { return std::const_pointer_cast<Spec>(a.spec); })
      .def("explain", &Answer::explain, "The answer for a person.")
      .def("to_json", [](const Answer& a) { return a.to_json().dump(2); })
      .def("__repr__", [](const Answer& a) { return "<Answer " + a.headline + ">"; });
  bind_answer_pictures(answer_cls);  // desk_bindings.cc
  m.def(
      "ask",
      [](const pyb::object& c, const pyb::object& spec) {
        auto cf = std::make_shared<const CaseFile>(to_case(c, spec));
        pyb::object a = pyb::cast(ask(*cf));
        attach_case(a, std::move(cf));  // the answer can draw its position (desk_bindings.cc)
        return a;
      },
      pyb::arg("case"), pyb::arg("spec") = pyb::none(),
      "Answer a rules question: a dict, YAML/JSON text, or a path to a case file. Raises "
      "hexlaw.CaseError naming the field on bad input.");
  m.def(
      "check",
      [](const pyb::object& c, const pyb::object& spec) {
        CaseFile cf = to_case(c, spec);
        CheckResult r = check(cf, ask(cf));
        return std::make_pair(r.ok, r.mismatches);
      },
      pyb::arg("case"), pyb::arg("spec") = pyb::none(), "Answer a case and compare with its 'expect': (ok, mismatches).");
}

}  // namespace hexlaw::py
