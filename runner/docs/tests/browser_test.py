"""The committed docs/ as a reader sees them: built with MkDocs, rendered in headless
Chromium at 1280 px. Fails on a table or chart wider than the content column, a chart
label drawn under MIN_LABEL_PX, a broken link or image, a page without its provenance
footer, or a page longer than MAX_PAGE_PX. Screenshots of the index and one dataset page
per language are the test's artifacts (TEST_UNDECLARED_OUTPUTS_DIR)."""

import functools
import http.server
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

from runner.docs import generate, history, snapshot
from runner.docs.tests.browser import Browser
from runner.docs.tests.site import build_strict, nav_pages

DOCS = Path("docs")
VIEWPORT = (1280, 900)
MIN_LABEL_PX = 10.0
# The longest a page may be at 1280 px, collapsed sections closed: about 33 screens. The
# published docs' longest, Python's real documents (every document one size, so nothing
# to collapse), is about 29,000 px with its sizes and memory table closed; before the
# summaries and collapsed sections, a dataset page ran to several times that.
MAX_PAGE_PX = 30_000
SCREENSHOTS = ("index.md", "python/order.md", "dotnet/order.md", "cpp/order.md")
# Measured in the page: the content column, every table and image in it, links, footer.
_MEASURE = """(() => {
  const content = document.querySelector('.md-content__inner');
  const column = content.getBoundingClientRect();
  const tables = [...content.querySelectorAll('table')].map(t => ({
    head: (t.rows[0] ? t.rows[0].innerText : '').replace(/\\s+/g, ' ').slice(0, 80),
    width: t.scrollWidth, right: t.getBoundingClientRect().right}));
  const images = [...content.querySelectorAll('img')].map(i => ({
    src: i.getAttribute('src'), loaded: i.complete && i.naturalWidth > 0,
    width: i.getBoundingClientRect().width, right: i.getBoundingClientRect().right}));
  const links = [...document.querySelectorAll('a[href]')].map(a => a.href);
  return {column: {width: column.width, right: column.right}, tables, images, links,
          text: content.innerText, height: document.documentElement.scrollHeight};
})()"""


