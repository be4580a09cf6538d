# Finds every dependency. Required: OpenMP, zlib, libdeflate, libarchive (its headers: the library
# is opened at run time), spdlog, fmt, cxxopts,
# Boost (Graph is header-only). Optional, each switched on when found: CUDA (nvcc), NCCL, MPI,
# GTest (for tests).
# Everything comes from Debian packages or the CUDA Toolkit; nothing is downloaded.

find_package(OpenMP REQUIRED COMPONENTS CXX)
find_package(ZLIB REQUIRED)
find_package(LibDeflate REQUIRED)
find_package(LibArchive REQUIRED)
find_package(fmt REQUIRED)
find_package(spdlog REQUIRED)
find_package(cxxopts REQUIRED)
# cxxopts matches options with std::regex unless told otherwise: six patterns compiled at start-up
# in every file that includes it, which made most of a command's start. Its own parsers accept the
# same options.
set_property(TARGET cxxopts::cxxopts APPEND PROPERTY INTERFACE_COMPILE_DEFINITIONS
                                                     CXXOPTS_NO_REGEX)
find_package(Boost REQUIRED)
find_package(Threads REQUIRED)

set(FRONTIER_HAVE_CUDA OFF)
set(FRONTIER_HAVE_NCCL OFF)
set(FRONTIER_HAVE_MPI OFF)

if(FRONTIER_ENABLE_CUDA)
  # The toolkit's usual home, so a plain `cmake` finds nvcc without PATH changes.
  if(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX}
     AND EXISTS /usr/local/cuda/bin/nvcc)
    set(ENV{CUDACXX} /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    set(CMAKE_CUDA_ARCHITECTURES ${FRONTIER_CUDA_ARCHITECTURES})
    enable_language(CUDA)
    # CMake 3.25 does not know that nvcc 12+ takes -std=c++20; tell it.
    if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
      set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
      set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    endif()
    set(CMAKE_CUDA_STANDARD 20)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    find_package(CUDAToolkit REQUIRED)
    set(FRONTIER_HAVE_CUDA ON)
    find_package(NCCL)
    if(NCCL_FOUND)
      set(FRONTIER_HAVE_NCCL ON)
    endif()
  else()
    message(STATUS "frontier: no CUDA compiler found, building the CPU backend only")
  endif()
endif()

# The MPI launchers open Open MPI at run time and look its predefined handles up by name, so
# another MPI leaves them out.
find_package(MPI QUIET COMPONENTS CXX)
if(MPI_CXX_FOUND)
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_INCLUDES ${MPI_CXX_INCLUDE_DIRS})
  set(CMAKE_REQUIRED_DEFINITIONS -DOMPI_SKIP_MPICXX=1)
  check_cxx_source_compiles("#include <mpi.h>
#ifndef OPEN_MPI
#error not Open MPI
#endif
int main() { return 0; }" FRONTIER_MPI_IS_OPEN_MPI)
  unset(CMAKE_REQUIRED_INCLUDES)
  unset(CMAKE_REQUIRED_DEFINITIONS)
  if(FRONTIER_MPI_IS_OPEN_MPI)
    set(FRONTIER_HAVE_MPI ON)
  else()
    message(STATUS "frontier: the MPI found is not Open MPI; the MPI launchers are left out")
  endif()
endif()
