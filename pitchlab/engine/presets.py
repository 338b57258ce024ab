"""The built-in rulesets: ten-point Pitch (the default game) and every variant of the rules
file as a named preset of the one engine, and the registry that finds a ruleset by its name
(:func:`ruleset`, :func:`ruleset_names`, :func:`register` for a house rule of one's own).

Each preset is data (a :class:`~pitchlab.engine.rules.Ruleset`), most of them another preset
with a few fields changed, so a variant reads as its differences. Once they are made they are
known to :mod:`pitchlab.engine.rules` (:func:`~pitchlab.engine.rules.know_presets`), which names a
house rule after the nearest of them; the package's ``__init__`` imports this module, so
they are known whatever is imported first.
"""

from __future__ import annotations

from pitchlab.engine.cards import CARDS, HIGH_JOKER, LOW_JOKER
from pitchlab.engine.errors import RulesetNameTaken, UnknownRuleset
from pitchlab.engine.rules import (
    Award,
    PointCard,
    Ruleset,
    know_presets,
)

TEN_POINT = Ruleset(
    name="ten-point",
    description=(
        "Ten-point Pitch: four players in two partnerships, 54 cards with two "
        "identical jokers, nine cards each, one bid each from 4 to 10, the bidder "
        "names trump, everyone refills to six trump-only cards, only trump is "
        "played, ten points a hand, game to 52 for the bidding team. Rulings: the "
        "two scores for whoever holds it when play begins, even if buried; every "
        "player with more than six trump buries; a short stock means short hands; "
        "the lead passes clockwise when the winner is out of trump."
    ),
    source="seeds/000",
)

_PLAIN_ORDER = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")

AUCTION_PITCH = Ruleset(
    name="auction-pitch",
    description=(
        "Auction Pitch (Setback): four players, each for themself, 52 cards, six each "
        "dealt three at a time, no stock play. One bid each from 2 to 4; the dealer may "
        "take the contract at the high bid; if everyone else passed it must bid 2, 3 or 4 "
        "(at least 2: so a stuck dealer may smudge). The "
        "bidder's first lead (the pitch) makes its suit trump. A trump lead must be "
        "followed with trump if possible; on a plain lead follow suit or trump; "
        "otherwise play anything. Four points: High and Low to the player dealt them, "
        "Jack to whoever captures it (nobody if it was not dealt), Game to the most "
        "game points taken (ten 10, ace 4, king 3, queen 2, jack 1; a tie scores "
        "nobody). A set bidder loses the bid; the others score what they took. First "
        "to 7; if several reach 7 on one hand, the bidder's points count first, then "
        "High, Low, Jack and Game in turn. Reading taken: four solo players (the "
        "rules allow three or four, solo or partners: derive one with replace())."
    ),
    source="seeds/001, seeds/003",
    players=4,
    teams=(0, 1, 2, 3),
    jokers=(),
    hand_size=6,
    min_bid=2,
    max_bid=4,
    stuck_dealer_bid=2,
    stuck_dealer_may_bid_more=True,
    dealer_may_match=True,
    trump_choice="first-lead",
    play_rule="follow-suit",
    exchange="none",
    trump_order=_PLAIN_ORDER,
    point_cards=(PointCard("J", 1),),
    awards=(Award("high", 1, "holder"), Award("low", 1, "holder"), Award("game", 1)),
    target=7,
    win_rule="bidder-first",
    all_points_wins=False,
)

SMUDGE = AUCTION_PITCH.replace(
    name="smudge",
    description=(
        "Smudge: Auction Pitch, except that a bid of 4 that takes all four points wins "
        "the game at once, unless the bidder's score was below zero. A stuck dealer may smudge "
        "too: it bids 2, 3 or 4."
    ),
    source="seeds/001",
    all_points_wins=True,
    all_points_wins_in_the_hole=False,
)

HIGH_LOW_JACK = AUCTION_PITCH.replace(
    name="high-low-jack",
    description=(
        "High-Low-Jack: four players in two partnerships (partners across), six cards "
        "each dealt three at a time, no exchange; the bidder's first card sets trump. "
        "Bids 2 to 4, the dealer may match the high bid and must bid 2 if all passed. "
        "High, Low, Jack and Game each score for the side whose tricks hold them "
        "(Game tie: nobody). Reading taken: first to 21, the bidding side first when "
        "both reach it on one hand."
    ),
    source="seeds/002",
    teams=(0, 1, 0, 1),
    awards=(Award("high"), Award("low"), Award("game")),
    stuck_dealer_may_bid_more=False,
    target=21,
)

