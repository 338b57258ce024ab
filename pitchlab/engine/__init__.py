"""pitchlab.engine.

The built-in presets are imported here so that they are known (to name a house rule after
the nearest of them, and to tell a ruleset's identity) whichever engine module is imported first.
"""

from pitchlab.engine import presets as presets
