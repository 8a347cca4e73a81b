"""Hostile-input fuzzer for the command line (issue 11).

Hypothesis writes board, declaration and preference files (random bytes, non-UTF-8, mutated
valid boards with huge integers, wrong types, lone surrogates, emoji, deep nesting, YAML alias
bombs, duplicate keys) and runs ``check``, ``solve``, ``enumerate`` and ``explain`` on them
in-process. Every run must exit with a documented code for a verdict or bad input (0-3: never
4, an internal error), print no traceback, and stay within a per-example time bound and a
memory limit (``RLIMIT_AS``) set for the whole process.

    python tests/fuzz.py --examples 5000 --seed 1     # the long run; prints the count and result

``tests/test_fuzz.py`` runs a smoke-sized run of this same command in the normal suite.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import resource
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from combat_solver.cli import main  # noqa: E402

ALLOWED_EXITS = {0, 1, 2, 3}
SECONDS_PER_EXAMPLE = 30
MEMORY_BYTES = 3 * 1024**3

CREATURE = {"types": ["creature"], "power": 2, "toughness": 2}
BLOCK_BOARD: dict[str, Any] = {
    "players": [{"id": "alice", "life": 20}, {"id": "bob", "hand": 2}],
    "active_player": "alice",
    "permanents": [
        {
            "id": "runner",
            "name": "Viashino Runner",
            "controller": "alice",
            **CREATURE,
            "abilities": [{"kind": "menace"}],
        },
        {"id": "dog", "name": "Watchdog", "controller": "bob", **CREATURE, "abilities": [{"kind": "must_block"}]},
        {"id": "bears", "name": "Grizzly Bears", "controller": "bob", **CREATURE},
        {
            "id": "land",
            "name": "Forest",
            "controller": "bob",
            "types": ["land"],
            "subtypes": ["Forest"],
            "abilities": [{"kind": "mana", "produces": "G", "amount": 1}],
        },
    ],
    "effects": [
        {
            "source": "Irresistible Prey",
            "controller": "alice",
            "to": {"ids": ["runner"]},
            "ability": {"kind": "must_be_blocked"},
        }
    ],
    "combat": {"attackers": {"runner": "bob"}},
}
BLOCK_SCENARIO = {
    "board": BLOCK_BOARD,
    "declaration": {"kind": "block", "blocks": {"dog": ["runner"], "bears": ["runner"]}},
}
ATTACK_BOARD: dict[str, Any] = {
    "players": [{"id": "alice"}, {"id": "bob"}, {"id": "carol"}],
    "active_player": "alice",
    "permanents": [
        {"id": "jugg", "name": "Juggernaut", "controller": "alice", **CREATURE, "abilities": [{"kind": "must_attack"}]},
        {"id": "bears", "name": "Grizzly Bears", "controller": "alice", **CREATURE},
        {
            "id": "prison",
            "name": "Ghostly Prison",
            "controller": "bob",
            "types": ["enchantment"],
            "abilities": [{"kind": "attack_tax", "cost": {"mana": "{2}"}}],
        },
        {
            "id": "arbiter",
            "name": "Silent Arbiter",
            "controller": "carol",
            "types": ["artifact", "creature"],
            "power": 1,
            "toughness": 5,
            "abilities": [{"kind": "attack_limit", "n": 1}, {"kind": "block_limit", "n": 1}],
        },
    ],
}
ATTACK_SCENARIO = {"board": ATTACK_BOARD, "declaration": {"kind": "attack", "attacks": {"jugg": "carol"}}}

hostile_scalars = st.one_of(
    st.sampled_from([2**63, -(2**63), 2**62, 2**64 + 1, 10**30, 1_000_001, -1_000_001, 1_000_000, 0, -1]),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.sampled_from(
        ["3", "on", "", "flyng", "carl", "\ud800", "\udfff x", "💥", "Gaea’s Protector", "{X}{9999999999999}"]
    ),
    st.text(max_size=20),
)
json_values = st.recursive(
    hostile_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def deep(depth: int, mapping: bool) -> Any:
    value: Any = {"types": ["land"]}
    for _ in range(depth):
        value = {"any_of": [value]} if mapping else [value]
    return value


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


def replaced(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    """``document`` with the value at ``path`` replaced (containers on the path copied)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    out = copy.copy(document)
    out[head] = replaced(document[head], rest, value)
    return out


@st.composite
def mutated_documents(draw: st.DrawFn) -> Any:
    document: Any = draw(st.sampled_from([BLOCK_SCENARIO, ATTACK_SCENARIO, BLOCK_BOARD, ATTACK_BOARD]))
    for _ in range(draw(st.integers(0, 3))):
        where = draw(st.sampled_from(list(paths(document))))
        value = draw(
            st.one_of(
                json_values,
                st.sampled_from(
                    [{"kind": "grant", "ability": {"kind": "grant"}}, {"kind": "flying"}, {"has": ["flyng"]}]
                ),
            )
        )
        document = replaced(document, where, value)
    if draw(st.booleans()):
        where = draw(st.sampled_from(list(paths(document))))
        document = replaced(document, where, deep(draw(st.integers(1, 400)), draw(st.booleans())))
    return document


def yaml_text(document: Any) -> str:
    try:
        return yaml.safe_dump(document, allow_unicode=True)
    except (yaml.YAMLError, RecursionError, UnicodeEncodeError):
        return json_text(document, ensure_ascii=True)


def json_text(document: Any, *, ensure_ascii: bool) -> str:
    try:
        return json.dumps(document, ensure_ascii=ensure_ascii)
    except RecursionError:
        return "[" * 100_000


