"""``python -m benchmarks.baseline ARGS``: pitchlab's command line with the frozen baselines
``rule-based-v1`` and ``strong-v1`` among its players (see :mod:`benchmarks.baseline`)."""

from __future__ import annotations

import sys

from benchmarks.baseline import register
from pitchlab import cli

register()
sys.exit(cli.main())
