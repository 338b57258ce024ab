"""Helpers for building hand-worked deals and driving a hand through its phases.

The trump sets here are written out from RULES.md, not taken from the engine,
so that a test built on them checks the engine against the rules.
"""

from __future__ import annotations

import asyncio
import importlib.util
import re
import sys
from collections import Counter
from collections.abc import Callable, Coroutine, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import pytest

import pitchlab as pl
from pitchlab.bots.principles import SEPARATOR, VOCABULARY
from tests.serving import ServerError, VoilaServer

RANKS_HIGH_TO_LOW = "AKQJT98765432"
SUITS = "SHDC"
SIBLING = {"S": "C", "C": "S", "H": "D", "D": "H"}
"""The other suit of the same colour: hearts<->diamonds, spades<->clubs."""


def deck_codes() -> list[str]:
    """The 54-card ten-point deck: 52 standard cards and the joker twice."""
    return [rank + suit for suit in SUITS for rank in reversed(RANKS_HIGH_TO_LOW)] + ["JK", "JK"]


def trump_codes(suit: str) -> list[str]:
    """The 16 trump of ``suit`` from high to low, as RULES.md orders them:
    A K Q J off-jack joker joker 10 9 8 7 6 5 4 3 2."""
    return [
        "A" + suit,
        "K" + suit,
        "Q" + suit,
        "J" + suit,
        "J" + SIBLING[suit],
        "JK",
        "JK",
        *(rank + suit for rank in "T98765432"),
    ]


def non_trump_codes(suit: str) -> list[str]:
    """The 38 cards that are not trump when ``suit`` is named, in deck order."""
    trump = set(trump_codes(suit))
    return [code for code in deck_codes() if code not in trump]


def cards(text: str) -> list[pl.Card]:
    return [pl.Card(code) for code in text.split()]


def card(code: str) -> pl.Card:
    return pl.Card(code)


def build(
    hands: Sequence[str], stock: str = "", trump: str = "H"
) -> tuple[list[list[pl.Card]], list[pl.Card]]:
    """A whole deal from partial hands and the top of the stock.

    ``hands[seat]`` lists some of that seat's cards and ``stock`` the first
    cards of the stock. Every trump of ``trump`` must be placed explicitly, so
    the hand-worked outcome never depends on filler; the rest of each hand and
    of the stock is filled with cards that are not trump of ``trump``, in deck
    order (seat 0 first, then the stock).
    """
    assert len(hands) == 4
    placed = [[pl.Card(c).code for c in h.split()] for h in hands]
    stock_top = [pl.Card(c).code for c in stock.split()]
    used = Counter(code for h in placed for code in h) + Counter(stock_top)
    missing_trump = Counter(trump_codes(trump)) - used
    assert not missing_trump, f"place every trump by hand; missing {sorted(missing_trump.elements())}"
    too_many = used - Counter(deck_codes())
    assert not too_many, f"cards used more often than the deck holds them: {sorted(too_many)}"
    filler = [code for code in non_trump_codes(trump) if code not in used]
    full_hands: list[list[pl.Card]] = []
    for seat, listed in enumerate(placed):
        assert len(listed) <= 9, f"seat {seat} is given {len(listed)} cards"
        need = 9 - len(listed)
        full_hands.append([pl.Card(c) for c in listed + filler[:need]])
        filler = filler[need:]
    full_stock = [pl.Card(c) for c in stock_top + filler]
    assert len(full_stock) == 18, f"the stock would hold {len(full_stock)} cards"
    return full_hands, full_stock


def deal(hands: Sequence[str], stock: str = "", *, dealer: int = 0, trump: str = "H") -> pl.Hand:
    """The :class:`pl.Hand` of :func:`build`'s deal."""
    full_hands, full_stock = build(hands, stock, trump)
    return pl.Hand.from_cards(pl.TEN_POINT, dealer, full_hands, full_stock)


