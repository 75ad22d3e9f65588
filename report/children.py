"""Owns: how the report collector runs child processes and writes its pages, so that killing
it (SIGTERM, SIGHUP, Ctrl-C) stops every child it started and never leaves a half-written
coverage.html or coverage.md behind.

Each child runs in its own session (its own process group, so the grandchildren it starts —
pytest's CLI runs, Chromium's helpers — go with it); `run` kills that group when the child
outlives its timeout or when the collector is interrupted. `stop_children_on_signals` turns
SIGTERM and SIGHUP into SystemExit so the same clean-up runs."""
import os
import signal
import subprocess
import sys
import tempfile

_live = set()  # process group ids of the children still running


def _kill_group(pgid):
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run(cmd, *, timeout=None, capture_output=False, text=False, stdout=None, stderr=None, env=None):
    """subprocess.run's subset the collector uses, with the child's whole process group killed
    on timeout, on any exception and when the collector is told to stop."""
    if capture_output:
        stdout = stderr = subprocess.PIPE
    proc = subprocess.Popen(cmd, stdout=stdout, stderr=stderr, env=env, text=text, start_new_session=True)
    _live.add(proc.pid)
    try:
        out, err = proc.communicate(timeout=timeout)
    except BaseException:
        _kill_group(proc.pid)
        proc.wait()
        raise
    finally:
        _live.discard(proc.pid)
        _kill_group(proc.pid)  # anything the child left running in its group
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def stop_children_on_signals():
    """SIGTERM and SIGHUP end the collector as SystemExit: each running `run` then kills its
    child's group on the way out (and any group still recorded is killed here)."""
    def handler(signum, _frame):
        for pgid in list(_live):
            _kill_group(pgid)
        sys.exit(128 + signum)
    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGHUP, handler)


def write_atomic(path, content):
    """Writes `content` (str, UTF-8) to a temporary file beside `path`, then renames it into
    place: a reader sees the old page or the new one, never a part."""
    path = os.fspath(path)
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".", suffix=".tmp", dir=os.path.dirname(path))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(content)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
