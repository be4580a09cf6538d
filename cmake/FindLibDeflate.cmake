# Finds libdeflate (header libdeflate.h, library libdeflate), through pkg-config where it is
# installed, else in the usual places. LibDeflate_INCLUDE_DIR and LibDeflate_LIBRARY are cache
# variables: set them to use a copy elsewhere (a machine without the -dev package).
# Defines LibDeflate_FOUND and the imported target LibDeflate::LibDeflate.
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_LibDeflate QUIET libdeflate)
endif()
find_path(LibDeflate_INCLUDE_DIR libdeflate.h HINTS ${PC_LibDeflate_INCLUDE_DIRS})
find_library(LibDeflate_LIBRARY NAMES deflate HINTS ${PC_LibDeflate_LIBRARY_DIRS})
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibDeflate REQUIRED_VARS LibDeflate_LIBRARY
                                                           LibDeflate_INCLUDE_DIR)
if(LibDeflate_FOUND AND NOT TARGET LibDeflate::LibDeflate)
  add_library(LibDeflate::LibDeflate UNKNOWN IMPORTED)
  set_target_properties(LibDeflate::LibDeflate PROPERTIES
                        IMPORTED_LOCATION "${LibDeflate_LIBRARY}"
                        INTERFACE_INCLUDE_DIRECTORIES "${LibDeflate_INCLUDE_DIR}")
endif()
mark_as_advanced(LibDeflate_INCLUDE_DIR LibDeflate_LIBRARY)