def written_deal(
    rules: pl.Ruleset | str, hands: Sequence[str], stock: str | None = None, *, dealer: int = 0
) -> pl.Hand:
    """A deal written out card by card, in any ruleset: each seat's cards, then the stock as
    written, or (``stock`` left out) the rest of the ruleset's deck in deck order."""
    ruleset = pl.ruleset(rules) if isinstance(rules, str) else rules
    dealt = [pl.parse_cards(text) for text in hands]
    if stock is None:
        placed = Counter(card for cards in dealt for card in cards)
        undealt = []
        for card in ruleset.deck:  # a card dealt is skipped once (a deck may hold two jokers)
            if placed[card]:
                placed[card] -= 1
            else:
                undealt.append(card)
    else:
        undealt = pl.parse_cards(stock)
    return pl.Hand.from_cards(ruleset, dealer, dealt, undealt)


Table = pl.Hand | pl.Game
"""Something to act on: a hand, or a game (which scores its hand when it ends)."""


def hand_of(table: Table) -> pl.Hand:
    return table.hand if isinstance(table, pl.Game) else table


def bids(table: Table, *values: int | None) -> None:
    """Bid in order from the dealer's left (``None`` is a pass), checking each seat's turn."""
    dealer = hand_of(table).dealer
    for i, value in enumerate(values):
        seat = (dealer + 1 + i) % 4
        action: pl.Action = pl.PASS if value is None else pl.Bid(value)
        table.apply(action, seat=seat)


def name(table: Table, suit: str) -> None:
    table.apply(pl.NameTrump(pl.Suit.parse(suit)), seat=hand_of(table).bidder)


def bury(table: Table, plan: Mapping[int, str]) -> None:
    """Bury the listed cards for each seat, whichever seat the engine asks first."""
    queues = {seat: text.split() for seat, text in plan.items()}
    while hand_of(table).phase is pl.Phase.BURY:
        seat = hand_of(table).to_act
        assert seat is not None
        assert queues.get(seat), f"seat {seat} is asked to bury but the plan has nothing for it"
        table.apply(pl.Bury(pl.Card(queues[seat].pop(0))), seat=seat)
    assert all(not rest for rest in queues.values()), f"cards left to bury: {queues}"


MOVE = re.compile(r"(\d):(\S+)")


def play(table: Table, moves: str) -> None:
    """Play ``"1:4H 2:AH ..."``: each card by the seat worked out by hand to be on turn."""
    for seat, code in MOVE.findall(moves):
        table.apply(pl.Play(pl.Card(code)), seat=int(seat))


def phase(hand: pl.Hand) -> pl.Phase:
    """The hand's phase (a call, so that a type checker does not pin it after an assert)."""
    return hand.phase


def tricks(hand: pl.Hand) -> list[tuple[int, str, tuple[int, ...], int | None]]:
    """Each finished trick as (leader, cards, seats, winner)."""
    return [(t.leader, pl.format_cards(t.cards), t.seats, t.winner) for t in hand.tricks]


def codes(cards_: Sequence[pl.Card]) -> list[str]:
    """Codes sorted, for comparing card collections whatever their order."""
    return sorted(c.code for c in cards_)


def snapshot(hand: pl.Hand) -> dict[str, Any]:
    """Everything observable about a hand (any ruleset, any number of seats), to check that a
    refused action changed nothing, or that a saved hand loads as it was: the one snapshot the
    tests compare. (Not the fast path's action codes: the two identical jokers' slots may swap
    in a round trip, the same action under another code.)"""
    seats = range(hand.rules.players)
    return {
        "record": pl.to_record(hand),
        "phase": hand.phase,
        "to_act": hand.to_act,
        "bidder": hand.bidder,
        "high_bid": hand.high_bid,
        "trump": hand.trump,
        "drawn": list(hand.drawn),
        "stock_used": hand.stock_used,
        "refills": hand.refills,
        "hands": [hand.hand_of(s) for s in seats],
        "playable": [hand.playable(s) for s in seats],
        "buried": [hand.buried_by(s) for s in seats],
        "captured": [hand.captured_by(s) for s in seats],
        "thrown_in": list(hand.thrown_in),
        "called": hand.called,
        "partner": hand.partner,
        "legal": hand.legal_actions(),
        "tricks": hand.tricks,
        "current": hand.current_trick,
        "points": hand.points_by_seat(),
        "redeal": hand.redeal,
    }


