"""pitchlab.bots."""
