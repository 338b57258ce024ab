"""Benchmarks: scripts run from a clone (``python benchmarks/NAME.py``), each printing figures,
and the frozen baseline bots (:mod:`benchmarks.baseline`) they measure the live bots against."""
