"""The rules reviewer's judgment on labeled cases (a script that prints figures, not a test).

    .venv/bin/python tests/benchmarks/review_quality.py [--cases DIR] [--layout L] [--per-case]
        [--json FILE]

Each case folder (`NAME/MEMORY.md`, `NAME/labels.json`; default: the review bench kept in
tests/fixtures/review-bench/) is written to a temporary folder as the workspace of `--layout`
(everbot, the default: the file as it is; hermes, claude-code, codex: in that agent's format, see
agent_layouts) and reviewed exactly as a person would: `memdesk review FOLDER --at <the file's
Last updated day> --json`. Every proposal becomes a line of the scorer's input (its case, memory,
decision, the trigger its decision answers and the other memories it names, in the bench's ids),
and the bench's own scorer prints its table; `--layout all` prints every layout side by side.
`--cases` takes any folder of the same layout (a second, unseen set scores the same way).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
BENCH = ROOT / "tests" / "fixtures" / "review-bench"
sys.path.insert(0, str(BENCH))

import score  # noqa: E402  (the bench's scorer, standard library only)

from app.cli import main as cli  # noqa: E402
from tests.benchmarks import agent_layouts  # noqa: E402

# What the rules reviewer must reach on the bench (issue: "Judgment measured").
TARGETS = {
    "duplicate pairs": {"precision": 0.90, "recall": 0.80},
    "contradiction pairs": {"precision": 0.80, "recall": 0.60},
    "secrets": {"precision": 0.95, "recall": 0.90},
    "junk": {"precision": 0.95, "recall": 0.90},
}
ZERO_COUNTS = ("wrongly_promoted", "never_delete_violated", "newer_removed")


def review_case(case: Path, work: Path, layout: str = "everbot") -> list[dict[str, Any]]:
    """The proposals `memdesk review` makes for one case written as `layout`'s workspace (see
    agent_layouts), in the bench's ids, as the scorer reads them."""
    converted = agent_layouts.convert(case, work / case.name, layout)
    args = ["review", str(converted.home), "--json", "--at", converted.now.isoformat()]
    args += ["--agent", agent_layouts.AGENT_OF[layout]]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli(args)
    if code not in (0, 1):
        raise SystemExit(f"{case.name}: memdesk review exited {code}")
    found = [
        agent_layouts.as_bench(p, converted, case.name)
        for p in json.loads(out.getvalue())
        if p["status"] == "pending"
    ]
    return [p for p in found if p is not None]


def scored(cases_dir: Path, layout: str) -> tuple[dict[str, Any], float]:
    """The scorer's figures for every case of `cases_dir` written as `layout`, and the seconds."""
    cases = score.load_cases(cases_dir)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        proposals = [p for name in cases for p in review_case(cases_dir / name, Path(tmp), layout)]
    took = time.perf_counter() - start
    return score.run_score(cases, proposals, per_case=False), took


def misses(result: dict[str, Any]) -> list[str]:
    """The targets the result does not reach, in words."""
    out = []
    for row, wanted in TARGETS.items():
        got = result["rows"][row]
        for measure, floor in wanted.items():
            value = got[measure]
            if value is None or value < floor:
                out.append(f"{row} {measure} {value} < {floor}")
    out += [f"{name} = {result['counts'][name]}" for name in ZERO_COUNTS if result["counts"][name]]
    return out


def side_by_side(results: dict[str, dict[str, Any]]) -> None:
    """Precision / recall / F1 of every row, and the counts, one column per layout."""
    names = list(results)
    print(f"{'kind (precision/recall/f1)':32s} " + " ".join(f"{n:>18s}" for n in names))
    for row in next(iter(results.values()))["rows"]:
        cells = []
        for n in names:
            v = results[n]["rows"][row]
            cells.append("/".join(score.fmt(v[k]) for k in ("precision", "recall", "f1")))
        print(f"{row:32s} " + " ".join(f"{c:>18s}" for c in cells))
    for count in (*ZERO_COUNTS, "promoted_stale", "hard_negatives_flagged"):
        print(f"{count:32s} " + " ".join(f"{results[n]['counts'][count]:>18d}" for n in names))
    print(f"{'macro_f1':32s} " + " ".join(f"{results[n]['macro_f1']:>18.3f}" for n in names))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=Path, default=BENCH / "cases")
    parser.add_argument(
        "--layout",
        choices=[*agent_layouts.LAYOUTS, "all"],
        default="everbot",
        help="write each case as this agent's workspace (all: every one, side by side)",
    )
    parser.add_argument("--per-case", action="store_true")
    parser.add_argument("--json", type=Path, default=None, help="write every figure here")
    parser.add_argument("--proposals", type=Path, default=None, help="write the proposals here")
    args = parser.parse_args()
    if args.layout == "all":
        results = {}
        for layout in agent_layouts.LAYOUTS:
            results[layout], took = scored(args.cases, layout)
            print(f"{layout}: reviewed in {took:.1f} s")
        side_by_side(results)
        if args.json is not None:
            args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
        return 0
    cases = score.load_cases(args.cases)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        proposals = [
            p for name in cases for p in review_case(args.cases / name, Path(tmp), args.layout)
        ]
    took = time.perf_counter() - start
    if args.proposals is not None:
        args.proposals.write_text(json.dumps(proposals, ensure_ascii=False, indent=1), "utf-8")
    result = score.run_score(cases, proposals, per_case=args.per_case)
    score.print_report(result, args.per_case)
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    missed = misses(result)
    print(f"reviewed {len(cases)} cases as {args.layout} in {took:.1f} s")
    print("targets: " + ("all met" if not missed else "missed: " + "; ".join(missed)))
    return 0 if not missed else 1


if __name__ == "__main__":
    sys.exit(main())
