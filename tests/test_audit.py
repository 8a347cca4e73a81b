"""Batch audit of game records: one result per record in input order, whatever the engine or the
number of jobs; malformed lines reported by field; resumable after SIGKILL or Ctrl-C with every
record exactly once."""

from __future__ import annotations

import fcntl
import gzip
import json
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from asserts import K, creature, juggernaut_board

from benchmarks.gen_records import write_records
from combat_solver import InputError, Verdict
from combat_solver.audit import AuditRecord, AuditResult, audit, audit_line
from combat_solver.audit import check as audit_check
from combat_solver.audit.output import FileResults
from combat_solver.audit.quick import surely_legal
from combat_solver.cli import main
from combat_solver.io.inputs import MAX_BYTES

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "audit" / "sample.jsonl"
README = (ROOT / "docs" / "audit.md").read_text(encoding="utf-8")
"""The audit's page, whose sample records, command and query these tests run."""

BOARD: dict[str, Any] = juggernaut_board()


def record(record_id: str, attacks: dict[str, str], **extra: Any) -> str:
    return json.dumps({"id": record_id, "board": BOARD, "declaration": {"kind": "attack", "attacks": attacks}, **extra})


def rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def timeless(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Results without ``seconds``, the one field that depends on the machine."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in results]


def worktree_env() -> dict[str, str]:
    """Subprocesses (and Dask's worker processes) import this checkout's package."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


@pytest.fixture(scope="module")
def records_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "records.jsonl"
    write_records(path, 600, seed=7)
    return path


@pytest.fixture(scope="module")
def expected(records_file: Path, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    out = tmp_path_factory.mktemp("expected") / "results.jsonl"
    audit([records_file], out, jobs=1)
    return timeless(rows(out))


@pytest.fixture(scope="module")
def first_records(
    records_file: Path, expected: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, list[dict[str, Any]]]:
    """The first 100 records and their expected results, for the runs in a subprocess."""
    path = tmp_path_factory.mktemp("first") / "records.jsonl"
    path.write_text("".join(records_file.read_text(encoding="utf-8").splitlines(keepends=True)[:100]), encoding="utf-8")
    return path, expected[:100]


# -- the record format and one record's result ---------------------------------------------------


def test_docs_sample_records_follow_the_schema() -> None:
    sample = README.split("```jsonl\n", 1)[1].split("```", 1)[0].splitlines()
    assert len(sample) == 3
    assert [AuditRecord.model_validate_json(line).id for line in sample] == ["g1-t3-a", "g1-t3-b", "g2-t5-a"]


def test_legal_and_illegal_results_cite_rules_and_count_requirements() -> None:
    """508.1d: Juggernaut attacks each combat if able; not attacking obeys 0 of 1."""
    legal = audit_line("f", 1, record("r1", {"jugg": "bob"}, game="g", turn=4, declared_by="alice"), time_limit=10)
    assert (legal.status, legal.step, legal.requirements_obeyed, legal.requirements_maximum) == (
        "legal",
        "declare_attackers",
        1,
        1,
    )
    assert (legal.id, legal.game, legal.turn, legal.declared_by) == ("r1", "g", 4, "alice")
    illegal = audit_line("f", 2, record("r2", {}, warnings=["a spell the recorder dropped"]), time_limit=10)
    assert illegal.status == "illegal"
    assert [(v.rule, v.kind) for v in illegal.violations] == [("508.1d", "too_few_requirements")]
    assert (illegal.requirements_obeyed, illegal.requirements_maximum) == (0, None)  # the bare verdict
    assert illegal.warnings == ("a spell the recorder dropped",)


@pytest.mark.parametrize(
    ("text", "field", "code"),
    [
        ('{"id": "x", "board": ', "", "json_invalid"),
        ("[1, 2]", "", "not_an_object"),
        (b'{"id": "\xff"}', "", "not_utf8"),
        (record("x", {"jugg": "bob"}, color="blue"), "color", "extra_forbidden"),
        (record("x", {"ghost": "bob"}), "declaration.attacks.ghost", "unknown_id"),
        (record("x", {"jugg": "bob"}, declared_by="zed"), "declared_by", "unknown_id"),
        (
            json.dumps({"id": "x", "board": BOARD, "declaration": {"kind": "block", "blocks": {}}}),
            "declaration.kind",
            "wrong_step",
        ),
        (
            json.dumps(
                {
                    "id": "x",
                    "board": {**BOARD, "permanents": [{**BOARD["permanents"][0], "controller": "zed"}]},
                    "declaration": {"kind": "attack"},
                }
            ),
            "board.permanents[0].controller",
            "unknown_id",
        ),
        (record("x", {}).replace('"id": "x"', '"id": "x", "id": "y"'), "", "duplicate_key"),
        (record("x", {}).replace('"alice"}', '"alice", "id": "carol"}', 1), "", "duplicate_key"),
        ('{"id": "x", "board": ' + "[" * 5000 + "]" * 5000 + "}", "", "too_deep"),
        (record("x", {}, warnings=["w" * MAX_BYTES]), "", "too_large"),
    ],
)
def test_malformed_records_name_the_field(text: str | bytes, field: str, code: str) -> None:
    result = audit_line("f", 3, text, time_limit=10)
    assert result.status == "malformed"
    assert (result.errors[0].field, result.errors[0].code) == (field, code)
    assert result.violations == () and result.requirements_maximum is None


def test_malformed_result_keeps_a_readable_id() -> None:
    assert audit_line("f", 1, record("kept", {"ghost": "bob"}), time_limit=10).id == "kept"


def test_time_out_is_undetermined_never_a_guess(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        audit_check, "check_record", lambda *a, **k: Verdict(status="undetermined", requirements_maximum=None)
    )
    path = tmp_path / "r.jsonl"
    path.write_text(record("r1", {}) + "\n", encoding="utf-8")
    assert main(["audit", str(path), "--jobs", "1", "-o", str(tmp_path / "out.jsonl")]) == 3
    [result] = rows(tmp_path / "out.jsonl")
    assert (result["status"], result["requirements_maximum"]) == ("undetermined", None)


def test_a_failing_check_is_undetermined_and_the_run_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Verdict:
        raise KeyError("blocker")

    monkeypatch.setattr(audit_check, "check_record", broken)
    result = audit_line("f", 1, record("r1", {}), time_limit=10)
    assert (result.status, result.errors[0].code) == ("undetermined", "internal_error")
    assert "KeyError" in result.errors[0].message


@pytest.mark.parametrize("depth", [300, 5000])
def test_an_audit_line_nested_past_the_parser_is_too_deep_whichever_parser_stops(depth: int) -> None:
    """A record line is held to "nesting no deeper than the JSON parser allows" (docs/audit.md): past
    pydantic's limit (about 200) or Python's (about 1000) alike, ``too_deep`` at the whole line."""
    text = '{"id": "x", "board": ' + "[" * depth + "]" * depth + "}"
    result = audit_line("f", 1, text, time_limit=10)
    assert result.status == "malformed"
    assert [(e.field, e.code, e.message) for e in result.errors] == [
        ("", "too_deep", "nesting deeper than the JSON parser allows")
    ]


# -- the command: order, formats, summary, exit codes ---------------------------------------------


def test_one_result_per_record_in_input_order(records_file: Path, expected: list[dict[str, Any]]) -> None:
    lines = [(i, line) for i, line in enumerate(records_file.read_text().splitlines(), 1) if line.strip()]
    assert [(r["source"], r["line"]) for r in expected] == [(str(records_file), i) for i, _ in lines]
    readable_ids = [json.loads(t).get("id") if t.startswith("{") and t.endswith("}") else None for _, t in lines]
    assert [r["id"] for r in expected if r["status"] != "malformed"] == [
        i for i, r in zip(readable_ids, expected, strict=True) if r["status"] != "malformed"
    ]
    assert {r["status"] for r in expected} == {"legal", "illegal", "malformed"}


def test_results_are_identical_whatever_the_number_of_jobs(
    records_file: Path, expected: list[dict[str, Any]], tmp_path: Path
) -> None:
    for jobs, chunk in ((2, 7), (3, 50)):
        out = tmp_path / f"jobs{jobs}.jsonl"
        summary = audit([records_file], out, jobs=jobs, chunk_size=chunk)
        assert timeless(rows(out)) == expected
        assert summary.records == len(expected) and summary.jobs == jobs


@pytest.mark.long
def test_results_on_dask_equal_the_local_run(
    records_file: Path,
    expected: list[dict[str, Any]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The Dask engine on a LocalCluster it starts itself, and pointed at a running scheduler."""
    from distributed import LocalCluster

    monkeypatch.setenv("PYTHONPATH", worktree_env()["PYTHONPATH"])
    out = tmp_path / "dask.jsonl"
    summary = audit([records_file], out, jobs=2, engine="dask", chunk_size=64)
    assert (summary.engine, summary.jobs) == ("dask", 2)
    assert timeless(rows(out)) == expected
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        args = ["audit", str(records_file), "--engine", "dask", "--scheduler", cluster.scheduler_address]
        assert main([*args, "-o", str(tmp_path / "remote.jsonl"), "--chunk-size", "100", "--jobs", "5"]) == 1
    assert f"(dask on scheduler {cluster.scheduler_address}, 2 worker threads)" in capsys.readouterr().err
    assert timeless(rows(tmp_path / "remote.jsonl")) == expected


def test_gzip_on_stdin_reads_like_the_plain_file(first_records: tuple[Path, list[dict[str, Any]]]) -> None:
    records_file, expected = first_records
    run = subprocess.run(
        [sys.executable, "-m", "combat_solver", "audit", "-", "--jobs", "2"],
        input=gzip.compress(records_file.read_bytes()),
        capture_output=True,
        env=worktree_env(),
        check=False,
    )
    assert run.returncode == 1, run.stderr
    results = [json.loads(line) for line in run.stdout.decode().splitlines()]
    assert timeless(results) == [{**r, "source": "-"} for r in expected]
    assert b"\r" not in run.stderr and b"audited 100 records" in run.stderr


def test_summary_counts_statuses_and_violation_kinds(
    records_file: Path, expected: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary_path = tmp_path / "summary.json"
    args = ["audit", str(records_file), "--jobs", "1", "-o", str(tmp_path / "o.jsonl"), "--summary", str(summary_path)]
    assert main(args) == 1
    summary = json.loads(summary_path.read_text())
    assert summary["by_status"] == {s: sum(r["status"] == s for r in expected) for s in summary["by_status"]}
    kinds = Counter(v["kind"] for r in expected for v in r["violations"])
    assert summary["by_violation"] == dict(kinds)
    assert summary["records"] == summary["audited"] == len(expected)
    err = capsys.readouterr().err
    assert f"audited {len(expected)} records: {summary['by_status']['legal']} legal" in err
    assert re.search(r"records/s \(local, 1 job\)", err)


@pytest.mark.parametrize(
    ("lines", "code"),
    [
        ([record("a", {"jugg": "bob"})], 0),
        ([record("a", {"jugg": "bob"}), record("b", {})], 1),
        ([record("a", {"jugg": "bob"}), "{"], 2),
    ],
)
def test_exit_code_reports_the_worst_finding(tmp_path: Path, lines: list[str], code: int) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["audit", str(path), "--jobs", "1", "-o", str(tmp_path / "out.jsonl")]) == code


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--time-limit", "0"], "time limit must be positive"),
        (["--time-limit", "nan"], "time limit must be a finite number"),
        (["--time-limit", "inf"], "time limit must be a finite number"),
        (["--scheduler", "tcp://127.0.0.1:1"], "--scheduler needs --engine dask"),
        (["--resume"], "--resume needs -o OUT"),
    ],
)
def test_bad_options_exit_2(
    extra: list[str], message: str, records_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["audit", str(records_file), *extra]) == 2
    assert message in capsys.readouterr().err


