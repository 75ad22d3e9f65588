// Owns: reading YAML (and JSON, which YAML contains) with errors that name file, field path
// and line. Every loader — spec catalog, tables, case files, states — reads through this.
// Text is parsed by yaml-cpp into a Doc, the small tree every reader reads; code that already
// holds structured data (the Python bindings) builds a Doc directly, with no text in between.
#pragma once

#include <yaml-cpp/yaml.h>

#include "engine/core/errors.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hexlaw {

// True when `s` is well-formed UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF).
bool valid_utf8(std::string_view s);

// Every *.yaml file below `dir`, sorted, so loaders read files in a stable order.
std::vector<std::string> yaml_files_under(const std::string& dir);

// A document as data: null, scalars (with whether they were quoted), lists and mappings (in
// document order, duplicate keys kept), each node with its line. Immutable once built.
class Doc {
 public:
  enum class Kind : std::uint8_t { Null, Scalar, Seq, Map };
  struct Node {
    Kind kind = Kind::Null;
    bool quoted = false;      // a quoted scalar: always a string, never a number or a boolean
    int line = 0;             // 1-based; 0 when the node was not read from text
    std::uint32_t first = 0;  // a list's or mapping's children: kids_[first, first + count)
    std::uint32_t count = 0;
    std::string text;         // a scalar's text
  };
  // A child: a list item, or a mapping entry with its key (`key_scalar` false for a null, list
  // or mapping key, which no field name matches).
  struct Kid {
    std::string key;
    bool key_scalar = true;
    std::uint32_t node = 0;
  };
  // Limits on every text the engine reads (issue 16), each refused with the file named:
  static constexpr int kMaxDepth = 256;                   // lists and mappings nested deeper
  static constexpr std::size_t kMaxInputBytes = 8u << 20;  // a file or text longer than 8 MiB
  static constexpr std::size_t kMaxNodes = 2'000'000;      // values in one document, aliases expanded
  // Aliases may repeat a part, but a document holds at most this many values per byte of
  // its text (plus kNodeSlack, at most kMaxNodes), so a few lines cannot expand into billions.
  static constexpr std::size_t kMaxNodesPerInputByte = 16;
  static constexpr std::size_t kNodeSlack = 1024;

  const Node& root() const { return nodes_.front(); }
  const Node& node(std::uint32_t i) const { return nodes_[i]; }
  const Kid& kid(const Node& parent, std::size_t i) const { return kids_[parent.first + i]; }

  // Building, in document order: add a node (the first added is the root); for a list or
  // mapping, note open_kids(), add each child and attach it with add_kid(), then close_kids().
  std::uint32_t add(Kind kind, std::string text = {}, bool quoted = false, int line = 0);
  std::size_t open_kids() const { return pending_.size(); }
  void add_kid(std::uint32_t child, std::string key = {}, bool key_scalar = true);
  void close_kids(std::uint32_t parent, std::size_t opened);
  std::size_t size() const { return nodes_.size(); }
  void reserve(std::size_t nodes) {
    nodes_.reserve(nodes);
    kids_.reserve(nodes);
  }

  // Copies a yaml-cpp tree; throws Doc::Refused (with the field path) when it nests deeper
  // than kMaxDepth, when an alias refers to a list or mapping that contains it, when through
  // aliases it grows past `max_nodes`, or when a key or scalar is not valid UTF-8.
  static std::shared_ptr<const Doc> from_yaml(const YAML::Node& root, std::size_t max_nodes);
  struct Refused {
    std::string field, reason;
    int line = 0;
  };

 private:
  std::vector<Node> nodes_;
  std::vector<Kid> kids_;
  std::vector<Kid> pending_;  // children of the lists and mappings still being built
};

// A node of a Doc together with where it came from: the file and the dotted field path.
// Throws ErrorT (CaseError or SpecError) on anything unexpected.
template <class ErrorT>
class Field {
 public:
  Field() = default;  // an absent field of no document
  // The root of a document built in memory, named `file` in errors ("<dict>").
  Field(std::shared_ptr<const Doc> doc, std::string file)
      : doc_(std::move(doc)), node_(&doc_->root()), file_(std::move(file)) {}

  // Parses a whole file or text; syntax errors name the file and line.
  static Field load_file(const std::string& path);
  static Field load_text(const std::string& text, const std::string& name);

  bool present() const { return node_ && node_->kind != Doc::Kind::Null; }
  bool is_map() const { return node_ && node_->kind == Doc::Kind::Map; }
  bool is_seq() const { return node_ && node_->kind == Doc::Kind::Seq; }
  bool is_scalar() const { return node_ && node_->kind == Doc::Kind::Scalar; }
  bool quoted() const { return node_ && node_->quoted; }
  const std::shared_ptr<const Doc>& doc() const { return doc_; }
  const std::string& file() const { return file_; }
  const std::string& path() const { return path_; }
  int line() const { return node_ ? node_->line : 0; }

  Field operator[](const std::string& key) const;  // child of a map (may be absent)
  Field at(std::size_t i) const;                   // element of a sequence (may be absent)
  std::size_t size() const { return is_map() || is_seq() ? node_->count : 0; }

  [[noreturn]] void fail(const std::string& reason) const;

  // Typed access. `required` variants fail when absent; `optional` return nullopt.
  std::string str() const;
  long long integer() const;  // a whole number within ±kMaxWholeNumber
  long long integer_in(long long lo, long long hi, const std::string& what) const;  // lo..hi, else "WHAT lies within lo..hi"
  std::uint64_t seed() const;  // a dice seed: 0..2^64-1
  static constexpr long long kMaxWholeNumber = 1'000'000;  // no field of a case, scenario or log needs more
  bool boolean() const;
  std::optional<std::string> opt_str() const { return present() ? std::optional(str()) : std::nullopt; }
  std::string str_or(const std::string& dflt) const { return present() ? str() : dflt; }
  long long int_or(long long dflt) const { return present() ? integer() : dflt; }
  long long int_in_or(long long dflt, long long lo, long long hi, const std::string& what) const {
    return present() ? integer_in(lo, hi, what) : dflt;
  }
  bool bool_or(bool dflt) const { return present() ? boolean() : dflt; }
  std::vector<std::string> str_list() const;  // absent -> empty
  Field required(const std::string& key) const;

  // Visits map entries in document order; fails on keys not listed in `allowed`.
  void expect_keys(const std::vector<std::string>& allowed) const;
  void for_each_entry(const std::function<void(const std::string& key, const Field& value)>& fn) const;
  void for_each_item(const std::function<void(const Field& item)>& fn) const;

 private:
  Field(std::shared_ptr<const Doc> doc, const Doc::Node* node, std::string file, std::string path)
      : doc_(std::move(doc)), node_(node), file_(std::move(file)), path_(std::move(path)) {}
  Field child(const Doc::Kid& k, std::string path) const { return Field(doc_, &doc_->node(k.node), file_, std::move(path)); }

  std::shared_ptr<const Doc> doc_;
  const Doc::Node* node_ = nullptr;  // null when absent
  std::string file_;
  std::string path_;
};

// The fields of a case file or scenario: errors name the file, field and reason (CaseError).
using CaseField = Field<CaseError>;

}  // namespace hexlaw
