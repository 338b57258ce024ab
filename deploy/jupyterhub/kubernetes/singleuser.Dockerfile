# A learner's server for Zero to JupyterHub: Jupyter Server with Voila, opening pitchlab's app.
# Build from the repository root:
#   docker build -f deploy/jupyterhub/kubernetes/singleuser.Dockerfile -t REGISTRY/pitchlab-singleuser:TAG .
# Not built on pitchlab's CI machine (it has no container engine): tests/test_jupyterhub.py runs
# the same pieces (pitchlab[hub], python -m pitchlab.server.hub singleuser-config) with a local spawner.
FROM python:3.11-slim
COPY . /src
# The wheel carries the pages (notebooks/, tutorial/, voila.json under pitchlab/pages/).
# The image's jupyterhub must be the major version of the chart's hub: pitchlab[hub] asks for 6.x.
RUN pip install --no-cache-dir "/src[hub]" && rm -rf /src \
 && python -m pitchlab.server.hub singleuser-config /etc/jupyter \
 && useradd --create-home --uid 1000 jovyan
USER 1000
WORKDIR /home/jovyan
# The chart starts `jupyterhub-singleuser` (singleuser.cmd); /etc/jupyter/jupyter_server_config.json
# opens the app (default_url), serves the pages read-only to this user, and culls idle kernels.
EXPOSE 8888
CMD ["jupyterhub-singleuser"]
