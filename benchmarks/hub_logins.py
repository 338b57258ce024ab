"""Wrong logins against the JupyterHub recipe: how many a second the hub checks from one address.

Starts the recipe's hub as ``tests/test_jupyterhub.py`` does (as root, its state in a
temporary folder, the learners' users removed at the end), then sends wrong class codes
from another loopback address (127.0.0.2), ``--at-once`` at a time, for ``--seconds``
(at most ``--most`` each sender). Prints how many the hub checked ("Invalid username or
password") and how many it refused unchecked ("Too many wrong logins"), and each a second.
Figures only: nothing here passes or fails.

    sudo .venv/bin/python benchmarks/hub_logins.py --json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_jupyterhub import Learner, started_hub  # noqa: E402


def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder, started_hub(Path(folder)) as hub:
        stop = time.monotonic() + args.seconds

        def send(sender: int) -> list[int]:
            me = Learner(hub, source="127.0.0.2")
            counts = [0, 0, 0]  # checked, refused unchecked, anything else
            for attempt in range(args.most):
                if time.monotonic() > stop:
                    break
                reply = me.log_in(f"w{sender}x{attempt}", "not-the-code")
                if "Invalid username or password" in reply.text:
                    counts[0] += 1
                elif reply.status == 429:
                    counts[1] += 1
                else:
                    counts[2] += 1
            return counts

        started = time.perf_counter()
        with ThreadPoolExecutor(args.at_once) as pool:
            counts = list(pool.map(send, range(args.at_once)))
        elapsed = time.perf_counter() - started
    checked, refused, other = (sum(c[i] for c in counts) for i in range(3))
    return {
        "seconds": round(elapsed, 2),
        "sent": checked + refused + other,
        "checked": checked,
        "checked_per_s": round(checked / elapsed, 1),
        "refused_unchecked": refused,
        "refused_per_s": round(refused / elapsed, 1),
        "other": other,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--at-once", type=int, default=8)
    parser.add_argument("--most", type=int, default=2000, help="wrong logins per sender at most")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = run(args)
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"{figures['sent']} wrong logins in {figures['seconds']} s from one address: "
            f"{figures['checked']} checked ({figures['checked_per_s']}/s), "
            f"{figures['refused_unchecked']} refused unchecked ({figures['refused_per_s']}/s)"
        )


if __name__ == "__main__":
    main()
