// Owns: Trace and the process-wide dynamic-coverage recorder (see trace.h).
#include "engine/core/trace.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <mutex>
#include <cstdint>
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
    enabled_.store(true, std::memory_order_release);
  }
  void add(std::string_view rule) {
    if (!enabled_.load(std::memory_order_acquire)) return;
    std::lock_guard lock(mutex_);
    ids_.emplace(rule);
  }
  ~DynamicSink() {
    if (!enabled_ || ids_.empty()) return;
    std::ofstream out(dir_ + "/cited-" + std::to_string(::getpid()) + ".ids", std::ios::app);
    for (const auto& id : ids_) out << id << '\n';
  }

 private:
  DynamicSink() = default;
  std::atomic<bool> enabled_ = false;
  std::string dir_;
  std::mutex mutex_;
  std::set<std::string, std::less<>> ids_;
};

}  // namespace

void record_cited_ids_in(const std::string& dir) { DynamicSink::get().start(dir); }
void record_dynamic_citation(std::string_view rule) { DynamicSink::get().add(rule); }

Trace Trace::like() const {
  Trace t(*catalog_);
  t.on_ = on_;
  t.ids_only_ = ids_only_;
  return t;
}

void DistinctCitations::absorb(const Trace& t) {
  for (const auto& e : t.entries()) {
    const std::uint64_t h = std::hash<std::string_view>{}(e.rule) * 1099511628211ULL ^ std::hash<std::string_view>{}(e.reason);
    auto& same_hash = seen_[h];
    const bool seen = std::any_of(same_hash.begin(), same_hash.end(),
                                  [&](const auto& p) { return p.first == e.rule && p.second == e.reason; });
    if (seen) continue;
    same_hash.emplace_back(e.rule, e.reason);
    into_.cite(e.rule, e.reason);
  }
}

// Refuses an id the catalog lacks. Hot loops cite one rule over and over, so the id last found
// is remembered (as the catalog's own text, compared by content) and not looked up again.
void Trace::check_known(std::string_view rule) {
  if (!known_.empty() && rule == known_) return;
  const RuleCase* c = catalog_->find(rule);
  if (!c) throw UnknownRuleError(std::string(rule));
  known_ = c->id;
}

// A silent trace still refuses ids the catalog lacks.
void Trace::record_silent(std::string_view rule) {
  if (ids_only_ && std::none_of(entries_.begin(), entries_.end(), [&](const Citation& c) { return c.rule == rule; }))
    entries_.push_back(Citation{std::string(rule), ""});
  check_known(rule);
  record_dynamic_citation(rule);
}

void Trace::cite(std::string_view rule, std::string reason) {
  if (!on_) {
    record_silent(rule);
    return;
  }
  check_known(rule);
  record_dynamic_citation(rule);
  entries_.push_back(Citation{std::string(rule), std::move(reason)});
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
  entries_.insert(entries_.end(), other.entries_.begin(), other.entries_.end());
}

}  // namespace hexlaw
