// Owns: the rule catalog loaded from spec/catalog — every rule case of the five books, by
// its one stable id (`std:9.8.2`, `jena:table.crt`). Validation happens on load: a
// duplicated id, an unknown kind or status, an `overrides` that points nowhere, a missing
// summary or a table entry whose data file is absent is a SpecError naming file and field.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hexlaw {

inline constexpr std::string_view kBooks[] = {"std", "jena", "dresden", "leipzig", "jemmapes"};
inline constexpr std::string_view kKinds[] = {"rule",     "procedure", "definition",   "table",
                                               "optional", "scenario",  "designer-note"};
inline constexpr std::string_view kStatuses[] = {"implement", "not-engine-matter", "source-missing"};
inline constexpr std::string_view kPrintings[] = {"jena", "v2.0", "leipzig"};
inline constexpr std::string_view kNoteKinds[] = {"slip", "gap", "ambiguity", "printing-difference"};

// A parsed rule id. `number` is "9.8.2", "7.0", "8.3b" or "table.crt".
struct RuleId {
  std::string book;
  std::string number;
  std::string str() const { return book + ":" + number; }
  bool is_table() const { return number.rfind("table.", 0) == 0; }
};
// Checks the house form `book:number`; nullopt (with the reason) when malformed.
std::optional<RuleId> parse_rule_id(std::string_view text, std::string* why = nullptr);

struct RuleNote {
  std::string kind;    // slip | gap | ambiguity | printing-difference
  std::string text;    // what is wrong or unclear
  std::string ruling;  // what the engine does about it
  std::string switch_name;  // named interpretation switch, when two readings are defensible
};

struct RuleCase {
  std::string id, book, number, title, kind, status, summary;
  std::string status_reason, printing_differences, data;
  std::vector<std::string> printings, overrides, related;
  std::vector<RuleNote> notes;
  std::string file;  // spec file it came from, relative to the spec dir
  int line = 0;
};

class Catalog {
 public:
  // Loads and validates every spec/catalog/**/*.yaml below spec_dir.
  static Catalog load(const std::filesystem::path& spec_dir);

  // The case with this id, or null. Reads a table built on load and never changed, so any
  // number of threads may look ids up at once.
  const RuleCase* find(std::string_view id) const;
  bool has(std::string_view id) const { return find(id) != nullptr; }
  const std::vector<RuleCase>& cases() const { return cases_; }
  const std::filesystem::path& spec_dir() const { return spec_dir_; }
  // A number no other catalog of this process has had (a copy shares it with its original,
  // whose cases it holds): what a rule literal notes as the last catalog that held it.
  std::uint64_t generation() const { return generation_.value; }

 private:
  // Fresh for every catalog made, and for one whose cases were moved away.
  struct Generation {
    std::uint64_t value = next();
    Generation() = default;
    Generation(const Generation&) = default;
    Generation& operator=(const Generation&) = default;
    Generation(Generation&& o) noexcept : value(o.value) { o.value = next(); }
    Generation& operator=(Generation&& o) noexcept {
      value = o.value;
      o.value = next();
      return *this;
    }
    static std::uint64_t next();
  };
  Generation generation_;
  std::filesystem::path spec_dir_;
  std::vector<RuleCase> cases_;
  // An open-addressed hash table over cases_ (a power of two in size, at most half full):
  // each used slot holds the id's hash and the case's index + 1; 0 marks an empty slot.
  struct Slot {
    std::uint32_t hash = 0, case_plus_one = 0;
  };
  std::vector<Slot> slots_;
  void place(std::size_t i);
  void index_last_case();
};

}  // namespace hexlaw
