"""Owns: the mutation build — a private copy of the source tree (build-mutate/src) with its own
build folder (build-mutate/src/build), kept in step with the working tree file by file so each
mutant rebuilds incrementally. Mutants are written only into the copy: the working tree and its
`build/` (what `make test` uses) are never touched."""
import os
import pathlib
import shutil
import subprocess

# The programs the suite needs, in the order the stages need them.
TARGETS = ("hexlaw", "hexlaw_tests", "hexlaw_properties", "hexlaw_py")


def tracked_files(root):
    """Every file git tracks or would track (untracked but not ignored), relative to root."""
    out = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         capture_output=True, check=True).stdout.decode()
    return sorted({p for p in out.split("\0") if p and (root / p).is_file()})


def sync(root, shadow):
    """Copies every changed file of the working tree into the shadow copy and removes files no
    longer there (the shadow's build/ aside). Unchanged files keep their timestamps, so the build
    stays incremental. Returns the changed files (relative paths)."""
    shadow.mkdir(parents=True, exist_ok=True)
    wanted = tracked_files(root)
    changed = []
    for rel in wanted:
        src, dst = root / rel, shadow / rel
        data = src.read_bytes()
        if dst.is_file() and dst.read_bytes() == data:
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_bytes(data)
        shutil.copymode(src, dst)
        changed.append(rel)
    keep = set(wanted)
    for top, dirs, names in os.walk(shadow, topdown=False):
        rel_top = pathlib.Path(top).relative_to(shadow)
        if rel_top.parts[:1] in (("build",), ("build-cov",)):  # the mutation and coverage builds
            continue
        for name in names:
            if str(rel_top / name) not in keep and not (rel_top == pathlib.Path(".") and name in keep):
                (pathlib.Path(top) / name).unlink()
                changed.append(str(rel_top / name))
        if rel_top != pathlib.Path(".") and not any(pathlib.Path(top).iterdir()):
            pathlib.Path(top).rmdir()
    return changed


def build_env():
    """ccache's configuration when the machine has one (a shared cache speeds the first build and
    every restore of an original file); nothing otherwise."""
    env = dict(os.environ)
    conf = pathlib.Path("/work/ccache.conf")
    if "CCACHE_CONFIGPATH" not in env and conf.is_file():
        env["CCACHE_CONFIGPATH"] = str(conf)
    return env


def configure(shadow, log):
    """Configures the shadow build once (Ninja, ccache when installed), with the engine's layer
    libraries shared (HEXLAW_SHARED_ENGINE): a mutant then recompiles one source and relinks one
    library, and no program is relinked (CMake's LINK_DEPENDS_NO_SHARED), and checked
    (HEXLAW_CHECKED: indexing past the end stops the process). A shadow build from
    before that option is configured again."""
    build = shadow / "build"
    cache = build / "CMakeCache.txt"
    text = cache.read_text(encoding="utf-8", errors="replace") if cache.is_file() else ""
    if (build / "build.ninja").is_file() and "HEXLAW_SHARED_ENGINE:BOOL=ON" in text and "HEXLAW_CHECKED:BOOL=ON" in text:
        return True
    cmd = ["cmake", "-S", str(shadow), "-B", str(build), "-G", "Ninja", "-DHEXLAW_SHARED_ENGINE=ON", "-DHEXLAW_CHECKED=ON"]
    if shutil.which("ccache"):
        cmd.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
    return subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=build_env()).returncode == 0


def build(shadow, targets, jobs, log, timeout=3600, folder=None):
    """Builds the given targets (in the mutation build, or `folder`); True when they built."""
    cmd = ["cmake", "--build", str(folder or shadow / "build"), "-j", str(jobs), "--target", *targets]
    try:
        return subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=build_env(),
                              timeout=timeout).returncode == 0
    except subprocess.TimeoutExpired:
        return False
