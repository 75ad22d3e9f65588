// Owns: the SVG writer's text: escaping, numbers and element nesting.
#include "engine/draw/svg.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace hexlaw::draw {

std::string num(double v) {
  if (!std::isfinite(v)) v = 0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // Control characters other than tab and newline are not allowed in XML 1.0.
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\n') out += ' ';
        else out += ch;
    }
  }
  return out;
}

SvgWriter::SvgWriter(double width, double height) : width_(width), height_(height) {}

void SvgWriter::attrs_into(const Attrs& attrs) {
  for (const auto& [k, v] : attrs) body_ += " " + k + "=\"" + xml_escape(v) + "\"";
}

void SvgWriter::open(std::string_view tag, const Attrs& attrs) {
  body_ += "<" + std::string(tag);
  attrs_into(attrs);
  body_ += ">";
  open_.emplace_back(tag);
}

void SvgWriter::close() {
  if (open_.empty()) throw std::logic_error("SvgWriter::close with no open element");
  body_ += "</" + open_.back() + ">\n";
  open_.pop_back();
}

void SvgWriter::element(std::string_view tag, const Attrs& attrs) {
  body_ += "<" + std::string(tag);
  attrs_into(attrs);
  body_ += "/>\n";
}

void SvgWriter::text(double x, double y, std::string_view content, const Attrs& attrs) {
  body_ += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\"";
  attrs_into(attrs);
  body_ += ">" + xml_escape(content) + "</text>\n";
}

void SvgWriter::title(std::string_view content) { body_ += "<title>" + xml_escape(content) + "</title>"; }

std::string SvgWriter::str() const {
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width_) + "\" height=\"" +
                    num(height_) + "\" viewBox=\"0 0 " + num(width_) + " " + num(height_) +
                    "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n";
  out += body_;
  for (auto it = open_.rbegin(); it != open_.rend(); ++it) out += "</" + *it + ">\n";
  out += "</svg>\n";
  return out;
}

}  // namespace hexlaw::draw
