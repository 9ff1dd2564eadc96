# Proves that the build refuses a wrong include between layers (see the
# layers in CMakeLists.txt): each probe in tests/layers/ is compiled with one
# layer's include roots. Run by ctest as `cmake -DBUILD_DIR=... -P` this file.
# A refused probe must fail for the right reason (the header is not found),
# and the control probe must compile, so that a build that fails everything
# cannot pass.
function(probe target expect)
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${target}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(expect STREQUAL "refused")
    if(status EQUAL 0)
      message(FATAL_ERROR "${target}: a wrong include compiled; the layers are not enforced")
    endif()
    if(NOT "${out}${err}" MATCHES "No such file or directory|file not found")
      message(FATAL_ERROR "${target}: failed, but not for a missing header:\n${out}${err}")
    endif()
    message(STATUS "${target}: refused, as it must be")
  else()
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "${target}: an allowed include did not compile:\n${out}${err}")
    endif()
    message(STATUS "${target}: compiles, as it must")
  endif()
endfunction()

probe(layer_probe_solver_includes_core compiles)
probe(layer_probe_solver_includes_game refused)
probe(layer_probe_game_includes_solver refused)
probe(layer_probe_core_includes_solver refused)
probe(layer_probe_cgt_includes_core compiles)
probe(layer_probe_cgt_includes_game refused)
probe(layer_probe_cgt_includes_solver refused)
