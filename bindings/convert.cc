// Owns: moving data between Python objects and the engine with no text in between — a dict
// (with lists, str, int, float, bool and None inside) becomes the document (engine/core/
// yaml_read.h) the engine's readers read, and a JSON result (nlohmann::json) becomes dicts,
// lists and scalars.
#include <pybind11/pybind11.h>

#include <cmath>
#include <filesystem>
#include <vector>

#include "bindings/bindings.h"
#include "engine/core/errors.h"

namespace hexlaw::py {

namespace pyb = pybind11;

namespace {

// Builds the engine's document from Python objects, as the readers would have read the same
// data from JSON text: str is a quoted scalar, int, float and bool plain ones, None null.
class DocMaker {
 public:
  explicit DocMaker(const std::string& name) : name_(name), doc_(std::make_shared<Doc>()) { doc_->reserve(64); }

  // The whole document for `obj`; throws CaseError naming the field on data that is not JSON.
  std::shared_ptr<const Doc> make(PyObject* obj) {
    add(obj);
    return doc_;
  }

 private:
  // One step of the path from the root: a dict key or a list index.
  struct Step {
    PyObject* key = nullptr;
    Py_ssize_t index = 0;
  };

  // Adds `obj` and everything inside it to the document, returning its node.
  std::uint32_t add(PyObject* obj) {
    using K = Doc::Kind;
    if (obj == Py_None) return doc_->add(K::Null);
    // A JSON string is quoted, so it is never read as a number or a boolean.
    if (PyUnicode_Check(obj)) return doc_->add(K::Scalar, text_of(obj), true);
    if (PyBool_Check(obj)) return doc_->add(K::Scalar, obj == Py_True ? "true" : "false");
    if (PyLong_Check(obj)) return doc_->add(K::Scalar, int_text(obj));
    if (PyFloat_Check(obj)) return doc_->add(K::Scalar, float_text(obj));
    const bool dict = PyDict_Check(obj);
    if (!dict && !PyList_Check(obj) && !PyTuple_Check(obj))
      fail("a " + type_name(obj) + " is not JSON-like data (expected a dict, list, str, int, float, bool or None)");
    enter(obj);
    const std::uint32_t self = doc_->add(dict ? K::Map : K::Seq);
    const std::size_t opened = doc_->open_kids();
    if (PyDict_CheckExact(obj)) {
      PyObject *key, *value;
      Py_ssize_t pos = 0;
      while (PyDict_Next(obj, &pos, &key, &value)) add_entry(key, value);
    } else if (dict) {  // a subclass (OrderedDict) keeps its own order, which items() gives
      const pyb::list items = pyb::reinterpret_steal<pyb::list>(PyMapping_Items(obj));
      if (!items) throw pyb::error_already_set();
      for (const auto& kv : items) add_entry(PyTuple_GET_ITEM(kv.ptr(), 0), PyTuple_GET_ITEM(kv.ptr(), 1));
    } else {
      const bool list = PyList_Check(obj);
      const Py_ssize_t n = list ? PyList_GET_SIZE(obj) : PyTuple_GET_SIZE(obj);
      for (Py_ssize_t i = 0; i < n; ++i) {
        path_.push_back({nullptr, i});
        const std::uint32_t child = add(list ? PyList_GET_ITEM(obj, i) : PyTuple_GET_ITEM(obj, i));
        path_.pop_back();
        doc_->add_kid(child);
      }
    }
    doc_->close_kids(self, opened);
    leave();
    return self;
  }

  // One dict entry: a str key and its value, attached to the mapping being built.
  void add_entry(PyObject* key, PyObject* value) {
    if (!PyUnicode_Check(key)) fail("a dict key must be a str, not " + type_name(key) + " (" + repr(key) + ")");
    std::string k = text_of(key);
    path_.push_back({key, 0});
    const std::uint32_t child = add(value);
    path_.pop_back();
    doc_->add_kid(child, std::move(k));
  }

  // A dict or list is entered once on the way down: a second time means it contains itself.
  void enter(PyObject* container) {
    for (PyObject* open : open_)
      if (open == container) fail("the value contains itself (a circular reference)");
    if (open_.size() == static_cast<std::size_t>(Doc::kMaxDepth))
      fail("nested more than " + std::to_string(Doc::kMaxDepth) + " levels deep");
    open_.push_back(container);
  }
  void leave() { open_.pop_back(); }

  // A str's UTF-8 bytes (CPython caches them, so this is one copy).
  std::string text_of(PyObject* s) {
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(s, &size);
    if (!utf8) {
      PyErr_Clear();
      fail("the text is not valid Unicode (it holds an unpaired surrogate)");
    }
    return std::string(utf8, static_cast<std::size_t>(size));
  }

  // An int as json.dumps writes it: its decimal digits, however long.
  std::string int_text(PyObject* i) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(i, &overflow);
    if (!overflow && !(v == -1 && PyErr_Occurred())) return std::to_string(v);
    PyErr_Clear();
    return call_text(PyLong_Type.tp_repr, i);
  }

  // A float as json.dumps writes it (float.__repr__: the shortest text that reads back the
  // same); NaN and infinity are not JSON and are refused.
  std::string float_text(PyObject* f) {
    const double v = PyFloat_AS_DOUBLE(f);
    if (!std::isfinite(v)) fail("NaN and infinity are not allowed (got " + repr(f) + ")");
    char* s = PyOS_double_to_string(v, 'r', 0, Py_DTSF_ADD_DOT_0, nullptr);
    if (!s) throw pyb::error_already_set();
    std::string out(s);
    PyMem_Free(s);
    return out;
  }