HIGH_LOW_JACK_8 = HIGH_LOW_JACK.replace(
    name="high-low-jack-8",
    description=(
        "Eight-player High-Low-Jack: the four threes are taken out, leaving 48 cards, and "
        "all of them are dealt, six each in threes, so the ace of trump is always High, the "
        "two always Low and the jack always in play. Four partnerships of two seated "
        "alternately (seats 0 and 4, 1 and 5, 2 and 6, 3 and 7). Otherwise High-Low-Jack: "
        "bids 2 to 4, the dealer may match and must bid 2 if all passed, the bidder's first "
        "card sets trump, High, Low, Jack and Game to the capturing side, first to 21, the "
        "bidding side first when several reach it on one hand."
    ),
    players=8,
    teams=(0, 1, 2, 3, 0, 1, 2, 3),
    left_out="3",
    trump_order=tuple(r for r in _PLAIN_ORDER if r != "3"),
)

THIRTEEN_CARD = HIGH_LOW_JACK.replace(
    name="thirteen-card",
    description=(
        "Thirteen-card Pitch: High-Low-Jack for four in partnerships with every card "
        "dealt (thirteen each, in threes and a last single card), bids of 3 or 4 only "
        "(a dealer left alone bids 3), game to 15."
    ),
    source="seeds/002",
    hand_size=13,
    min_bid=3,
    stuck_dealer_bid=3,
    target=15,
)

SIMPLE_PITCH = AUCTION_PITCH.replace(
    name="simple-pitch",
    description=(
        "Simple Pitch: Auction Pitch without the auction. Nobody bids: the dealer's left "
        "(eldest hand) is the pitcher and leads first, and the suit of that lead is trump. "
        "Follow-suit play as in Auction Pitch; High and Low to the player dealt them, Jack "
        "to its capturer (nobody if it was not dealt), Game to the most game points (a tie "
        "scores nobody). Nobody is set: every player scores what it took. Readings taken: "
        "four players each for themself; first to 7, and when several reach 7 on one hand "
        "the points count out strictly in the order High, Low, Jack, Game (the pitcher "
        "has no bid to count first)."
    ),
    source="seeds/003",
    auction=False,
    stuck_dealer_may_bid_more=False,
    win_rule="count-out",
)

AUCTION_PITCH_1 = AUCTION_PITCH.replace(
    name="auction-pitch-1",
    description=(
        "Auction Pitch with bids from 1: one bid each from 1 to 4 (4 is called smudge, or "
        "shooting the moon), each higher than the last, so the dealer cannot take the bid "
        "by matching it. If everyone passes, the dealer included, the deal is void and the "
        "same dealer deals again. Otherwise Auction Pitch: the pitcher's first lead sets "
        "trump, High and Low to the player dealt them, Jack to its capturer, Game to the "
        "most game points, a set pitcher loses its bid, first to 7; when several players "
        "could reach 7 on one hand the points count out strictly in the order High, Low, "
        "Jack, Game, with no precedence for the pitcher (as the source's scoring table "
        "orders them). Reading taken: a made smudge scores its four points like any bid "
        "(the source's side payments are not kept)."
    ),
    source="seeds/003",
    min_bid=1,
    stuck_dealer_bid=1,
    stuck_dealer_may_bid_more=False,
    all_pass_redeal=True,
    dealer_may_match=False,
    win_rule="count-out",
)

ALL_FOURS = AUCTION_PITCH.replace(
    name="all-fours",
    description=(
        "All Fours (the pub game): Auction Pitch for four players in two partnerships "
        "(partners across). One bid each from 2 to 4, the dealer may take the contract at "
        "the high bid and, if everyone passed, must bid at least 2; the bidder's first lead "
        "sets trump; High and Low to the side dealt them, Jack to its capturer (nobody if "
        "not dealt), Game to the most game points. A set side loses its bid. Game to 11; "
        "when several sides could reach 11 on one hand the points count out strictly in "
        "the order High, Low, Jack, Game (reading taken: a set side's loss first, and no "
        "precedence for the bidder's points)."
    ),
    source="seeds/003",
    teams=(0, 1, 0, 1),
    target=11,
    win_rule="count-out",
)

