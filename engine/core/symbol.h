// Owns: interned names. A Symbol is a 4-byte handle to a string kept once for the whole
// process (unit ids, sides and whatever names a rule system interns). Two Symbols
// compare equal exactly when their texts do, by comparing handles; a Symbol converts to its
// text for output and compares with plain strings by text. Strings live at the edges (case
// files, logs, Python, pictures); the state and the hot paths hold Symbols.
//
// Interned texts are never freed: the vocabulary of a process is small (the ids and names
// its case files and scenarios use), and a handle stays valid for the life of the process.
// Interning is thread-safe; reading a Symbol's text takes no lock.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace hexlaw {

class Symbol {
 public:
  // The empty text.
  constexpr Symbol() = default;
  // Interns `text` (adds it to the process's table when new).
  Symbol(std::string_view text) : id_(intern(text)) {}  // NOLINT: implicit by design
  Symbol(const std::string& text) : Symbol(std::string_view(text)) {}
  Symbol(const char* text) : Symbol(std::string_view(text)) {}
  Symbol& operator=(std::string_view text) { return *this = Symbol(text); }
  Symbol& operator=(const std::string& text) { return *this = Symbol(text); }
  Symbol& operator=(const char* text) { return *this = Symbol(text); }

  // The Symbol of `text` if it was ever interned, without adding it: lookups of names no
  // unit carries (a typo in a case file) neither grow the table nor match anything.
  static std::optional<Symbol> find(std::string_view text);

  const std::string& str() const;
  operator const std::string&() const { return str(); }  // NOLINT: implicit by design
  std::string_view view() const { return str(); }
  const char* c_str() const { return str().c_str(); }
  bool empty() const { return id_ == 0; }
  std::size_t size() const { return str().size(); }
  std::uint32_t handle() const { return id_; }
  // The text of a handle (for the table's own use).
  static const std::string& text_of(std::uint32_t handle);

  friend bool operator==(Symbol a, Symbol b) { return a.id_ == b.id_; }
  friend bool operator==(Symbol a, std::string_view b) { return a.view() == b; }
  friend bool operator==(Symbol a, const std::string& b) { return a.view() == b; }
  friend bool operator==(Symbol a, const char* b) { return a.view() == b; }
  // Ordered by text, so sorted containers of Symbols list in the same order as strings.
  friend bool operator<(Symbol a, Symbol b) { return a.id_ != b.id_ && a.view() < b.view(); }

 private:
  static std::uint32_t intern(std::string_view text);
  std::uint32_t id_ = 0;
};

inline std::string operator+(const std::string& a, Symbol b) { return a + b.str(); }
inline std::string operator+(std::string&& a, Symbol b) { return std::move(a) + b.str(); }
inline std::string operator+(const char* a, Symbol b) { return a + b.str(); }
inline std::string operator+(Symbol a, const std::string& b) { return a.str() + b; }
inline std::string operator+(Symbol a, const char* b) { return a.str() + b; }
inline std::string operator+(Symbol a, char b) { return a.str() + b; }
inline std::string operator+(char a, Symbol b) { return a + b.str(); }
std::ostream& operator<<(std::ostream& os, Symbol s);
// A list of names read at the edge (strings) as the engine holds it (Symbols).
inline std::vector<Symbol> to_symbols(const std::vector<std::string>& texts) { return {texts.begin(), texts.end()}; }
void to_json(nlohmann::json& j, Symbol s);
void from_json(const nlohmann::json& j, Symbol& s);

}  // namespace hexlaw

template <>
struct std::hash<hexlaw::Symbol> {
  std::size_t operator()(hexlaw::Symbol s) const noexcept { return std::hash<std::uint32_t>{}(s.handle()); }
};
