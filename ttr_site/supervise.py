"""Keep one process running: `python -m ttr_site.supervise CMD [ARGS...]`.

`make run` starts the Celery worker and beat this way, as systemd's `Restart=always`
does in production (deploy/): if the process exits on its own (a crash, a broker
failure it could not get over), it is started again after a pause that grows from
1 s to 30 s while it keeps failing. SIGTERM or SIGINT is passed on to the process,
and then the supervisor exits with it.
"""

import signal
import subprocess
import sys
import time

FIRST_PAUSE, LONGEST_PAUSE = 1.0, 30.0
HEALTHY_AFTER = 60.0  # a run this long resets the pause


def supervise(command: list[str]) -> int:
    stopping = False
    child: subprocess.Popen | None = None

    def stop(signum, frame):
        nonlocal stopping
        stopping = True
        if child is not None and child.poll() is None:
            child.send_signal(signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    pause = FIRST_PAUSE
    while True:
        started = time.monotonic()
        child = subprocess.Popen(command)
        code = child.wait()
        if stopping:
            return code
        if time.monotonic() - started > HEALTHY_AFTER:
            pause = FIRST_PAUSE
        print(
            f"supervise: {command[0]} exited with {code}; starting it again in {pause:.0f} s",
            file=sys.stderr,
            flush=True,
        )
        deadline = time.monotonic() + pause
        while not stopping and time.monotonic() < deadline:
            time.sleep(0.1)
        if stopping:
            return code
        pause = min(pause * 2, LONGEST_PAUSE)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: python -m ttr_site.supervise CMD [ARGS...]")
    sys.exit(supervise(sys.argv[1:]))
