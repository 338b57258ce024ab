# The chart's hub image with pitchlab added, so hub.extraConfig can use pitchlab.server.hub.ClassAuthenticator.
# Build from the repository root, with the k8s-hub tag of your chart version
# (`helm search repo jupyterhub/jupyterhub` lists the versions):
#   docker build -f deploy/jupyterhub/kubernetes/hub.Dockerfile --build-arg CHART_VERSION=X.Y.Z \
#       -t REGISTRY/pitchlab-hub:TAG .
# Not built on pitchlab's CI machine (it has no container engine).
ARG CHART_VERSION
FROM quay.io/jupyterhub/k8s-hub:${CHART_VERSION}
USER root
COPY . /tmp/pitchlab
# pitchlab without extras (it adds numpy): the hub needs the authenticator, not Voila, and keeps
# the chart's own jupyterhub
RUN pip install --no-cache-dir /tmp/pitchlab && rm -rf /tmp/pitchlab
USER 1000