def test_inputs_are_never_overwritten_nor_stdin_read_twice(
    records_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = records_file.read_bytes()
    assert main(["audit", str(records_file), "-o", str(records_file)]) == 2
    assert "is also an input" in capsys.readouterr().err and records_file.read_bytes() == before
    assert main(["audit", "-", "-"]) == 2
    assert "can be read only once" in capsys.readouterr().err


def test_missing_input_exits_2_before_any_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.jsonl"
    assert main(["audit", str(tmp_path / "nope.jsonl"), "-o", str(out)]) == 2
    assert "can't read" in capsys.readouterr().err and not out.exists()


@pytest.mark.long
def test_unreachable_scheduler_exits_2_before_any_output(
    records_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.jsonl"
    args = ["audit", str(records_file), "--engine", "dask", "--scheduler", "tcp://127.0.0.1:9", "-o", str(out)]
    assert main([*args, "--connect-timeout", "2"]) == 2
    assert "can't reach the Dask scheduler tcp://127.0.0.1:9 within 2 s" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("seconds", ["0", "-1", "nan"])
def test_a_connect_timeout_that_isnt_positive_exits_2_naming_it(
    records_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], seconds: str
) -> None:
    out = tmp_path / "out.jsonl"
    args = ["audit", str(records_file), "--engine", "dask", "-o", str(out), "--connect-timeout", seconds]
    assert main(args) == 2
    assert "--connect-timeout must be positive" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("seconds", ["inf", "1e400"])
def test_an_infinite_connect_timeout_exits_2_naming_it(
    records_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], seconds: str
) -> None:
    """Dask can't read ``infs`` as a timeout: refused as bad input, not an internal error (KeyError)."""
    out = tmp_path / "out.jsonl"
    args = ["audit", str(records_file), "--engine", "dask", "--scheduler", "tcp://127.0.0.1:9", "-o", str(out)]
    assert main([*args, "--connect-timeout", seconds]) == 2
    assert "--connect-timeout must be a finite number" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_parquet_output_holds_the_same_results_and_answers_the_readme_query(
    records_file: Path, expected: list[dict[str, Any]], tmp_path: Path
) -> None:
    import duckdb
    import pyarrow.parquet as pq

    out = tmp_path / "results.parquet"
    audit([records_file], out, jobs=2)
    assert timeless(pq.read_table(out).to_pylist()) == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.parquet"]
    query = README.split("```sql\n", 1)[1].split("```", 1)[0].replace("results.parquet", str(out))
    answer = duckdb.sql(query).fetchall()
    counted = Counter((v["rule"], v["kind"]) for r in expected if r["status"] == "illegal" for v in r["violations"])
    assert answer == sorted(((rule, kind, n) for (rule, kind), n in counted.items()), key=lambda t: (-t[2], t[0], t[1]))


