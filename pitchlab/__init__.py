"""pitchlab: ten-point Pitch and its variants, exactly, for learning the game and the probability in it.

Everything a notebook or a script needs is here: ``import pitchlab as pl``.

>>> import pitchlab as pl
>>> hand = pl.Hand.deal(seed=1)
>>> hand.phase
<Phase.BID: 'bid'>
>>> pl.Card("10h")
Card('TH')
"""

from pitchlab.actions import PASS, THROW_IN, Action, Bid, Bury, Call, Discard, NameTrump, Pass, Play, ThrowIn
from pitchlab.cards import CARDS, Card, Rank, Suit, format_cards, parse_card, parse_cards
from pitchlab.errors import (
    BadDeal,
    BadRecord,
    BadRuleset,
    CardError,
    IllegalAction,
    PitchError,
    RulesetNameTaken,
    SaveRefused,
    UnknownRuleset,
)
from pitchlab.game import Game, ScoredHand, winner_after
from pitchlab.hand import Hand, HandResult, Phase, Refill, Trick
from pitchlab.inference import Posterior, posterior, posterior_given
from pitchlab.ladder import Ladder
from pitchlab.players import (
    Decision,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    SuitEstimate,
    estimate,
    play_hand,
)
from pitchlab.record import (
    FORMAT,
    GAME_FORMAT,
    action_code,
    dumps,
    dumps_game,
    from_record,
    game_from_record,
    game_to_record,
    loads,
    loads_game,
    summary,
    to_record,
)
from pitchlab.rules import TEN_POINT, Award, PointCard, Ruleset, register, ruleset, ruleset_names
from pitchlab.saves import SAVE_FORMAT, open_game, seal_game
from pitchlab.simulation import BidChances, bid_chances
from pitchlab.stats import Estimate
from pitchlab.view import SeatView

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "FORMAT",
    "GAME_FORMAT",
    "PASS",
    "SAVE_FORMAT",
    "TEN_POINT",
    "THROW_IN",
    "Action",
    "Award",
    "BadDeal",
    "BadRecord",
    "BadRuleset",
    "Bid",
    "BidChances",
    "Bury",
    "Call",
    "Card",
    "CardError",
    "Decision",
    "Discard",
    "Estimate",
    "Game",
    "Hand",
    "HandResult",
    "IllegalAction",
    "Ladder",
    "NameTrump",
    "Pass",
    "Phase",
    "PitchError",
    "Play",
    "Player",
    "PointCard",
    "Posterior",
    "RandomPlayer",
    "Rank",
    "Refill",
    "RuleBasedPlayer",
    "Ruleset",
    "RulesetNameTaken",
    "SaveRefused",
    "ScoredHand",
    "SeatView",
    "Suit",
    "SuitEstimate",
    "ThrowIn",
    "Trick",
    "UnknownRuleset",
    "action_code",
    "bid_chances",
    "dumps",
    "dumps_game",
    "estimate",
    "format_cards",
    "from_record",
    "game_from_record",
    "game_to_record",
    "loads",
    "loads_game",
    "open_game",
    "parse_card",
    "parse_cards",
    "play_hand",
    "posterior",
    "posterior_given",
    "register",
    "ruleset",
    "ruleset_names",
    "seal_game",
    "summary",
    "to_record",
    "winner_after",
]
