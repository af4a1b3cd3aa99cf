"""`runner mine PATH` (tools/run-mine PATH): which serializer for *your* data?

Measures one JSON document, or a JSON Lines file (as the array of its records), with every
schema-less library of every language: each suite is run with `--document` (the file
replaces the catalog's documents), so the timing, the round-trip check before it and the
rounds are the suites' own. A library whose round trip changes the document is refused
with its first difference (path, before, after) and never ranked. The run is stored as
dataset `mine:<first 12 hex of the file's sha256>`, so `runner compare` works on it; a
table per language is printed and a page with charts is written to
results/mine/<sha256 prefix>/. With `--proto FILE --message NAME` the document is also
measured as that protobuf message, binary and JSON (mine_proto.py).
"""

import argparse
import dataclasses
import sys
import tempfile
import time
from pathlib import Path

from runner import mine_input, mine_phases, mine_proto, mine_report
from runner.all import TIMEOUTS, git_commit, new_run_id, run_one, summary
from runner.docs.store_snapshot import read_run
from runner.machine import runtime_metadata, this_machine
from runner.paths import results_root, runfile, store_path, user_path
from runner.store import Run, Store
from runner.suites import SUITES, Invocation, Suite, suite_command

# Paired ratios get a 95% CI from 6 shared rounds on (runner/stats.py); a few more keep
# one disturbed round from deciding a tie. The quick profile's short samples keep a
# 1 MiB document within minutes (every suite takes --rounds in it).
ROUNDS = 10
PROFILE = "quick"
# The profiles every suite runs in rounds (.NET's full and dry jobs take no --rounds).
PROFILES = ("quick", "standard")
MINE = "mine"  # results/mine/<prefix>/: the pages
# The suites whose bench takes --document (C# on Mono's has no such option).
DOCUMENT_LANGS = ("python", "dotnet", "cpp")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", type=Path, help="a JSON document or a JSON Lines file")
    parser.add_argument(
        "--lang", action="append", choices=DOCUMENT_LANGS, help="only this language (repeatable)"
    )
    parser.add_argument("--library", help="only this library (name as in the case ids)")
    parser.add_argument("--profile", choices=PROFILES, default=PROFILE)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"samples per case (default {ROUNDS})")
    parser.add_argument(
        "--max-mib",
        type=float,
        default=mine_input.DEFAULT_MAX_MIB,
        help=f"refuse larger files (default {mine_input.DEFAULT_MAX_MIB} MiB)",
    )
    parser.add_argument("--timeout", type=float, help="seconds allowed per language")
    parser.add_argument("--proto", type=Path, help="the document's .proto: protobuf is measured too")
    parser.add_argument("--message", help="the message of --proto the document holds (full or short name)")


def main(args: argparse.Namespace, suites: tuple[Suite, ...] = SUITES) -> int:
    if (args.proto is None) != (args.message is None):
        print("runner mine: --proto FILE and --message NAME go together", file=sys.stderr)
        return 2
    try:
        document = mine_input.read(user_path(args.path), args.max_mib)
    except mine_input.InputError as error:
        print(f"runner mine: {error}", file=sys.stderr)
        return 2
    print(f"runner mine: {document.source}: {document.kind}, dataset {document.dataset}", file=sys.stderr)
    for note in document.notes:
        print(f"runner mine: note: {note}", file=sys.stderr)
    chosen = [s for s in suites if s.lang in (args.lang or DOCUMENT_LANGS)]
    with tempfile.TemporaryDirectory(prefix="serbench-mine-") as work:
        try:
            proto = _compiled(args, Path(work), chosen)
        except mine_proto.ProtoError as error:
            print(f"runner mine: {error}", file=sys.stderr)
            return 2
        return _measure(args, document, chosen, proto)


def _compiled(args: argparse.Namespace, work: Path, chosen: list[Suite]) -> mine_proto.Compiled | None:
    """The .proto compiled for the chosen languages (None without --proto); its notes printed."""
    if args.proto is None:
        return None
    langs = [s.lang for s in chosen]
    compiled = mine_proto.compile_proto(user_path(args.proto), args.message, work, langs)
    print(f"runner mine: {args.proto}: message {compiled.message}", file=sys.stderr)
    for note in compiled.notes:
        print(f"runner mine: note: {note}", file=sys.stderr)
    return compiled


def _measure(
    args: argparse.Namespace,
    document: mine_input.Document,
    chosen: list[Suite],
    proto: mine_proto.Compiled | None,
) -> int:
    root = results_root(args.results)
    start = time.monotonic()
    with Store.open(store_path(args.store, args.results)) as store:
        run = _new_run(store, args, document, root.parent, chosen)
        run_dir = root / "raw" / run.id
        text = _document_file(document, run_dir)
        for index, suite in enumerate(chosen, 1):
            call = _invocation(suite, run_dir, args, document)
            timeout = args.timeout or TIMEOUTS[args.profile]
            phases = mine_phases.Phases(suite.lang)
            extra = proto.arguments(suite.lang) if proto else []
            run_one(
                store,
                run,
                _with_document(suite, text, extra),
                f"{index}/{len(chosen)}",
                run_dir,
                call,
                timeout,
                False,
                phases.listen,
            )
            print(phases.line(time.monotonic()), file=sys.stderr, flush=True)
        store.finish_run(run.id)
        snapshot = read_run(store.location, run.id)
        page = mine_report.write_page(snapshot, document, root / MINE / document.prefix)
        print(mine_report.terminal(snapshot, document))
        print(
            summary(
                store, run, [s.lang for s in chosen], {}, run_dir, time.monotonic() - start, f"page: {page}"
            )
        )
        statuses = store.suites(run.id)
    return 0 if all(statuses[s.lang][0] == "ok" for s in chosen) else 1


def _new_run(
    store: Store,
    args: argparse.Namespace,
    document: mine_input.Document,
    workspace: Path,
    chosen: list[Suite],
) -> Run:
    selection = {
        "langs": sorted(s.lang for s in chosen),
        "library": args.library,
        "dataset": document.dataset,
    }
    run_id = new_run_id(store)
    store.create_run(
        run_id, args.profile, selection, git_commit(workspace), this_machine(), runtime_metadata()
    )
    run = store.run(run_id)
    assert run is not None
    return run


def _document_file(document: mine_input.Document, run_dir: Path) -> Path:
    """The JSON text the suites read: the user's file itself, or a JSON Lines file's array
    (kept beside the run's native files)."""
    if document.records is None:
        return document.source
    run_dir.mkdir(parents=True, exist_ok=True)
    made = run_dir / "document.json"
    made.write_bytes(document.text)
    return made


def _invocation(
    suite: Suite, run_dir: Path, args: argparse.Namespace, document: mine_input.Document
) -> Invocation:
    return Invocation(
        binary=runfile(suite.runfile),
        out_dir=run_dir / suite.lang,
        profile=args.profile,
        langs=(suite.lang,),
        library=args.library,
        dataset=document.dataset,
        every_lang=False,
        rounds=args.rounds,
    )


def _with_document(suite: Suite, path: Path, extra: list[str]) -> Suite:
    """The suite as its own command, told to measure the document instead of the catalog's
    (and, with extra, as the user's protobuf message)."""
    return dataclasses.replace(
        suite, command=lambda call: [*suite_command(call), "--document", str(path), *extra]
    )