  // Calls a type slot that returns a str, raising its Python error if it fails.
  std::string call_text(reprfunc fn, PyObject* obj) {
    pyb::object r = pyb::reinterpret_steal<pyb::object>(fn(obj));
    if (!r) throw pyb::error_already_set();
    return r.cast<std::string>();
  }
  // The Python type's name, and a short repr for error messages.
  static std::string type_name(PyObject* obj) { return Py_TYPE(obj)->tp_name; }
  static std::string repr(PyObject* obj) {
    PyObject* r = PyObject_Repr(obj);
    if (!r) {
      PyErr_Clear();
      return "?";
    }
    std::string out = pyb::reinterpret_steal<pyb::str>(r).cast<std::string>();
    return out.size() > 60 ? out.substr(0, 57) + "..." : out;
  }

  // The field path as the case reader names it: units[0].hex.
  std::string path() const {
    std::string out;
    for (const Step& s : path_) {
      if (!s.key) out += "[" + std::to_string(s.index) + "]";
      else out += (out.empty() ? "" : ".") + pyb::reinterpret_borrow<pyb::str>(s.key).cast<std::string>();
    }
    return out;
  }
  // A CaseError naming the dict and the field being converted.
  [[noreturn]] void fail(const std::string& reason) const {
    throw CaseError(name_, path_.empty() ? "(document)" : path(), reason);
  }

  std::string name_;
  std::shared_ptr<Doc> doc_;
  std::vector<Step> path_;
  std::vector<PyObject*> open_;  // the dicts and lists being converted, outermost first
};

}  // namespace

std::string str_arg(const pyb::handle& obj, const char* arg) {
  if (!PyUnicode_Check(obj.ptr()))
    throw pyb::type_error(std::string(arg) + " must be a str, not " + Py_TYPE(obj.ptr())->tp_name);
  Py_ssize_t size = 0;
  const char* utf8 = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
  if (!utf8) {
    PyErr_Clear();
    throw CaseError("<text>", arg, "text that is not valid UTF-8 (it holds an unpaired surrogate)");
  }
  return std::string(utf8, static_cast<std::size_t>(size));
}

TextOrPath text_or_path(const pyb::handle& obj, const char* arg, const char* expected) {
  namespace fs = std::filesystem;
  if (pyb::hasattr(obj, "__fspath__")) {
    pyb::object p = obj.attr("__fspath__")();
    if (PyBytes_Check(p.ptr())) return {true, p.cast<std::string>()};
    return {true, str_arg(p, arg)};
  }
  std::string text;
  if (PyBytes_Check(obj.ptr())) text = obj.cast<std::string>();
  else if (PyUnicode_Check(obj.ptr())) text = str_arg(obj, arg);
  else throw pyb::type_error(std::string(arg) + " must be " + expected + ", not " + Py_TYPE(obj.ptr())->tp_name);
  const std::size_t start = text.find_first_not_of(" \t\r");
  const bool one_line = text.find('\n') == std::string::npos;
  const bool json_like = start != std::string::npos && (text[start] == '{' || text[start] == '[');
  if (!one_line || json_like || text.size() > 4096) return {false, std::move(text)};
  std::error_code no_file;
  const bool is_file = fs::is_regular_file(text, no_file);
  const bool file_name = text.ends_with(".yaml") || text.ends_with(".yml") || text.ends_with(".json");
  return {is_file || file_name, std::move(text)};
}

std::shared_ptr<const Doc> python_to_doc(const pyb::handle& obj, const std::string& name) {
  return DocMaker(name).make(obj.ptr());
}

// Each JSON value as json.loads would give it: objects in nlohmann's key order (the order
// dump() writes), integers as int, non-finite floats as None (dump() writes them as null).
pyb::object json_to_python(const nlohmann::json& j) {
  using T = nlohmann::json::value_t;
  switch (j.type()) {
    case T::null:
    case T::discarded:
      return pyb::none();
    case T::boolean:
      return pyb::bool_(j.get<bool>());
    case T::number_integer:
      return pyb::reinterpret_steal<pyb::object>(PyLong_FromLongLong(j.get<std::int64_t>()));
    case T::number_unsigned:
      return pyb::reinterpret_steal<pyb::object>(PyLong_FromUnsignedLongLong(j.get<std::uint64_t>()));
    case T::number_float: {
      const double v = j.get<double>();
      if (!std::isfinite(v)) return pyb::none();  // as JSON text has it: null
      return pyb::float_(v);
    }
    case T::string: {
      const auto& s = j.get_ref<const std::string&>();
      return pyb::str(s.data(), s.size());
    }
    case T::array: {
      pyb::list out(j.size());
      std::size_t i = 0;
      for (const auto& item : j) PyList_SET_ITEM(out.ptr(), i++, json_to_python(item).release().ptr());
      return out;
    }
    case T::object: {
      pyb::dict out;
      for (auto it = j.begin(); it != j.end(); ++it) out[pyb::str(it.key())] = json_to_python(it.value());
      return out;
    }
    case T::binary:
      break;
  }
  throw std::runtime_error("binary data has no Python form");
}

}  // namespace hexlaw::py
