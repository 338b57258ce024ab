"""FROZEN baselines: the bots as they played on commit 67acb9f, kept to measure progress against.

``rule-based-v1`` (:class:`RuleBasedV1`) and ``strong-v1`` (:class:`StrongV1`)
play exactly as that day's ``RuleBasedPlayer()`` and ``StrongPlayer()`` did,
however the live bots (:mod:`pitchlab.bots.players`, :mod:`pitchlab.bots.tactics`,
:mod:`pitchlab.bots.tactics_suit`, :mod:`pitchlab.bots.strong`) and the bidding ladder
change later: a tournament against them says whether a change helped.
``tests/test_bots_v1.py`` holds them to a fixture recorded from that day's
code. They are for comparisons only; nothing teaches from them, and nothing
here is ever edited to improve play.

What is shared with the live code is the engine (hands, rules, cards, the
sampler and the solver, which answer questions of fact); what is frozen is
every choice built on it, and the bidding ladder, read from
``pitchlab/data/ladder-ten-point.json`` by that explicit name and checked
against the content it had that day.
"""

from __future__ import annotations

from pitchlab.bots.v1.players import RuleBasedV1
from pitchlab.bots.v1.strong import StrongV1

__all__ = ["RuleBasedV1", "StrongV1"]
