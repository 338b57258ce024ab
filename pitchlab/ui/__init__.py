"""pitchlab.ui."""
