// Owns: the rule trace. Every decision the engine takes cites the rule case(s) it applied
// with a short reason; every answer carries its trace. A citation of an id the catalog does
// not know throws UnknownRuleError at the moment it is made — never a silent string.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <type_traits>
#include <string_view>
#include <vector>

#include "engine/core/rule_literal.h"

namespace hexlaw {

class Catalog;
class DistinctCitations;

namespace trace_detail {
// Whether the process records the ids it cites (record_cited_ids_in was called): read at every
// citation, so a citation when it is not costs one load.
inline std::atomic<bool> recording_citations{false};
}  // namespace trace_detail
void record_dynamic_citation(std::string_view rule);

struct Citation {
  std::string rule;    // `std:7.0`
  std::string reason;  // one line for a person: what the rule decided here
};

class Trace {
 public:
  // `catalog` validates every cited id (the rule set's, the case's: the spec in use); it must
  // outlive the trace.
  explicit Trace(const Catalog& catalog);
  // A trace that records nothing, for hot inner searches whose callers explain the result
  // themselves (ids are still checked, and recorded for dynamic coverage).
  struct Off {};
  Trace(Off, const Catalog& catalog);
  // A trace that keeps only which rules were cited (each once, in order), without building
  // reasons: for records that list the rules applied, such as a played game's.
  struct IdsOnly {};
  Trace(IdsOnly, const Catalog& catalog);
  bool on() const { return on_; }
  // Whether it keeps nothing at all, not even the ids cited (Trace::Off).
  bool keeps_nothing() const { return !on_ && !ids_only_; }
  // An empty trace that records the way this one does (reasons, ids only, or nothing).
  Trace like() const;

  // Records that `rule` decided something, and why. Throws UnknownRuleError on an id the
  // catalog lacks.
  void cite(std::string_view rule, std::string reason);
  // The same for a fixed text: no string is built unless the trace keeps it.
  void cite(std::string_view rule, const char* reason);
  // The same, building the reason only when the trace records (`make_reason()` -> string).
  template <class F>
    requires std::is_invocable_r_v<std::string, F>
  void cite(std::string_view rule, F&& make_reason) {
    if (on_) cite(rule, std::string(make_reason()));
    else record_silent(rule);
  }

  // The same three for an id written in the engine's code (`"std:9.6.1"_rule`): checked
  // against the catalog the first time, then by one compare, and recorded with no look-up.
  void cite(Rule rule, std::string reason) {
    check_known(rule);
    if (on_) cite_checked(rule, std::move(reason));
    else record_silent_checked(rule);
  }
  void cite(Rule rule, const char* reason) {
    check_known(rule);
    if (on_) cite_checked(rule, reason);
    else record_silent_checked(rule);
  }
  template <class F>
    requires std::is_invocable_r_v<std::string, F>
  void cite(Rule rule, F&& make_reason) {
    check_known(rule);
    if (on_) cite_checked(rule, std::string(make_reason()));
    else record_silent_checked(rule);
  }

  const std::vector<Citation>& entries() const { return entries_; }
  // Distinct rule ids in order of first citation.
  std::vector<std::string> citations() const;
  bool cites(std::string_view rule) const;
  void append(const Trace& other);

 private:
  friend class DistinctCitations;
  void record_silent(std::string_view rule);
  void check_known(std::string_view rule);
  // A literal's id, checked only when its slot has not seen this trace's catalog.
  void check_known(Rule rule) {
    if (rule.slot().known_in.load(std::memory_order_relaxed) == catalog_generation_) return;
    check_known(rule.id());
    rule.slot().known_in.store(catalog_generation_, std::memory_order_relaxed);
  }
  // The rest of a citation whose id is known to be in the catalog.
  void record_silent_checked(std::string_view rule) {
    if (ids_only_) keep_id(rule);
    if (trace_detail::recording_citations.load(std::memory_order_relaxed)) record_dynamic_citation(rule);
  }
  void keep_id(std::string_view rule);
  void cite_checked(std::string_view rule, std::string&& reason);
  void cite_checked(std::string_view rule, const char* reason);
  const Catalog* catalog_;
  std::uint64_t catalog_generation_;  // catalog_->generation(), read once
  // The ids last found in the catalog (views of the catalog's own text, which outlives the
  // trace), with their bytes as two words for a compare without memcmp: a resolution cites a
  // handful of ids in turn, so one remembered id missed most of the time.
  struct KnownId {
    std::string_view id;
    std::uint64_t head = 0, tail = 0;
  };
  static constexpr std::size_t kKnownIds = 8;
  KnownId known_[kKnownIds];
  std::uint8_t known_next_ = 0;  // the slot the next id of over 16 bytes found replaces
  bool on_ = true;
  bool ids_only_ = false;
  DistinctCitations* distinct_ = nullptr;  // set on a DistinctCitations' sink: citations go there
  std::vector<Citation> entries_;
};

// Gathers the citations of many traces (an enumeration's lines of dice) into one, keeping
// each distinct (rule, reason) once, in order of first appearance.
class DistinctCitations {
 public:
  explicit DistinctCitations(Trace& into);
  DistinctCitations(const DistinctCitations&) = delete;
  DistinctCitations& operator=(const DistinctCitations&) = delete;
  // Takes the citations of a trace recorded on its own.
  void absorb(const Trace& t);
  // A trace to cite into directly, recording the way `into` does: a citation reaches `into`
  // at once when its (rule, reason) is new and is dropped when not, so nothing is gathered
  // per line of dice and nothing copied. Citing into it equals citing into a fresh trace
  // like `into` and absorbing that. (When `into` keeps no reasons, or is itself another's
  // sink, which keeps each citation once, the sink is `into`.)
  Trace& sink() { return into_.on() && !into_.distinct_ ? sink_ : into_; }

 private:
  friend class Trace;
  // A citation already checked against the catalog: into `into_` unless seen before. The
  // reason is a string to move in, or a text copied only when kept.
  void take(std::string_view rule, std::string&& reason);
  void take(std::string_view rule, std::string_view reason);
  bool seen(std::string_view rule, std::string_view reason, std::vector<std::size_t>*& same_hash);
  Trace& into_;
  Trace sink_;
  // The entries of `into_` this put there, by a hash of rule and reason: a citation seen
  // before is compared with the entry it made, and costs no allocation.
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> seen_;
};

// Dynamic coverage: once a program has called record_cited_ids_in(dir), the distinct ids
// cited by this process are written to a file in `dir` at exit (one id per line), so the
// report can tell which rule cases the engine actually applied while the suite ran. The
// programs at the top call it when $HEXLAW_TRACE_DIR is set (the CLI, the Python module, the
// test programs); the engine reads no environment. The one process-wide recorder, locked.
void record_cited_ids_in(const std::string& dir);

}  // namespace hexlaw
