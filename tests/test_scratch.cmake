# The suite's scratch folder (CMakeLists.txt: TMPDIR and TEST_TMPDIR of every
# test), run by ctest as a fixture around all the tests:
#   -DSCRATCH=DIR -DMODE=create   before the first test: DIR, empty
#   -DMODE=check                  after the last: fails, naming each file,
#                                 if a test left anything in DIR, or a
#                                 gamebench* entry beside DIR (a test that
#                                 ignored TMPDIR) made since the start;
#                                 removes DIR
# so that a run of the suite leaves the temp dir as it found it, and a test
# that forgets a file fails the run (docs/testing.md).
if(NOT SCRATCH)
  message(FATAL_ERROR "test_scratch.cmake: -DSCRATCH=DIR is required")
endif()
# The start of the run, beside DIR (not in it: the check wants DIR empty).
set(started "${SCRATCH}.started")
get_filename_component(parent "${SCRATCH}" DIRECTORY)
if(MODE STREQUAL "create")
  file(REMOVE_RECURSE "${SCRATCH}")
  file(MAKE_DIRECTORY "${SCRATCH}")
  file(TOUCH "${started}")
elseif(MODE STREQUAL "check")
  # Our programs name their temporary files gamebench*; one made beside DIR
  # during the run came from a test that wrote to the temp dir itself. The
  # scratch folders of the suites (gamebench-tests.*, this one's and other
  # build trees') are not such files.
  set(beside)
  if(EXISTS "${started}")
    file(GLOB candidates LIST_DIRECTORIES true "${parent}/gamebench*")
    foreach(c ${candidates})
      get_filename_component(name "${c}" NAME)
      if(NOT name MATCHES "^gamebench-tests\\." AND "${c}" IS_NEWER_THAN "${started}")
        list(APPEND beside "${c}")
      endif()
    endforeach()
    file(REMOVE "${started}")
  endif()
  if(NOT IS_DIRECTORY "${SCRATCH}")
    message(FATAL_ERROR "the tests' scratch folder ${SCRATCH} is gone: a test removed it")
  endif()
  file(GLOB_RECURSE left LIST_DIRECTORIES true RELATIVE "${SCRATCH}" "${SCRATCH}/*")
  file(REMOVE_RECURSE "${SCRATCH}")
  if(beside)
    list(JOIN beside "\n  " names)
    message(FATAL_ERROR "the tests wrote into ${parent} itself, not into their temp dir "
                        "${SCRATCH} (TMPDIR): remove these and make the test use TMPDIR "
                        "(tests/test_files.h: ScratchDir):\n  ${names}")
  endif()
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
