"""The class store, the same tests on SQLite and on a real PostgreSQL server (tests/classdb.py)."""

from __future__ import annotations

import hashlib
import io
import json

import pytest
import sqlalchemy as sa

from pitchlab.classes import payloads
from pitchlab.classes.experiments import monte_carlo, monte_carlo_payload
from pitchlab.classes.names import CODE_ALPHABET, check_code, check_nickname, fold
from pitchlab.classes.origin import JOINS_PER_ADDRESS_VARIABLE, JOINS_PER_BROWSER_VARIABLE
from pitchlab.classes.payloads import DEALS, HANDS, MONTE_CARLO, REVIEW, TRUMP_COUNT, nickname_seed, seed_for
from pitchlab.classes.pooling import verify
from pitchlab.classes.store import (
    JOINS_PER_ADDRESS,
    JOINS_PER_BROWSER,
    MIGRATIONS,
    SCHEMA_VERSION,
    ClassStore,
    Member,
    join_caps,
    migrate,
    schema_version,
)
from pitchlab.engine.errors import ClassError, PitchError


def counts_payload(member: Member) -> dict[str, object]:
    # 20 hands: 3 with no trump, 5 with one, 7 with two, 4 with three, 1 with four
    return {
        "hands": HANDS,
        "seed": member.seed(TRUMP_COUNT),
        "counts": [3, 5, 7, 4, 1, 0, 0, 0, 0, 0],
    }


def estimate_payload(member: Member, hits: int) -> dict[str, object]:
    return {"deals": DEALS, "seed": member.seed(MONTE_CARLO), "hits": hits}


def snapshot(store: ClassStore, code: str, key: str) -> tuple[object, ...]:
    """Everything a refusal must leave as it was."""
    info = store.info(code)
    return info, store.members(code, key), store.rows(code, key)


# ------------------------------------------------------------------ classes and keys


def test_a_new_class_has_a_readable_code_is_open_and_keeps_no_key(class_store: ClassStore) -> None:
    made = class_store.create_class("  Period   3 ")
    code = made.info.code
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set(code) & set("01IOL")
    assert made.info.title == "Period 3" and made.info.open
    assert (made.info.students, made.info.submissions, made.info.revision) == (0, 0, 0)
    assert [c.code for c in class_store.classes()] == [code]
    with class_store.engine.connect() as conn:
        dumped = " ".join(
            str(row)
            for table in ("pitchlab_classes",)
            for row in conn.execute(sa.text(f"SELECT * FROM {table}"))
        )
    assert made.teacher_key not in dumped  # only a digest is stored


def test_the_teacher_key_opens_the_class_and_nothing_else_does(class_store: ClassStore) -> None:
    made = class_store.create_class()
    other = class_store.create_class()
    code, key = made.info.code, made.teacher_key
    assert class_store.check_key(code.lower(), key).code == code
    for wrong in ("", "x", other.teacher_key, key[:-1], key + "x", "k" * 10_000, key.upper()):
        with pytest.raises(ClassError, match=f"not the teacher key of class {code}"):
            class_store.check_key(code, wrong)
        with pytest.raises(ClassError):
            class_store.rows(code, wrong)
        with pytest.raises(ClassError):
            class_store.set_open(code, wrong, False)
        with pytest.raises(ClassError):
            class_store.reset(code, wrong)
    assert class_store.info(code).open and class_store.info(code).revision == 0