THIRTEEN_POINT = TEN_POINT.replace(
    name="thirteen-point",
    description=(
        "Thirteen-point Pitch: ten-point Pitch with the off-three (the three of the other "
        "suit of trump's colour) as a seventeenth trump, ranked just below the three and "
        "worth 3 points: 13 points a hand, bids 4 to 13. Every ten-point Ruling applies."
    ),
    source="seeds/002",
    trump_order=(*TEN_POINT.trump_order[:-1], "O3", "2"),
    point_cards=(*TEN_POINT.point_cards, PointCard("O3", 3)),
    max_bid=13,
)

CUTTHROAT = AUCTION_PITCH.replace(
    name="cutthroat",
    description=(
        "Cutthroat Pitch: three players, each for themself, six cards each. One bid each "
        "of 2, 3 or 4 (or pass); the dealer may match the high bid and must bid 2 if both "
        "others passed. The bidder names trump; then each player from the dealer's left "
        "discards any cards it likes and draws as many from the stock. Follow-suit play, "
        "the bidder leading. High, Low, Jack and Game each score for whoever captures them "
        "(Game tie: nobody). Game to 11: the bidder at 11 wins outright, otherwise the "
        "most points at 11 or more wins, and a tie plays on. Reading taken: a player "
        "may discard trump too."
    ),
    source="seeds/002",
    players=3,
    teams=(0, 1, 2),
    trump_choice="named",
    exchange="discard-draw",
    awards=(Award("high"), Award("low"), Award("game")),
    stuck_dealer_may_bid_more=False,
    target=11,
    win_rule="bidder-then-most",
)

PARTNERSHIP = CUTTHROAT.replace(
    name="partnership",
    description=(
        "Partnership Pitch: cutthroat's rules for four players in two partnerships "
        "(partners across): bids 2-4 with the dealer's match, named trump, discard and "
        "draw, follow-suit play, High/Low/Jack/Game to the capturing side, game to 21. "
        "The bidding side at 21 wins; the other side wins at 21 only if the bidding side "
        "is below 21."
    ),
    players=4,
    teams=(0, 1, 0, 1),
    target=21,
)

FIVE = PARTNERSHIP.replace(
    name="five",
    description=(
        "Five (five-card bid): partnership Pitch in which the five of trump is worth 5 "
        "points to the side that captures it, 9 points in all; bids 2 to 9."
    ),
    point_cards=(PointCard("J", 1), PointCard("5", 5)),
    max_bid=9,
)

TWO_HANDED = AUCTION_PITCH.replace(
    name="two-handed",
    description=(
        "Two-handed Pitch: two players, nine cards each, no stock play. Bids 2-4; the "
        "dealer must bid 2 if the other passed and may not take the bid by matching. A "
        "player whose highest card is a ten may throw the hand in at its turn to bid, and "
        "the same dealer deals again. The bidder's first lead sets trump; follow-suit play. "
        "High, Low, Jack, Game and the five of trump (1 point) score for whoever captures "
        "them. Game to 21: the bidder at 21 wins, else the higher score at 21. Reading "
        "taken: trump by the first lead, as in every no-exchange game of the source."
    ),
    source="seeds/002",
    players=2,
    teams=(0, 1),
    hand_size=9,
    dealer_may_match=False,
    stuck_dealer_may_bid_more=False,
    point_cards=(PointCard("J", 1), PointCard("5", 1)),
    awards=(Award("high"), Award("low"), Award("game")),
    throw_in="redeal",
    throw_in_hand="top-ten",
    target=21,
    win_rule="bidder-then-most",
)

_DISTINCT_JOKERS = (CARDS[HIGH_JOKER], CARDS[LOW_JOKER])
_TEN_POINT_DISTINCT = (*TEN_POINT.trump_order[:5], "JKH", "JKL", *TEN_POINT.trump_order[7:])
_POINTS_DISTINCT = tuple(
    q
    for p in TEN_POINT.point_cards
    for q in ((PointCard("JKH", p.points), PointCard("JKL", p.points)) if p.role == "JK" else (p,))
)

