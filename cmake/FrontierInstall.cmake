# Installs frontier as a CMake package: headers (engine, io, partition, runs), the libraries and
# frontierConfig.cmake + frontierTargets.cmake + frontierConfigVersion.cmake, so that
#   find_package(frontier) + target_link_libraries(app frontier::frontier)
# works. frontier::frontier bundles frontier::engine, frontier::io, frontier::partition and
# frontier::runs.
# Private helpers (frontier_internal: spdlog header-only, timers) stay out of the installed
# interface; static libraries still need fmt, zlib, libdeflate (and the CUDA runtime when built)
# at link time, which frontierConfig.cmake finds with find_dependency. libarchive, NCCL and
# Open MPI are opened at run time when a file, GPU ranks or an MPI launcher need them
# (libarchive13, libnccl2, libopenmpi3), never linked.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set_target_properties(frontier_engine PROPERTIES EXPORT_NAME engine)
set_target_properties(frontier_io PROPERTIES EXPORT_NAME io)
set_target_properties(frontier_partition PROPERTIES EXPORT_NAME partition)
set_target_properties(frontier_runs PROPERTIES EXPORT_NAME runs)

add_library(frontier INTERFACE)
target_link_libraries(frontier INTERFACE frontier_engine frontier_io frontier_partition
                                          frontier_runs)

add_library(frontier::engine ALIAS frontier_engine)
add_library(frontier::io ALIAS frontier_io)
add_library(frontier::partition ALIAS frontier_partition)
add_library(frontier::runs ALIAS frontier_runs)
add_library(frontier::frontier ALIAS frontier)

set(FRONTIER_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/frontier)

install(TARGETS frontier_engine frontier_io frontier_partition frontier_runs frontier
        EXPORT frontierTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(folder engine io partition runs)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${folder}/include/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")
endforeach()
# The command line tool, beside the libraries.
install(TARGETS frontier_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT frontierTargets NAMESPACE frontier:: DESTINATION ${FRONTIER_INSTALL_CMAKEDIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/frontierConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/frontierConfig.cmake
                              INSTALL_DESTINATION ${FRONTIER_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/frontierConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/frontierConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/frontierConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/FindLibDeflate.cmake
        DESTINATION ${FRONTIER_INSTALL_CMAKEDIR})
