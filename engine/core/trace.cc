// Owns: Trace and the process-wide dynamic-coverage recorder (see trace.h).
#include "engine/core/trace.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <fstream>
#include <mutex>
#include <cstdint>
#include <cstring>
#include <functional>
#include <set>

#include "engine/core/catalog.h"
#include "engine/core/errors.h"

namespace hexlaw {
namespace {

class DynamicSink {
 public:
  static DynamicSink& get() {
    static DynamicSink sink;
    return sink;
  }
  void start(const std::string& dir) {
    std::lock_guard lock(mutex_);
    dir_ = dir;
    trace_detail::recording_citations.store(true, std::memory_order_release);
  }
  void add(std::string_view rule) {
    if (!trace_detail::recording_citations.load(std::memory_order_acquire)) return;
    std::lock_guard lock(mutex_);
    ids_.emplace(rule);
  }
  ~DynamicSink() {
    if (!trace_detail::recording_citations || ids_.empty()) return;
    std::ofstream out(dir_ + "/cited-" + std::to_string(::getpid()) + ".ids", std::ios::app);
    for (const auto& id : ids_) out << id << '\n';
  }

 private:
  DynamicSink() = default;
  std::string dir_;
  std::mutex mutex_;
  std::set<std::string, std::less<>> ids_;
};

}  // namespace

void record_cited_ids_in(const std::string& dir) { DynamicSink::get().start(dir); }
void record_dynamic_citation(std::string_view rule) { DynamicSink::get().add(rule); }

Trace::Trace(const Catalog& catalog) : catalog_(&catalog), catalog_generation_(catalog.generation()) {}
Trace::Trace(Off, const Catalog& catalog) : catalog_(&catalog), catalog_generation_(catalog.generation()), on_(false) {}
Trace::Trace(IdsOnly, const Catalog& catalog)
    : catalog_(&catalog), catalog_generation_(catalog.generation()), on_(false), ids_only_(true) {}

Trace Trace::like() const {
  Trace t(*catalog_);
  t.on_ = on_;
  t.ids_only_ = ids_only_;
  return t;
}

DistinctCitations::DistinctCitations(Trace& into) : into_(into), sink_(into.like()) { sink_.distinct_ = this; }

// Step 1. A trace that keeps no reasons dedups by itself (ids only) or keeps nothing (off);
// another's sink keeps each citation once. Step 2. Otherwise each citation is looked up among
// those this put into `into_`.
void DistinctCitations::absorb(const Trace& t) {
  for (const auto& e : t.entries()) {
    if (!into_.on_ || into_.distinct_) into_.cite(e.rule, e.reason);  // Step 1.
    else take(e.rule, std::string_view(e.reason));  // Step 2.
  }
}

// Whether `into_` holds the citation already; when not, `same_hash` is where its index goes.
bool DistinctCitations::seen(std::string_view rule, std::string_view reason, std::vector<std::size_t>*& same_hash) {
  const std::uint64_t h = std::hash<std::string_view>{}(rule) * 1099511628211ULL ^ std::hash<std::string_view>{}(reason);
  same_hash = &seen_[h];
  for (std::size_t i : *same_hash) {
    const Citation& c = into_.entries_[i];
    if (c.rule == rule && c.reason == reason) return true;
  }
  return false;
}

void DistinctCitations::take(std::string_view rule, std::string&& reason) {
  std::vector<std::size_t>* same_hash = nullptr;
  if (seen(rule, reason, same_hash)) return;
  same_hash->push_back(into_.entries_.size());
  into_.check_known(rule);
  into_.entries_.push_back(Citation{std::string(rule), std::move(reason)});
}

void DistinctCitations::take(std::string_view rule, std::string_view reason) {
  std::vector<std::size_t>* same_hash = nullptr;
  if (seen(rule, reason, same_hash)) return;
  same_hash->push_back(into_.entries_.size());
  into_.check_known(rule);
  into_.entries_.push_back(Citation{std::string(rule), std::string(reason)});
}

namespace {
// An id of 4 to 16 bytes as two words, its first and last eight bytes (four each when shorter,
// widened), which together hold all its bytes: two such ids of one length are equal exactly
// when their words are.
inline bool short_id(std::string_view id) { return id.size() >= 4 && id.size() <= 16; }
inline void head_and_tail(std::string_view id, std::uint64_t& head, std::uint64_t& tail) {
  if (id.size() >= 8) {
    std::memcpy(&head, id.data(), 8);
    std::memcpy(&tail, id.data() + id.size() - 8, 8);
  } else {
    std::uint32_t h, t;
    std::memcpy(&h, id.data(), 4);
    std::memcpy(&t, id.data() + id.size() - 4, 4);
    head = h, tail = t;
  }
}
// The cases this thread's traces last found, by the words of their ids (64 slots, direct
// mapped): a trace remembers only a few ids of its own, and many traces cite the same ones.
// A remembered case counts only where it lies in `catalog`'s own list of cases and its id's
// bytes are `rule`'s, so a slot left by another catalog (or by one since destroyed) is never
// taken for this one's.
const RuleCase* recently_found(const Catalog& catalog, std::string_view rule, std::uint64_t head, std::uint64_t tail) {
  thread_local std::array<const RuleCase*, 64> found{};
  const std::size_t slot = static_cast<std::size_t>((head * 0x9E3779B97F4A7C15ULL ^ tail) >> 58);
  const RuleCase*& c = found[slot];
  const std::vector<RuleCase>& cases = catalog.cases();
  const std::less<const RuleCase*> before;  // a total order, whatever array a slot points into
  if (c && !cases.empty() && !before(c, cases.data()) && before(c, cases.data() + cases.size()) &&
      c->id.size() == rule.size()) {
    std::uint64_t h = 0, t = 0;
    head_and_tail(c->id, h, t);
    if (h == head && t == tail) return c;
  }
  c = catalog.find(rule);
  return c;
}
}  // namespace

// Refuses an id the catalog lacks. A resolution cites a few ids over and over, so the ids last
// found are remembered (as the catalog's own text) and compared by content before any look-up:
// ids of 4 to 16 bytes by two words each in the one slot their words pick, others by their
// text in any slot. Past those, ids of 4 to 16 bytes are looked for among the cases this
// thread found last (recently_found) before the catalog is searched.
void Trace::check_known(std::string_view rule) {
  const std::size_t n = rule.size();
  std::uint64_t head = 0, tail = 0;
  std::size_t slot_index = known_next_;
  if (short_id(rule)) {
    head_and_tail(rule, head, tail);
    slot_index = static_cast<std::size_t>(((head ^ (tail >> 3)) * 0x9E3779B97F4A7C15ULL) >> 61) % kKnownIds;
    const KnownId& k = known_[slot_index];
    if (k.id.size() == n && k.head == head && k.tail == tail) return;
  } else if (n > 0) {
    for (const KnownId& k : known_)
      if (k.id.size() == n && k.id == rule) return;
    known_next_ = static_cast<std::uint8_t>((known_next_ + 1) % kKnownIds);
  }
  const RuleCase* c = short_id(rule) ? recently_found(*catalog_, rule, head, tail) : catalog_->find(rule);
  if (!c) throw UnknownRuleError(std::string(rule));
  known_[slot_index] = KnownId{c->id, head, tail};
}

// A trace that keeps ids only keeps each once.
void Trace::keep_id(std::string_view rule) {
  if (std::none_of(entries_.begin(), entries_.end(), [&](const Citation& c) { return c.rule == rule; }))
    entries_.push_back(Citation{std::string(rule), ""});
}

// A silent trace still refuses ids the catalog lacks.
void Trace::record_silent(std::string_view rule) {
  check_known(rule);
  record_silent_checked(rule);
}

void Trace::cite(std::string_view rule, std::string reason) {
  check_known(rule);
  if (on_) cite_checked(rule, std::move(reason));
  else record_silent_checked(rule);
}

void Trace::cite(std::string_view rule, const char* reason) {
  check_known(rule);
  if (on_) cite_checked(rule, reason);
  else record_silent_checked(rule);
}

void Trace::cite_checked(std::string_view rule, std::string&& reason) {
  record_dynamic_citation(rule);
  if (distinct_) distinct_->take(rule, std::move(reason));
  else entries_.push_back(Citation{std::string(rule), std::move(reason)});
}

void Trace::cite_checked(std::string_view rule, const char* reason) {
  record_dynamic_citation(rule);
  if (distinct_) distinct_->take(rule, std::string_view(reason));
  else entries_.push_back(Citation{std::string(rule), std::string(reason)});
}

std::vector<std::string> Trace::citations() const {
  std::vector<std::string> out;
  for (const auto& e : entries_)
    if (std::find(out.begin(), out.end(), e.rule) == out.end()) out.push_back(e.rule);
  return out;
}

bool Trace::cites(std::string_view rule) const {
  return std::any_of(entries_.begin(), entries_.end(), [&](const Citation& c) { return c.rule == rule; });
}

void Trace::append(const Trace& other) {
  if (distinct_) {
    distinct_->absorb(other);
    return;
  }
  entries_.insert(entries_.end(), other.entries_.begin(), other.entries_.end());
}

}  // namespace hexlaw