def assert_refused(
    hand: pl.Hand,
    action: pl.Action,
    *,
    seat: int | None = None,
    named_seat: int,
    rule: str,
) -> pl.IllegalAction:
    """Apply ``action`` and check it is refused with a message naming the seat,
    the action and the rule (``rule`` is a regex the rule text must match), and
    that nothing changed."""
    before = snapshot(hand)
    with pytest.raises(pl.IllegalAction) as info:
        hand.apply(action, seat=seat)
    err = info.value
    message = str(err)
    assert f"seat {named_seat}" in message, message
    assert str(action) in message, message
    assert err.seat == named_seat
    assert err.action == action
    assert re.search(rule, err.rule, re.IGNORECASE), f"rule {err.rule!r} does not match {rule!r}"
    assert err.rule in message
    assert snapshot(hand) == before
    return err


# ---------------------------------------------------------------- shared deals
#
# Hearts are trump in every one of these. Filler (never trump) completes the
# hands and the stock.

JOKER_DEAL = ("3H QH JH JD", "2H 4H 6H 8H", "JK AH 5H 9H", "JK KH 7H TH")
"""Four trump each, so everyone draws two dead cards and nobody buries.

The stock starts QS KS QC KC AS AC 2D 3D, so with dealer 0 seat 1 draws QS KS,
seat 2 QC KC, seat 3 AS AC and seat 0 2D 3D.
"""
JOKER_STOCK = "QS KS QC KC AS AC 2D 3D"


def joker_deal(dealer: int = 0) -> pl.Hand:
    return deal(JOKER_DEAL, JOKER_STOCK, dealer=dealer)


JOKER_SET_PLAY = "1:2H 2:JK 3:JK 0:3H  2:AH 3:TH 0:JD 1:4H  2:5H 3:KH 0:QH 1:6H  3:7H 0:JH 1:8H 2:9H"
"""The joker deal with seat 1 (team 1) as bidder, leading.

Trick 1: 2H JK JK 3H -> the first joker (seat 2) wins; team 0 takes JK JK 3H = 5.
    The 2H is not captured: it scores 1 for its holder, seat 1 (team 1).
Trick 2 (seat 2 leads): AH TH JD 4H -> AH, seat 2; team 0 takes A, T, off-jack = 3 (8).
Trick 3 (seat 2 leads): 5H KH QH 6H -> KH, seat 3; no points.
Trick 4 (seat 3 leads): 7H JH 8H 9H -> JH, seat 0; team 0 takes the jack = 1 (9).
Team 0 took 9, team 1 took 1 (the two).
"""

JOKER_MADE_PLAY = "2:JK 3:JK 0:3H 1:2H  2:AH 3:TH 0:JD 1:4H  2:5H 3:KH 0:QH 1:6H  3:7H 0:JH 1:8H 2:9H"
"""The joker deal with seat 2 (team 0) as bidder, leading.

Trick 1: JK JK 3H 2H -> the first joker (seat 2); team 0 takes JK JK 3H = 5; 2H is 1 for team 1.
Trick 2: AH TH JD 4H -> seat 2; +3 (8).  Trick 3: 5H KH QH 6H -> KH, seat 3; nothing.
Trick 4 (seat 3 leads): 7H JH 8H 9H -> JH, seat 0; +1 (9). Team 0 took 9, team 1 took 1.
"""

ALL_POINTS_DEAL = ("JK JK TH 3H 2H", "9H 8H 7H", "AH KH QH JH JD", "6H 5H 4H")
"""Team 0 (seats 0 and 2) holds every point card; team 1 holds only 9-4."""

