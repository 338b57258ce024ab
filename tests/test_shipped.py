"""The shipped tables: compressed the same way every time, each naming the rules and code
that made it, and refused in one line (with the command that makes it again) when read for
other rules or by other code."""

from __future__ import annotations

import dataclasses
import gzip
import importlib.util
import json
from pathlib import Path

import pytest

import pitchlab as pl
from pitchlab.bots import bidding, ladder, shipped
from pitchlab.bots.isotonic import MADE_MAP, MadeMap, won_digest
from pitchlab.bots.ladder import LADDER
from pitchlab.engine.errors import StaleTable
from pitchlab.engine.ruleset_identity import fingerprint
from pitchlab.practice import problems
from tests.test_cli import assert_one_line_error, run_main

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "pitchlab" / "data"
KINDS = {k.kind: k for k in (bidding.BIDDING, bidding.LADDER_HANDS, MADE_MAP, LADDER, problems.PROBLEMS)}
BODY = '{"rules":"ten-point","deals":3,\n"hands":[]}\n'
"""A table's body as its format writes it: kept exactly, line breaks and all."""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own, where the package's reader looks."""
    monkeypatch.setattr(shipped, "FOLDER", tmp_path)
    return tmp_path


def test_a_table_reads_back_as_written_and_is_written_the_same_way_twice(folder: Path) -> None:
    path = shipped.write(bidding.BIDDING, pl.TEN_POINT, BODY, folder)
    assert path == folder / "bidding-ten-point.json.gz"
    assert shipped.read(bidding.BIDDING, pl.TEN_POINT) == BODY
    raw = path.read_bytes()
    # gzip's header (RFC 1952): magic, deflate, no flags (so no file name), mtime 0
    assert raw[:4] == b"\x1f\x8b\x08\x00" and raw[4:8] == b"\x00\x00\x00\x00"
    shipped.write(bidding.BIDDING, pl.TEN_POINT, BODY, folder)
    assert path.read_bytes() == raw
    # what any gzip reader sees: the header line, then the body
    line, body = gzip.decompress(raw).decode().split("\n", 1)
    assert body == BODY
    assert json.loads(line) == {
        "table": "bidding",
        "rules": "ten-point",
        "rules_digest": fingerprint(pl.TEN_POINT),
        "code": 1,
        "script": "python scripts/derive_bidding.py --rules ten-point --workers 2",
    }


def test_a_table_is_the_presets_whatever_its_rules_are_called(folder: Path) -> None:
    """The rules are judged by their fields: ten-point by another name writes and reads
    ten-point's table; a house rule has none, and none is written for it."""
    same = pl.Ruleset(name="my-ten", description="ten-point by another name")
    assert shipped.write(bidding.BIDDING, same, BODY, folder).name == "bidding-ten-point.json.gz"
    assert shipped.read(bidding.BIDDING, pl.TEN_POINT) == BODY
    house = pl.TEN_POINT.replace(target=21)
    assert shipped.read(bidding.BIDDING, house) is None
    with pytest.raises(ValueError, match="no preset"):
        shipped.write(bidding.BIDDING, house, BODY, folder)
    assert shipped.read(LADDER, pl.TEN_POINT) is None  # no such file here


def test_a_table_made_for_other_rules_is_refused_in_one_line(folder: Path) -> None:
    """Thirty-one's table under ten-point's name (as if the ten-point preset had changed since
    it was made): refused, naming the file, the rules it was made for, and the command."""
    made = shipped.write(bidding.BIDDING, pl.ruleset("thirty-one"), BODY, folder)
    made.rename(folder / "bidding-ten-point.json.gz")
    with pytest.raises(StaleTable) as refused:
        shipped.read(bidding.BIDDING, pl.TEN_POINT)
    assert str(refused.value) == (
        "bidding-ten-point.json.gz: it was made for other rules (thirty-one) than ten-point's:"
        " make it again with `python scripts/derive_bidding.py --rules ten-point --workers 2`"
    )
    assert isinstance(refused.value, pl.PitchError) and isinstance(refused.value, pl.StaleTable)


