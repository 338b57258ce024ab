"""pitchlab: ten-point Pitch and its variants, exactly, for learning the game and the probability in it.

Everything a notebook or a script needs is here: ``import pitchlab as pl``.

>>> import pitchlab as pl
>>> hand = pl.Hand.deal(seed=1)
>>> hand.phase
<Phase.BID: 'bid'>
>>> pl.Card("10h")
Card('TH')
"""

from pitchlab.bots.ladder import Ladder
from pitchlab.bots.players import (
    Decision,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    SuitEstimate,
    estimate,
    play_hand,
)
from pitchlab.bots.simulation import BidChances, bid_chances
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
from pitchlab.engine.cards import CARDS, Card, Rank, Suit, format_cards, parse_card, parse_cards
from pitchlab.engine.errors import (
    BadDeal,
    BadRecord,
    BadRuleset,
    CardError,
    IllegalAction,
    PitchError,
    RulesetNameTaken,
    SaveRefused,
    StaleTable,
    UnknownRuleset,
)
from pitchlab.engine.game import Game, ScoredHand
from pitchlab.engine.hand import Hand, Phase, Refill, Trick
from pitchlab.engine.presets import TEN_POINT, register, ruleset, ruleset_names
from pitchlab.engine.record import (
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
from pitchlab.engine.rules import Award, PointCard, Ruleset
from pitchlab.engine.saves import SAVE_FORMAT, open_game, seal_game
from pitchlab.engine.scoring import HandResult
from pitchlab.engine.tricks import card_power, game_points, sort_cards, trick_winner
from pitchlab.engine.view import SeatView
from pitchlab.engine.winning import winner_after
from pitchlab.odds.inference import Posterior, posterior, posterior_given
from pitchlab.odds.stats import Estimate

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
    "StaleTable",
    "Suit",
    "SuitEstimate",
    "ThrowIn",
    "Trick",
    "UnknownRuleset",
    "action_code",
    "bid_chances",
    "card_power",
    "dumps",
    "dumps_game",
    "estimate",
    "format_cards",
    "from_record",
    "game_from_record",
    "game_points",
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
    "sort_cards",
    "summary",
    "to_record",
    "trick_winner",
    "winner_after",
]


def __getattr__(name: str) -> object:
    """``pl.PracticePage``: the practice page, loaded only when a page asks for it, so importing
    the engine never loads the widgets (the page needs the ``app`` extra)."""
    if name == "PracticePage":
        from pitchlab.ui.practice import PracticePage

        return PracticePage
    raise AttributeError(f"module 'pitchlab' has no attribute {name!r}")