def test_parquet_columns_are_the_result_fields() -> None:
    from combat_solver.audit.parquet import SCHEMA

    assert SCHEMA.names == list(AuditResult.model_fields)


def test_progress_bar_only_on_a_terminal(first_records: tuple[Path, list[dict[str, Any]]], tmp_path: Path) -> None:
    records_file = first_records[0]
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    run = subprocess.run(
        [sys.executable, "-m", "combat_solver", "audit", str(records_file), "--jobs", "1", "-o", str(tmp_path / "o")],
        stdin=subprocess.DEVNULL,
        stderr=terminal,
        env=worktree_env(),
        check=False,
    )
    os.close(terminal)
    shown = b""
    while True:
        try:
            data = os.read(controller, 65536)
        except OSError:
            break
        if not data:
            break
        shown += data
    os.close(controller)
    assert run.returncode == 1
    assert b"100/100" in shown and b"records/s" in shown


# -- resuming ------------------------------------------------------------------------------------


def _wait_for_checkpoint(checkpoint: Path, process: subprocess.Popen[bytes]) -> int:
    """Committed records once the run has committed some (and is still running)."""
    while process.poll() is None:
        try:
            committed = int(json.loads(checkpoint.read_text())["records"])
        except (OSError, ValueError, KeyError):
            committed = 0
        if committed:
            return committed
        time.sleep(0.01)
    raise AssertionError(f"the audit ended before it could be interrupted: {process.returncode}")


