"""pitchlab.lessons.tutorial."""