def test_a_table_made_by_another_code_version_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped ten-point tables, read after the bidding's code version is raised: the
    real reader refuses them until they are made again."""
    raised = dataclasses.replace(bidding.BIDDING, code=2)
    monkeypatch.setattr(bidding, "BIDDING", raised)
    with pytest.raises(StaleTable) as refused:
        bidding.shipped_tables.__wrapped__(pl.TEN_POINT)
    assert str(refused.value) == (
        "bidding-ten-point.json.gz: it was made by code version 1, not 2:"
        " make it again with `python scripts/derive_bidding.py --rules ten-point --workers 2`"
    )


def test_a_table_of_another_kind_is_refused(folder: Path) -> None:
    shipped.write(LADDER, pl.TEN_POINT, BODY, folder).rename(folder / "bidding-ten-point.json.gz")
    with pytest.raises(
        StaleTable, match=r"^bidding-ten-point\.json\.gz: it is a ladder table, not a bidding"
    ):
        shipped.read(bidding.BIDDING, pl.TEN_POINT)


@pytest.mark.parametrize(
    "raw",
    [b"not gzip", b"\x1f\x8b\x08\x00", gzip.compress(b'{"rules":"ten-point"}\n'), gzip.compress(b"\xff\n{}")],
    ids=["not gzip", "cut short", "no header", "not text"],
)
def test_a_file_that_is_no_table_is_refused(folder: Path, raw: bytes) -> None:
    (folder / "bidding-ten-point.json.gz").write_bytes(raw)
    with pytest.raises(StaleTable, match=r"^bidding-ten-point\.json\.gz is not a pitchlab table"):
        shipped.read(bidding.BIDDING, pl.TEN_POINT)


def test_the_command_line_shows_a_stale_table_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(problems, "PROBLEMS", dataclasses.replace(problems.PROBLEMS, code=2))
    assert_one_line_error(
        run_main(["problems", "--ruleset", "auction-pitch"], capsys),
        "problems-auction-pitch.json.gz: it was made by code version 1, not 2",
        "`python scripts/make_problems.py --ruleset auction-pitch`",
    )


def test_every_shipped_table_is_compressed_and_speaks_for_todays_rules_and_code() -> None:
    """Nothing but tables in pitchlab/data, each named after its kind and preset, its header
    naming that kind, the preset's rules and today's code version."""
    files = sorted(p.name for p in DATA.iterdir())
    assert files and all(name.endswith(".json.gz") for name in files), files
    seen = set()
    for name in files:
        header, _ = shipped.unpack((DATA / name).read_bytes(), name)
        kind = KINDS[header["table"]]
        rules = pl.ruleset(header["rules"])
        assert name == kind.file(header["rules"])
        shipped.check(kind, header, rules, name, **{k: header[k] for k in kind.inputs})
        assert header["script"] == kind.command(header["rules"])
        seen.add(kind.kind)
    assert seen == set(KINDS)
    # read through the package's readers (the bidding tables and maps: tests/test_isotonic.py)
    assert bidding.ladder_hands(pl.TEN_POINT) is not None
    assert len(problems.load("auction-pitch")) >= 50


def run_script(name: str, *args: str) -> None:
    """``scripts/<name>.py`` run in-process with ``args``."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    script.main(list(args))


def test_the_scripts_write_tables_the_package_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each script that makes a table, on a few deals or games, into a folder of the test's
    own: what it writes is a table of its kind for its rules, which the package's readers take."""
    run_script("derive_bidding", "--rules", "thirteen-card", "--deals", "20", "--out", str(tmp_path))
    run_script(
        "derive_bidding", "--rules", "ten-point", "--deals", "20", "--ladder-hands", "--out", str(tmp_path)
    )
    run_script("derive_ladder", "--deals", "20", "--out", str(tmp_path))
    run_script("fit_made_rate", "--rules", "thirty-one", "--games", "2", "--out", str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "bidding-thirteen-card.json.gz",
        "gamemodel-ten-point-ladder.json.gz",
        "ladder-ten-point.json.gz",
        "made-thirty-one.json.gz",
    ]
    counted = bidding.unmapped_tables(pl.ruleset("thirty-one"))  # the package's, which the map was fitted on
    assert counted is not None
    monkeypatch.setattr(shipped, "FOLDER", tmp_path)
    tables = bidding.shipped_tables.__wrapped__(pl.ruleset("thirteen-card"))
    assert tables is not None and tables.deals == 20 and tables.made_map is None
    hands = bidding.ladder_hands.__wrapped__(pl.TEN_POINT)
    assert hands is not None and len(hands) == 4
    assert ladder.shipped(pl.TEN_POINT).deals == 20
    made = shipped.read(MADE_MAP, pl.ruleset("thirty-one"), won_digest=won_digest(counted.won))
    assert made is not None and MadeMap.from_json(made).games == 2


@pytest.mark.slow
def test_make_problems_writes_a_table_the_practice_pages_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_script(
        "make_problems", "--ruleset", "auction-pitch", "--seeds", "1", "--count", "1", "--out", str(tmp_path)
    )
    assert [p.name for p in tmp_path.iterdir()] == ["problems-auction-pitch.json.gz"]
    monkeypatch.setattr(shipped, "FOLDER", tmp_path)
    found = problems.load("auction-pitch")
    assert found and all(p.ruleset == "auction-pitch" for p in found)