@pytest.fixture(scope="module")
def long_records(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    folder = tmp_path_factory.mktemp("long")
    path = folder / "records.jsonl.gz"
    write_records(path, 10_000, seed=11)
    audit([path], folder / "expected.jsonl", jobs=2)
    return path, timeless(rows(folder / "expected.jsonl"))


@pytest.mark.long
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGINT], ids=["kill-9", "ctrl-c"])
def test_killed_run_resumes_with_every_record_exactly_once(
    stop: signal.Signals, long_records: tuple[Path, list[dict[str, Any]]], tmp_path: Path
) -> None:
    records_path, expected = long_records
    out = tmp_path / "results.jsonl"
    command = [sys.executable, "-m", "combat_solver", "audit", str(records_path), "-o", str(out), "--chunk-size", "20"]
    process = subprocess.Popen(
        [*command, "--jobs", "2"], env=worktree_env(), stderr=subprocess.PIPE, start_new_session=True
    )
    committed = _wait_for_checkpoint(out.with_name("results.jsonl.checkpoint.json"), process)
    os.killpg(process.pid, stop)
    _, err = process.communicate(timeout=60)
    assert process.returncode == (-signal.SIGKILL if stop == signal.SIGKILL else 130), err
    if stop == signal.SIGINT:
        assert b"rerun with --resume" in err
    assert 0 < committed < len(expected)
    assert out.read_bytes().count(b"\n") < len(expected)
    resumed = subprocess.run(
        [*command, "--jobs", "1", "--resume"], env=worktree_env(), capture_output=True, check=False
    )
    assert resumed.returncode == 1, resumed.stderr
    assert timeless(rows(out)) == expected
    assert f"audited {len(expected)} records".encode() in resumed.stderr
    assert not out.with_name("results.jsonl.checkpoint.json").exists()


