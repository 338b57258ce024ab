# pitchlab's class hub on one machine: JupyterHub, configurable-http-proxy, a Jupyter server
# per learner that opens the app in Voila. Run from anywhere:
#
#   PITCHLAB_CLASS_CODE=some-code jupyterhub -f deploy/jupyterhub/jupyterhub_config.py
#   jupyterhub -f deploy/jupyterhub/jupyterhub_config.py --ClassAuthenticator.accounts_file=accounts.txt
#
# and open http://127.0.0.1:8000 (--JupyterHub.bind_url=http://0.0.0.0:8000 to serve a classroom
# network, behind TLS: --ssl-key / --ssl-cert). README.md, "Past one machine: JupyterHub", says the rest.
#
# State (the hub's database, cookie secret, each learner's home) goes in $PITCHLAB_HUB_STATE,
# by default ~/.local/state/pitchlab-hub: never inside the pages' folder, which every learner's
# server serves.
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

c = get_config()  # noqa: F821  (JupyterHub provides it when it reads this file)

HERE = Path(__file__).resolve().parent
STATE = Path(
    os.environ.get("PITCHLAB_HUB_STATE", Path.home() / ".local" / "state" / "pitchlab-hub")
).resolve()
STATE.mkdir(parents=True, exist_ok=True)

# --- the hub and its proxy, on the loopback address unless told otherwise
c.JupyterHub.bind_url = "http://127.0.0.1:8000"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:8001"
# the proxy that `npm ci --prefix deploy/jupyterhub/node` installs (.ci/run does it); else the PATH's
proxy = HERE / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
if proxy.exists():
    c.ConfigurableHTTPProxy.command = [str(proxy)]

# --- who may log in: teacher-made accounts and/or a class code (pitchlab/server/hub.py)
c.JupyterHub.authenticator_class = ClassAuthenticator

# --- each learner's server: Jupyter Server with Voila's extension, opening the app.
# SimpleLocalProcessSpawner runs every learner's server as the hub's own user, with a home
# folder each under the state folder: no isolation between learners (a kernel runs any code
# as that user), so keep it to a machine whose learners you trust, or spawn one container
# each (Kubernetes, see the README).
c.JupyterHub.spawner_class = SimpleLocalProcessSpawner
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "homes" / "{username}")
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = DEFAULT_URL
c.Spawner.disable_user_config = True
if os.geteuid() == 0:  # the servers run as the hub's user: root on a CI machine
    c.Spawner.args = ["--ServerApp.allow_root=True"]
# the pages' folder, voila.json's culling, kernels over IPC and no tracebacks, as pitchlab app
# has them (pitchlab.server.hub.singleuser_config); the
# kernels' sockets in a short path of their own (a socket's path holds 107 bytes at most)
RUNTIME = tempfile.mkdtemp(prefix="pitchlab-hub-")
atexit.register(shutil.rmtree, RUNTIME, ignore_errors=True)  # after the hub has stopped the servers
c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": str(write_singleuser_config(STATE / "singleuser").parent),
    "JUPYTER_RUNTIME_DIR": runtime_dirs(Path(RUNTIME)),
    # class experiments: every learner's kernels write to one class store (pitchlab class create
    # with the same PITCHLAB_CLASS_DB makes its classes)
    "PITCHLAB_CLASS_DB": class_db_url(STATE),
}
# a class arriving together starts many servers at once on few cores: give each time
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
