"""A ruleset's rules in plain words, each phrase built from the ruleset's own fields.

How to play (:func:`pitchlab.ui.guide.howto_lines`), the one-line summary beside the
ruleset menu (:func:`summary_line`) and the "What you know" panel (:mod:`pitchlab.ui.known`)
say what a variant does. Written by hand for each preset they drifted from the rules: a
"follow suit" where a trump lead binds nobody, a dealer's match where only a 10 may be
stolen, "up to 10 points" where every point always reaches the play. Here each sentence is
chosen by the field that decides it (``play_rule``, ``trump_lead_must_follow``,
``dealer_match_min``, ``exchange``, ``win_rule`` ...), so a house rule made with
:meth:`~pitchlab.engine.rules.Ruleset.replace` is described as truly as a preset, and
``tests/test_rule_words.py`` checks every preset's words against hands the engine plays.
"""

from __future__ import annotations

from pitchlab.engine.cards import Suit
from pitchlab.engine.rules import Ruleset
from pitchlab.ui import drawing


def words_list(items: list[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def side_words(rules: Ruleset) -> tuple[str, str, str]:
    """Who a bid binds, as (subject, its verb "lose", possessive): "your team", "loses",
    "your team's"; "you" when each plays alone; "you and your partner" with a called partner."""
    if rules.call_partner:
        return "you and your partner", "lose", "your"
    if drawing.solo(rules):
        return "you", "lose", "your"
    return "your team", "loses", "your team's"


def example_bid(rules: Ruleset) -> int:
    """A bid to explain the promise with: 6 where the ruleset allows it, else its highest."""
    return min(max(6, rules.min_bid), rules.max_bid)


def bid_range(rules: Ruleset) -> str:
    """The numbered bids: "from 4 to 10", "3 or 4", "5"."""
    low, high = rules.min_bid, rules.max_bid
    if low == high:
        return str(low)
    if high == low + 1:
        return f"{low} or {high}"
    return f"from {low} to {high}"


def _partners_across(rules: Ruleset) -> bool:
    """Teams of two whose partners sit opposite each other (seat s with s + players / 2)."""
    half = rules.players // 2
    return rules.num_teams == half and all(rules.teams[s] == rules.teams[s + half] for s in range(half))


def seats_line(rules: Ruleset) -> str:
    """Who plays with whom, and the deal."""
    dealt = rules.players * rules.hand_size
    deck = len(rules.deck)
    if rules.call_partner:
        who = (
            f"{rules.players} players, each scoring alone; the bidder calls a card, and whoever holds it "
            "is the bidder's partner for the hand"
        )
        if rules.called_to_first_lead:
            who += " and must play it to the first trick"
    elif drawing.solo(rules):
        who = f"{rules.players} players, each playing alone"
    else:
        per = rules.players // rules.num_teams
        who = f"{rules.players} players in {rules.num_teams} teams of {per}"
        if per == 2 and _partners_across(rules):
            who += " (partners sit across)"
    if dealt == deck:
        deal = f"all {deck} cards are dealt, {rules.hand_size} each"
    else:
        deal = f"each is dealt {rules.hand_size} of the {deck} cards"
        if rules.stock_rest == "bidder-before-trump":
            deal += f", and the {deck - dealt} left over go to the bidder"
    return f"{who}; {deal}."


def redeal_line(rules: Ruleset) -> str:
    """Deals that are played again or hands that may be changed before the bidding ("" if none)."""
    said = []
    if rules.forced_redeal == "junk":
        said.append(
            "A deal in which someone holds no card that can score and no king or queen is dealt again."
        )
    if rules.throw_in != "none":
        hand = (
            "whose highest card is a ten"
            if rules.throw_in_hand == "top-ten"
            else "holding only threes to nines"
        )
        then = (
            "throw the hand in at its turn to bid, and the same dealer deals again"
            if rules.throw_in == "redeal"
            else f"show the hand at its turn to bid and take {rules.hand_size} new cards from the stock"
        )
        said.append(f"A player {hand} may {then}.")
    return " ".join(said)


def steal_words(rules: Ruleset) -> str:
    """Which high bids the dealer may take by matching them ("" where it may not)."""
    if not rules.dealer_may_match:
        return ""
    if rules.dealer_match_min <= rules.min_bid:
        return "the dealer may take the bid by matching it"
    bids = [f"{v}" for v in range(rules.dealer_match_min, rules.max_bid + 1)]
    if rules.moon_bid is not None:
        bids.append("the moon")
    if len(bids) > 3:
        bids = [f"{rules.dealer_match_min} or more"]
    first, *rest = bids
    named = words_list([f"a bid of {first}" if first[0].isdigit() else first, *rest], "or")
    return f"the dealer may match {named} to steal it, and no lower bid"


def bidding_lines(rules: Ruleset) -> list[str]:
    """The auction, the promise a bid makes and the moon; one line where there is no auction."""
    if not rules.auction:
        return [
            "There is no bidding: the player on the dealer's left is the pitcher and leads first; "
            "nobody can be set, and everyone scores what it takes."
        ]
    who, lose, _ = side_words(rules)
    moon = " or shoot the moon" if rules.moon_bid is not None else ""
    steal = steal_words(rules)
    first = f"Bid {bid_range(rules)}{moon}, or pass; each bid must be higher than the last"
    first += f" ({steal})" if steal else ""
    bid = example_bid(rules)
    first += (
        f". If everyone before the dealer passes, the dealer {rules.stuck_dealer_words}. "
        f"A bid of {bid} says {who} will take at least {bid} of the hand's points; "
        f"fall short and {who} {lose} {bid}."
    )
    lines = [first]
    if rules.moon_bid is not None:
        needs = "every point in play" + (" and every trick" if rules.moon_needs_every_trick else "")
        gain = "wins the game at once" if rules.moon_made is None else f"scores {rules.moon_made}"
        loss = f"costs {rules.moon_set}" if rules.moon_set else "costs nothing"
        only = " (only for a side above zero)" if rules.moon_needs_score_above_zero else ""
        lines.append(f"Shooting the moon{only} promises {needs}: made, it {gain}; failed, it {loss}.")
    return lines


def trump_cards_words(rules: Ruleset) -> str:
    """What trump is made of: "16 cards: the suit's 13, the other jack of its colour and both jokers"."""
    roles = rules.trump_order
    own = sum(1 for r in roles if len(r) == 1)
    extras = [
        f"the other {drawing.RANK_WORDS[r[1]]} of its colour" for r in roles if len(r) == 2 and r[0] == "O"
    ]
    jokers = [r for r in roles if r.startswith("JK")]
    if len(jokers) == 2:
        extras.append("both jokers" if jokers[0] == jokers[1] else "the high and the low joker")
    elif jokers:
        extras.append("the joker")
    if not extras:
        return f"the {own} cards of that suit"
    return f"{len(roles)} cards: the suit's {own}, {words_list(extras)}"


def trump_line(rules: Ruleset) -> str:
    """How trump is chosen and what it holds."""
    cards = trump_cards_words(rules)
    if rules.trump_choice == "first-lead":
        lead = "the bidder" if rules.auction else "the pitcher"
        return f"The suit of the first card {lead} leads is trump: {cards}."
    kitty = " takes the left-over cards, then" if rules.stock_rest == "bidder-before-trump" else ""
    return f"The highest bidder{kitty} names trump: {cards}."


def exchange_line(rules: Ruleset) -> str:
    """What happens between trump and the first trick."""
    if rules.exchange == "none":
        return "The hands are played as dealt: nobody throws away or draws."
    if rules.exchange == "discard-draw":
        never = " (never trump)" if not rules.discard_trump else ""
        moon = (
            "; a moon bidder keeps its hand"
            if rules.moon_bid is not None and rules.moon_skips_exchange
            else ""
        )
        return (
            f"Then each player in turn, from the dealer's left, throws away any cards it chooses{never} "
            f"and draws as many from the stock{moon}."
        )
    said = []
    taker = {"bidder": "the bidder", "dealer": "the dealer"}.get(rules.stock_rest)
    if rules.refill_to == 0:
        said.append("Then everyone keeps only its trump and draws nothing.")
    elif rules.bidder_refills_last:
        said.append(
            f"Then the others, from the dealer's left, throw away every card that is not trump and draw "
            f"back to {rules.refill_to}; the bidder keeps all its cards, takes the rest of the stock and "
            "keeps only its trump."
        )
    else:
        rest = f"; {taker} takes what is left of the stock and keeps its trump" if taker else ""
        said.append(
            "Then each player in turn, from the dealer's left, throws away every card that is not trump "
            f"and draws back to {rules.refill_to}{rest}."
        )
    if rules.refill_to:
        said.append("A drawn card that is not trump is dead: it is never played.")
    to = (
        "the winner of the first trick"
        if rules.buried_to == "first-trick"
        else "the other side, points and all"
    )
    said.append(f"Anyone with more than {rules.keep_trump} trump lays the extra face up; they go to {to}.")
    return " ".join(said)


def play_line(rules: Ruleset) -> str:
    """What may be played to a trick and what wins it."""
    lead = "" if rules.trump_choice == "first-lead" else "The bidder leads the first trick. "
    if rules.play_rule == "trump-only":
        return (
            f"{lead}Only trump are played, any trump to any trick; a player with no trump left sits out. "
            "The highest trump takes the trick, and its winner leads the next."
        )
    to_trump = (
        "To a trump lead, play a trump if you have one"
        if rules.trump_lead_must_follow
        else "To a trump lead, any card may be played"
    )
    return (
        f"{lead}{to_trump}; to a plain lead, play its suit or a trump, and if you have neither, any card. "
        "The highest trump takes the trick, else the highest card of the suit led; its winner leads the next."
    )


def points_words(rules: Ruleset) -> str:
    """The points a hand gives out: "A hand gives out 10 points ...", or "up to 4" and why fewer."""
    total = rules.total_points
    if drawing.points_exact(rules):
        return f"A hand gives out {total} points (see What scores)."
    why = []
    if not drawing.every_trump_in_play(rules):
        why.append("a point card that never reaches the play")
    if any(a.kind == "game" for a in rules.awards):
        why.append("a tied Game")
    return f"A hand gives out up to {total} points (see What scores): {words_list(why, 'or')} scores nobody."


def count_order(rules: Ruleset) -> str:
    """The order points count out at the target: "High, Low, Jack and Game"."""
    named = [
        what.partition(":")[0] if card is None else f"the {what.removesuffix(' of trump')}"
        for card, what, _, _ in drawing.point_rows(Suit.SPADES, rules)
    ]
    return words_list(named)


def win_words(rules: Ruleset) -> str:
    """Who wins the game, and when."""
    target = rules.target
    side = "player" if drawing.solo(rules) or rules.call_partner else "side"
    if rules.win_rule == "bidder-only":
        who = "you bid" if drawing.solo(rules) or rules.call_partner else "your team bid"
        said = f"the game is won only by reaching {target} at the end of a hand {who}"
        if rules.call_partner:
            said += " (a partner at the target plays on)"
    elif rules.win_rule == "bidder-then-most":
        if rules.num_teams == 2:
            said = f"either {side} reaching {target} wins, the bidding {side} if both do on one hand"
        else:
            said = (
                f"the bidding {side} reaching {target} wins; else the {side} with the most points at "
                f"{target} or more wins, and a tie plays on"
            )
    else:
        said = f"the first {side} to reach {target} wins; when several get there on one hand, "
        if rules.win_rule == "count-out":
            said += f"the points count out one by one in the order {count_order(rules)}"
            if rules.auction:
                said += " (a set bidder's loss first, and the bidder's points no earlier than the rest)"
        elif rules.awards:
            said += f"the bidder's points count first, then {count_order(rules)}"
        else:
            said += f"the bidding {side} wins"
    if rules.all_points_wins:
        unless = "" if rules.all_points_wins_in_the_hole else ", unless the bidder's score was below zero"
        said += f"; a bid of {rules.max_bid} that takes all {rules.total_points} points wins at once{unless}"
    return said


def score_line(rules: Ruleset) -> str:
    """The points in a hand, the game's target and who wins it."""
    win = win_words(rules)
    below = " Scores can go below zero." if rules.auction else ""
    return f"{points_words(rules)} {win[0].upper()}{win[1:]}.{below}"


def summary_line(rules: Ruleset) -> str:
    """The ruleset in one line of facts, shown above its description."""
    if rules.call_partner:
        teams = "a called partner each hand"
    elif drawing.solo(rules):
        teams = "each for themself"
    else:
        teams = f"{rules.num_teams} teams of {rules.players // rules.num_teams}"
    if rules.auction:
        bids = f"bids {bid_range(rules).removeprefix('from ').replace(' to ', '-')}"
        bids += " or the moon" if rules.moon_bid is not None else ""
    else:
        bids = "no bidding"
    return (
        f"{rules.players} players, {teams}; {len(rules.deck)} cards, {rules.hand_size} each; "
        f"{bids}; game to {rules.target}."
    )
