"""pitchlab.studies."""