def _screenshots(root: Path) -> Path:
    """Bazel's undeclared-outputs folder (kept with the test's logs), else beside the site."""
    return Path(os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR", root.parent / "screenshots"))


def _url_path(page: str) -> str:
    """docs/python/order.md -> /python/order/ (MkDocs' directory URLs)."""
    stem = page.removesuffix(".md")
    return "/" if stem == "index" else "/" + stem.removesuffix("/index") + "/"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    work = tmp_path_factory.mktemp("site")
    built = build_strict(DOCS, work)
    assert built.returncode == 0, built.stderr
    handler = functools.partial(_Quiet, directory=str(work / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield work / "site", f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


@pytest.fixture(scope="module")
def pages(site: tuple[Path, str]) -> dict[str, dict[str, Any]]:
    """Every nav page, measured once; the screenshots taken on the way."""
    root, base = site
    out = _screenshots(root)
    out.mkdir(parents=True, exist_ok=True)
    browser = Browser(*VIEWPORT)
    try:
        found = {}
        for page in sorted(nav_pages(DOCS)):
            browser.open(base + _url_path(page))
            found[page] = browser.evaluate(_MEASURE)
            if page in SCREENSHOTS:
                browser.screenshot(out / (page.removesuffix(".md").replace("/", "-") + ".png"))
        return found
    finally:
        browser.close()


def _svg_min_font(svg: str) -> float:
    """The smallest font size in the SVG's user units (attributes and CSS alike)."""
    sizes = [float(v) for v in re.findall(r'font-size[=:]\s*"?([\d.]+)', svg)]
    sizes += [float(v) for v in re.findall(r"font:\s*([\d.]+)px", svg)]
    return min(sizes, default=float("inf"))


def _svg_width(svg: str) -> float:
    view = re.search(r'viewBox="[\d.\-]+ [\d.\-]+ ([\d.]+) ', svg)
    assert view, "an SVG without a viewBox"
    return float(view.group(1))


def test_nothing_is_wider_than_the_content_column(pages: dict[str, dict[str, Any]]) -> None:
    wide = []
    for page, found in pages.items():
        column = found["column"]
        for table in found["tables"]:
            if table["width"] > column["width"] + 1 or table["right"] > column["right"] + 1:
                wide.append(f"{page}: table {table['width']:.0f} px > {column['width']:.0f}: {table['head']}")
        wide += [
            f"{page}: image {i['src']} {i['width']:.0f} px"
            for i in found["images"]
            if i["right"] > column["right"] + 1
        ]
    assert not wide, "\n".join(wide[:30])


def test_every_image_loads_and_chart_labels_are_at_least_10_px(
    site: tuple[Path, str], pages: dict[str, dict[str, Any]]
) -> None:
    root, _ = site
    problems = []
    for page, found in pages.items():
        for image in found["images"]:
            if not image["loaded"]:
                problems.append(f"{page}: broken image {image['src']}")
                continue
            if not image["src"].endswith(".svg"):
                continue
            file = (root / _url_path(page).lstrip("/") / unquote(image["src"])).resolve()
            svg = file.read_text()
            smallest = _svg_min_font(svg) * image["width"] / _svg_width(svg)
            if smallest < MIN_LABEL_PX:
                problems.append(f"{page}: {image['src']}: labels drawn at {smallest:.1f} px")
    assert not problems, "\n".join(problems[:30])


def test_every_link_inside_the_site_resolves(
    site: tuple[Path, str], pages: dict[str, dict[str, Any]]
) -> None:
    root, base = site
    broken = set()
    for page, found in pages.items():
        for link in found["links"]:
            if not link.startswith(base):
                continue  # the library home pages: outside, not fetched by a test
            path = root / unquote(urlparse(link).path).lstrip("/")
            if not (path.is_file() or (path / "index.html").is_file()):
                broken.add(f"{page}: {link.removeprefix(base)}")
    assert not broken, "\n".join(sorted(broken)[:30])


def test_every_page_and_chart_carries_its_provenance(
    site: tuple[Path, str], pages: dict[str, dict[str, Any]]
) -> None:
    run = snapshot.read(generate.PUBLISHED).run if generate.PUBLISHED.exists() else generate.NO_RUN.run
    footer = f"run {run.id}, {run.profile} profile, commit {run.git_commit[:12]}"
    assert [page for page, found in pages.items() if footer not in found["text"]] == []
    root, _ = site
    ends = _carried_ends(run.id)
    unmarked = [
        svg.relative_to(root).as_posix()
        for svg in root.rglob("*.svg")
        if not _marked(svg.read_text(), ends.get(svg.relative_to(root).parts[:3], run.id))
    ]
    assert unmarked == []


def _carried_ends(published: str) -> dict[tuple[str, ...], str]:
    """History chart folder -> the run its charts end with, for each class carried over from
    an earlier report (not in the publishing store): that class's last run."""
    report = history.load(generate.PUBLISHED.parent) if generate.PUBLISHED.exists() else None
    return {
        ("charts", "history", kind["id"]): kind["runs"][-1]["id"]
        for kind in (report["classes"] if report else [])
        if published not in {run["id"] for run in kind["runs"]}
    }


def _marked(svg: str, run_id: str) -> bool:
    """A chart's title names the published run; a history chart, its range of runs ending
    with it ("run A to B", B the run it must end with: a range starting at it ran on past it)."""
    title = re.search(r"<title>([^<]*)</title>", svg)
    if title is None:
        return False
    text = title[1]
    return f" to {run_id} " in text or (f"run {run_id} " in text and f"run {run_id} to " not in text)


def test_no_page_is_longer_than_the_limit(pages: dict[str, dict[str, Any]]) -> None:
    long = [
        f"{page}: {found['height']:,} px" for page, found in pages.items() if found["height"] > MAX_PAGE_PX
    ]
    assert not long, f"pages longer than {MAX_PAGE_PX:,} px at 1280 px:\n" + "\n".join(long)


def test_screenshots_are_written(site: tuple[Path, str], pages: dict[str, dict[str, Any]]) -> None:
    shots = {p.name: p.stat().st_size for p in _screenshots(site[0]).glob("*.png")}
    for page in SCREENSHOTS:
        name = page.removesuffix(".md").replace("/", "-") + ".png"
        assert shots.get(name, 0) > 10_000, f"no screenshot of {page}"
