// Owns: a small SVG writer — elements with attributes, nested groups, text with escaping,
// numbers written short and locale-free — so the project draws its pictures with no plotting
// dependency. It knows nothing of hexes or games (geometry.h and scene.h do).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hexlaw::draw {

using Attrs = std::vector<std::pair<std::string, std::string>>;

// A number as SVG wants it: at most two decimals, no trailing zeros, "." as the point.
std::string num(double v);
// Text made safe for XML content and attribute values (& < > " ').
std::string xml_escape(std::string_view text);

class SvgWriter {
 public:
  // A drawing of `width` x `height` user units (pixels at 100%).
  SvgWriter(double width, double height);
  // Opens a container element (g, defs, marker, ...); each open() needs its close().
  void open(std::string_view tag, const Attrs& attrs = {});
  void close();
  // A childless element: rect, polygon, line, circle, path, use ...
  void element(std::string_view tag, const Attrs& attrs);
  // A text element holding `content` (escaped).
  void text(double x, double y, std::string_view content, const Attrs& attrs = {});
  // A <title> child (the tooltip a browser shows) for the element just opened.
  void title(std::string_view content);
  // The document so far with every open element closed; the writer stays usable.
  std::string str() const;

 private:
  std::string body_;
  std::vector<std::string> open_;
  double width_, height_;
  void attrs_into(const Attrs& attrs);
};

}  // namespace hexlaw::draw
