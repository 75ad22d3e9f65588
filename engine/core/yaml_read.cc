// Owns: the Field<ErrorT> implementation, instantiated for CaseError and SpecError.
#include "engine/core/yaml_read.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/errors.h"

namespace hexlaw {

std::vector<std::string> yaml_files_under(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".yaml") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

template <class ErrorT>
Field<ErrorT> Field<ErrorT>::load_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ErrorT(path, "", "cannot open file");
  std::stringstream buf;
  buf << in.rdbuf();
  return load_text(buf.str(), path);
}

template <class ErrorT>
Field<ErrorT> Field<ErrorT>::load_text(const std::string& text, const std::string& name) {
  try {
    YAML::Node root = YAML::Load(text);
    return Field(root, name, "");
  } catch (const YAML::Exception& e) {
    throw ErrorT(name, "", "not valid YAML/JSON: " + e.msg, e.mark.line + 1);
  }
}

template <class ErrorT>
Field<ErrorT> Field<ErrorT>::operator[](const std::string& key) const {
  if (present() && !node_.IsMap()) fail("expected a mapping with key '" + key + "'");
  YAML::Node child;  // absent keys read as null, never as yaml-cpp's invalid "zombie" node
  if (present()) {
    const YAML::Node& self = node_;
    const YAML::Node found = self[key];
    if (found.IsDefined()) child = YAML::Node(found);
  }
  return Field(child, file_, path_.empty() ? key : path_ + "." + key);
}

template <class ErrorT>
Field<ErrorT> Field<ErrorT>::at(std::size_t i) const {
  return Field(node_[i], file_, path_ + "[" + std::to_string(i) + "]");
}

template <class ErrorT>
void Field<ErrorT>::fail(const std::string& reason) const {
  throw ErrorT(file_, path_.empty() ? "(document)" : path_, reason, line());
}

template <class ErrorT>
Field<ErrorT> Field<ErrorT>::required(const std::string& key) const {
  if (!present() || !node_.IsMap()) fail("expected a mapping with key '" + key + "'");
  Field child = (*this)[key];
  if (!child.present()) throw ErrorT(file_, child.path_, "required field is missing", line());
  return child;
}

template <class ErrorT>
std::string Field<ErrorT>::str() const {
  if (!present()) fail("required field is missing");
  if (!node_.IsScalar()) fail("expected a single value, not a list or mapping");
  return node_.Scalar();
}

template <class ErrorT>
long long Field<ErrorT>::integer() const {
  const std::string s = str();
  try {
    std::size_t used = 0;
    long long v = std::stoll(s, &used);
    if (used != s.size()) fail("'" + s + "' is not a whole number");
    return v;
  } catch (const std::logic_error&) {
    fail("'" + s + "' is not a whole number");
  }
}

template <class ErrorT>
bool Field<ErrorT>::boolean() const {
  const std::string s = str();
  if (s == "true" || s == "yes") return true;
  if (s == "false" || s == "no") return false;
  fail("'" + s + "' is not true or false");
}

template <class ErrorT>
std::vector<std::string> Field<ErrorT>::str_list() const {
  std::vector<std::string> out;
  if (!present()) return out;
  if (node_.IsScalar()) fail("expected a list");
  if (!node_.IsSequence()) fail("expected a list");
  for (std::size_t i = 0; i < node_.size(); ++i) out.push_back(at(i).str());
  return out;
}

template <class ErrorT>
void Field<ErrorT>::expect_keys(const std::vector<std::string>& allowed) const {
  if (!present()) return;
  if (!node_.IsMap()) fail("expected a mapping");
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    const std::string key = it->first.Scalar();
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == key;
    if (!ok) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      Field(it->second, file_, path_.empty() ? key : path_ + "." + key)
          .fail("unknown field (expected one of: " + list + ")");
    }
  }
}

template <class ErrorT>
void Field<ErrorT>::for_each_entry(
    const std::function<void(const std::string&, const Field&)>& fn) const {
  if (!present()) return;
  if (!node_.IsMap()) fail("expected a mapping");
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    const std::string key = it->first.Scalar();
    fn(key, Field(it->second, file_, path_.empty() ? key : path_ + "." + key));
  }
}

template <class ErrorT>
void Field<ErrorT>::for_each_item(const std::function<void(const Field&)>& fn) const {
  if (!present()) return;
  if (!node_.IsSequence()) fail("expected a list");
  for (std::size_t i = 0; i < node_.size(); ++i) fn(at(i));
}

template class Field<CaseError>;
template class Field<SpecError>;

}  // namespace hexlaw
