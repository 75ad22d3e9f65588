// Owns: the process-wide table of interned texts behind Symbol.
#include "engine/core/symbol.h"

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>
#include <unordered_map>

#include "engine/core/symbol_limits.h"

namespace hexlaw {
namespace {

// Texts sit in fixed-size chunks that never move, so a reader indexes them without a lock;
// a writer publishes a new chunk's pointer before any handle into it is handed out.
constexpr std::uint32_t kChunkBits = 10;
constexpr std::uint32_t kChunkSize = 1u << kChunkBits;
constexpr std::uint32_t kMaxChunks = (kMaxInternedNames >> kChunkBits) + 1;  // the empty text too

struct Table {
  std::array<std::atomic<std::string*>, kMaxChunks> chunks{};
  std::mutex mutex;
  std::unordered_map<std::string_view, std::uint32_t> ids;  // views into the chunks
  std::uint32_t count = 0;
  std::size_t bytes = 0;

  Table() { add(""); }  // handle 0 is the empty text

  // Step A. Refuse past the named limits. Step B. Store the text in its chunk's slot.
  std::uint32_t add(std::string_view text) {
    // Step A.
    if (count > kMaxInternedNames)
      throw NameLimitError("(this process)", "names",
                           "more than " + std::to_string(kMaxInternedNames) +
                               " distinct names (unit ids, sides, markers) read in one process "
                               "(kMaxInternedNames); start a new process");
    if (text.size() > kMaxInternedBytes - bytes)
      throw NameLimitError("(this process)", "names",
                           "the names read in one process would pass " + std::to_string(kMaxInternedBytes) +
                               " bytes (kMaxInternedBytes); start a new process");
    // Step B.
    const std::uint32_t id = count;
    const std::uint32_t chunk = id >> kChunkBits;
    std::string* block = chunks[chunk].load(std::memory_order_relaxed);
    if (block == nullptr) {
      block = new std::string[kChunkSize];
      chunks[chunk].store(block, std::memory_order_release);
    }
    std::string& slot = block[id & (kChunkSize - 1)];
    slot.assign(text);
    ids.emplace(std::string_view(slot), id);
    ++count;
    bytes += text.size();
    return id;
  }
};

Table& table() {
  static Table* t = new Table();  // never destroyed: Symbols may be read during static teardown
  return *t;
}

// The handle of `text`, adding it when asked to; 0 when absent and not added. Every lookup by
// text takes the table's lock: texts are looked up at the edges (reading a case, a scenario,
// a name from Python), while the searches compare handles.
std::uint32_t lookup(std::string_view text, bool add) {
  Table& t = table();
  std::lock_guard lock(t.mutex);
  if (auto it = t.ids.find(text); it != t.ids.end()) return it->second;
  return add ? t.add(text) : 0;
}

}  // namespace

const std::string& Symbol::text_of(std::uint32_t id) {
  const std::string* block = table().chunks[id >> kChunkBits].load(std::memory_order_acquire);
  return block[id & (kChunkSize - 1)];
}

std::uint32_t Symbol::intern(std::string_view text) { return text.empty() ? 0 : lookup(text, true); }

std::optional<Symbol> Symbol::find(std::string_view text) {
  if (text.empty()) return Symbol();
  const std::uint32_t id = lookup(text, false);
  if (id == 0) return std::nullopt;
  Symbol s;
  s.id_ = id;
  return s;
}

const std::string& Symbol::str() const { return text_of(id_); }

std::uint32_t interned_name_count() {
  Table& t = table();
  std::lock_guard lock(t.mutex);
  return t.count - 1;
}

std::size_t interned_name_bytes() {
  Table& t = table();
  std::lock_guard lock(t.mutex);
  return t.bytes;
}

std::ostream& operator<<(std::ostream& os, Symbol s) { return os << s.str(); }
void to_json(nlohmann::json& j, Symbol s) { j = s.str(); }
void from_json(const nlohmann::json& j, Symbol& s) { s = j.get<std::string>(); }

}  // namespace hexlaw
