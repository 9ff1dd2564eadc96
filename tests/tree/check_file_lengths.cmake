# No C++ file of the tree over LIMIT lines (docs/architecture.md: one
# concern per file; a file that outgrows the limit is split, not excused).
# Run by ctest as `cmake -DSOURCE_DIR=... -DLIMIT=500 -P` this file. Lines
# are counted as `wc -l` counts them (newlines). Build trees inside the
# source tree (any folder holding a CMakeCache.txt) and .git are skipped.
# The check first runs on a made-up tree with one file over the limit and
# one at it, so that a check that finds nothing cannot pass.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR OR NOT LIMIT)
  message(FATAL_ERROR "check_file_lengths.cmake: -DSOURCE_DIR=DIR -DLIMIT=N are required")
endif()

# The C++ files under `root` longer than LIMIT lines, as "path: N lines".
function(long_files root out)
  file(GLOB_RECURSE files RELATIVE "${root}" "${root}/*.h" "${root}/*.cc" "${root}/*.hpp"
       "${root}/*.cpp")
  file(GLOB_RECURSE caches RELATIVE "${root}" "${root}/*/CMakeCache.txt")
  set(skip .git/)
  foreach(cache ${caches})
    get_filename_component(dir "${cache}" DIRECTORY)
    list(APPEND skip "${dir}/")
  endforeach()
  set(long)
  foreach(f ${files})
    set(skipped FALSE)
    foreach(prefix ${skip})
      string(FIND "${f}" "${prefix}" at)
      if(at EQUAL 0)
        set(skipped TRUE)
        break()
      endif()
    endforeach()
    if(skipped)
      continue()
    endif()
    file(READ "${root}/${f}" text)
    string(REGEX REPLACE "[^\n]" "" newlines "${text}")
    string(LENGTH "${newlines}" lines)
    if(lines GREATER LIMIT)
      list(APPEND long "${f}: ${lines} lines")
    endif()
  endforeach()
  set(${out} "${long}" PARENT_SCOPE)
endfunction()

# The check on a made-up tree: LIMIT + 1 lines is refused, LIMIT is not, and
# a build tree's file is not looked at.
string(RANDOM LENGTH 8 tag)
set(probe "$ENV{TMPDIR}")
if(NOT probe)
  set(probe /tmp)
endif()
set(probe "${probe}/file-lengths-probe.${tag}")
string(REPEAT "x\n" ${LIMIT} at_limit)
file(WRITE "${probe}/src/at_limit.cc" "${at_limit}")
file(WRITE "${probe}/src/over_limit.h" "${at_limit}x\n")
file(WRITE "${probe}/build/CMakeCache.txt" "")
file(WRITE "${probe}/build/generated.cc" "${at_limit}x\n")
long_files("${probe}" found)
file(REMOVE_RECURSE "${probe}")
math(EXPR over "${LIMIT} + 1")
if(NOT found STREQUAL "src/over_limit.h: ${over} lines")
  message(FATAL_ERROR "the length check is broken: on a made-up tree it found '${found}', "
                      "not 'src/over_limit.h: ${over} lines'")
endif()

long_files("${SOURCE_DIR}" found)
if(found)
  list(LENGTH found count)
  list(JOIN found "\n  " names)
  message(FATAL_ERROR "${count} C++ file(s) over ${LIMIT} lines; split each by concern "
                      "(docs/architecture.md):\n  ${names}")
endif()
message(STATUS "no C++ file over ${LIMIT} lines")
