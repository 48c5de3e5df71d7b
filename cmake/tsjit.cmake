# Helpers shared by every folder's CMakeLists.
#   tsjit_library(NAME SOURCES... DEPS ...)   one static library per folder, include root = repo root
#   tsjit_test(NAME SOURCES... DEPS ...)      a GoogleTest executable registered with ctest

function(tsjit_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PUBLIC ${ARG_DEPS})
  if(TSJIT_FUZZ_BUILD)
    # The fuzz sub-build compiles only what its fuzz targets link.
    set_target_properties(${name} PROPERTIES EXCLUDE_FROM_ALL TRUE)
  endif()
endfunction()

function(tsjit_test name)
  if(TSJIT_FUZZ_BUILD)
    return()
  endif()
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gtest_main GTest::gmock)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60
    PROPERTIES ENVIRONMENT "TSJIT_CORPUS=${TSJIT_CORPUS_DIR}"
    ENVIRONMENT_MODIFICATION "TSJIT_SOURCE_DIR=set:${PROJECT_SOURCE_DIR}")
endfunction()

set(TSJIT_CORPUS_DIR "$ENV{TSJIT_CORPUS}")
if(NOT TSJIT_CORPUS_DIR)
  set(TSJIT_CORPUS_DIR "${PROJECT_SOURCE_DIR}/conformance/corpus/torch-1.13")
endif()

# tsjit_folder(NAME DEPS ...): the whole folder as one library. Every *.cpp that is not a test
# goes into the library; every *_test.cpp becomes its own GoogleTest executable linked with it.
# New files need no CMake edit (re-run cmake: the glob uses CONFIGURE_DEPENDS).
function(tsjit_folder name)
  cmake_parse_arguments(ARG "" "" "DEPS;TEST_DEPS" ${ARGN})
  file(GLOB all_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  set(lib_sources)
  set(test_sources)
  foreach(src ${all_sources})
    if(src MATCHES "_test\\.cpp$")
      list(APPEND test_sources ${src})
    else()
      list(APPEND lib_sources ${src})
    endif()
  endforeach()
  tsjit_library(${name} SOURCES ${lib_sources} DEPS ${ARG_DEPS})
  foreach(src ${test_sources})
    get_filename_component(test_name ${src} NAME_WE)
    tsjit_test(${test_name} SOURCES ${src} DEPS ${name} ${ARG_TEST_DEPS})
  endforeach()
endfunction()
