"""``python -m pitchlab``: see :mod:`pitchlab.cli`."""

from pitchlab.cli import main

raise SystemExit(main())
