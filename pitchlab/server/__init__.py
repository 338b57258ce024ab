"""The class server: Voilà with the holes a curious student could use closed.

``pitchlab app`` (and every browser test) serves the pages through
:class:`~pitchlab.server.app.ClassServer`, a Voilà application whose handlers
are swapped, one concern per module, for ones that hold when thirty students
share a machine and one of them opens the developer tools:

- :mod:`pitchlab.server.clients`: who is asking (a signed per-browser cookie).
- :mod:`pitchlab.server.querysocket`: the socket a preheated kernel learns its
  page's address on, which one student's sockets can no longer empty for the class.

Nothing in the engine imports this package: it needs Voilà, and it only runs
in the server process.
"""
