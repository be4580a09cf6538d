"""The package installs as the README says, offline: `cmake --install --component python` into a
prefix, and `pip install --no-build-isolation --no-index` of the build tree's python/ folder
into a fresh virtual environment. Each install is imported by a new interpreter that does not
see the build tree and runs a search."""

import os
import pathlib
import subprocess
import sys

import pytest

BUILD_DIR = os.environ.get("FRONTIER_BUILD_DIR")
pytestmark = pytest.mark.skipif(not BUILD_DIR, reason="FRONTIER_BUILD_DIR not set")

SMOKE = (
    "import frontier, sys; "
    "result = frontier.Engine(frontier.grid2d(3, 3), device='cpu').bfs(0); "
    "assert result.depth.tolist() == [0, 1, 2, 1, 2, 3, 2, 3, 4]; "
    "print(frontier.__file__)"
)


def clean_environment():
    environment = dict(os.environ)
    environment.pop("PYTHONPATH", None)
    return environment


def run(command, **kwargs):
    completed = subprocess.run(command, capture_output=True, text=True, **kwargs)
    assert completed.returncode == 0, f"{command} failed:\n{completed.stdout}\n{completed.stderr}"
    return completed.stdout


def test_cmake_install_component(tmp_path):
    prefix = tmp_path / "prefix"
    run(["cmake", "--install", BUILD_DIR, "--component", "python", "--prefix", str(prefix)])
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    site = prefix / "lib" / version / "site-packages"
    assert (site / "frontier" / "__init__.py").is_file()
    environment = clean_environment()
    environment["PYTHONPATH"] = str(site)
    where = run([sys.executable, "-c", SMOKE], env=environment, cwd=tmp_path)
    assert pathlib.Path(where.strip()).is_relative_to(site)


def test_pip_install_into_a_venv(tmp_path):
    pytest.importorskip("venv")
    venv = tmp_path / "venv"
    # System site packages: NumPy comes from the system (nothing is downloaded).
    run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)])
    python = venv / "bin" / "python"
    if subprocess.run([str(python), "-c", "import numpy"], capture_output=True).returncode != 0:
        pytest.skip("NumPy is not visible from a virtual environment made by this interpreter "
                    "(it runs in a virtual environment itself), and nothing may be downloaded")
    package = pathlib.Path(BUILD_DIR) / "python"
    # The README's command: the dependency (NumPy) is found installed, nothing is fetched.
    run([str(python), "-m", "pip", "install", "--no-build-isolation", "--no-index", "--quiet",
         str(package)], env=clean_environment(), cwd=tmp_path)
    where = run([str(python), "-c", SMOKE], env=clean_environment(), cwd=tmp_path)
    assert pathlib.Path(where.strip()).is_relative_to(venv)
    # setuptools works in a scratch folder: nothing is left beside the package.
    assert sorted(p.name for p in package.glob("*.egg-info")) == []
    assert not (package / "build").exists()
    versions = run([str(python), "-c", "import frontier, importlib.metadata as m; "
                    "print(frontier.__version__, m.version('frontier'))"],
                   env=clean_environment(), cwd=tmp_path).split()
    assert versions[0] == versions[1]
