// Owns: reading YAML (and JSON, which YAML contains) with errors that name file, field path
// and line. Every loader — spec catalog, tables, case files, states — reads through this.
#pragma once

#include <yaml-cpp/yaml.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hexlaw {

// Every *.yaml file below `dir`, sorted, so loaders read files in a stable order.
std::vector<std::string> yaml_files_under(const std::string& dir);

// A YAML node together with where it came from: the file and the dotted field path.
// Throws ErrorT (CaseError or SpecError) on anything unexpected.
template <class ErrorT>
class Field {
 public:
  Field(YAML::Node node, std::string file, std::string path)
      : node_(std::move(node)), file_(std::move(file)), path_(std::move(path)) {}

  // Parses a whole file or text; syntax errors name the file and line.
  static Field load_file(const std::string& path);
  static Field load_text(const std::string& text, const std::string& name);

  bool present() const { return node_ && !node_.IsNull(); }
  bool is_map() const { return node_.IsMap(); }
  bool is_seq() const { return node_.IsSequence(); }
  bool is_scalar() const { return node_.IsScalar(); }
  const YAML::Node& node() const { return node_; }
  const std::string& file() const { return file_; }
  const std::string& path() const { return path_; }
  int line() const { return node_ ? node_.Mark().line + 1 : 0; }

  Field operator[](const std::string& key) const;  // child of a map (may be absent)
  Field at(std::size_t i) const;                   // element of a sequence
  std::size_t size() const { return node_.size(); }

  [[noreturn]] void fail(const std::string& reason) const;

  // Typed access. `required` variants fail when absent; `optional` return nullopt.
  std::string str() const;
  long long integer() const;
  bool boolean() const;
  std::optional<std::string> opt_str() const { return present() ? std::optional(str()) : std::nullopt; }
  std::string str_or(const std::string& dflt) const { return present() ? str() : dflt; }
  long long int_or(long long dflt) const { return present() ? integer() : dflt; }
  bool bool_or(bool dflt) const { return present() ? boolean() : dflt; }
  std::vector<std::string> str_list() const;  // absent -> empty
  Field required(const std::string& key) const;

  // Visits map entries in document order; fails on keys not listed in `allowed`.
  void expect_keys(const std::vector<std::string>& allowed) const;
  void for_each_entry(const std::function<void(const std::string& key, const Field& value)>& fn) const;
  void for_each_item(const std::function<void(const Field& item)>& fn) const;

 private:
  YAML::Node node_;
  std::string file_;
  std::string path_;
};

}  // namespace hexlaw
