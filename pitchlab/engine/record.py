"""Hand records: one JSON document per hand, written, validated and replayed.

The format is ``pitchlab-hand/1`` (see the project's HAND-RECORD spec): the
deal (``hands`` and ``stock``), then ``bids``, ``trump``, ``bury`` and
``plays``. Variants add keys of their own, each only where its ruleset has
the phase: ``scores`` (the game scores before the hand, where a bid depends
on them), ``discard`` (per seat, the cards thrown away to draw as many),
``call`` (the card the bidder calls for a partner), and in ``bids`` the
entries ``"moon"`` and ``"throw-in"``. ``ruleset`` is a preset's name, or for any other
ruleset its nearest preset, changes and fingerprint (:mod:`pitchlab.engine.ruleset_identity`).
A record that stops early is a *position*; replaying it gives the
seat to act and its legal actions. Every problem is a
:class:`~pitchlab.engine.errors.BadRecord` naming the key (and index) where it is.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from pitchlab.engine.actions import (
    PASS,
    THROW_IN,
    Action,
    Bid,
    Bury,
    Call,
    Discard,
    NameTrump,
    Pass,
    Play,
    ThrowIn,
)
from pitchlab.engine.cards import Card, Suit, parse_card
from pitchlab.engine.errors import BadRecord, PitchError
from pitchlab.engine.game import Game
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.limits import MAX_GAME_CHARS, MAX_RECORD_CHARS, too_long
from pitchlab.engine.ruleset_identity import from_identity, identity

FORMAT = "pitchlab-hand/1"
REQUIRED = ("format", "ruleset", "dealer", "hands", "stock")
OPTIONAL = ("scores", "bids", "trump", "discard", "bury", "call", "plays")

Record = dict[str, Any]


def to_record(hand: Hand) -> Record:
    """The record of a hand as far as it has gone (a position if unfinished)."""
    record: Record = {
        "format": FORMAT,
        "ruleset": identity(hand.rules),
        "dealer": hand.dealer,
        "hands": [[c.code for c in hand.dealt_to(seat)] for seat in range(hand.rules.players)],
        "stock": [c.code for c in hand.stock_cards],
    }
    rules = hand.rules
    if any(hand.scores):
        record["scores"] = list(hand.scores)
    bids: list[str | int] = ["moon" if b == rules.moon_bid else b if b else "pass" for b in hand.bids]
    for seat, _ in reversed(hand.thrown_in):  # at its turn, before its bid
        bids.insert(hand.position(seat), "throw-in")
    record["bids"] = bids
    if hand.trump is not None:
        record["trump"] = hand.trump.letter
        seats = range(rules.players)
        if rules.exchange == "discard-draw":
            done = {r.seat for r in hand.refills}
            record["discard"] = [
                [c.code for c in hand.cards(hand.discarded[s])] if s in done else None for s in seats
            ]
        if rules.exchange == "refill":
            record["bury"] = [[c.code for c in hand.buried_by(seat)] for seat in seats]
        if hand.called is not None:
            record["call"] = hand.called.code
        record["plays"] = [c.code for c in hand.played_cards]
    return record


def dumps(hand: Hand, indent: int | None = 2) -> str:
    """The record of a hand as JSON text."""
    return json.dumps(to_record(hand), indent=indent, ensure_ascii=False)


def loads(text: str) -> Hand:
    """Read and replay a record from JSON text (at most :data:`~pitchlab.engine.limits.MAX_RECORD_CHARS`)."""
    return from_record(_parse(text, "a hand record", MAX_RECORD_CHARS))


def _parse(text: str, what: str, cap: int) -> object:
    """JSON text parsed, or :class:`BadRecord` in one line: too long, not JSON, or nested
    deeper than Python's parser goes (which raises RecursionError, not a JSON error)."""
    reason = too_long(text, cap, what)
    if reason is not None:
        raise BadRecord("", reason)
    try:
        return json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        raise BadRecord("", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise BadRecord("", f"not {what}: JSON nested too deeply") from None


class _HugeNumber(str):
    """A JSON integer too long to be any field's value, kept as text so the key can be named."""

    def __repr__(self) -> str:
        return f"a {len(self)}-digit number"


def _parse_int(text: str) -> int | _HugeNumber:
    return int(text) if len(text) <= 30 else _HugeNumber(text)


def from_record(data: object) -> Hand:
    """Validate and replay a record (a parsed JSON object) into a :class:`Hand`."""
    if not isinstance(data, Mapping):
        raise BadRecord("", f"a record is a JSON object, not {_json_type(data)}")
    unknown = sorted(set(data) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise BadRecord(unknown[0], f"unknown key (known: {', '.join(REQUIRED + OPTIONAL)})")
    for key in REQUIRED:
        if key not in data:
            raise BadRecord(key, "required key is missing")
    if data["format"] != FORMAT:
        raise BadRecord("format", f"expected {FORMAT!r}, got {data['format']!r}")
    rules = from_identity(data["ruleset"])
    dealer = data["dealer"]
    if not _is_int(dealer) or not 0 <= dealer < rules.players:
        raise BadRecord("dealer", f"expected a seat number 0-{rules.players - 1}, got {dealer!r}")
    hands_data = _list(data, "hands")
    if len(hands_data) != rules.players:
        raise BadRecord(
            "hands", f"{rules.name} deals {rules.players} hands, the record has {len(hands_data)}"
        )
    hands = [_cards(h, f"hands[{seat}]") for seat, h in enumerate(hands_data)]
    stock = _cards(data["stock"], "stock")
    scores = data.get("scores")
    if scores is not None and (
        not isinstance(scores, list) or len(scores) != rules.num_teams or not all(_is_int(v) for v in scores)
    ):
        want = f"{rules.num_teams} whole numbers (the game scores by team)"
        raise BadRecord("scores", f"expected {want}, got {scores!r}")
    try:
        hand = Hand.from_cards(rules, dealer, hands, stock, scores)
    except PitchError as exc:
        where = "stock" if str(exc).startswith("stock") or len(stock) != rules.stock_size else "hands"
        raise BadRecord(where, str(exc)) from None
    _replay(hand, data)
    return hand


def _replay(hand: Hand, data: Mapping[str, Any]) -> None:
    bids = _list(data, "bids")
    for i, value in enumerate(bids):
        action: Action
        if value == "pass":
            action = PASS
        elif value == "throw-in":
            action = THROW_IN
        elif value == "moon" and hand.rules.moon_bid is not None:
            action = Bid(hand.rules.moon_bid)
        elif _is_int(value):
            action = Bid(value)
        else:
            extra = ', "moon"' if hand.rules.moon_bid is not None else ""
            raise BadRecord(f"bids[{i}]", f'expected "pass"{extra} or a whole number, got {value!r}')
        _apply(hand, action, f"bids[{i}]")
    if hand.redeal is not None:
        later = [k for k in ("trump", "discard", "bury", "call", "plays") if data.get(k)]
        if later and not (later == ["bury"] and not any(data["bury"])):
            raise BadRecord(later[0], f"recorded after the deal was void ({hand.redeal})")
        return

    trump = data.get("trump")
    later = _later_keys(data)
    if hand.phase is Phase.BID:
        if trump is not None or later:
            key = "trump" if trump is not None else later[0]
            raise BadRecord(key, "recorded before the bidding is finished")
        return
    if hand.rules.trump_choice == "first-lead":
        _replay_pitched(hand, data)
        return
    if trump is None:
        if later:
            raise BadRecord(later[0], "recorded before trump is named")
        return
    if not isinstance(trump, str):
        raise BadRecord("trump", f"expected a suit letter S, H, D or C, got {trump!r}")
    try:
        suit = Suit.parse(trump)
    except PitchError as exc:
        raise BadRecord("trump", str(exc)) from None
    _apply(hand, NameTrump(suit), "trump")

    _replay_discards(hand, data)
    _replay_bury(hand, data)
    _replay_call(hand, data)
    for i, card in enumerate(_cards(_optional(data, "plays"), "plays")):
        if hand.phase is Phase.BURY:
            raise BadRecord("plays", f"recorded while seat {hand.to_act} still has to bury")
        _apply(hand, Play(card), f"plays[{i}]")


def _replay_discards(hand: Hand, data: Mapping[str, Any]) -> None:
    raw = _optional(data, "discard")
    players = hand.rules.players
    if hand.phase is not Phase.DISCARD:
        if raw:
            raise BadRecord("discard", f"{hand.rules.name} has no discard here")
        return
    if raw == []:
        if _optional(data, "plays") or data.get("call"):
            raise BadRecord("discard", "required once trump is named: one list of cards per seat")
        return
    if not isinstance(raw, list) or len(raw) != players:
        raise BadRecord("discard", f"expected one list per seat ({players}), got {raw!r}")
    for seat, cards in enumerate(raw):
        if cards is not None:
            _cards(cards, f"discard[{seat}]")
    while hand.phase is Phase.DISCARD:
        turn = hand.actor
        if raw[turn] is None:  # a position: this seat has yet to discard
            return
        _apply(hand, Discard(tuple(_cards(raw[turn], f"discard[{turn}]"))), f"discard[{turn}]")


def _replay_call(hand: Hand, data: Mapping[str, Any]) -> None:
    call = data.get("call")
    if hand.phase is not Phase.CALL:
        if call is not None:
            raise BadRecord("call", f"{hand.rules.name} has no partner call here")
        return
    if call is None:
        if _optional(data, "plays"):
            raise BadRecord("call", "required before play: the bidder calls its partner's card")
        return
    try:
        card = parse_card(call)
    except PitchError as exc:
        raise BadRecord("call", str(exc)) from None
    _apply(hand, Call(card), "call")


def _replay_pitched(hand: Hand, data: Mapping[str, Any]) -> None:
    """The play of a ruleset whose first lead names trump: ``trump``, if given, must agree with it."""
    trump = data.get("trump")
    suit = None
    if trump is not None:
        if not isinstance(trump, str):
            raise BadRecord("trump", f"expected a suit letter S, H, D or C, got {trump!r}")
        try:
            suit = Suit.parse(trump)
        except PitchError as exc:
            raise BadRecord("trump", str(exc)) from None
    if _optional(data, "bury") not in ([], [[]] * hand.rules.players):
        raise BadRecord("bury", f"{hand.rules.name} has no bury: every card is played")
    plays = _cards(_optional(data, "plays"), "plays")
    if suit is not None and (not plays or plays[0].suit is not suit):
        raise BadRecord(
            "trump", f"in {hand.rules.name} the bidder's first lead sets trump; it is not {trump}"
        )
    for i, card in enumerate(plays):
        _apply(hand, Play(card), f"plays[{i}]")


def _replay_bury(hand: Hand, data: Mapping[str, Any]) -> None:
    raw = _optional(data, "bury")
    if raw == []:
        raw = [[] for _ in range(hand.rules.players)]
    if not isinstance(raw, list) or len(raw) != hand.rules.players:
        raise BadRecord("bury", f"expected one list per seat ({hand.rules.players}), got {raw!r}")
    queues = [_cards(cards, f"bury[{seat}]") for seat, cards in enumerate(raw)]
    while hand.phase is Phase.BURY:
        seat = hand.actor
        if not queues[seat]:
            # a position: this seat has yet to bury, so nobody may have buried after it
            later = next((s for s, rest in enumerate(queues) if rest), None)
            if later is not None:
                raise BadRecord(f"bury[{later}]", f"recorded while seat {seat}, who buries first, has not")
            return
        _apply(hand, Bury(queues[seat].pop(0)), f"bury[{seat}]")
    for seat, rest in enumerate(queues):
        if rest:
            buried = len(hand.buried_by(seat))
            keep = hand.rules.keep_trump
            if not buried:
                problem = f"seat {seat} holds no more than {keep} trump, so it buries nothing"
            else:
                problem = f"seat {seat} buries {buried} to get down to {keep} trump, not {buried + len(rest)}"
            raise BadRecord(f"bury[{seat}]", problem)


def _apply(hand: Hand, action: Action, where: str) -> None:
    try:
        hand.apply(action)
    except PitchError as exc:
        raise BadRecord(where, str(exc)) from None


def _later_keys(data: Mapping[str, Any]) -> list[str]:
    later = []
    bury = data.get("bury")
    if bury and (not isinstance(bury, list) or any(bury)):
        later.append("bury")
    if data.get("plays"):
        later.append("plays")
    return later


def _optional(data: Mapping[str, Any], key: str) -> Any:
    """A later-phase key: left out, ``null`` and ``[]`` all mean nothing recorded."""
    value = data.get(key)
    return [] if value is None else value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = _optional(data, key)
    if not isinstance(value, list):
        raise BadRecord(key, f"expected a list, got {_json_type(value)}")
    return value


def _cards(value: object, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise BadRecord(where, f"expected a list of card codes, got {_json_type(value)}")
    cards = []
    for i, code in enumerate(value):
        try:
            cards.append(parse_card(code))
        except PitchError as exc:
            raise BadRecord(f"{where}[{i}]", str(exc)) from None
    return cards


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_type(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null"}.get(
        type(value), "a number"
    )


def action_code(action: Action) -> str | int | list[str]:
    """How an action is written in records and replay output: ``"pass"``, ``5``, ``"H"``, ``"TH"``,
    ``"throw-in"``, and a discard as its list of card codes."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return action.value
    if isinstance(action, NameTrump):
        return action.suit.letter
    if isinstance(action, ThrowIn):
        return "throw-in"
    if isinstance(action, Discard):
        return [c.code for c in action.cards]
    return action.card.code


def summary(hand: Hand) -> dict[str, Any]:
    """The replay report of a hand: the result if complete, else whose turn it is."""
    if hand.redeal is not None:
        return {"complete": True, "redeal": hand.redeal, "thrown_in": [seat for seat, _ in hand.thrown_in]}
    if not hand.is_over:
        return {
            "complete": False,
            "phase": str(hand.phase),
            "to_act": hand.to_act,
            "legal": [action_code(a) for a in hand.legal_actions()],
            "bidder": hand.bidder,
            "bid": hand.high_bid or None,
            "trump": hand.trump.letter if hand.trump is not None else None,
            "drawn": list(hand.drawn) if hand.trump is not None else None,
            "points": hand.points_by_team(),
        }
    result = hand.result()
    return {
        "complete": True,
        "bidder": result.bidder,
        "bid": result.bid,
        "trump": result.trump.letter,
        "drawn": list(hand.drawn),
        "buried": [[c.code for c in hand.buried_by(s)] for s in range(hand.rules.players)],
        "tricks": [
            {"leader": t.leader, "cards": [c.code for c in t.cards], "winner": t.winner} for t in hand.tricks
        ],
        "points": list(result.points),
        "made": result.made,
        "score_change": list(result.score_change),
        **({"awards": dict(result.awards), "game_points": hand.game_points()} if result.awards else {}),
        **({"called": hand.called.code, "partner": hand.partner} if hand.called is not None else {}),
    }


# ------------------------------------------------------------------ whole games

GAME_FORMAT = "pitchlab-game/1"
"""A game in progress: every hand so far as a hand record, and the dealing generator's state."""


def game_to_record(game: Game) -> Record:
    """The game so far: its finished hands and the current one (a position if unfinished).

    With the generator's state saved too, a game restored by :func:`game_from_record`
    deals the same next hands as the original would have.
    """
    hands = [to_record(scored.hand) for scored in game.history]
    if not game.history or game.history[-1].hand is not game.hand:
        hands.append(to_record(game.hand))
    version, state, gauss = game.rng.getstate()
    return {
        "format": GAME_FORMAT,
        "ruleset": identity(game.rules),
        "hands": hands,
        "rng": [version, list(state), gauss],
    }


def game_from_record(data: object) -> Game:
    """Validate and replay a saved game; :class:`BadRecord` names what is wrong and where."""
    if not isinstance(data, Mapping):
        raise BadRecord("", f"a saved game is a JSON object, not {_json_type(data)}")
    unknown = sorted(set(data) - {"format", "ruleset", "hands", "rng"})
    if unknown:
        raise BadRecord(unknown[0], "unknown key (known: format, ruleset, hands, rng)")
    if data.get("format") != GAME_FORMAT:
        raise BadRecord("format", f"expected {GAME_FORMAT!r}, got {data.get('format')!r}")
    if "ruleset" not in data:
        raise BadRecord("ruleset", "required key is missing")
    rules = from_identity(data["ruleset"])
    records = data.get("hands")
    if not isinstance(records, list) or not records:
        raise BadRecord("hands", "expected a list of hand records, the current hand last")
    game = Game(rules, seed=0)  # its first deal is replaced by the saved hands below
    game.rng = _rng(data.get("rng"))
    for i, item in enumerate(records):
        if (
            isinstance(item, Mapping)
            and "ruleset" in item
            and from_identity(item["ruleset"], f"hands[{i}].ruleset") != rules
        ):
            raise BadRecord(f"hands[{i}].ruleset", f"every hand of a {rules.name} game is {rules.name}")
        try:
            hand = from_record(item)
        except BadRecord as exc:
            raise BadRecord(f"hands[{i}].{exc.where}" if exc.where else f"hands[{i}]", exc.problem) from None
        if i < len(records) - 1 and not (hand.is_over and hand.redeal is None):
            raise BadRecord(f"hands[{i}]", "only the last hand of a saved game may be unfinished or void")
        if game.winner is not None:
            raise BadRecord(f"hands[{i}]", f"the game was already won by team {game.winner}")
        if list(hand.scores) != game.scores and any(hand.scores):
            raise BadRecord(f"hands[{i}].scores", f"the game's scores before this hand are {game.scores}")
        game.hand = hand
        game.score_if_over()
    return game


def _rng(value: object) -> random.Random:
    """The dealing generator from its saved state (a fresh one if none was saved)."""
    rng = random.Random()
    if value is None:
        return rng
    version: object
    state: Any
    gauss: object
    try:
        version, state, gauss = value  # type: ignore[misc]
        rng.setstate((version, tuple(state), gauss))  # checks the shape and the numbers
    except (TypeError, ValueError, OverflowError):
        raise BadRecord("rng", "not a saved generator state") from None
    return rng


def dumps_game(game: Game) -> str:
    """A game as JSON text (compact: sealed whole into the app's saves, see :mod:`pitchlab.engine.saves`)."""
    return json.dumps(game_to_record(game), separators=(",", ":"))


def loads_game(text: str) -> Game:
    """A game from JSON text (at most :data:`~pitchlab.engine.limits.MAX_GAME_CHARS`)."""
    return game_from_record(_parse(text, "a saved game", MAX_GAME_CHARS))
