// Owns: the rules lawyer's desk from Python — hexlaw.Position (load a case, change it: move a
// unit, set a marker or any unit field, the morale, a reading or an option; ask it a question,
// and ask again; every change read back by the engine's own case reader, so errors still name
// the field), the pictures of answers and positions (Answer.svg(), _repr_svg_, _repr_html_,
// readable()), and GameState's units and readable repr.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <sstream>

#include "bindings/bindings.h"
#include "engine/core/errors.h"
#include "engine/draw/draw.h"
#include "engine/draw/html.h"
#include "engine/draw/readable.h"
#include "engine/questions/ask.h"

namespace hexlaw::py {

namespace pyb = pybind11;
using nlohmann::json;

namespace {

// The case an answer was asked from, kept on the Python Answer as `_case` so it can draw itself.
struct CaseRef {
  std::shared_ptr<const CaseFile> c;
};

// A case file's fields as JSON. As yaml_to_json, except that a plain numeral with a leading
// zero ("0505" unquoted) stays text: the engine reads it as a hex number, not as 505.
json field_to_json(const CaseField& f) {
  if (f.is_scalar()) {
    const std::string s = f.str();
    if (f.quoted()) return s;
    if (s.size() > 1 && s[0] == '0' && s.find_first_not_of("0123456789") == std::string::npos) return s;
    return yaml_to_json(f);
  }
  if (f.is_seq()) {
    json arr = json::array();
    f.for_each_item([&](const CaseField& item) { arr.push_back(field_to_json(item)); });
    return arr;
  }
  if (f.is_map()) {
    json obj = json::object();
    f.for_each_entry([&](const std::string& k, const CaseField& v) { obj[k] = field_to_json(v); });
    return obj;
  }
  return nullptr;
}

// Python data as JSON through the typed conversion ask uses (convert.cc): data that is not
// JSON-like, circular or too deep is a CaseError naming the field, never a RuntimeError or a
// RecursionError (a fuzz_dict finding, issue 16).
json python_to_json(const pyb::handle& obj) {
  return field_to_json(CaseField(python_to_doc(obj, "<position>"), "<position>"));
}

}  // namespace

// A case as data that can be changed and asked again (hexlaw.Position).
class Position {
 public:
  Position(std::shared_ptr<const Spec> spec, json doc, std::string file)
      : spec_(std::move(spec)), doc_(std::move(doc)), file_(std::move(file)) {
    reparse();
  }

  // 1. Reading: the document read back by the engine (the case reader checks every field).
  void reparse() { parsed_ = std::make_shared<const CaseFile>(parse_case_text(spec_, doc_.dump(), file_)); }
  // Applies `change` to the document; when the engine refuses the result, the position is left
  // as it was and the error (naming the field) is raised.
  template <class F>
  void edit(F change) {
    json before = doc_;
    try {
      change(doc_);
      reparse();
    } catch (...) {
      doc_ = std::move(before);
      throw;
    }
  }
  json& unit_entry(json& doc, const std::string& id) const {
    if (doc.contains("units") && doc["units"].is_array())
      for (auto& u : doc["units"])
        if (u.is_object() && u.value("id", std::string()) == id) return u;
    throw CaseError(file_, "units", "no unit '" + id + "' in the position");
  }

  // 2. Changes.
  void move(const std::string& id, const std::string& hex) {
    edit([&](json& d) {
      json& u = unit_entry(d, id);
      u["hex"] = hex;
      for (const char* k : {"status", "arrival_turn", "entry"}) u.erase(k);
    });
  }
  void set_marker(const std::string& id, const std::string& marker, bool on) {
    edit([&](json& d) {
      json& u = unit_entry(d, id);
      json list = u.contains("markers") && u["markers"].is_array() ? u["markers"] : json::array();
      json out = json::array();
      for (const auto& m : list)
        if (m != marker) out.push_back(m);
      if (on) out.push_back(marker);
      u["markers"] = out;
    });
  }
  void set_unit(const std::string& id, const json& fields) {
    edit([&](json& d) {
      json& u = unit_entry(d, id);
      for (const auto& [k, v] : fields.items()) {
        if (k == "id") throw CaseError(file_, "units", "a unit's id is not changed by set_unit");
        if (v.is_null()) u.erase(k);
        else u[k] = v;
      }
    });
  }
  void set_state(const json& fields) {
    edit([&](json& d) {
      json& s = d["state"];
      if (!s.is_object()) s = json::object();
      for (const auto& [k, v] : fields.items()) {
        if (v.is_null()) s.erase(k);
        else s[k] = v;
      }
    });
  }
  void set_morale(const std::string& track, int points) {
    edit([&](json& d) {
      json& s = d["state"];
      if (!s.is_object()) s = json::object();
      if (!s.contains("morale") || !s["morale"].is_object()) s["morale"] = json::object();
      s["morale"][track] = points;
    });
  }
  void set_reading(const std::string& name, const std::optional<std::string>& reading) {
    edit([&](json& d) {
      if (!d.contains("interpretations") || !d["interpretations"].is_object()) d["interpretations"] = json::object();
      if (reading) d["interpretations"][name] = *reading;
      else d["interpretations"].erase(name);
    });
  }
  void set_option(const std::string& id, bool on) {
    edit([&](json& d) {
      json out = json::array();
      if (d.contains("options") && d["options"].is_array())
        for (const auto& o : d["options"])
          if (o != id) out.push_back(o);
      if (on) out.push_back(id);
      d["options"] = out;
    });
  }

