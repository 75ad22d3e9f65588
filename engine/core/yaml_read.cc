// Owns: the Doc tree (built from yaml-cpp's parse or directly) and the Field<ErrorT>
// implementation over it, instantiated for CaseError and SpecError.
#include "engine/core/yaml_read.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

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

// Nodes are appended in document order; children wait in `pending_` until their parent
// closes, then move into `kids_` as one contiguous run.
std::uint32_t Doc::add(Kind kind, std::string text, bool quoted, int line) {
  nodes_.push_back(Node{kind, quoted, line, 0, 0, std::move(text)});
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

void Doc::add_kid(std::uint32_t child, std::string key, bool key_scalar) {
  pending_.push_back(Kid{std::move(key), key_scalar, child});
}

void Doc::close_kids(std::uint32_t parent, std::size_t opened) {
  nodes_[parent].first = static_cast<std::uint32_t>(kids_.size());
  nodes_[parent].count = static_cast<std::uint32_t>(pending_.size() - opened);
  kids_.insert(kids_.end(), std::make_move_iterator(pending_.begin() + static_cast<std::ptrdiff_t>(opened)),
               std::make_move_iterator(pending_.end()));
  pending_.resize(opened);
}

namespace {

// Copies one yaml-cpp node and everything below it into `doc`, returning its index.
std::uint32_t copy_yaml(Doc& doc, const YAML::Node& n, int depth, std::size_t max_nodes) {
  if (doc.size() >= max_nodes) throw std::length_error("the document's aliases expand to too many values");
  const int line = n.Mark().line + 1;
  switch (n.Type()) {
    case YAML::NodeType::Scalar:
      return doc.add(Doc::Kind::Scalar, n.Scalar(), n.Tag() == "!", line);
    case YAML::NodeType::Sequence:
    case YAML::NodeType::Map: {
      if (depth == Doc::kMaxDepth)
        throw std::length_error("nested more than " + std::to_string(Doc::kMaxDepth) + " levels deep");
      const bool map = n.IsMap();
      const std::uint32_t self = doc.add(map ? Doc::Kind::Map : Doc::Kind::Seq, {}, false, line);
      const std::size_t opened = doc.open_kids();
      for (auto it = n.begin(); it != n.end(); ++it) {
        if (map) doc.add_kid(copy_yaml(doc, it->second, depth + 1, max_nodes), it->first.Scalar(), it->first.IsScalar());
        else doc.add_kid(copy_yaml(doc, *it, depth + 1, max_nodes));
      }
      doc.close_kids(self, opened);
      return self;
    }
    default:
      return doc.add(Doc::Kind::Null, {}, false, line);
  }
}

}  // namespace

// One yaml-cpp tree copied into a new Doc (the yaml-cpp tree can then be freed).
std::shared_ptr<const Doc> Doc::from_yaml(const YAML::Node& root, std::size_t max_nodes) {
  auto doc = std::make_shared<Doc>();
  copy_yaml(*doc, root, 0, max_nodes);
  return doc;
}

template <class ErrorT>
Field<ErrorT> Field<ErrorT>::load_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ErrorT(path, "", "cannot open file");
  std::stringstream buf;
  buf << in.rdbuf();
  return load_text(buf.str(), path);
}

// Without aliases a document has at most about one node per character; aliases may repeat a
// part, but not beyond a generous bound, so a few lines cannot expand into billions of values.
template <class ErrorT>
Field<ErrorT> Field<ErrorT>::load_text(const std::string& text, const std::string& name) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ErrorT(name, "", "not valid YAML/JSON: " + e.msg, e.mark.line + 1);
  }
  try {
    return Field(Doc::from_yaml(root, 16 * text.size() + 1024), name);
  } catch (const std::length_error& e) {
    throw ErrorT(name, "", e.what());
  }
}

template <class ErrorT>
Field<ErrorT> Field<ErrorT>::operator[](const std::string& key) const {
  if (present() && !is_map()) fail("expected a mapping with key '" + key + "'");
  std::string path = path_.empty() ? key : path_ + "." + key;
  if (is_map())
    for (std::size_t i = 0; i < node_->count; ++i) {
      const Doc::Kid& k = doc_->kid(*node_, i);
      if (k.key_scalar && k.key == key) return child(k, std::move(path));  // the first of duplicate keys
    }
  return Field(doc_, nullptr, file_, std::move(path));
}

template <class ErrorT>
Field<ErrorT> Field<ErrorT>::at(std::size_t i) const {
  std::string path = path_ + "[" + std::to_string(i) + "]";
  if (is_seq() && i < node_->count) return child(doc_->kid(*node_, i), std::move(path));
  return Field(doc_, nullptr, file_, std::move(path));
}

template <class ErrorT>
void Field<ErrorT>::fail(const std::string& reason) const {
  throw ErrorT(file_, path_.empty() ? "(document)" : path_, reason, line());
}

template <class ErrorT>
Field<ErrorT> Field<ErrorT>::required(const std::string& key) const {
  if (!is_map()) fail("expected a mapping with key '" + key + "'");
  Field child = (*this)[key];
  if (!child.present()) throw ErrorT(file_, child.path_, "required field is missing", line());
  return child;
}

template <class ErrorT>
std::string Field<ErrorT>::str() const {
  if (!present()) fail("required field is missing");
  if (!is_scalar()) fail("expected a single value, not a list or mapping");
  return node_->text;
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
  if (!is_seq()) fail("expected a list");
  for (std::size_t i = 0; i < node_->count; ++i) out.push_back(at(i).str());
  return out;
}

template <class ErrorT>
void Field<ErrorT>::expect_keys(const std::vector<std::string>& allowed) const {
  if (!present()) return;
  if (!is_map()) fail("expected a mapping");
  for (std::size_t i = 0; i < node_->count; ++i) {
    const Doc::Kid& k = doc_->kid(*node_, i);
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a == k.key;
    if (!ok) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      child(k, path_.empty() ? k.key : path_ + "." + k.key).fail("unknown field (expected one of: " + list + ")");
    }
  }
}

template <class ErrorT>
void Field<ErrorT>::for_each_entry(
    const std::function<void(const std::string&, const Field&)>& fn) const {
  if (!present()) return;
  if (!is_map()) fail("expected a mapping");
  for (std::size_t i = 0; i < node_->count; ++i) {
    const Doc::Kid& k = doc_->kid(*node_, i);
    fn(k.key, child(k, path_.empty() ? k.key : path_ + "." + k.key));
  }
}

template <class ErrorT>
void Field<ErrorT>::for_each_item(const std::function<void(const Field&)>& fn) const {
  if (!present()) return;
  if (!is_seq()) fail("expected a list");
  for (std::size_t i = 0; i < node_->count; ++i) fn(at(i));
}

template class Field<CaseError>;
template class Field<SpecError>;

}  // namespace hexlaw
