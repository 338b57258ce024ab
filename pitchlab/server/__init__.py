"""The class server: Voilà with the holes a curious student could use closed.

``pitchlab app`` (and every browser test) serves the pages through
:class:`~pitchlab.server.app.ClassServer`, a Voilà application whose handlers
are swapped, one concern per module, for ones that hold when thirty students
share a machine and one of them opens the developer tools:

- :mod:`pitchlab.server.clients`: who is asking (a signed per-browser cookie).
- :mod:`pitchlab.server.querysocket`: the socket a preheated kernel learns its
  page's address on, which one student's sockets can no longer empty for the class.
- :mod:`pitchlab.server.ownership`: a kernel answers only the browser that claimed
  it first, and is shut down only from its owner's page (a real XSRF check), so a
  closed tab frees its kernel at once.

On the JupyterHub recipe (``deploy/jupyterhub/``) each learner has a Jupyter server
of their own instead: :mod:`pitchlab.server.hub` (logins, names bound to a browser,
wrong logins limited), :mod:`pitchlab.server.hubusers` (a Unix user per learner) and
:mod:`pitchlab.server.learner` (the learner's server answers Voilà's routes alone).

Nothing in the engine imports this package: it needs Voilà, and it only runs
in the server process.
"""

from pitchlab.ui.import_cost import leave_out_unused_imports

leave_out_unused_imports()  # before Jupyter's server imports jsonschema (see pitchlab.ui.import_cost)