  // 3. Asking: the case's own question, or another one (its expectation then no longer applies).
  std::shared_ptr<const CaseFile> case_for(const std::optional<json>& question, const std::optional<json>& dice) const {
    if (!question && !dice) return parsed_;
    json d = doc_;
    if (question) {
      d["question"] = *question;
      d.erase("expect");
      d.erase("dice");
    }
    if (dice) d["dice"] = *dice;
    return std::make_shared<const CaseFile>(parse_case_text(spec_, d.dump(), file_));
  }

  const json& doc() const { return doc_; }
  const CaseFile& parsed() const { return *parsed_; }
  const std::shared_ptr<const Spec>& spec() const { return spec_; }

  std::string repr() const {
    std::ostringstream out;
    const CaseFile& c = *parsed_;
    out << "<Position " << c.name << ": " << c.ruleset.game << ", question " << c.question_kind;
    if (doc_.contains("units") && doc_["units"].is_array()) {
      out << ", " << doc_["units"].size() << " unit(s)";
      int shown = 0;
      for (const auto& u : doc_["units"]) {
        if (shown++ == 8) {
          out << "; ...";
          break;
        }
        out << (shown == 1 ? ": " : "; ") << u.value("id", std::string("?")) << " " << u.value("side", std::string());
        if (u.contains("hex")) out << " at " << (u["hex"].is_string() ? u["hex"].get<std::string>() : u["hex"].dump());
        else if (u.contains("status")) out << " (" << u["status"].get<std::string>() << ")";
      }
    }
    out << ">";
    return out.str();
  }

 private:
  std::shared_ptr<const Spec> spec_;
  json doc_;
  std::string file_;
  std::shared_ptr<const CaseFile> parsed_;
};

}  // namespace hexlaw::py

// Position.__new__(Position) holds no C++ value: refused with TypeError as every other hexlaw
// class is (bindings.h, issue 16), never read as uninitialised memory.
namespace pybind11::detail {
template <>
class type_caster<hexlaw::py::Position> : public initialised_caster<hexlaw::py::Position> {};
}  // namespace pybind11::detail

