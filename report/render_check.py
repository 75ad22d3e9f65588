"""Owns: proving coverage.html renders — headless Chromium (Debian's `chromium`) loads the
page from disk, the script fills the case table, and a screenshot is taken and checked to
be a real, non-blank image — and that a case picture (`hexlaw ask --svg`) renders the same way."""
import pathlib
import shutil
import struct
import tempfile

import children  # report/children.py: children stopped when the collector is killed

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser")


def check(page, png, model):
    """(ok, message). Checks the DOM after scripts ran, then the screenshot."""
    exe = _chromium()
    if not exe:
        return False, "chromium is not installed (make report installs it)"
    url = pathlib.Path(page).resolve().as_uri()
    with tempfile.TemporaryDirectory() as profile:
        base = [exe, *FLAGS, f"--user-data-dir={profile}"]
        dom = children.run(base + ["--dump-dom", url], capture_output=True, text=True, timeout=120).stdout
        body = dom.split('id="cases"', 1)[-1].split("</table>", 1)[0] if 'id="cases"' in dom else ""
        rows = body.count('<tr class="v-')
        if rows != len(model["cases"]):
            return False, f"the rendered page shows {rows} case rows, expected {len(model['cases'])}"
        if f"{len(model['cases'])} of {len(model['cases'])} cases" not in dom:
            return False, "the filter script did not run (no case count in the rendered page)"
        if png.exists():
            png.unlink()
        children.run(base + [f"--screenshot={png}", "--window-size=1280,1600", url],
                       capture_output=True, timeout=120)
    if not png.exists():
        return False, "chromium wrote no screenshot"
    data = png.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return False, "the screenshot is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    if (width, height) != (1280, 1600) or len(data) < 20000:
        return False, f"the screenshot looks blank or wrong ({width}x{height}, {len(data)} bytes)"
    return True, f"rendered {rows} rows; screenshot {png.name} {width}x{height}"


def check_picture(svg, png):
    """(ok, message). Headless Chromium renders one case picture (an SVG `hexlaw ask --svg`
    wrote) to a screenshot, checked to be a real PNG that is not one flat colour."""
    exe = _chromium()
    if not exe:
        return False, "chromium is not installed (make report installs it)"
    if png.exists():
        png.unlink()
    with tempfile.TemporaryDirectory() as profile:
        children.run([exe, *FLAGS, f"--user-data-dir={profile}", f"--screenshot={png}", "--window-size=800,600",
                      pathlib.Path(svg).resolve().as_uri()], capture_output=True, timeout=120)
    if not png.exists():
        return False, f"chromium wrote no screenshot of {svg.name}"
    data = png.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return False, f"the screenshot of {svg.name} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    # A blank 800x600 page compresses to a few kilobytes; a drawn map does not.
    if (width, height) != (800, 600) or len(data) < 8000:
        return False, f"the screenshot of {svg.name} looks blank ({width}x{height}, {len(data)} bytes)"
    return True, f"rendered {svg.name}: {width}x{height}, {len(data)} bytes"
