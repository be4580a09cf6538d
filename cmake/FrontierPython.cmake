# The Python package (python/): built when FRONTIER_PYTHON is on and Python 3's development files,
# NumPy and pybind11 (Debian: python3-dev, python3-numpy, pybind11-dev) are found. Where one is
# missing the package is skipped with a status line naming it; configuring never fails for it.
# The extension reads NumPy arrays through the buffer protocol only, so NumPy is needed to run
# the package and its tests, not its headers.
set(FRONTIER_HAVE_PYTHON OFF)
if(NOT FRONTIER_PYTHON)
  message(STATUS "frontier: Python package off (FRONTIER_PYTHON=OFF)")
  return()
endif()
if(FRONTIER_SANITIZE)
  # A sanitized extension needs the sanitizer runtime loaded before Python starts.
  message(STATUS "frontier: Python package skipped in a sanitizer build")
  return()
endif()

# The interpreter: Python3_EXECUTABLE when given; else the first python3 on PATH, unless it lacks
# NumPy and the system's /usr/bin/python3 (where Debian's python3-numpy installs) has it, as when
# a pyenv or a bare venv shadows the system Python.
if(NOT Python3_EXECUTABLE)
  find_program(frontier_path_python NAMES python3 NO_CACHE)
  set(frontier_python_candidates ${frontier_path_python} /usr/bin/python3)
  foreach(candidate ${frontier_python_candidates})
    execute_process(COMMAND ${candidate} -c "import numpy"
                    RESULT_VARIABLE frontier_numpy_status OUTPUT_QUIET ERROR_QUIET)
    if(frontier_numpy_status EQUAL 0)
      set(Python3_EXECUTABLE ${candidate} CACHE FILEPATH "The Python interpreter of the Python package")
      break()
    endif()
  endforeach()
endif()
find_package(Python3 COMPONENTS Interpreter Development.Module)
set(frontier_python_missing)
if(NOT Python3_Interpreter_FOUND OR NOT Python3_Development.Module_FOUND)
  list(APPEND frontier_python_missing "Python 3 development files (python3-dev)")
else()
  execute_process(COMMAND ${Python3_EXECUTABLE} -c "import numpy"
                  RESULT_VARIABLE frontier_numpy_status OUTPUT_QUIET ERROR_QUIET)
  if(NOT frontier_numpy_status EQUAL 0)
    list(APPEND frontier_python_missing "NumPy for ${Python3_EXECUTABLE} (python3-numpy)")
  endif()
  find_package(pybind11 CONFIG QUIET)
  if(NOT pybind11_FOUND)
    # A pip-installed pybind11 tells where its CMake files are.
    execute_process(COMMAND ${Python3_EXECUTABLE} -c "import pybind11; print(pybind11.get_cmake_dir())"
                    OUTPUT_VARIABLE frontier_pybind11_dir OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE frontier_pybind11_status ERROR_QUIET)
    if(frontier_pybind11_status EQUAL 0)
      find_package(pybind11 CONFIG QUIET HINTS ${frontier_pybind11_dir})
    endif()
  endif()
  if(NOT pybind11_FOUND)
    list(APPEND frontier_python_missing "pybind11 (pybind11-dev)")
  endif()
endif()

if(frontier_python_missing)
  list(JOIN frontier_python_missing ", " frontier_python_missing)
  message(STATUS "frontier: Python package skipped, missing ${frontier_python_missing}")
  return()
endif()

set(FRONTIER_HAVE_PYTHON ON)
add_subdirectory(python)
message(STATUS "frontier: Python package for Python ${Python3_VERSION} (pybind11 ${pybind11_VERSION})")
