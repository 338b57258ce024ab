"""pitchlab.odds."""