namespace hexlaw::py {

namespace {

Position make_position(const pyb::object& obj, const pyb::object& given) {
  const std::shared_ptr<const Spec> spec = spec_or_default(given);
  if (pyb::isinstance<pyb::dict>(obj)) return Position(spec, python_to_json(obj), "<position>");
  // As ask reads a case: TypeError for another type (a list, an int: a fuzz_dict finding).
  const TextOrPath t = text_or_path(obj, "case", "a dict, str, bytes or os.PathLike");
  if (t.path) {
    json doc = field_to_json(CaseField::load_file(t.value));
    if (doc.is_object() && !doc.contains("name")) doc["name"] = std::filesystem::path(t.value).stem().string();
    return Position(spec, std::move(doc), t.value);
  }
  return Position(spec, field_to_json(CaseField::load_text(t.value, "<text>")), "<text>");
}

pyb::object answer_object(Answer a, std::shared_ptr<const CaseFile> c) {
  pyb::object o = pyb::cast(std::move(a));
  attach_case(o, std::move(c));
  return o;
}

std::string answer_svg(const pyb::object& self, const std::vector<std::string>& zoc) {
  const Answer& a = self.cast<const Answer&>();
  if (!pyb::hasattr(self, "_case"))
    throw CaseError("<answer>", "svg", "this answer was not asked from a case, so there is no position to draw");
  const CaseRef& ref = self.attr("_case").cast<const CaseRef&>();
  draw::DrawOptions o;
  o.zoc_of = zoc;
  return draw::case_svg(*ref.c, &a, o);
}

}  // namespace

void attach_case(pyb::object& answer, std::shared_ptr<const CaseFile> c) {
  answer.attr("_case") = pyb::cast(CaseRef{std::move(c)});
}

void bind_answer_pictures(pyb::class_<Answer>& cls) {
  cls.def("svg", &answer_svg, pyb::arg("zoc") = std::vector<std::string>{},
          "The picture of the answer over its position, as SVG text; `zoc` names units whose ZoC is shaded.\n\n"
          ">>> a = hexlaw.ask({'units': [{'id': 'F', 'side': 'french', 'type': 'infantry', 'strength': 3, "
          "'movement': 2, 'hex': '0505'}], 'question': {'kind': 'reach', 'unit': 'F'}})\n"
          ">>> a.svg().startswith('<svg')\nTrue")
      .def("_repr_svg_", [](const pyb::object& self) { return answer_svg(self, {}); })
      .def(
          "_repr_html_",
          [](const pyb::object& self) {
            const Answer& a = self.cast<const Answer&>();
            return draw::answer_html(a, pyb::hasattr(self, "_case") ? answer_svg(self, {}) : std::string());
          },
          "The answer for a notebook: picture, headline, outcome table and the rules cited.")
      .def("readable", [](const Answer& a) { return draw::readable(a); },
           "The answer for a person, as `hexlaw ask` prints it: the odds as a table, a reach as a list, a "
           "battle's totals.\n\n>>> 'rules applied' in hexlaw.ask({'question': {'kind': 'distance', 'hexes': "
           "['0101', '0104']}}).readable()\nTrue");
}

pyb::object ask_keeping_case(std::shared_ptr<const CaseFile> c) {
  Answer a = ask(*c);  // before the case is handed over (argument order is unspecified)
  return answer_object(std::move(a), std::move(c));
}

void bind_desk(pyb::module_& m) {
  pyb::class_<CaseRef>(m, "_CaseRef", "The case an answer was asked from (internal).");

  pyb::class_<Position>(m, "Position",
                        "A case's position that can be changed and asked again. Every change is read back by "
                        "the engine; a bad one raises hexlaw.CaseError naming the field and leaves the position "
                        "as it was.\n\n"
                        ">>> p = hexlaw.Position({'units': [{'id': 'F', 'side': 'french', 'type': 'infantry', "
                        "'strength': 3, 'movement': 2, 'hex': '0505'}], 'question': {'kind': 'reach', 'unit': 'F'}})\n"
                        ">>> p.ask().outcome['count']\n18\n"
                        ">>> p.set_unit('F', movement=1).ask().outcome['count']\n6\n"
                        ">>> p.move('F', '0101').unit('F')['hex']\n'0101'")
      .def(pyb::init([](const pyb::object& c, const pyb::object& spec) { return make_position(c, spec); }),
           pyb::arg("case"), pyb::arg("spec") = pyb::none(),
           "A position from a case: a dict, YAML/JSON text, or a path to a case file.")
      .def_property_readonly("name", [](const Position& p) { return p.parsed().name; })
      .def_property_readonly("game", [](const Position& p) { return p.parsed().ruleset.game; })
      .def_property_readonly("units", [](const Position& p) {
        return json_to_python(p.doc().contains("units") ? p.doc()["units"] : json::array());
      }, "The units as the case gives them (a list of dicts; change them with move, set_unit, set_marker).")
      .def("unit", [](const Position& p, const std::string& id) {
        if (p.doc().contains("units"))
          for (const auto& u : p.doc()["units"])
            if (u.value("id", std::string()) == id) return json_to_python(u);
        throw CaseError("<position>", "units", "no unit '" + id + "' in the position");
      }, pyb::arg("id"))
      .def_property_readonly("state", [](const Position& p) {
        if (p.parsed().system != "n20") throw CaseError("<position>", "state", "a Jemmapes position has no GameState");
        return GameState(p.parsed().state);
      }, "The Napoleonic 20 GameState the engine read (a copy).")
      .def("move", [](Position& p, const std::string& id, const std::string& hex) -> Position& {
        p.move(id, hex);
        return p;
      }, pyb::arg("unit"), pyb::arg("hex"), pyb::return_value_policy::reference_internal,
         "Put the unit in `hex` (on the map); returns the position.")
      .def("set_marker", [](Position& p, const std::string& id, const std::string& marker, bool on) -> Position& {
        p.set_marker(id, marker, on);
        return p;
      }, pyb::arg("unit"), pyb::arg("marker"), pyb::arg("on") = true, pyb::return_value_policy::reference_internal,
         "Place (or with on=False remove) a marker such as 'routed' on the unit.")
      .def("set_unit", [](Position& p, const std::string& id, const pyb::kwargs& fields) -> Position& {
        p.set_unit(id, python_to_json(fields));
        return p;
      }, pyb::arg("unit"), pyb::return_value_policy::reference_internal,
         "Set any of the unit's fields (strength=2, flags=['elite'], facing='n'); None removes a field.")
      .def("set_state", [](Position& p, const pyb::kwargs& fields) -> Position& {
        p.set_state(python_to_json(fields));
        return p;
      }, pyb::return_value_policy::reference_internal, "Set state fields (turn=3, phase='combat', night=True).")
      .def("set_morale", [](Position& p, const std::string& track, int points) -> Position& {
        p.set_morale(track, points);
        return p;
      }, pyb::arg("track"), pyb::arg("points"), pyb::return_value_policy::reference_internal)
      .def("set_reading", [](Position& p, const std::string& name, const std::optional<std::string>& reading) -> Position& {
        p.set_reading(name, reading);
        return p;
      }, pyb::arg("switch"), pyb::arg("reading"), pyb::return_value_policy::reference_internal,
         "Choose a reading of an interpretation switch (None: back to the default).")
      .def("set_option", [](Position& p, const std::string& id, bool on) -> Position& {
        p.set_option(id, on);
        return p;
      }, pyb::arg("rule"), pyb::arg("on") = true, pyb::return_value_policy::reference_internal,
         "Switch an optional rule (by id) on or off.")
      .def("ask", [](const Position& p, const pyb::object& question, const pyb::object& dice) {
        std::optional<json> q, d;
        if (!question.is_none()) q = python_to_json(question);
        if (!dice.is_none()) d = python_to_json(dice);
        return ask_keeping_case(p.case_for(q, d));
      }, pyb::arg("question") = pyb::none(), pyb::arg("dice") = pyb::none(),
         "Answer the case's question, or `question` (a dict with its kind) with `dice` ('enumerate', "
         "{'script': [..]}, {'seed': n}).")
      .def("svg", [](const Position& p, const std::vector<std::string>& zoc) {
        draw::DrawOptions o;
        o.zoc_of = zoc;
        return draw::case_svg(p.parsed(), nullptr, o);
      }, pyb::arg("zoc") = std::vector<std::string>{}, "The position as SVG; `zoc` names units whose ZoC is shaded.")
      .def("_repr_svg_", [](const Position& p) { return draw::case_svg(p.parsed()); })
      .def("to_dict", [](const Position& p) { return json_to_python(p.doc()); }, "The case as a dict (a copy).")
      .def("copy", [](const Position& p) { return Position(p); })
      .def("__repr__", &Position::repr);

  // GameState: its units, and a repr a person can read.
  auto state_cls = pyb::type::of<GameState>();
  auto units_of = [](const GameState& s) { return json_to_python(to_json(s, ColumnLayout::OddColumnsLow)["units"]); };
  state_cls.attr("units") = pyb::cpp_function(
      [units_of](const GameState& s) { return units_of(s); });
  state_cls.attr("units") = pyb::module_::import("builtins").attr("property")(state_cls.attr("units"), pyb::none(),
      pyb::none(), "The units as dicts (hexes as printed numbers in the odd-columns-low layout).");
  state_cls.attr("__repr__") = pyb::cpp_function(
      [](const GameState& s) {
        std::ostringstream out;
        out << "<GameState turn " << s.turn << ", " << s.phase.str();
        if (!s.phasing.str().empty()) out << ", " << s.phasing.str() << " phasing";
        if (s.night) out << ", night";
        for (const auto& [track, points] : s.morale) out << ", morale " << track.str() << " " << points;
        out << ", " << s.units.size() << " unit(s)";
        int shown = 0;
        for (const Unit& u : s.units) {
          if (shown++ == 10) {
            out << "; ...";
            break;
          }
          out << (shown == 1 ? ": " : "; ") << u.id.str() << " " << u.side.str() << " " << to_string(u.type) << " "
              << u.strength << "-" << u.movement;
          if (u.on_map()) out << " at " << format_ccrr(to_printed(u.hex, ColumnLayout::OddColumnsLow));
          else out << " (" << to_string(u.status) << ")";
          for (const auto& m : u.markers.names()) out << " " << m;
        }
        out << ">";
        return out.str();
      },
      pyb::is_method(state_cls));
}

}  // namespace hexlaw::py
