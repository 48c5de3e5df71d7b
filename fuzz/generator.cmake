# The graph generator (fuzz/lib): RapidCheck generators of well-typed op graphs built from the op
# table, the jit-vs-reference property, failure reduction to .ir + inputs .json, and the ops
# campaign behind `tsjit fuzz --target ops`. Not part of the libFuzzer sub-build.
if(NOT TSJIT_FUZZ_BUILD)
  find_package(rapidcheck REQUIRED)
  file(GLOB tsjit_fuzzlib_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/lib/*.cpp)
  list(FILTER tsjit_fuzzlib_sources EXCLUDE REGEX "_test\\.cpp$")
  tsjit_library(tsjit_fuzzlib SOURCES ${tsjit_fuzzlib_sources}
                DEPS tsjit_conformance tsjit_runtime tsjit_kernels tsjit_tensorexpr tsjit_reference rapidcheck)
  target_compile_definitions(tsjit_fuzzlib PUBLIC
                             TSJIT_FUZZ_EXPECTED_OVERLOADS="${CMAKE_CURRENT_SOURCE_DIR}/expected_overloads.txt")
  # The `tsjit` target is declared later (tools/ comes after fuzz/): link it at the end of the
  # top-level directory.
  cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL target_link_libraries tsjit PRIVATE tsjit_fuzzlib)

  # GoogleTest (+ RapidCheck) tests of the generator and the fixed-seed property run.
  file(GLOB tsjit_fuzzlib_tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*_test.cpp)
  foreach(src ${tsjit_fuzzlib_tests})
    get_filename_component(test_name ${src} NAME_WE)
    tsjit_test(${test_name} SOURCES ${src} DEPS tsjit_fuzzlib)
  endforeach()
  # The campaign command itself, bounded and with a fixed seed.
  # The fuser's kernel harness, bounded (FuserCampaign.h): about 30 s on the 2-core machine.
  add_test(NAME tsjit_fuzz_fuser_bounded
           COMMAND $<TARGET_FILE:tsjit> fuzz --target fuser --time 30 --seed 1
                   --out ${CMAKE_CURRENT_BINARY_DIR}/fuzz-failures)
  add_test(NAME tsjit_fuzz_ops_smoke
           COMMAND $<TARGET_FILE:tsjit> fuzz --target ops --cases 200 --seed 7
                   --out ${CMAKE_CURRENT_BINARY_DIR}/fuzz-failures)
endif()
