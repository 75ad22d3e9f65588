// Owns: the Doc tree (built from yaml-cpp's parse or directly) and the Field<ErrorT>
// implementation over it, instantiated for CaseError and SpecError.
#include "engine/core/yaml_read.h"

#include <algorithm>
#include <cstdint>
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

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    int n = 0;
    std::uint32_t cp = 0;
    if (c >= 0xC2 && c <= 0xDF) n = 1, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) n = 2, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) n = 3, cp = c & 0x07;
    else return false;
    for (int k = 1; k <= n; ++k) {
      if (i + k >= s.size()) return false;
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += static_cast<std::size_t>(n) + 1;
  }
  return true;
}

namespace {

// Copies a yaml-cpp tree into a Doc. `path` holds the field path of the node being copied
// (for errors) and `open` the lists and mappings it lies in (to catch an alias to one of them).
struct YamlCopy {
  Doc& doc;
  std::size_t max_nodes;
  std::vector<std::string> path;
  std::vector<YAML::Node> open;

  [[noreturn]] void refuse(const std::string& reason, int line) const {
    std::string field;
    for (const auto& p : path) field += (field.empty() || p.front() == '[') ? p : "." + p;
    throw Doc::Refused{field.empty() ? "(document)" : field, reason, line};
  }

  // Copies one node and everything below it, returning its index.
  std::uint32_t copy(const YAML::Node& n) {
    const int line = n.Mark().line + 1;
    if (doc.size() >= max_nodes)
      throw Doc::Refused{"(document)", "holds more than " + std::to_string(max_nodes) +
                                           " values once its aliases are expanded (Doc::kMaxNodes)", line};
    switch (n.Type()) {
      case YAML::NodeType::Scalar:
        if (!valid_utf8(n.Scalar())) refuse("text that is not valid UTF-8", line);
        return doc.add(Doc::Kind::Scalar, n.Scalar(), n.Tag() == "!", line);
      case YAML::NodeType::Sequence:
      case YAML::NodeType::Map: {
        for (const auto& o : open)
          if (o.is(n)) refuse("an alias refers to a list or mapping that contains it", line);
        if (open.size() == static_cast<std::size_t>(Doc::kMaxDepth))
          refuse("nested more than " + std::to_string(Doc::kMaxDepth) + " levels deep", line);
        open.push_back(n);
        const bool map = n.IsMap();
        const std::uint32_t self = doc.add(map ? Doc::Kind::Map : Doc::Kind::Seq, {}, false, line);
        const std::size_t opened = doc.open_kids();
        std::size_t i = 0;
        for (auto it = n.begin(); it != n.end(); ++it, ++i) {
          if (map) {
            const bool scalar_key = it->first.IsScalar();
            const std::string key = scalar_key ? it->first.Scalar() : std::string();
            path.push_back(valid_utf8(key) ? key : "?");
            if (!valid_utf8(key)) refuse("a field name that is not valid UTF-8", line);
            doc.add_kid(copy(it->second), key, scalar_key);
          } else {
            path.push_back("[" + std::to_string(i) + "]");
            doc.add_kid(copy(*it));
          }
          path.pop_back();
        }
        doc.close_kids(self, opened);
        open.pop_back();
        return self;
      }
      default:
        return doc.add(Doc::Kind::Null, {}, false, line);
    }
  }
};

}  // namespace

// One yaml-cpp tree copied into a new Doc (the yaml-cpp tree can then be freed).
std::shared_ptr<const Doc> Doc::from_yaml(const YAML::Node& root, std::size_t max_nodes) {
  auto doc = std::make_shared<Doc>();
  YamlCopy{*doc, max_nodes, {}, {}}.copy(root);
  return doc;
}

// Reads at most kMaxInputBytes (and one more, to know it was too long): /dev/zero or a huge
// file is refused rather than read without end.
template <class ErrorT>
Field<ErrorT> Field<ErrorT>::load_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ErrorT(path, "", "cannot open file");
  std::string text(Doc::kMaxInputBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) throw ErrorT(path, "", "cannot read file");
  text.resize(static_cast<std::size_t>(in.gcount()));
  return load_text(text, path);
}

// Refuses text past kMaxInputBytes; syntax errors name the line.
template <class ErrorT>
Field<ErrorT> Field<ErrorT>::load_text(const std::string& text, const std::string& name) {
  if (text.size() > Doc::kMaxInputBytes)
    throw ErrorT(name, "", "longer than " + std::to_string(Doc::kMaxInputBytes) + " bytes (Doc::kMaxInputBytes)");
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ErrorT(name, "", "not valid YAML/JSON: " + e.msg, e.mark.line + 1);
  }
  try {
    return Field(Doc::from_yaml(root, std::min(Doc::kMaxNodes, Doc::kMaxNodesPerInputByte * text.size() + Doc::kNodeSlack)), name);
  } catch (const Doc::Refused& e) {
    throw ErrorT(name, e.field, e.reason, e.line);
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

namespace {

// Any whole number of 64 bits, for integer_in: the caller's range is the only limit.
template <class ErrorT>
long long wide_integer(const Field<ErrorT>& f) {
  const std::string s = f.str();
  try {
    std::size_t used = 0;
    const long long v = std::stoll(s, &used);
    if (used != s.size()) f.fail("'" + s + "' is not a whole number");
    return v;
  } catch (const std::out_of_range&) {
    f.fail("a whole number beyond 64 bits");
  } catch (const std::invalid_argument&) {
    f.fail("'" + s + "' is not a whole number");
  }
}

}  // namespace

// Whole numbers are read wide and refused past ±kMaxWholeNumber, so no reader narrows an
// out-of-range value into a small one or overflows a sum of a few of them.

template <class ErrorT>
long long Field<ErrorT>::integer() const {
  const long long v = wide_integer(*this);
  if (v > kMaxWholeNumber || v < -kMaxWholeNumber)
    fail("a whole number beyond ±" + std::to_string(kMaxWholeNumber) + " (Field::kMaxWholeNumber)");
  return v;
}

template <class ErrorT>
long long Field<ErrorT>::integer_in(long long lo, long long hi, const std::string& what) const {
  const long long v = wide_integer(*this);
  if (v < lo || v > hi) fail(what + " lies within " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

template <class ErrorT>
std::uint64_t Field<ErrorT>::seed() const {
  const std::string s = str();
  const std::string why = "a seed is a whole number from 0 to " + std::to_string(UINT64_MAX);
  const bool digits = !s.empty() && s.find_first_not_of("0123456789", s[0] == '-' ? 1 : 0) == std::string::npos;
  if (!digits) fail("'" + s + "' is not a whole number");
  if (s[0] == '-' || s.size() > 20) fail(why);
  try {
    return std::stoull(s);
  } catch (const std::logic_error&) {
    fail(why);
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
