# The suite's scratch folder (CMakeLists.txt: TMPDIR and TEST_TMPDIR of every
# test), run by ctest as a fixture around all the tests:
#   -DSCRATCH=DIR -DMODE=create   before the first test: DIR, empty
#   -DMODE=check                  after the last: fails, naming each file,
#                                 if a test left anything in DIR; removes DIR
# so that a run of the suite leaves the temp dir as it found it, and a test
# that forgets a file fails the run (docs/testing.md).
if(NOT SCRATCH)
  message(FATAL_ERROR "test_scratch.cmake: -DSCRATCH=DIR is required")
endif()
if(MODE STREQUAL "create")
  file(REMOVE_RECURSE "${SCRATCH}")
  file(MAKE_DIRECTORY "${SCRATCH}")
elseif(MODE STREQUAL "check")
  if(NOT IS_DIRECTORY "${SCRATCH}")
    message(FATAL_ERROR "the tests' scratch folder ${SCRATCH} is gone: a test removed it")
  endif()
  file(GLOB_RECURSE left LIST_DIRECTORIES true RELATIVE "${SCRATCH}" "${SCRATCH}/*")
  file(REMOVE_RECURSE "${SCRATCH}")
  if(left)
    list(SORT left)
    list(LENGTH left count)
    list(JOIN left "\n  " names)
    message(FATAL_ERROR "the tests left ${count} file(s) or folder(s) in their temp dir "
                        "${SCRATCH} (removed now); every test must remove what it writes "
                        "(tests/test_files.h: ScratchDir):\n  ${names}")
  endif()
  message(STATUS "the tests left their temp dir empty")
else()
  message(FATAL_ERROR "test_scratch.cmake: MODE must be create or check, not '${MODE}'")
endif()
