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

namespace hexlaw {
namespace {

// Texts sit in fixed-size chunks that never move, so a reader indexes them without a lock;
// a writer publishes a new chunk's pointer before any handle into it is handed out.
constexpr std::uint32_t kChunkBits = 10;
constexpr std::uint32_t kChunkSize = 1u << kChunkBits;
constexpr std::uint32_t kMaxChunks = 1u << 14;  // 16 million texts

struct Table {
  std::array<std::atomic<std::string*>, kMaxChunks> chunks{};
  std::mutex mutex;
  std::unordered_map<std::string_view, std::uint32_t> ids;  // views into the chunks
  std::uint32_t count = 0;

  Table() { add(""); }  // handle 0 is the empty text

  std::uint32_t add(std::string_view text) {
    const std::uint32_t id = count;
    const std::uint32_t chunk = id >> kChunkBits;
    if (chunk >= kMaxChunks) throw std::length_error("too many distinct names interned in this process");
    std::string* block = chunks[chunk].load(std::memory_order_relaxed);
    if (block == nullptr) {
      block = new std::string[kChunkSize];
      chunks[chunk].store(block, std::memory_order_release);
    }
    std::string& slot = block[id & (kChunkSize - 1)];
    slot.assign(text);
    ids.emplace(std::string_view(slot), id);
    ++count;
    return id;
  }
};

Table& table() {
  static Table* t = new Table();  // never destroyed: Symbols may be read during static teardown
  return *t;
}

// Each thread remembers the texts it looked up last, so the common case (the same few ids
// over and over) takes neither the lock nor the shared table. Entries never go stale: a
// handle, once given, names its text for the life of the process.
struct RecentLookups {
  static constexpr std::size_t kSlots = 256;
  struct Slot {
    std::uint32_t id = 0;
    bool used = false;
  };
  std::array<Slot, kSlots> slots{};
  Slot& slot_for(std::string_view text) { return slots[std::hash<std::string_view>{}(text) & (kSlots - 1)]; }
};
thread_local RecentLookups recent;

std::uint32_t lookup(std::string_view text, bool add) {
  RecentLookups::Slot& slot = recent.slot_for(text);
  if (slot.used && Symbol::text_of(slot.id) == text) return slot.id;
  Table& t = table();
  std::uint32_t id = 0;
  {
    std::lock_guard lock(t.mutex);
    if (auto it = t.ids.find(text); it != t.ids.end()) id = it->second;
    else if (add) id = t.add(text);
    else return 0;
  }
  slot = {id, true};
  return id;
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

std::ostream& operator<<(std::ostream& os, Symbol s) { return os << s.str(); }
void to_json(nlohmann::json& j, Symbol s) { j = s.str(); }
void from_json(const nlohmann::json& j, Symbol& s) { s = j.get<std::string>(); }

}  // namespace hexlaw