def alias_bomb(levels: int, width: int) -> str:
    lines = ["a0: &a0 [" + ", ".join(["x"] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


@st.composite
def files(draw: st.DrawFn) -> bytes:
    """The bytes of one input file."""
    kind = draw(st.sampled_from(["bytes", "json", "yaml", "corrupted", "bomb", "duplicate", "brackets", "utf16"]))
    if kind == "bytes":
        return draw(st.binary(max_size=300))
    if kind == "bomb":
        return alias_bomb(draw(st.integers(2, 12)), draw(st.integers(2, 12))).encode()
    if kind == "brackets":
        return draw(st.sampled_from(["[", "{a: ", "- "])).encode() * draw(st.integers(50, 200_000))
    document = draw(mutated_documents())
    text = json_text(document, ensure_ascii=draw(st.booleans())) if kind == "json" else yaml_text(document)
    if kind == "duplicate":
        text = text.replace("\nboard:", "\nboard: {}\nboard:", 1) if "\nboard:" in text else text + "\nplayers: []\n"
    data = text.encode("utf-8", "surrogatepass")
    if kind == "utf16":
        return text.encode("utf-16", "surrogatepass")
    if kind == "corrupted" and data:
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + draw(st.binary(min_size=1, max_size=4)) + data[at + 1 :]
    return data


QUESTIONS = st.one_of(
    st.sampled_from(
        [
            "why can't dog block runner",
            "why can’t Watchdog block?",
            "why must dog block",
            "why is no block illegal",
            "why can't bears attack",
            "why must jugg attack",
            "why is no attack illegal",
            "why can't 💥 block \ud800",
        ]
    ),
    st.text(max_size=40),
)


@st.composite
def invocations(draw: st.DrawFn) -> tuple[list[str], dict[str, bytes]]:
    command = draw(st.sampled_from(["check", "solve", "enumerate", "explain"]))
    inputs = {"board.yaml": draw(files())}
    argv = [command, "{dir}/board.yaml", "--format", draw(st.sampled_from(["text", "markdown", "json"]))]
    argv += ["--time-limit", "2"]
    if command == "check" and draw(st.booleans()):
        inputs["declaration.json"] = draw(files())
        argv += ["--declaration", "{dir}/declaration.json"]
    if command == "solve" and draw(st.booleans()):
        weights = draw(
            st.dictionaries(
                st.sampled_from(["dog", "bears", "jugg", "x"]),
                st.dictionaries(st.sampled_from(["runner", "bob", "carol"]), hostile_scalars, max_size=2),
                max_size=2,
            )
        )
        inputs["prefer.yaml"] = yaml_text(weights).encode("utf-8", "surrogatepass")
        argv += ["--prefer", "{dir}/prefer.yaml"]
    if command == "enumerate":
        argv += ["--limit", str(draw(st.integers(0, 5)))] + (["--count"] if draw(st.booleans()) else [])
    if command == "explain":
        argv += [f"--why={draw(QUESTIONS)}"]
    return argv, inputs


class Hang(BaseException):
    """An example ran past ``SECONDS_PER_EXAMPLE``."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang(f"an example ran longer than {SECONDS_PER_EXAMPLE} s")


@contextlib.contextmanager
def captured() -> Iterator[tuple[io.TextIOWrapper, io.TextIOWrapper]]:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        yield out, err
    finally:
        sys.stdout, sys.stderr = old


def text_of(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8")


def run_one(argv: list[str], inputs: dict[str, bytes]) -> None:
    """Run one invocation and check the guarantees (raises AssertionError or Hang)."""
    with tempfile.TemporaryDirectory() as directory:
        for name, data in inputs.items():
            Path(directory, name).write_bytes(data)
        args = [a.replace("{dir}", directory) for a in argv]
        signal.alarm(SECONDS_PER_EXAMPLE)
        try:
            with captured() as (out, err):
                try:
                    code = main(args)
                except SystemExit as e:
                    code = e.code if isinstance(e.code, int) else 2
                stdout, stderr = text_of(out), text_of(err)
        finally:
            signal.alarm(0)
    assert code in ALLOWED_EXITS, f"exit {code}: {stderr.strip()}"
    assert "Traceback" not in stderr and "Traceback" not in stdout, stderr
    if code == 2:
        assert "error: " in stderr, stderr
    if code in (0, 1):
        assert stdout.strip(), "a verdict or answer was expected on standard output"


def run(examples: int, seed_value: int) -> int:
    """Run the fuzzer; returns the number of examples tried (raises on the first failure)."""
    tried = 0

    @seed(seed_value)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(invocations())
    def fuzz(invocation: tuple[list[str], dict[str, bytes]]) -> None:
        nonlocal tried
        tried += 1
        run_one(*invocation)

    fuzz()
    return tried


def limit_memory() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = MEMORY_BYTES if hard == resource.RLIM_INFINITY else min(MEMORY_BYTES, hard)
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))


def cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=200, help="how many examples (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    limit_memory()
    signal.signal(signal.SIGALRM, _alarm)
    started = time.monotonic()
    try:
        tried = run(args.examples, args.seed)
    except (AssertionError, Hang, MemoryError) as e:
        print(f"FAILED after {time.monotonic() - started:.0f} s: {type(e).__name__}: {e}")
        return 1
    except Exception as e:
        print(
            f"FAILED (the fuzzer itself) after {time.monotonic() - started:.0f} s: {type(e).__name__}: {str(e)[:2000]}"
        )
        return 1
    print(f"fuzz: {tried} examples, seed {args.seed}, 0 failures ({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(cli())
