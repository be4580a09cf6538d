"""Packages the extension CMake built into a platform wheel (see pyproject.toml): run pip on the
build tree's python/ folder, where frontier/ holds the compiled frontier._frontier beside the
Python files."""

import glob
import os
import tempfile

from setuptools import setup
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))


class BinaryDistribution(Distribution):
    """The wheel carries a compiled extension, so it is tagged for this Python and platform."""

    def has_ext_modules(self):
        return True


if not glob.glob(os.path.join(HERE, "frontier", "_frontier*.so")):
    raise SystemExit(
        "frontier/_frontier*.so is missing here: build with CMake first and run pip on the build "
        "tree's copy, e.g. `cmake --preset cpu && cmake --build --preset cpu && "
        "pip install --no-build-isolation --no-index build/cpu/python`")

# setuptools' intermediate folders go to a scratch folder, not beside the package: a build/ left
# from an earlier install could otherwise hand stale copies of the Python files to the next one.
scratch = tempfile.TemporaryDirectory(prefix="frontier-wheel-")
setup(distclass=BinaryDistribution,
      options={"build": {"build_base": os.path.join(scratch.name, "build")},
               "egg_info": {"egg_base": scratch.name}})