@pytest.mark.parametrize(
    "text", ["", "ABC", "ABCDEFG", "ABCD0E", "<b>AB</b>", "ABCD E", "ÀBCDEF", "A" * 10_000, "ABCDE\n"]
)
def test_a_code_that_cannot_be_one_is_refused_in_one_line(class_store: ClassStore, text: str) -> None:
    with pytest.raises(ClassError, match="is not a class code") as caught:
        class_store.info(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_an_unknown_class_is_named(class_store: ClassStore) -> None:
    with pytest.raises(ClassError, match="there is no class ABCDEF on this server"):
        class_store.join("abcdef", "Ana")


# ------------------------------------------------------------------ students


def test_a_nickname_is_claimed_once_whatever_its_case(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code, key = made.info.code, made.teacher_key
    ana = class_store.join(code, " Ana ")
    assert ana.nickname == "Ana" and ana.code == code
    before = snapshot(class_store, code, key)
    for same in ("ana", "ANA", "Ａｎａ"):
        with pytest.raises(ClassError, match="already called"):
            class_store.join(code, same)
    assert snapshot(class_store, code, key) == before
    assert class_store.members(code, key) == ["Ana"]


@pytest.mark.parametrize(
    "nickname",
    ["", "   ", "<script>x</script>", "a" * 21, "=SUM(A1)", "-1", "Ana\nBob", "Ana;DROP", "Ana\u202e", "😀"],
)
def test_a_nickname_that_is_more_than_a_name_is_refused_and_changes_nothing(
    class_store: ClassStore, nickname: str
) -> None:
    made = class_store.create_class()
    before = snapshot(class_store, made.info.code, made.teacher_key)
    with pytest.raises(ClassError, match="a nickname is 1 to 20 letters and digits"):
        class_store.join(made.info.code, nickname)
    assert snapshot(class_store, made.info.code, made.teacher_key) == before


@pytest.mark.parametrize("nickname", ["Ana", "José", "Zoë M.", "李明", "team_7", "Ana-Lu"])
def test_names_in_any_script_are_welcome(nickname: str) -> None:
    assert check_nickname(nickname) == nickname


def test_the_same_student_rejoins_with_their_token_and_nobody_else_can(class_store: ClassStore) -> None:
    made = class_store.create_class()
    ana = class_store.join(made.info.code, "Ana")
    bob = class_store.join(made.info.code, "Bob")
    assert class_store.rejoin(made.info.code.lower(), "ANA", ana.token) == Member(
        made.info.code, "Ana", ana.token, ana.secret
    )
    for token in (bob.token, "", "t" * 10_000):
        with pytest.raises(ClassError, match="has not joined class"):
            class_store.rejoin(made.info.code, "Ana", token)


# ------------------------------------------------------------------ rows


def test_a_row_is_stored_once_however_often_it_is_sent(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code, key = made.info.code, made.teacher_key
    ana = class_store.join(code, "Ana")
    revision = class_store.revision(code)
    assert class_store.submit(ana, TRUMP_COUNT, counts_payload(ana)) is True
    # the retry after a timeout: the first write had landed
    assert class_store.submit(ana, TRUMP_COUNT, counts_payload(ana)) is False
    assert class_store.revision(code) == revision + 1
    [row] = class_store.rows(code, key)
    assert (row.code, row.experiment, row.nickname, row.slot) == (code, TRUMP_COUNT, "Ana", "")
    assert row.payload == counts_payload(ana)
    assert class_store.info(code).submissions == 1


def test_hand_reviews_count_once_per_hand(class_store: ClassStore) -> None:
    made = class_store.create_class()
    ana = class_store.join(made.info.code, "Ana")
    first = {"hand": 1, "given_away": 2, "decisions": 6, "perfect": 4}
    second = {"hand": 2, "given_away": 0, "decisions": 6, "perfect": 6}
    assert class_store.submit(ana, REVIEW, first, slot="game 7 hand 1")
    assert not class_store.submit(ana, REVIEW, first, slot="game 7 hand 1")
    assert class_store.submit(ana, REVIEW, second, slot="game 7 hand 2")
    assert [r.payload for r in class_store.own(ana, REVIEW)] == [first, second]
    knew = {"hand": 3, "lost_hundredths": 125, "best": 5, "decisions": 6, "given_away": 2, "perfect": 4}
    assert class_store.submit(ana, REVIEW, knew, slot="game 7 hand 3")  # the measure by what she knew
    assert [r.payload for r in class_store.own(ana, REVIEW)][-1] == knew
    bids = knew | {"hand": 4, "choices": 2, "choices_best": 1, "choices_lost_hundredths": 340}
    assert class_store.submit(ana, REVIEW, bids, slot="game 7 hand 4")  # and her bids and trump
    # every shape stored stays as it came, the oldest (hindsight only) first
    assert [r.payload for r in class_store.own(ana, REVIEW)] == [first, second, knew, bids]


def test_a_student_sees_and_writes_only_their_own_rows(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code = made.info.code
    ana, bob = class_store.join(code, "Ana"), class_store.join(code, "Bob")
    class_store.submit(ana, MONTE_CARLO, estimate_payload(ana, 30))
    class_store.submit(bob, MONTE_CARLO, estimate_payload(bob, 40))
    assert [r.payload["hits"] for r in class_store.own(ana, MONTE_CARLO)] == [30]
    assert [r.payload["hits"] for r in class_store.own(bob, MONTE_CARLO)] == [40]
    forged = Member(code, "Bob", ana.token)  # Ana's token, Bob's name
    before = snapshot(class_store, code, made.teacher_key)
    with pytest.raises(ClassError, match="has not joined class"):
        class_store.submit(forged, MONTE_CARLO, estimate_payload(bob, 99))
    with pytest.raises(ClassError, match="has not joined class"):
        class_store.own(forged, MONTE_CARLO)
    assert snapshot(class_store, code, made.teacher_key) == before


def test_a_result_must_come_from_the_students_own_seed(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code = made.info.code
    ana, bob = class_store.join(code, "Ana"), class_store.join(code, "Bob")
    with pytest.raises(ClassError, match="dealt from Ana's own seed"):
        class_store.submit(ana, MONTE_CARLO, estimate_payload(bob, 30))
    # nor from the seed her nickname gave before the server drew secrets (anyone could work it out)
    with pytest.raises(ClassError, match="dealt from Ana's own seed"):
        class_store.submit(
            ana, MONTE_CARLO, {"deals": DEALS, "seed": nickname_seed(code, "Ana", MONTE_CARLO), "hits": 30}
        )
    assert class_store.info(code).submissions == 0


BAD_PAYLOADS: list[tuple[str, object, str]] = [
    (
        MONTE_CARLO,
        {"deals": DEALS, "seed": 1, "hits": DEALS + 1},
        "hits must be a whole number from 0 to 100",
    ),
    (MONTE_CARLO, {"deals": DEALS, "seed": 1, "hits": -1}, "hits must be"),
    (MONTE_CARLO, {"deals": DEALS, "seed": 1, "hits": 10**100}, "hits must be"),
    (MONTE_CARLO, {"deals": DEALS, "seed": 1, "hits": 3.0}, "hits must be"),
    (MONTE_CARLO, {"deals": DEALS, "seed": 1, "hits": True}, "hits must be"),
    (MONTE_CARLO, {"deals": 10**6, "seed": 1, "hits": 3}, "deals must be a whole number from 100 to 100"),
    (MONTE_CARLO, {"deals": DEALS, "seed": 1, "hits": 3, "note": "<b>"}, "holds exactly: deals, seed, hits"),
    (MONTE_CARLO, [1, 2, 3], "an object of named numbers"),
    (
        TRUMP_COUNT,
        {"hands": HANDS, "seed": 1, "counts": [20]},
        "counts must be 10 whole numbers adding up to 20",
    ),
    (TRUMP_COUNT, {"hands": HANDS, "seed": 1, "counts": [21, -1, 0, 0, 0, 0, 0, 0, 0, 0]}, "counts must be"),
    (TRUMP_COUNT, {"hands": HANDS, "seed": 1, "counts": "x" * 10_000}, "counts must be"),
    (REVIEW, {"hand": 1, "given_away": 11, "decisions": 6, "perfect": 4}, "given_away must be"),
    (
        REVIEW,
        {"hand": 1, "given_away": 1, "decisions": 6, "perfect": 7},
        "perfect must be a whole number from 0 to 6",
    ),
    (
        REVIEW,
        {"hand": 1, "lost_hundredths": 50, "best": 7, "decisions": 6, "given_away": 1, "perfect": 4},
        "best must be a whole number from 0 to 6",
    ),
    (
        REVIEW,
        {"hand": 1, "lost_hundredths": 0.5, "best": 5, "decisions": 6, "given_away": 1, "perfect": 4},
        "lost_hundredths must be a whole number",
    ),
    (
        REVIEW,
        {"hand": 1, "lost_hundredths": 5, "decisions": 6, "perfect": 4},
        "a review result holds exactly",
    ),
    (
        REVIEW,
        {
            **{"hand": 1, "lost_hundredths": 5, "best": 5, "decisions": 6, "given_away": 1, "perfect": 4},
            **{"choices": 1, "choices_best": 2, "choices_lost_hundredths": 0},
        },
        "choices_best must be a whole number from 0 to 1",
    ),
    (
        REVIEW,
        {
            **{"hand": 1, "lost_hundredths": 5, "best": 5, "decisions": 6, "given_away": 1, "perfect": 4},
            **{"choices": 5, "choices_best": 0, "choices_lost_hundredths": 0},
        },
        "choices must be a whole number from 0 to 4",
    ),
    (
        REVIEW,
        {
            "hand": 1,
            "lost_hundredths": 5,
            "best": 5,
            "decisions": 6,
            "given_away": 1,
            "perfect": 4,
            "choices": 1,
        },
        "a review result holds exactly",
    ),
    (
        REVIEW,
        {
            **{"hand": 1, "lost_hundredths": 5, "best": 5, "decisions": 6, "given_away": 1, "perfect": 4},
            **{"choices": 1, "choices_best": 0, "choices_lost_hundredths": -1},
        },
        "choices_lost_hundredths must be a whole number",
    ),
    ("poll:nobody-asked", {"choice": 0}, "no experiment is called 'poll:nobody-asked'"),
    ("<img src=x>", {"choice": 0}, "no experiment is called"),
]


@pytest.mark.parametrize(("experiment", "payload", "message"), BAD_PAYLOADS)
def test_a_result_of_the_wrong_shape_is_refused_and_changes_nothing(
    class_store: ClassStore, experiment: str, payload: object, message: str
) -> None:
    made = class_store.create_class()
    ana = class_store.join(made.info.code, "Ana")
    before = snapshot(class_store, made.info.code, made.teacher_key)
    with pytest.raises(ClassError, match=message) as caught:
        class_store.submit(ana, experiment, payload)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value) and len(str(caught.value)) <= 300
    assert snapshot(class_store, made.info.code, made.teacher_key) == before


def test_a_slot_is_a_short_printable_line(class_store: ClassStore) -> None:
    made = class_store.create_class()
    ana = class_store.join(made.info.code, "Ana")
    review = {"hand": 1, "given_away": 0, "decisions": 1, "perfect": 1}
    for slot in ("s" * 65, "a\nb"):
        with pytest.raises(ClassError, match="a slot is at most 64 printable characters"):
            class_store.submit(ana, REVIEW, review, slot=slot)
    assert class_store.info(made.info.code).submissions == 0


def test_a_closed_class_refuses_new_rows_and_students_with_a_message(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code, key = made.info.code, made.teacher_key
    ana = class_store.join(code, "Ana")
    class_store.set_open(code, key, False)
    assert not class_store.info(code).open
    with pytest.raises(ClassError, match=f"class {code} is closed: your teacher is not taking results now"):
        class_store.submit(ana, MONTE_CARLO, estimate_payload(ana, 30))
    with pytest.raises(ClassError, match=f"class {code} is closed: ask your teacher to open it"):
        class_store.join(code, "Bob")
    assert class_store.rows(code, key) == [] and class_store.members(code, key) == ["Ana"]
    class_store.set_open(code, key, True)
    assert class_store.submit(ana, MONTE_CARLO, estimate_payload(ana, 30))


def test_reset_removes_rows_but_keeps_the_students(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code, key = made.info.code, made.teacher_key
    ana = class_store.join(code, "Ana")
    class_store.submit(ana, MONTE_CARLO, estimate_payload(ana, 30))
    class_store.submit(ana, TRUMP_COUNT, counts_payload(ana))
    assert class_store.reset(code, key, MONTE_CARLO) == 1
    assert [r.experiment for r in class_store.rows(code, key)] == [TRUMP_COUNT]
    assert class_store.reset(code, key) == 1
    assert class_store.rows(code, key) == [] and class_store.members(code, key) == ["Ana"]
    # after a reset the student may send again: the experiment starts over
    assert class_store.submit(ana, MONTE_CARLO, estimate_payload(ana, 30))


def test_every_change_bumps_the_revision_a_teacher_polls(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code, key = made.info.code, made.teacher_key
    seen = [class_store.revision(code)]
    ana = class_store.join(code, "Ana")
    seen.append(class_store.revision(code))
    class_store.submit(ana, MONTE_CARLO, estimate_payload(ana, 30))
    seen.append(class_store.revision(code))
    class_store.set_open(code, key, False)
    seen.append(class_store.revision(code))
    class_store.reset(code, key)
    seen.append(class_store.revision(code))
    assert seen == [0, 1, 2, 3, 4]


def test_the_export_is_one_line_per_row_with_a_column_per_number(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code, key = made.info.code, made.teacher_key
    ana, bob = class_store.join(code, "Ana"), class_store.join(code, "Bob")
    class_store.submit(ana, TRUMP_COUNT, counts_payload(ana))
    class_store.submit(bob, MONTE_CARLO, estimate_payload(bob, 41))
    out = io.StringIO()
    assert class_store.export_csv(code, key, out) == 2
    lines = out.getvalue().splitlines()
    assert lines[0] == (
        "class,experiment,nickname,slot,submitted_utc,hands,seed,"
        + ",".join(f"counts_{k}" for k in range(10))
        + ",deals,hits"
    )
    ana_seed, bob_seed = ana.seed(TRUMP_COUNT), bob.seed(MONTE_CARLO)
    assert lines[1].startswith(f"{code},trump-count,Ana,,20")
    assert lines[1].endswith(f",20,{ana_seed},3,5,7,4,1,0,0,0,0,0,,")
    assert lines[2].endswith(f",{bob_seed},,,,,,,,,,,100,41")
    assert lines[1].split(",")[4].endswith("Z")
    with pytest.raises(ClassError):
        class_store.export_csv(code, "wrong", io.StringIO())


def test_deleting_a_class_removes_its_students_and_rows_only(class_store: ClassStore) -> None:
    a, b = class_store.create_class(), class_store.create_class()
    for made in (a, b):
        member = class_store.join(made.info.code, "Ana")
        class_store.submit(member, MONTE_CARLO, estimate_payload(member, 30))
    class_store.delete_class(a.info.code)
    with pytest.raises(ClassError, match="there is no class"):
        class_store.info(a.info.code)
    assert class_store.info(b.info.code).submissions == 1
    with class_store.engine.connect() as conn:
        assert conn.scalar(sa.text("SELECT count(*) FROM pitchlab_rows")) == 1
        assert conn.scalar(sa.text("SELECT count(*) FROM pitchlab_members")) == 1


def test_a_restarted_server_finds_every_row(store_url: str) -> None:
    first = ClassStore(store_url)
    made = first.create_class("kept")
    code, key = made.info.code, made.teacher_key
    ana = first.join(code, "Ana")
    first.submit(ana, MONTE_CARLO, estimate_payload(ana, 30))
    rows = first.rows(code, key)
    first.engine.dispose()  # the server stops
    again = ClassStore(store_url)
    try:
        assert again.rows(code, key) == rows
        assert again.rejoin(code, "Ana", ana.token) == ana
        assert not again.submit(ana, MONTE_CARLO, estimate_payload(ana, 30))
    finally:
        again.engine.dispose()


# ------------------------------------------------------------------ the schema


def test_a_new_database_gets_the_current_schema(class_store: ClassStore) -> None:
    with class_store.engine.connect() as conn:
        assert schema_version(conn) == SCHEMA_VERSION == max(MIGRATIONS)
        assert {"pitchlab_classes", "pitchlab_members", "pitchlab_rows"} <= set(
            sa.inspect(conn).get_table_names()
        )


def test_a_later_schema_step_runs_once_and_keeps_the_rows(empty_store_url: str) -> None:
    class_store = ClassStore(empty_store_url)
    made = class_store.create_class()
    ana = class_store.join(made.info.code, "Ana")
    class_store.submit(ana, MONTE_CARLO, estimate_payload(ana, 30))
    ran: list[int] = []

    def add_note(conn: sa.engine.Connection) -> None:
        ran.append(2)
        conn.execute(sa.text("ALTER TABLE pitchlab_classes ADD COLUMN note VARCHAR(20) DEFAULT ''"))

    later = SCHEMA_VERSION + 1
    steps = {**MIGRATIONS, later: add_note}
    for _ in range(2):
        with class_store.engine.begin() as conn:
            assert migrate(conn, steps) == later
    assert ran == [2]
    with class_store.engine.connect() as conn:
        assert schema_version(conn) == later
        assert "note" in {c["name"] for c in sa.inspect(conn).get_columns("pitchlab_classes")}
    assert class_store.rows(made.info.code, made.teacher_key)[0].payload["hits"] == 30
    class_store.engine.dispose()


def test_a_database_from_a_newer_pitchlab_is_refused(empty_store_url: str) -> None:
    store_url = empty_store_url
    store = ClassStore(store_url)
    with store.engine.begin() as conn:
        conn.execute(sa.text("UPDATE pitchlab_schema SET version = :v"), {"v": SCHEMA_VERSION + 1})
    store.engine.dispose()
    with pytest.raises(ClassError, match=f"has schema {SCHEMA_VERSION + 1}, made by a newer pitchlab"):
        ClassStore(store_url)


def test_a_database_that_cannot_be_reached_is_one_line(tmp_path: object) -> None:
    with pytest.raises(ClassError, match="the class database could not be used"):
        ClassStore("sqlite:////proc/no/such/folder/classes.sqlite")
    with pytest.raises(ClassError, match="not a database URL"):
        ClassStore("not a url")
    with pytest.raises(ClassError, match="runs on SQLite or PostgreSQL"):
        ClassStore("mysql://x@localhost/db")


# ------------------------------------------------------------------ seeds and names


def legacy_seed(code: str, nickname: str, experiment: str) -> int:
    """The seed a nickname gave before the server drew secrets, by its public formula written out
    here: SHA-256 of the class code, the nickname in lower case and the experiment, first 8 bytes."""
    text = f"pitchlab-class/1\n{code}\n{nickname.lower()}\n{experiment}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def test_deals_are_seeded_by_the_server_not_by_the_chosen_nickname(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code, key = made.info.code, made.teacher_key
    ana = class_store.join(code, "Ana")
    seeds = {ana.seed(e) for e in (TRUMP_COUNT, MONTE_CARLO)}
    assert len(seeds) == 2 and all(0 <= s < 2**64 for s in seeds)
    # a page that knows the nickname cannot work out the seed: it is not the nickname's
    assert ana.seed(TRUMP_COUNT) != legacy_seed(code, "ana", TRUMP_COUNT)
    assert nickname_seed(code, "Ana", TRUMP_COUNT) == legacy_seed(code, "ana", TRUMP_COUNT)
    # the store keeps the secret: the same seed on another page, and it is what the row is checked by
    assert class_store.rejoin(code, "Ana", ana.token).seed(TRUMP_COUNT) == ana.seed(TRUMP_COUNT)
    assert class_store.submit(ana, TRUMP_COUNT, counts_payload(ana))
    assert class_store.rows(code, key)[0].seed() == ana.seed(TRUMP_COUNT)
    # the same nickname joining again (after the teacher removed her) deals other hands
    class_store.remove(code, key, "Ana")
    again = class_store.join(code, "Ana")
    assert again.seed(TRUMP_COUNT) != ana.seed(TRUMP_COUNT)
    assert seed_for(again.secret or "", MONTE_CARLO) == again.seed(MONTE_CARLO)


@pytest.mark.parametrize(
    "look_alike", ["\u0410na", "\u0391na", "\u0430na", "An\u0430", "\u0391\u039d\u0391", "ＡＮＡ"]
)
def test_a_nickname_written_with_look_alike_letters_is_the_same_nickname(
    class_store: ClassStore, look_alike: str
) -> None:
    # Cyrillic А (U+0410) and а (U+0430), Greek Α (U+0391) and Ν (U+039D), full-width letters
    made = class_store.create_class()
    class_store.join(made.info.code, "Ana")
    before = snapshot(class_store, made.info.code, made.teacher_key)
    with pytest.raises(ClassError, match=r"already called .* \(written Ana\): choose another nickname"):
        class_store.join(made.info.code, look_alike)
    assert snapshot(class_store, made.info.code, made.teacher_key) == before
    assert class_store.join(made.info.code, "Anna").nickname == "Anna"  # another name is another name


def test_look_alike_letters_fold_to_the_latin_ones() -> None:
    assert fold("\u0410na") == fold("ΑΝΑ") == fold("ana") == "ana"
    assert fold("\u0421\u043e\u0440\u0435") == "cope"  # Cyrillic Се, ор, е: all four look Latin
    assert fold("Ζοë") == fold("Zoë")
    assert fold("李明") == "李明" and fold("José") != fold("Jose")  # other letters stay themselves


def test_joins_are_capped_per_browser_and_per_address(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code, key = made.info.code, made.teacher_key
    for i in range(3):
        class_store.join(code, f"name {i}", browser="b1", address="10.0.0.5", caps=(3, 4))
    before = snapshot(class_store, code, key)
    with pytest.raises(
        ClassError, match=f"^this browser has joined class {code} 3 times already: ask your teacher$"
    ):
        class_store.join(code, "name 3", browser="b1", address="10.0.0.5", caps=(3, 4))
    assert snapshot(class_store, code, key) == before
    class_store.join(code, "name 3", browser="b2", address="10.0.0.5", caps=(3, 4))
    with pytest.raises(
        ClassError, match=r"pages from this network address have joined class .* 4 times already"
    ):
        class_store.join(code, "name 4", browser="b3", address="10.0.0.5", caps=(3, 4))
    class_store.join(code, "name 4", browser="b3", address="10.0.0.6", caps=(3, 4))  # another address
    class_store.join(code, "name 5", caps=(3, 4))  # a page no class server served: not known, not capped
    other = class_store.create_class()  # the caps are per class
    class_store.join(other.info.code, "name 0", browser="b1", address="10.0.0.5", caps=(3, 4))
    # the teacher removing one gives the browser its place back
    class_store.remove(code, key, "name 0")
    class_store.join(code, "name 6", browser="b1", address="10.0.0.7", caps=(3, 4))


def test_the_join_caps_come_from_the_environment() -> None:
    assert join_caps({}) == (JOINS_PER_BROWSER, JOINS_PER_ADDRESS) == (3, 40)
    assert join_caps({JOINS_PER_BROWSER_VARIABLE: "5", JOINS_PER_ADDRESS_VARIABLE: "0"}) == (5, 0)
    assert join_caps({JOINS_PER_BROWSER_VARIABLE: "-1", JOINS_PER_ADDRESS_VARIABLE: "lots"}) == (3, 40)


def test_the_teacher_lists_members_and_removes_one_with_their_rows(class_store: ClassStore) -> None:
    made = class_store.create_class()
    code, key = made.info.code, made.teacher_key
    ana, bob = class_store.join(code, "Ana"), class_store.join(code, "Bob")
    class_store.submit(ana, MONTE_CARLO, estimate_payload(ana, 30))
    class_store.submit(bob, MONTE_CARLO, estimate_payload(bob, 40))
    class_store.submit(bob, TRUMP_COUNT, counts_payload(bob))
    roster = class_store.roster(code, key)
    assert [(j.nickname, j.rows) for j in roster] == [("Ana", 1), ("Bob", 2)]
    assert roster[0].joined <= roster[1].joined and roster[0].joined.tzinfo is not None
    with pytest.raises(ClassError, match="not the teacher key"):
        class_store.remove(code, "wrong", "Bob")
    with pytest.raises(ClassError, match=r"nobody in class .* is called Eve"):
        class_store.remove(code, key, "Eve")
    revision = class_store.revision(code)
    assert class_store.remove(code, key, "BOB") == 2
    assert class_store.revision(code) == revision + 1
    assert class_store.members(code, key) == ["Ana"]
    assert [r.nickname for r in class_store.rows(code, key)] == ["Ana"]
    with pytest.raises(ClassError, match="has not joined class"):  # Bob's page sends nothing more
        class_store.submit(bob, MONTE_CARLO, estimate_payload(bob, 40))


def test_errors_belong_to_the_one_hierarchy() -> None:
    assert issubclass(ClassError, PitchError)
    assert check_code(" k7qm2x ") == "K7QM2X"
    assert json.loads(json.dumps(payloads.check(MONTE_CARLO, {"deals": DEALS, "seed": 0, "hits": 0})))


def test_a_schema_1_store_keeps_its_students_and_rows_and_their_seeds(empty_store_url: str) -> None:
    """A store made before the server drew secrets: its members' seeds came from their nicknames.
    It opens migrated; its rows still check, its members rejoin with the seeds they had, and two
    members whose names now fold alike both stay."""
    made_by_v1 = ClassStore(empty_store_url)
    made = made_by_v1.create_class("last term")
    code, key = made.info.code, made.teacher_key
    tokens: dict[str, str] = {}
    with made_by_v1.engine.begin() as conn:  # the schema as pitchlab wrote it then
        class_id = conn.scalar(sa.text("SELECT id FROM pitchlab_classes"))
        for nickname, folded in (("Ana", "ana"), ("\u0410na", "\u0430na")):  # Latin A, Cyrillic А
            tokens[nickname] = f"token-{len(tokens)}"
            conn.execute(
                sa.text(
                    "INSERT INTO pitchlab_members (class_id, nickname, folded, token_digest, joined) "
                    "VALUES (:c, :n, :f, :t, 1.0)"
                ),
                {
                    "c": class_id,
                    "n": nickname,
                    "f": folded,
                    "t": hashlib.sha256(tokens[nickname].encode()).hexdigest(),
                },
            )
        member_id = conn.scalar(sa.text("SELECT id FROM pitchlab_members WHERE nickname = 'Ana'"))
        payload = {"deals": DEALS, "seed": legacy_seed(code, "ana", MONTE_CARLO), "hits": 0}
        payload["hits"] = monte_carlo(payload["seed"])
        conn.execute(
            sa.text(
                "INSERT INTO pitchlab_rows (class_id, member_id, experiment, slot, payload, at) "
                "VALUES (:c, :m, 'monte-carlo', '', :p, 2.0)"
            ),
            {"c": class_id, "m": member_id, "p": json.dumps(payload)},
        )
        for column in ("secret", "browser", "address"):
            conn.execute(sa.text(f"ALTER TABLE pitchlab_members DROP COLUMN {column}"))
        conn.execute(sa.text("UPDATE pitchlab_schema SET version = 1"))
    made_by_v1.engine.dispose()
    store = ClassStore(empty_store_url)
    try:
        with store.engine.connect() as conn:
            assert schema_version(conn) == SCHEMA_VERSION == 3
        [row] = store.rows(code, key)
        assert row.payload == payload and row.secret is None and verify(row)
        ana = store.rejoin(code, "Ana", tokens["Ana"])
        assert ana.secret is None and ana.seed(MONTE_CARLO) == payload["seed"]
        assert store.rejoin(code, "\u0410na", tokens["\u0410na"]).nickname == "\u0410na"
        assert store.members(code, key) == ["Ana", "\u0410na"]
        with pytest.raises(ClassError, match="already called"):
            store.join(code, "ANA")
        newcomer = store.join(code, "Bo")
        assert newcomer.secret is not None
        assert store.submit(newcomer, MONTE_CARLO, monte_carlo_payload(newcomer.seed(MONTE_CARLO)))
        store.remove(code, key, "\u0410na")  # the one listed so, not Ana, whose name folds alike
        assert store.members(code, key) == ["Ana", "Bo"]
    finally:
        store.engine.dispose()
