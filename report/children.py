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
_spawning = False  # run() is starting a child and has not recorded it yet
_pending = []  # stop signals held while it did


def _kill_group(pgid):
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run(cmd, *, timeout=None, capture_output=False, text=False, stdout=None, stderr=None, env=None):
    """subprocess.run's subset the collector uses, with the child's whole process group killed
    on timeout, on any exception and when the collector is told to stop."""
    global _spawning
    if capture_output:
        stdout = stderr = subprocess.PIPE
    # The child is recorded before a stop signal can act: a signal that comes while it starts
    # waits until it is in _live (without this, a SIGTERM between the start and the record
    # exited with the child unknown, and the child ran on; seen under load).
    _spawning = True
    try:
        proc = subprocess.Popen(cmd, stdout=stdout, stderr=stderr, env=env, text=text, start_new_session=True)
        _live.add(proc.pid)
    finally:
        _spawning = False
    if _pending:
        signum = _pending[0]
        _pending.clear()
        _stop(signum)
    try:
        out, err = proc.communicate(timeout=timeout)
    except BaseException:
        _kill_group(proc.pid)
        proc.wait()
        raise
    finally:
        _kill_group(proc.pid)  # anything the child left running in its group
        _live.discard(proc.pid)
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def _stop(signum):
    for pgid in list(_live):
        _kill_group(pgid)
        _live.discard(pgid)
    sys.exit(128 + signum)


def stop_children_on_signals():
    """SIGTERM and SIGHUP end the collector as SystemExit: each running `run` then kills its
    child's group on the way out (and any group still recorded is killed here). A signal that
    comes while `run` starts a child is held until the child is recorded."""
    def handler(signum, _frame):
        if _spawning:
            _pending.append(signum)
            return
        _stop(signum)
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
