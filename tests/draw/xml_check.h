// Owns: a small well-formedness check of XML for the drawing tests: every tag closed in order,
// attributes quoted, entities known, one root. Not a validator: it checks what a browser's
// XML parser would refuse in the pictures the engine writes.
#pragma once

#include <string>
#include <vector>

namespace hexlaw::draw::testing_xml {

inline bool entity_ok(const std::string& s, std::size_t& i) {
  static const char* known[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
  for (const char* k : known)
    if (s.compare(i, std::char_traits<char>::length(k), k) == 0) {
      i += std::char_traits<char>::length(k) - 1;
      return true;
    }
  return false;
}

inline bool well_formed(const std::string& s) {
  std::vector<std::string> stack;
  bool rooted = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (ch == '&') {
      if (!entity_ok(s, i)) return false;
      continue;
    }
    if (ch == '>') return false;  // the writer escapes > in text
    if (ch != '<') continue;
    const bool closing = i + 1 < s.size() && s[i + 1] == '/';
    std::size_t j = i + (closing ? 2 : 1);
    std::string name;
    while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '-' || s[j] == ':')) name += s[j++];
    if (name.empty()) return false;
    // Attributes: name="value" pairs, values without < or raw &.
    bool self_closing = false;
    while (j < s.size() && s[j] != '>') {
      if (s[j] == '/' && j + 1 < s.size() && s[j + 1] == '>') {
        self_closing = true, ++j;
        break;
      }
      if (s[j] == '"') {
        std::size_t k = j + 1;
        while (k < s.size() && s[k] != '"') {
          if (s[k] == '<') return false;
          if (s[k] == '&' && !entity_ok(s, k)) return false;
          ++k;
        }
        if (k >= s.size()) return false;
        j = k + 1;
        continue;
      }
      ++j;
    }
    if (j >= s.size()) return false;
    if (closing) {
      if (stack.empty() || stack.back() != name) return false;
      stack.pop_back();
    } else if (!self_closing) {
      if (stack.empty() && rooted) return false;
      stack.push_back(name);
      rooted = true;
    }
    i = j;
  }
  return rooted && stack.empty();
}

}  // namespace hexlaw::draw::testing_xml