OKLAHOMA = TEN_POINT.replace(
    name="oklahoma",
    description=(
        "Oklahoma ten-point Pitch: two partnerships, 54 cards with a high and a low joker "
        "(the high one ranks above), six cards dealt. One bid each from 1 to 9, or shoot "
        "the moon (all ten points). The bidder names trump; everyone throws away its "
        "non-trump and draws back to six; the dealer takes what is left of the stock and "
        "keeps its trump (burying any beyond six). Only trump is played; ten points: ace, "
        "jack, off-jack, each joker, ten 1, three 3, and the two 1 for whoever holds it. A "
        "set side loses its bid. A made moon scores 52, a failed one costs 52 (reading "
        "taken: the source gives only the gain). Game to 52: either side reaching 52 wins, "
        "the bidding side if both reach it on the same hand."
    ),
    source="seeds/002",
    jokers=_DISTINCT_JOKERS,
    trump_order=_TEN_POINT_DISTINCT,
    point_cards=_POINTS_DISTINCT,
    hand_size=6,
    min_bid=1,
    max_bid=9,
    stuck_dealer_bid=1,
    moon_bid=10,
    moon_made=52,
    moon_set=52,
    stock_rest="dealer",
    all_points_wins=False,
    win_rule="bidder-then-most",
)

MISSOURI_ELEVEN = OKLAHOMA.replace(
    name="missouri-eleven",
    description=(
        "Missouri eleven-point Pitch: Oklahoma's rules with the off-ace (the ace of the "
        "other suit of trump's colour) as the second-highest trump, worth 1: eleven points. "
        "Bids 3 to 10, or the moon (11: every point). The bidder, not the dealer, takes "
        "the rest of the stock. Game to 52 as in Oklahoma: either side reaching it wins, "
        "the bidding side if both do."
    ),
    trump_order=("A", "OA", *_TEN_POINT_DISTINCT[1:]),
    point_cards=(*_POINTS_DISTINCT, PointCard("OA", 1)),
    min_bid=3,
    max_bid=10,
    stuck_dealer_bid=3,
    moon_bid=11,
    stock_rest="bidder",
)

MISSOURI_ELEVEN_6 = MISSOURI_ELEVEN.replace(
    name="missouri-eleven-6",
    description=(
        "Six-player Missouri eleven-point Pitch: three partnerships of two, partners seated "
        "alternately (seats 0 and 3, 1 and 4, 2 and 5), all 54 cards dealt, nine each, so "
        "there is no stock and nobody draws. Bids 3 to 10 or the moon (11), the bidder names "
        "trump, and each player then discards three cards: reading taken, it keeps its trump "
        "up to six and lays any trump beyond six face up (to the first trick's winner, the "
        "two staying with its holder, as in ten-point); its other discards are plain cards, "
        "which could never be played. Otherwise as Missouri eleven: only trump is played, "
        "eleven points, game to 52, either side reaching it wins (the bidding side if two "
        "sides do; reading taken: if two other sides reach it, the higher score wins and a "
        "tie plays on)."
    ),
    players=6,
    teams=(0, 1, 2, 0, 1, 2),
    hand_size=9,
    refill_to=0,
    stock_rest="none",
)

CALL_PARTNER = TEN_POINT.replace(
    name="call-partner",
    description=(
        "Call-your-partner Pitch: ten-point Pitch for four with no fixed partners. Once "
        "trump is named and the hands are set up, the bidder calls a card it does not hold (a joker only when it holds the other); "
        "whoever holds it is its partner for the hand (nobody, if the card is out of play: "
        "the bidder plays alone), known to the table when the card is played. Ruling: a "
        "card buried face up may not be called (its holder is already known, so the call "
        "would hide nothing). Scores are "
        "kept per player: the bidder and partner each score their side's points, or each "
        "lose the bid if set; every other player scores the points it took itself. A "
        "player wins at 52 only at the end of a hand it bid."
    ),
    source="seeds/002",
    teams=(0, 1, 2, 3),
    call_partner=True,
)

RAZZLE_DAZZLE = CALL_PARTNER.replace(
    name="razzle-dazzle",
    description=(
        "Razzle-Dazzle: five players, ten-point cards and points, nine cards each and a "
        "kitty of nine. One bid each from 5 to 10; the bidder takes the kitty, then names "
        "trump. Everyone keeps only trump and draws nothing; anyone with more than six "
        "trump (the bidder, usually) buries the extra face up. The bidder then calls a card "
        "for a partner (never a card buried face up: Ruling, as in call-partner), and whoever "
        "holds it must play it to the bidder's first lead, so the table knows the partner "
        "after one trick; a set bidder takes its partner down with it. Scores per player, "
        "game to 52 for a bidder. Readings taken: five players, a kitty of nine."
    ),
    players=5,
    teams=(0, 1, 2, 3, 4),
    min_bid=5,
    stuck_dealer_bid=5,
    stock_rest="bidder-before-trump",
    refill_to=0,
    called_to_first_lead=True,
)

