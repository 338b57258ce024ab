# pitchlab's class hub on one machine: JupyterHub, configurable-http-proxy, a Jupyter server
# per learner that opens the app in Voila. Run as root, from anywhere:
#
#   PITCHLAB_CLASS_CODE=some-code jupyterhub -f deploy/jupyterhub/jupyterhub_config.py
#   jupyterhub -f deploy/jupyterhub/jupyterhub_config.py --ClassAuthenticator.accounts_file=accounts.txt
#
# and open http://127.0.0.1:8000 (--JupyterHub.bind_url=http://0.0.0.0:8000 to serve a classroom
# network, behind TLS: --ssl-key / --ssl-cert). README.md, "Past one machine: JupyterHub", says the rest.
#
# Each learner's server runs as a Unix user of its own (pitchlab-NAME, made at first login:
# pitchlab.server.hubusers), so the Python below and the pages must be readable by other users
# (a system Python or an environment under /opt, not under /root). State goes in
# $PITCHLAB_HUB_STATE, by default /var/lib/pitchlab-hub:
#   hub/        the hub's database, cookie secret, names file: the hub's user alone (0700)
#   classes/    the class store: the hub and the learners' group (2770), no one else
#   singleuser/ the learners' server settings (read-only to them)
#   homes/      one home folder per learner (0700 each)
# Never inside the pages' folder, which every learner's server serves.
#
# Without root (PITCHLAB_HUB_SHARED_USER=1) every learner's server runs as the hub's own user
# instead: no isolation between learners or from the hub, for a try-out on a trusted machine.
import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

from jupyterhub.spawner import SimpleLocalProcessSpawner

from pitchlab.server.hub import (
    DEFAULT_URL,
    ClassAuthenticator,
    class_db_url,
    runtime_dirs,
    write_singleuser_config,
)
from pitchlab.server.hubusers import (
    LearnerSpawner,
    group_file,
    group_folder,
    private_folder,
    unreachable,
)
from pitchlab.server.launcher import pages_root

c = get_config()  # noqa: F821  (JupyterHub provides it when it reads this file)

HERE = Path(__file__).resolve().parent
ISOLATED = os.geteuid() == 0
if not ISOLATED and os.environ.get("PITCHLAB_HUB_SHARED_USER") != "1":
    sys.exit(
        "pitchlab hub: run it as root, so each learner's server runs as a user of its own "
        "(or set PITCHLAB_HUB_SHARED_USER=1 for a try-out with no isolation)"
    )
DEFAULT_STATE = "/var/lib/pitchlab-hub" if ISOLATED else Path.home() / ".local" / "state" / "pitchlab-hub"
STATE = Path(os.environ.get("PITCHLAB_HUB_STATE", DEFAULT_STATE)).resolve()
STATE.mkdir(parents=True, exist_ok=True)
STATE.chmod(0o711)  # learners may pass through to their folders, not list it
HUB = private_folder(STATE / "hub")
LEARNER_PYTHON = os.environ.get("PITCHLAB_HUB_LEARNER_PYTHON", sys.executable)
"""The Python each learner's server runs: this one unless told (it must be readable by them)."""
PREFIX = os.environ.get("PITCHLAB_HUB_USER_PREFIX", "pitchlab-")
"""Learners' Unix users are PREFIX + their name, all in the group PREFIX + "learners"."""
GROUP = f"{PREFIX}learners"

# --- the hub and its proxy, on the loopback address unless told otherwise
c.JupyterHub.bind_url = "http://127.0.0.1:8000"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.db_url = f"sqlite:///{HUB / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(HUB / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(HUB / "proxy.pid")
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:8001"
# the proxy that `npm ci --prefix deploy/jupyterhub/node` installs (.ci/run does it); else the PATH's
proxy = HERE / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
if proxy.exists():
    c.ConfigurableHTTPProxy.command = [str(proxy)]

# --- who may log in: teacher-made accounts and/or a class code (pitchlab/server/hub.py)
c.JupyterHub.authenticator_class = ClassAuthenticator
# which browser took each class-code name, kept across restarts
c.ClassAuthenticator.names_file = str(HUB / "names.json")

# --- each learner's server: Jupyter Server with Voila's extension, opening the app, and
# nothing else a browser could reach (pitchlab.server.learner)
RUNTIME = tempfile.mkdtemp(prefix="pitchlab-hub-")  # kernels' sockets: a short path of their own
atexit.register(shutil.rmtree, RUNTIME, ignore_errors=True)  # after the hub has stopped the servers
SINGLEUSER = write_singleuser_config(STATE / "singleuser").parent
SINGLEUSER.chmod(0o755)
if ISOLATED:
    blocked = unreachable([Path(LEARNER_PYTHON), pages_root(), SINGLEUSER, STATE])
    if blocked is not None:
        sys.exit(
            f"pitchlab hub: the learners' users cannot enter {blocked}: install pitchlab and its "
            "Python where every user may read them (or set PITCHLAB_HUB_LEARNER_PYTHON), and keep "
            "PITCHLAB_HUB_STATE outside private folders"
        )
    # class experiments: every learner's kernels write to one class store (pitchlab class create
    # with the same PITCHLAB_CLASS_DB makes its classes); the SQLite file made here, for the
    # learners' group, unless PITCHLAB_CLASS_DB names a PostgreSQL server
    c.JupyterHub.spawner_class = LearnerSpawner
    c.LearnerSpawner.user_prefix = PREFIX
    c.LearnerSpawner.group = GROUP
    c.LearnerSpawner.homes = str(STATE / "homes")
    c.LearnerSpawner.runtime_root = RUNTIME
    os.chmod(RUNTIME, 0o711)
    CLASSES = group_folder(STATE / "classes", GROUP)
    CLASS_DB = class_db_url(CLASSES)
    if f"sqlite:///{CLASSES / 'classes.sqlite'}" == CLASS_DB:
        group_file(CLASSES / "classes.sqlite")
    ENVIRONMENT = {}
else:
    # no isolation: every learner's server runs as this user, a home each under the state folder
    c.JupyterHub.spawner_class = SimpleLocalProcessSpawner
    c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "homes" / "{username}")
    CLASS_DB = class_db_url(STATE)
    ENVIRONMENT = {"JUPYTER_RUNTIME_DIR": runtime_dirs(Path(RUNTIME))}
c.Spawner.cmd = [LEARNER_PYTHON, "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = DEFAULT_URL
c.Spawner.disable_user_config = True
c.Spawner.environment = {
    # the pages' folder, voila.json's culling, kernels over IPC, no tracebacks, as pitchlab app
    # has them, and only Voila's routes (pitchlab.server.hub.singleuser_config)
    "JUPYTER_CONFIG_PATH": str(SINGLEUSER),
    "PITCHLAB_CLASS_DB": CLASS_DB,
    **ENVIRONMENT,
}
# a class arriving together starts many servers at once on few cores: give each time
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