ALL_POINTS_PLAY = "2:AH 3:6H 0:2H 1:9H  2:KH 3:5H 0:3H 1:8H  2:QH 3:4H 0:TH 1:7H  2:JH 0:JK  2:JD 0:JK"
"""Seat 2 bids and leads.

T1 AH 6H 2H 9H -> AH, seat 2 (+1 ace; the 2H scores 1 for its holder, seat 0, team 0).
T2 KH 5H 3H 8H -> seat 2 (+3).  T3 QH 4H TH 7H -> seat 2 (+1 ten).
Seats 1 and 3 are now out of trump and skipped.
T4 JH JK -> jack beats joker, seat 2 (+2).  T5 JD JK -> off-jack beats joker, seat 2 (+2).
Team 0: 1+1+3+1+2+2 = 10, team 1: 0.
"""


def all_points_deal(dealer: int = 0) -> pl.Hand:
    return deal(ALL_POINTS_DEAL, dealer=dealer)


T = TypeVar("T")


def in_own_thread(work: Callable[[], T]) -> T:
    """``work()`` run in a thread of its own; its result, or its exception raised here.

    Once a browser test has run in a pytest-xdist worker, Playwright's sync API keeps an
    asyncio loop marked as running on that worker's test thread for the rest of the session
    (the ``pw`` fixture is session-wide), so ``asyncio.run`` and a second ``sync_playwright``
    refuse there. A fresh thread has no running loop."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(work).result()


def run_async(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(make())`` in a thread of its own (see :func:`in_own_thread`); the coroutine
    is made there too, so none is left un-awaited if the run cannot start."""
    return in_own_thread(lambda: asyncio.run(make()))


@contextmanager
def voila_server(
    extra_args: Sequence[str] = (),
    deadline_s: float = 120,
    ready: str | None = None,
    env: Mapping[str, str] | None = None,
    port: int | None = None,
) -> Iterator[VoilaServer]:
    """A class server for a test: started (``env`` added to its environment; on ``port`` if
    given), waited for (a server that does not start fails the test with its log), and stopped
    on the way out. The one way a test starts a server (tests/lanes.py finds the tests that call it)."""
    server = VoilaServer(extra_args=extra_args, env=env, port=port)
    try:
        try:
            server.wait_until(ready=ready, deadline_s=deadline_s)
        except ServerError as exc:
            pytest.fail(str(exc))
        yield server
    finally:
        server.stop()


def load_benchmark(name: str) -> ModuleType:
    """A script of benchmarks/ as a module (that folder is not a package), for its tests."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"pitchlab_benchmark_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def self_signed(folder: Path, host: str = "127.0.0.1") -> tuple[Path, Path]:
    """A throwaway certificate for ``host`` and its key, in PEM files."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "pitchlab test")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address(host))]), critical=False
        )
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return cert_file, key_file


OPENING = "(?:" + "|".join(re.escape(p.name) for p in VOCABULARY) + ")" + re.escape(SEPARATOR)
"""A pattern for a hint's or reason's opening: a principle of the vocabulary and its separator."""


# ---------------------------------------------------------------- words for a beginner

CODE_SHAPED = {
    "a Python list": re.compile(r"\[\s*-?\d+(?:\s*,\s*-?\d+)+\s*\]"),
    "a seat number": re.compile(r"\bseats? \d", re.IGNORECASE),
    "a team number": re.compile(r"\bteams? \d", re.IGNORECASE),
    "a dotted API name": re.compile(r"\b(?:pl|pitchlab|self|np|hand|rules)\.[a-z_]+"),
    "a method call": re.compile(r"\b[a-z_]+\.[a-z_]+\("),
    "a raw engine refusal": re.compile(r"Not allowed:|\brefused\b|IllegalAction|Traceback"),
    "a bare score pair": re.compile(r"\bscores? -?\d+-\d+"),
    "a Python call in prose": re.compile(r"\b(?:replace|print|assert)\("),
}
"""What code looks like in a page's words; none of it may reach a beginner."""


def code_shaped(text: str) -> list[str]:
    """Every code-shaped piece of ``text``, named, e.g. ``a seat number: 'seat 0'``."""
    return [
        f"{what}: {m.group(0)!r}" for what, pattern in CODE_SHAPED.items() for m in pattern.finditer(text)
    ]
