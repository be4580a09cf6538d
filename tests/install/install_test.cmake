# Installs frontier from BUILD_DIR into a fresh prefix under WORK_DIR, configures and builds the
# standalone examples/bfs_example against the installed package (find_package(frontier)), runs it
# and checks its output. Run by CTest as `cmake -P install_test.cmake` with
#   -DBUILD_DIR=<frontier build> -DSOURCE_DIR=<frontier source> -DWORK_DIR=<scratch folder>
#   -DGENERATOR=<CMake generator> [-DDATASETS_DIR=<real datasets folder>] [-DSANITIZE=ON]
# (SANITIZE: the libraries were built with ASan/UBSan, so the example must link them too.)
foreach(variable BUILD_DIR SOURCE_DIR WORK_DIR GENERATOR)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "install_test.cmake needs -D${variable}=...")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
set(example_build ${WORK_DIR}/example)
file(REMOVE_RECURSE ${WORK_DIR})

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

# 1. Install into the scratch prefix.
run_step("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(expected bin/frontier include/frontier/engine.hpp include/frontier/io/read_graph.hpp
                 include/frontier/distribution/striping.hpp
                 include/frontier/partition/slices.hpp include/frontier/runs/graph500.hpp
                 lib/cmake/frontier/frontierConfig.cmake
                 lib/cmake/frontier/frontierConfigVersion.cmake
                 lib/cmake/frontier/frontierTargets.cmake)
  if(NOT EXISTS ${prefix}/${expected})
    message(FATAL_ERROR "the install lacks ${expected}")
  endif()
endforeach()
file(GLOB_RECURSE leaked ${prefix}/include/*/detail/*)
if(leaked)
  message(FATAL_ERROR "internal headers were installed: ${leaked}")
endif()
file(READ ${prefix}/lib/cmake/frontier/frontierTargets.cmake targets_text)
if(targets_text MATCHES "spdlog|frontier_internal")
  message(FATAL_ERROR "the installed targets mention spdlog or frontier_internal")
endif()

# The installed command runs from the prefix.
run_step("running the installed frontier" ${prefix}/bin/frontier info
         ${SOURCE_DIR}/datasets/karate.mtx)
if(NOT step_output MATCHES "vertices +34")
  message(FATAL_ERROR "the installed frontier printed:\n${step_output}")
endif()

# 2. Configure and build the example against the installed package only (it sets no C++
#    standard: the exported targets carry cxx_std_20).
set(sanitizer_flags)
if(SANITIZE)
  set(sanitizer_flags -DCMAKE_CXX_FLAGS=-fsanitize=address,undefined
                      -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined)
endif()
run_step("configuring the example" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/bfs_example
         -B ${example_build} -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release
         -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON
         ${sanitizer_flags})
run_step("building the example" ${CMAKE_COMMAND} --build ${example_build})

# 3. Run it: the built-in 10 x 10 grid, then a real graph file when one is present.
run_step("running the example" ${example_build}/bfs_example)
set(expected_grid "source 0: reached 100 of 100 vertices, deepest level 18
source 55: reached 100 of 100 vertices, deepest level 10
")
if(NOT step_output STREQUAL expected_grid)
  message(FATAL_ERROR "the example printed:\n${step_output}\nexpected:\n${expected_grid}")
endif()
if(DEFINED DATASETS_DIR AND EXISTS ${DATASETS_DIR}/karate.mtx)
  run_step("running the example on karate.mtx" ${example_build}/bfs_example
           ${DATASETS_DIR}/karate.mtx 0)
  if(NOT step_output STREQUAL "source 0: reached 34 of 34 vertices, deepest level 3\n")
    message(FATAL_ERROR "on karate.mtx the example printed: ${step_output}")
  endif()
endif()
message(STATUS "installed package builds and runs the example")
