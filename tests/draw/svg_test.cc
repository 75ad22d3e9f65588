// Owns: example tests of the SVG writer (engine/draw/svg.*) and the hex geometry
// (engine/draw/geometry.*): escaping, numbers, nesting, well-formed output, and hex centres
// that put every neighbour one hex away in its own direction, in both column layouts.
#include "engine/draw/svg.h"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/draw/geometry.h"
#include "tests/draw/xml_check.h"

namespace hexlaw::draw {
namespace {

TEST(SvgWriter, EscapesTextAndAttributes) {
  EXPECT_EQ(xml_escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
  EXPECT_EQ(xml_escape(std::string("x\x01y")), "x y");  // not allowed in XML 1.0
  SvgWriter svg(10, 10);
  svg.text(1, 2, "<H-LW & co>", {{"data-x", "\"q\""}});
  const std::string doc = svg.str();
  EXPECT_NE(doc.find("&lt;H-LW &amp; co&gt;"), std::string::npos);
  EXPECT_NE(doc.find("data-x=\"&quot;q&quot;\""), std::string::npos);
  EXPECT_TRUE(testing_xml::well_formed(doc)) << doc;
}

TEST(SvgWriter, NumbersAreShortAndLocaleFree) {
  EXPECT_EQ(num(1.0), "1");
  EXPECT_EQ(num(1.5), "1.5");
  EXPECT_EQ(num(2.345), "2.35");
  EXPECT_EQ(num(-0.001), "0");
  EXPECT_EQ(num(std::nan("")), "0");
}

TEST(SvgWriter, ClosesWhatIsLeftOpenAndRefusesAnExtraClose) {
  SvgWriter svg(20, 30);
  svg.open("g", {{"class", "a"}});
  svg.open("g");
  svg.element("rect", {{"x", "0"}});
  svg.close();
  const std::string doc = svg.str();
  EXPECT_TRUE(testing_xml::well_formed(doc)) << doc;
  EXPECT_NE(doc.find("viewBox=\"0 0 20 30\""), std::string::npos);
  svg.close();
  EXPECT_THROW(svg.close(), std::logic_error);
}

TEST(XmlCheck, CatchesWhatIsNotWellFormed) {  // the checker the drawing tests rely on can fail
  EXPECT_FALSE(testing_xml::well_formed("<svg><g></svg>"));
  EXPECT_FALSE(testing_xml::well_formed("<svg a=\"1></svg>"));
  EXPECT_FALSE(testing_xml::well_formed("<svg>&</svg>"));
  EXPECT_TRUE(testing_xml::well_formed("<svg><g a=\"1\"/><text>x &amp; y</text></svg>"));
}

double dist(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

TEST(HexGeometry, EveryNeighbourIsOneHexAwayInItsDirection) {
  const HexGeometry g{40};
  for (ColumnLayout layout : {ColumnLayout::OddColumnsLow, ColumnLayout::EvenColumnsLow})
    for (int col = 1; col <= 6; ++col)
      for (int row = 1; row <= 4; ++row) {
        const Hex h = to_axial(Printed{col, row}, layout);
        for (Direction d : kAllDirections) {
          const Point a = g.centre(h), b = g.centre(neighbour(h, d));
          EXPECT_NEAR(dist(a, b), g.height(), 1e-9);
          // Clockwise from north, on a page whose y grows downwards.
          const double angle = std::atan2(b.y - a.y, b.x - a.x);
          const double want = -M_PI / 2 + M_PI / 3 * static_cast<int>(d);
          EXPECT_NEAR(std::remainder(angle - want, 2 * M_PI), 0, 1e-9) << to_string(d);
          // The hexside's two corners are the ends of the edge between the centres.
          const auto side = g.side(h, d);
          EXPECT_NEAR(dist(side[0], side[1]), g.size, 1e-9);
          EXPECT_NEAR((side[0].x + side[1].x) / 2, (a.x + b.x) / 2, 1e-9);
          EXPECT_NEAR((side[0].y + side[1].y) / 2, (a.y + b.y) / 2, 1e-9);
        }
      }
}

TEST(HexGeometry, TheLowColumnsSitHalfAHexLower) {
  const HexGeometry g{40};
  auto y = [&](const char* ccrr, ColumnLayout l) { return g.centre(to_axial(*parse_ccrr(ccrr), l)).y; };
  // Odd columns low: 0101 and 0301 hang half a hex below 0201; even columns low, the reverse.
  EXPECT_NEAR(y("0101", ColumnLayout::OddColumnsLow) - y("0201", ColumnLayout::OddColumnsLow), g.height() / 2, 1e-9);
  EXPECT_NEAR(y("0301", ColumnLayout::OddColumnsLow) - y("0201", ColumnLayout::OddColumnsLow), g.height() / 2, 1e-9);
  EXPECT_NEAR(y("0201", ColumnLayout::EvenColumnsLow) - y("0101", ColumnLayout::EvenColumnsLow), g.height() / 2, 1e-9);
  // Same column, next row: one hex down; next column: 1.5 sizes across.
  EXPECT_NEAR(y("0102", ColumnLayout::OddColumnsLow) - y("0101", ColumnLayout::OddColumnsLow), g.height(), 1e-9);
  EXPECT_NEAR(g.centre(to_axial(Printed{2, 1}, ColumnLayout::OddColumnsLow)).x -
                  g.centre(to_axial(Printed{1, 1}, ColumnLayout::OddColumnsLow)).x,
              1.5 * g.size, 1e-9);
}

TEST(HexGeometry, TheFrameHoldsEveryCorner) {
  const HexGeometry g{10};
  const std::vector<Hex> hexes = {Hex{0, 0}, Hex{3, -1}};
  const Frame f = frame_of(g, hexes);
  for (Hex h : hexes)
    for (const Point& p : g.corners(h)) {
      EXPECT_GE(p.x, f.min_x - 1e-9);
      EXPECT_LE(p.x, f.max_x + 1e-9);
      EXPECT_GE(p.y, f.min_y - 1e-9);
      EXPECT_LE(p.y, f.max_y + 1e-9);
    }
  EXPECT_NEAR(f.max_x - f.min_x, 1.5 * 10 * 3 + 20, 1e-9);
}

}  // namespace
}  // namespace hexlaw::draw