DRAW_PITCH = PARTNERSHIP.replace(
    name="draw-pitch",
    description=(
        "Draw Pitch (partnership draw, New Yorker): two partnerships, six cards dealt in "
        "threes. A player dealt only threes to nines may show the hand at its turn to bid "
        "and take six new cards from the stock. One bid each: 2, 3, 4 or moon; no matching, "
        "and a dealer left alone bids 2. The bidder names trump; each player from the "
        "dealer's left throws away cards it does not want, never trump, and is dealt as "
        "many again (a moon bidder keeps its hand). Trump may be played at any time: the "
        "only duty is to follow a plain suit led, or trump. High, Low, Jack and Game to the "
        "capturing side. A moon must take every point in play and every trick, and a made "
        "moon wins the game at once (reading taken); a failed moon costs 5 (reading taken). "
        "Ruling: when the jack of trump was never dealt only three points are in play, and "
        "a moon that takes High, Low, Game and every trick is made. Game to 15."
    ),
    dealer_may_match=False,
    moon_bid=5,
    moon_made=None,
    moon_set=5,
    moon_needs_every_trick=True,
    moon_skips_exchange=True,
    discard_trump=False,
    trump_lead_must_follow=False,
    throw_in="replace",
    throw_in_hand="three-to-nine",
    target=15,
)

THIRTY_ONE = TEN_POINT.replace(
    name="thirty-one",
    description=(
        "Thirty-one-point Pitch: ten-point Pitch with a high and a low joker (high above "
        "low). A deal where someone holds no possible point card and no king or queen is "
        "dealt again. A dealer whom everyone passed must bid, 4 or more. Bids 4 to 10 or shoot the moon (+20 if every point is taken, -20 if "
        "not; only for a side above zero); the dealer may steal a 10 or a moon by matching "
        "it. After trump is named the other players refill first (throw away non-trump, "
        "draw to six, keep what they draw); the bidder keeps all nine, takes the rest of "
        "the stock and keeps its trump. Anyone left with more than six trump discards the "
        "extra to the opponents' pile, with its points: a discarded two scores for the "
        "opponents too; only a two that is played scores for whoever played it. Game to 31; "
        "when both sides cross on one hand the bidding side wins."
    ),
    source="seeds/004",
    jokers=_DISTINCT_JOKERS,
    trump_order=_TEN_POINT_DISTINCT,
    point_cards=_POINTS_DISTINCT,
    forced_redeal="junk",
    stuck_dealer_may_bid_more=True,
    moon_bid=11,
    moon_made=20,
    moon_set=20,
    moon_needs_score_above_zero=True,
    dealer_may_match=True,
    dealer_match_min=10,
    bidder_refills_last=True,
    buried_to="opponents",
    target=31,
    win_rule="bidder-first",
    all_points_wins=False,
)

_REGISTRY: dict[str, Ruleset] = {
    r.name: r
    for r in (
        TEN_POINT,
        AUCTION_PITCH,
        SMUDGE,
        CUTTHROAT,
        PARTNERSHIP,
        FIVE,
        HIGH_LOW_JACK,
        TWO_HANDED,
        OKLAHOMA,
        THIRTEEN_POINT,
        MISSOURI_ELEVEN,
        CALL_PARTNER,
        RAZZLE_DAZZLE,
        THIRTEEN_CARD,
        DRAW_PITCH,
        THIRTY_ONE,
        HIGH_LOW_JACK_8,
        MISSOURI_ELEVEN_6,
        SIMPLE_PITCH,
        AUCTION_PITCH_1,
        ALL_FOURS,
    )
}


def ruleset(name: str = "ten-point") -> Ruleset:
    """The named preset, e.g. ``ruleset("ten-point")``."""
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownRuleset(f"unknown ruleset {name!r} (known: {known})") from None


def ruleset_names() -> list[str]:
    """Names of every registered preset, sorted."""
    return sorted(_REGISTRY)


def register(rules: Ruleset) -> Ruleset:
    """Add a preset to the registry under its name and return it.

    Registering the identical ruleset again is harmless; a name that stands for other
    rules is refused (:class:`RulesetNameTaken`), so a preset is never silently replaced."""
    taken = _REGISTRY.get(rules.name)
    if taken is not None and taken != rules:
        raise RulesetNameTaken(
            f"the ruleset name {rules.name!r} is taken by other rules; give yours another name"
        )
    _REGISTRY[rules.name] = rules
    return rules


know_presets(_REGISTRY)
