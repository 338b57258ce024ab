"""``python -m pitchlab.server``: Voilà's command line, served by the class server."""

from pitchlab.server.app import main

main()
