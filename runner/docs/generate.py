"""`bazel run //runner/docs:generate -- [--snapshot FILE] [--out DIR]`: the docs from a snapshot.

Renders every page (runner/docs/templates/, Jinja2) and chart (runner/docs/charts.py)
into DIR (default docs/ of the workspace) from the published snapshot (default
results/published/snapshot.jsonl.gz), and deletes what an earlier generation left
there that this one did not write: docs/ holds generated files only. Without a
snapshot it writes the same pages saying that no run has been published yet.

The methodology page shows the repeatability benchmark's latest report, read from beside
the snapshot (runner/docs/repeatability.py), and the .NET steady-state check's
(runner/docs/stock.py); the history pages, the history report beside it when there is one
(runner/docs/history.py).

It also writes docs/site.yml, the MkDocs configuration the root mkdocs.yml inherits: the
settings of runner/docs/mkdocs.base.yml plus the navigation of the pages just written, so a
new dataset, language or cross-language format appears in the site without a hand edit.
"""

import argparse
import dataclasses
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import jinja2
import yaml

from runner import repeatability as report
from runner.docs import claims, history, pages, repeatability, snapshot, stock
from runner.docs.results import Results
from runner.docs.snapshot import MachineInfo, RunInfo, Snapshot
from runner.repeatability import Noise

TEMPLATES = Path(__file__).parent / "templates"
PUBLISHED = Path("results/published") / snapshot.DEFAULT_NAME
DOCS = Path("docs")
# The site configuration written beside the pages (see the module doc).
SITE = "site.yml"
BASE_FILE = Path("runner/docs/mkdocs.base.yml")  # in the workspace
BASE = f"../{BASE_FILE}"  # from docs/
# The site configuration beside a docs folder other than the workspace's docs/ (a user's
# own run, runner/all.py), as the root mkdocs.yml is beside docs/.
MKDOCS_BESIDE = "INHERIT: docs/site.yml\ndocs_dir: docs\nsite_dir: site\n"
# Copied as they are: the package that lets the drift test see docs/, and the site's CSS.
STATIC = {"BUILD.bazel": "docs.BUILD.bazel", "stylesheets/serbench.css": "serbench.css"}
NO_RUN = Snapshot(
    RunInfo("none", "", "", "none published", "none", "{}", "none"),
    MachineInfo("", "none", 0, 0, "", ""),
    {},
    (),
    (),
    source="no snapshot",
)


def _cell(value: object) -> str:
    """A value safe inside one Markdown table cell."""
    return " ".join(str(value).split()).replace("|", "\\|")


# A long unbroken token (a path, a case selector, a mutation kind): where it may wrap.
_LONG_TOKEN = re.compile(r"\S{20,}")


def _breakable(value: object) -> str:
    """A plain-text cell value whose long tokens may wrap after / = _ , (an HTML <wbr>):
    keeps a key/value or detail table inside the content column. Not for cells holding
    links or code spans."""
    return _LONG_TOKEN.sub(lambda m: re.sub(r"([/=_,])", r"\1<wbr>", m.group()), _cell(value))


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,  # a missing value is a bug, never an empty cell
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,  # Markdown, not HTML
    )
    env.filters["cell"] = _cell
    env.filters["breakable"] = _breakable
    return env


def render(
    data: Snapshot,
    repeatability: Sequence[tuple[str, str]] = (),
    noise: Noise | None = None,
    base: str = BASE,
    past: history.Report | None = None,
    stock_report: stock.Report | None = None,
) -> dict[str, bytes]:
    """Every file of the docs folder: relative path -> content; repeatability: the rows of
    the repeatability benchmark's report (runner/docs/repeatability.py), if there is one;
    noise: the run-to-run noise, measured on the snapshot's machine or (Noise.elsewhere) not; base: the
    path of the site's base settings from the docs folder; past: the history report beside
    the snapshot (runner/docs/history.py), if there is one; stock_report: the .NET steady-state
    check's report beside it (runner/docs/stock.py), if there is one."""
    results = Results(data)
    env = environment()
    common = {
        "run": data.run,
        "machine": data.machine,
        "suites": data.suites,
        "source": data.source,
        "published": data is not NO_RUN,
    }
    files: dict[str, bytes] = {}
    made = pages.all_pages(
        results, claims.check_all(results, claims.load()), repeatability, noise, stock_report
    )
    made += history.pages(past)
    for page in made:
        text = env.get_template(page.template).render(**common, **page.context, template=page.template)
        files[page.path] = text.encode()
        files |= {chart.path: chart.render().encode() for chart in page.charts}
    files |= {name: (TEMPLATES / template).read_bytes() for name, template in STATIC.items()}
    files[SITE] = site_config(pages.nav(made), base).encode()
    return files


def site_config(nav: list[object], base: str = BASE) -> str:
    """docs/site.yml: the base settings (inherited) and the pages' navigation."""
    body = yaml.safe_dump({"INHERIT": base, "nav": nav}, sort_keys=False, allow_unicode=True)
    return "# DO NOT EDIT: written by `bazel run //runner/docs:generate`; see its module doc.\n" + body


def write(files: dict[str, bytes], out: Path) -> list[str]:
    """Writes files under out, removes every other file there; returns what changed."""
    changed = []
    for existing in sorted(p for p in out.rglob("*") if p.is_file()):
        if existing.relative_to(out).as_posix() not in files:
            existing.unlink()
            changed.append(f"removed {existing.relative_to(out)}")
    for name, content in sorted(files.items()):
        path = out / name
        if path.exists() and path.read_bytes() == content:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        changed.append(f"wrote {name}")
    for folder in sorted((p for p in out.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    return changed


def load(path: Path) -> Snapshot:
    return snapshot.read(path) if path.exists() else NO_RUN


def generate(snapshot_path: Path, out: Path, base: str = BASE) -> list[str]:
    """docs/ from the snapshot and the reports beside it; base: the site's base
    settings from out (default: out is the workspace's docs/)."""
    data = load(snapshot_path)
    noise = report.noise(snapshot_path.parent / report.NAME)
    if noise and noise.machine != data.machine.fingerprint:
        noise = dataclasses.replace(noise, elsewhere=True)
    folder = snapshot_path.parent
    reports = repeatability.load(folder), noise, base, history.load(folder), stock.load(folder)
    return write(render(data, *reports), out)


def base_from(out: Path) -> str:
    """The path of the workspace's base site settings from a docs folder out."""
    return os.path.relpath(workspace_path(BASE_FILE), out)


def workspace_path(path: Path) -> Path:
    """Relative paths are the workspace's under `bazel run`, else the working directory's."""
    base = os.environ.get("BUILD_WORKSPACE_DIRECTORY") or os.getcwd()
    return Path(base) / path


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="generate", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--snapshot", type=Path, default=PUBLISHED, help=f"default: {PUBLISHED}")
    parser.add_argument("--out", type=Path, default=DOCS, help=f"default: {DOCS}/")
    args = parser.parse_args(argv)
    source, out = workspace_path(args.snapshot), workspace_path(args.out)
    try:
        changed = generate(source, out)
    except (snapshot.SnapshotError, claims.ClaimsError, ValueError) as error:
        print(f"generate: error: {error}", file=sys.stderr)
        return 2
    shown = source if source.exists() else f"{source} (absent: no run published)"
    print(f"generate: {out} from {shown}: {len(changed)} file(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
