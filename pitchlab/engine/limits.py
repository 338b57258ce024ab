"""Every size cap on what pitchlab reads, in one place.

Each cap leaves wide room over what real use produces (figures measured on this
branch), so that only input nobody could mean is refused, in one line, before it
costs memory or time.
"""

from __future__ import annotations

MAX_RECORD_CHARS = 2**20
"""A hand record: the largest a bot-played hand of any ruleset gave was 1,458 characters
(indented), so 1 MiB is hundreds of times that."""

MAX_GAME_CHARS = 4 * 2**20
"""A saved game (``pitchlab-game/1``) grows by about 700 characters a hand: a ten-point game
to 52 gave 32 KB, a 400-hand game 282 KB; 4 MiB holds some 5,000 hands and stays under the
10 MiB a widget's socket carries."""

MAX_SAVE_CHARS = 6 * 2**20
"""A sealed save (``pitchlab-save/1``): its sealed part is a saved game encrypted and written in
base64, 4/3 of the game's length plus about 100 characters, so a game at the cap above seals to
5.6 MiB; the seat's view beside it is a few hundred characters. Still under the socket's 10 MiB."""

MAX_SEND_BYTES = 8 * 2**20
"""What a page's text box may send to the kernel in one message: the server's websocket carries
at most 10 MiB a message (Tornado's default) and closes on more, so this leaves room for the
message around the text. A sealed save at its cap (ASCII) is three quarters of it."""

MAX_BID = 200
"""The highest bid (the moon included) a ruleset may have: the presets' highest is 13
(thirteen-point); the engine builds a table of legal bids for every high bid, quadratic in
this, and a record may now carry a house rule's bids, so they are bounded."""

MAX_DISCARD_HAND = 13
"""The most cards a player may hold when it discards and draws (``exchange="discard-draw"``):
every subset of them is a legal discard, 2**13 = 8,192 here, where the presets hold six (64)."""

MAX_CHANCE_HANDS = 1_000_000
"""Hands for a bid-chances simulation: 500 times the default 2,000, where the estimate's
error is already a tenth of a point; the points of every hand are kept, so the cap bounds memory."""


def too_long(text: str, cap: int, what: str) -> str | None:
    """The one-line reason ``text`` is refused, or None when it is within ``cap``."""
    if len(text) <= cap:
        return None
    return f"{what} is at most {cap:,} characters; this text has {len(text):,}"


MAX_SIMULATE_HANDS = 10_000_000
"""Hands for ``pitchlab simulate``: memory stays flat, but at a few thousand hands a second
ten million is already an hour's run; a bigger number is a typo, not a plan."""

MAX_TOURNAMENT_GAMES = 100_000
"""Games for ``pitchlab tournament``: each takes dozens of hands, so this is hours already."""

MAX_WORKERS = 64
"""Processes the CLI may start to share a simulation: more than any class machine has cores."""

MAX_CACHED_REQUESTS = 256
"""Page requests the class server keeps for preheated kernels whose socket is not open yet
(:mod:`pitchlab.server.querysocket`): far more than the pages a class takes at once (a pool
of 30), and a bound on what kernels that never connect leave behind."""
