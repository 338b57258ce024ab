"""Simulated numbers with honest error bars.

A Monte Carlo answer is only half an answer without its uncertainty: 29.3% from
5,000 deals and 29.3% from 5,000,000 deals are different claims. An
:class:`Estimate` carries the number, its standard error and how many trials
it came from, prints itself the way a lesson should quote it, and answers
"does this agree with the exact value?" with :func:`agrees`.

Two kinds of estimate, because their uncertainty is computed differently:

* a **proportion** (how often something happened) has the binomial standard
  error ``sqrt(p(1-p)/n)``, which depends on nothing but ``p`` and ``n``;
* a **mean** (an average of measured values) has the sample standard
  deviation over ``sqrt(n)``.

One convention everywhere (tables, figures, the command line, the lessons):
a **95% interval**, called that. The normal interval ``value ± z·se`` is what
most people learn first, and it misbehaves for a proportion near 0 or 1: with
no hits it shrinks to the single point 0, as if a few thousand deals had
proved something impossible. The Wilson interval (:meth:`Estimate.wilson`)
inverts the test instead of guessing the spread from the estimate, so it stays
sensible there, and it is the interval :meth:`Estimate.interval` gives for a
proportion. Two answers measured on the same deals are compared by the
interval of their paired differences (:func:`paired_difference`), not by
whether their own intervals overlap.

Standard library only at run time; numpy appears in annotations so that the
one Wilson formula (:func:`wilson_bounds`) serves a single estimate and a
whole convergence curve alike.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING, Literal, TypeVar

from pitchlab.engine.errors import PitchError

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

LEVEL = 0.95
"""The confidence level of every interval pitchlab shows: one convention, everywhere."""

Kind = Literal["proportion", "mean"]
"""What an estimate measures, which decides its standard error and how it prints."""

_F = TypeVar("_F", float, "NDArray[np.float64]")


def z_of(level: float) -> float:
    """The two-sided normal quantile for a confidence ``level``: 1.96 for 0.95."""
    if not 0 < level < 1:
        raise PitchError(f"a confidence level is between 0 and 1, not {level}")
    return NormalDist().inv_cdf(0.5 + level / 2)


def binomial_se(p: _F, n: _F) -> _F:
    """The standard error of a share ``p`` observed in ``n`` trials, on floats or numpy arrays."""
    se: _F = (p * (1 - p) / n) ** 0.5  # float ** float is typed Any; the value is a float here
    return se


def wilson_bounds(p: _F, n: _F, z: float) -> tuple[_F, _F]:
    """The Wilson score interval for an observed share ``p`` of ``n`` trials.

    It is the set of true proportions that a ``z``-sigma score test would not
    reject, which is why it never collapses to a point at ``p = 0`` or ``1``.
    Written with arithmetic only, so it works on floats and on numpy arrays.
    """
    z2 = z * z
    scale = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / scale
    half = z / scale * (p * (1 - p) / n + z2 / (4 * n * n)) ** 0.5
    return centre - half, centre + half


@dataclass(frozen=True)
class Estimate:
    """A simulated number, its standard error, and the number of trials behind it.

    Build one with :func:`proportion`, :func:`mean_of` or :func:`paired_difference`.
    pitchlab quotes every estimate the same way (:data:`LEVEL`): a 95% interval,
    Wilson's for a proportion, ``value ± 1.96·se`` for a mean. ``str()`` gives the
    form a lesson prints, e.g. ``29.1% (95% interval 27.9% to 30.4%, 5,000 deals)``
    or ``5.0 ± 1.5 (95% interval, 8 hands)``.
    """

    value: float
    se: float
    n: int
    kind: Kind = "mean"
    unit: str = "deals"
    """What one trial is, for printing: deals, hands, games."""

    def interval(self, level: float = LEVEL) -> tuple[float, float]:
        """The interval pitchlab quotes: Wilson's for a proportion, :meth:`normal_interval` for a mean."""
        if self.kind == "proportion":
            return self.wilson(level)
        return self.normal_interval(level)

    def normal_interval(self, level: float = LEVEL) -> tuple[float, float]:
        """The normal-approximation ("Wald") interval ``value ± z·se``.

        Right for a mean; for a proportion near 0 or 1 it can leave [0, 1] or
        shrink to a point, which is why :meth:`interval` uses Wilson's there
        and lesson 05 shows the two side by side.
        """
        half = z_of(level) * self.se
        return self.value - half, self.value + half

    def wilson(self, level: float = LEVEL) -> tuple[float, float]:
        """The Wilson interval of a proportion: trustworthy near 0 and 1 where the normal one is not."""
        if self.kind != "proportion":
            raise PitchError("the Wilson interval is for proportions; this estimate is a mean")
        low, high = wilson_bounds(self.value, float(self.n), z_of(level))
        # rounding can leave -1e-16, or 3e-17 above a share of 0, at no hits: the interval
        # holds the share itself and stays within 0 to 1
        return min(max(0.0, low), self.value), max(min(1.0, high), self.value)

    def error_bar(self, level: float = LEVEL) -> tuple[float, float]:
        """How far :meth:`interval` reaches below and above the value, for a plot's error bars
        (unequal for a proportion, whose Wilson interval leans towards one half)."""
        low, high = self.interval(level)
        return self.value - low, high - self.value

    def describe(self, level: float = LEVEL) -> str:
        """The estimate as a lesson quotes it, with its interval at ``level`` (95% unless asked).

        The interval's half-width decides the digits: one significant figure,
        two when it starts with a 1 (rounding 0.14 to 0.1 would understate it
        by a third), at least one decimal; the value is shown to the same
        place, as more digits than the uncertainty supports suggest false
        precision. A mean reads ``value ± half``; a proportion gives its
        Wilson bounds, which are not symmetric about the value.
        """
        scale, sign = (100.0, "%") if self.kind == "proportion" else (1.0, "")
        low, high = self.interval(level)
        half = (high - low) / 2 * scale
        places = 1
        if half > 0:
            exponent = math.floor(math.log10(half))
            places = min(8, max(1, -exponent + (half < 2 * 10**exponent)))
        value = self.value * scale
        label = f"{level * 100:g}% interval"
        if self.kind == "proportion":
            return (
                f"{value:.{places}f}{sign} ({label} {low * scale:.{places}f}{sign} to"
                f" {high * scale:.{places}f}{sign}, {self.n:,} {self.unit})"
            )
        return f"{value:.{places}f} ± {half:.{places}f} ({label}, {self.n:,} {self.unit})"

    def __str__(self) -> str:
        return self.describe()