def _interrupt_after(chunks: int) -> Any:
    real = audit_check.audit_chunk
    calls = iter(range(chunks))

    def audit_chunk(*args: Any) -> Any:
        if next(calls, None) is None:
            raise KeyboardInterrupt
        return real(*args)

    return audit_chunk


def test_resume_drops_a_torn_tail_and_resumes_parquet(
    records_file: Path, expected: list[dict[str, Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write cut by the kill after the last checkpoint is truncated, never duplicated."""
    import pyarrow.parquet as pq

    monkeypatch.setattr("combat_solver.audit.output.COMMIT_EVERY", 0.0)
    monkeypatch.setattr("combat_solver.audit.engines.audit_chunk", _interrupt_after(3))
    out = tmp_path / "results.parquet"
    with pytest.raises(KeyboardInterrupt):
        audit([records_file], out, chunk_size=50)
    partial = tmp_path / "results.parquet.partial.jsonl"
    assert len(rows(partial)) == 150 and not out.exists()
    with open(partial, "a", encoding="utf-8") as f:
        f.write('{"id": "torn wri')
    monkeypatch.undo()
    summary = audit([records_file], out, chunk_size=50, resume=True)
    assert (summary.records, summary.audited) == (len(expected), len(expected) - 150)
    assert timeless(pq.read_table(out).to_pylist()) == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.parquet"]


def test_resume_refuses_a_checkpoint_of_another_audit(records_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    FileResults(out, {"inputs": [["elsewhere.jsonl", 1]], "time_limit": 10.0, "format": "jsonl"}, resume=False)
    assert main(["audit", str(records_file), "-o", str(out), "--resume"]) == 2


def test_resume_without_a_checkpoint_starts_over(
    records_file: Path, expected: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text("stale\n", encoding="utf-8")
    assert main(["audit", str(records_file), "-o", str(out), "--resume", "--jobs", "1"]) == 1
    assert timeless(rows(out)) == expected
    assert "no checkpoint" in capsys.readouterr().err


# -- the shipped sample and the benchmark generator ------------------------------------------------


def test_docs_audit_command_and_query_output(tmp_path: Path) -> None:
    """docs/audit.md's audit command runs on the shipped sample, and its DuckDB query prints the table shown."""
    import duckdb

    command = re.search(r"\n\$ combat-solver (audit examples/audit/sample\.jsonl[^\n#]*?)\s*(?:#[^\n]*)?\n", README)
    assert command is not None
    out = tmp_path / "results.parquet"
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        assert main(command[1].replace("results.parquet", str(out)).split()) == 1
    finally:
        os.chdir(cwd)
    query = README.split("```sql\n", 1)[1].split("```", 1)[0].replace("results.parquet", str(out))
    shown = README.split("```sql\n", 1)[1].split("```\n\n```\n", 1)[1].split("```", 1)[0]
    shown_rows = [tuple(c.strip() for c in row.strip("│").split("│")) for row in shown.splitlines()[3:-1]]
    assert [(rule, kind, str(n)) for rule, kind, n in duckdb.sql(query).fetchall()] == shown_rows


def test_shipped_sample_has_every_kind_of_finding(tmp_path: Path) -> None:
    out = tmp_path / "sample.jsonl"
    audit([SAMPLE], out)
    statuses = Counter(r["status"] for r in rows(out))
    assert statuses["legal"] and statuses["illegal"] and statuses["malformed"] >= 3


def test_generator_is_seeded_and_realistic(records_file: Path, expected: list[dict[str, Any]], tmp_path: Path) -> None:
    """The same seed writes the same records, gzip-compressed or not; the 600 records of
    ``records_file`` (seed 7) have every status in realistic shares and boards of 2-4 players."""
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl.gz"
    write_records(first, 300, seed=3)
    write_records(second, 300, seed=3)
    assert gzip.decompress(second.read_bytes()) == first.read_bytes()
    share = Counter(r["status"] for r in expected)
    assert share["legal"] > 0.7 * len(expected) and share["illegal"] > 0.02 * len(expected)
    assert 0 < share["malformed"] < 0.05 * len(expected)
    records = [json.loads(line) for line in records_file.read_text().splitlines() if line.endswith("}")]
    players = Counter(len(r["board"]["players"]) for r in records if isinstance(r.get("board"), dict))
    assert players[3] and players[4]
    assert max(len(r["board"]["permanents"]) for r in records if isinstance(r.get("board"), dict)) >= 40


# -- the quick path: decided without the full check, with the same result ----------------------


def test_quick_path_agrees_with_the_full_check_on_generated_records(tmp_path: Path) -> None:
    """Every record the quick path calls legal is legal, 0 of 0 requirements, by the full check
    (509.1, 508.1); the quick path decides most records and leaves every illegal one to it."""
    path = tmp_path / "records.jsonl"
    write_records(path, 3000, seed=11)
    quick = illegal = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            parsed = AuditRecord.model_validate_json(line)
        except ValueError:
            continue
        try:
            verdict = audit_check.check_record(parsed, time_limit=10)
        except InputError:
            assert not surely_legal(parsed.board, parsed.declaration)
            continue
        if surely_legal(parsed.board, parsed.declaration):
            quick += 1
            assert (verdict.status, verdict.violations) == ("legal", ()), parsed.id
            assert (verdict.requirements_obeyed, verdict.requirements_maximum) == (0, 0), parsed.id
        illegal += verdict.status == "illegal"
    assert quick > 1500 and illegal > 100


PLAYERS = [{"id": "alice"}, {"id": "bob"}, {"id": "carol"}]
FOREST = {
    "id": "forest",
    "name": "Forest",
    "controller": "alice",
    "types": ["land"],
    "subtypes": ["Forest"],
    "abilities": [{"kind": "mana", "produces": "G"}],
}


@pytest.mark.parametrize(
    ("permanents", "attacks", "blocks", "legal"),
    [
        (
            [creature("a", "A", "alice", 2, 2, K("flying")), creature("b", "B", "bob", 2, 2, K("reach"))],
            {"a": "bob"},
            {"b": ["a"]},
            True,
        ),
        (
            [creature("a", "A", "alice", 2, 2, K("flying")), creature("b", "B", "bob")],
            {"a": "bob"},
            {"b": ["a"]},
            False,
        ),  # 702.9b
        (
            [creature("a", "A", "alice", 2, 2, K("menace")), creature("b", "B", "bob")],
            {"a": "bob"},
            {"b": ["a"]},
            False,
        ),  # 702.111b
        (
            [creature("a", "A", "alice", 2, 2, K("menace")), creature("b", "B", "bob"), creature("c", "C", "bob")],
            {"a": "bob"},
            {"b": ["a"], "c": ["a"]},
            True,
        ),
        (
            [creature("a", "A", "alice"), creature("b", "B", "bob", tapped=True)],
            {"a": "bob"},
            {"b": ["a"]},
            False,
        ),  # 509.1a
        ([creature("a", "A", "alice"), creature("c", "C", "carol")], {"a": "bob"}, {"c": ["a"]}, False),  # 802.4a
        (
            [creature("a", "A", "alice"), creature("x", "X", "alice"), creature("b", "B", "bob")],
            {"a": "bob", "x": "bob"},
            {"b": ["a", "x"]},
            False,  # 509.1a: one attacker each
        ),
        (
            [creature("a", "A", "alice", 2, 2, K("defender")), creature("b", "B", "bob")],
            {"a": "bob"},
            None,
            False,
        ),  # 702.3b
        ([creature("a", "A", "alice", sick=True)], {"a": "bob"}, None, False),  # 302.6
        (
            [
                creature("a", "A", "alice"),
                FOREST,
                creature("elf", "Elf", "bob", 2, 2, K("mana")),
            ],
            {"a": "bob"},
            {"elf": ["a"]},
            True,  # 605: mana abilities are read only to pay costs
        ),
        ([creature("a", "A", "alice", 2, 2, K("haste"), sick=True)], {"a": "carol"}, None, True),  # 702.10b
        ([creature("a", "A", "alice", tapped=True)], {"a": "bob"}, None, False),  # 508.1a
        ([creature("a", "A", "alice")], {"a": "alice"}, None, False),  # 508.1b
        ([creature("a", "A", "bob")], {"a": "carol"}, None, False),  # 508.1a: not the active player's
    ],
)
def test_quick_path_decides_only_what_the_full_check_finds_legal(
    permanents: list[dict[str, Any]], attacks: dict[str, str], blocks: dict[str, list[str]] | None, legal: bool
) -> None:
    board: dict[str, Any] = {"players": PLAYERS, "active_player": "alice", "permanents": permanents}
    if blocks is None:
        declaration: dict[str, Any] = {"kind": "attack", "attacks": attacks}
    else:
        board["combat"] = {"attackers": attacks}
        declaration = {"kind": "block", "blocks": blocks}
    parsed = AuditRecord.model_validate({"id": "r", "board": board, "declaration": declaration})
    verdict = audit_check.check_record(parsed, time_limit=10)
    assert surely_legal(parsed.board, parsed.declaration) is legal
    assert verdict.status == ("legal" if legal else "illegal")
