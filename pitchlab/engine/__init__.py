"""pitchlab.engine."""