def proportion(hits: int, n: int, unit: str = "deals") -> Estimate:
    """How often something happened: ``hits`` of ``n`` trials, with the binomial standard error."""
    if n <= 0:
        raise PitchError(f"a proportion needs at least one trial, not {n}")
    if not 0 <= hits <= n:
        raise PitchError(f"hits must be between 0 and the {n:,} trials, not {hits}")
    p = hits / n
    return Estimate(p, binomial_se(p, float(n)), n, "proportion", unit)


def _as_list(values: Iterable[float]) -> list[float]:
    """A sequence or numpy array as a list; an array converts in one call, far quicker than element by element."""
    tolist = getattr(values, "tolist", None)
    return list(tolist() if callable(tolist) else values)


def mean_of(values: Iterable[float], unit: str = "deals") -> Estimate:
    """The average of measured values, with the standard error of a mean (sample sd / sqrt(n)).

    Takes a sequence or a numpy array; an array is turned into a list in one
    call, which is far quicker than walking its elements one by one.
    """
    data = _as_list(values)
    n = len(data)
    if n < 2:
        raise PitchError(f"a mean's standard error needs at least two values, not {n}")
    centre = math.fsum(data) / n
    variance = math.fsum((x - centre) ** 2 for x in data) / (n - 1)
    return Estimate(centre, math.sqrt(variance / n), n, "mean", unit)


def paired_difference(xs: Iterable[float], ys: Iterable[float], unit: str = "deals") -> Estimate:
    """The mean of ``x - y`` over pairs measured on the same deals, with its 95% interval.

    When two answers are played on common deals (the same seeds), most of
    each deal's luck is shared and cancels in the difference. Comparing two
    separate intervals ignores that and looks far less certain than it is;
    the honest question is whether the interval of the *differences*
    excludes 0. ``paired_difference(a, b).interval()`` answers it.
    """
    xs_list = _as_list(xs)
    ys_list = _as_list(ys)
    if len(xs_list) != len(ys_list):
        raise PitchError(
            f"a paired difference needs one y for each x, not {len(xs_list):,} and {len(ys_list):,}"
        )
    return mean_of([x - y for x, y in zip(xs_list, ys_list, strict=True)], unit)


def agrees(estimate: Estimate, exact: float | Fraction, z: float = 4) -> bool:
    """Whether a simulation is consistent with the exact answer, within ``z`` standard errors.

    For a proportion the standard error is taken at the exact value,
    ``sqrt(exact(1-exact)/n)``: that is the spread the simulation would have if
    the exact answer were right, and unlike the estimate's own it is not zero
    when a rare event happened not to occur. For a mean, the sample's own
    standard error is all there is.
    """
    target = float(exact)
    if estimate.kind == "proportion":
        if not 0 <= target <= 1:
            return False
        se = binomial_se(target, float(estimate.n))
    else:
        se = estimate.se
    gap = abs(estimate.value - target)
    return gap <= z * se if se > 0 else gap <= 1e-12


__all__ = [
    "LEVEL",
    "Estimate",
    "Kind",
    "agrees",
    "binomial_se",
    "mean_of",
    "paired_difference",
    "proportion",
    "wilson_bounds",
    "z_of",
]
