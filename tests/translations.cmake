# The Chinese catalogue is complete and current: lupdate reads the sources' tr() strings into
# a copy of resources/translations/lockscope_zh_CN.ts, and the copy must then hold no string
# without a translation (a tr() string added to the sources and not translated, or one left
# unfinished) and none the sources no longer have (obsolete or vanished). The committed file
# is left alone: `cmake --build build --target update_translations` refreshes it.
#   cmake -DLUPDATE=<lupdate> -DSOURCE_DIR=<project> -DTS=<catalogue> -DWORK=<scratch> -P translations.cmake
cmake_minimum_required(VERSION 3.22)
get_filename_component(name ${TS} NAME)
file(MAKE_DIRECTORY ${WORK})
set(copy ${WORK}/${name})
file(COPY_FILE ${TS} ${copy})
# The folders the lockscope target's lupdate reads (app/CMakeLists.txt), with its options
# but for -no-obsolete: here an obsolete entry must show, not be dropped.
execute_process(COMMAND ${LUPDATE} -locations none redisclient app models ui -ts ${copy}
                WORKING_DIRECTORY ${SOURCE_DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed (${rc}): ${out}${err}")
endif()
file(READ ${copy} ts)
string(REGEX MATCH "Found ([0-9]+) source text" found "${out}")
set(texts ${CMAKE_MATCH_1})
if(NOT texts OR texts LESS 100)
    message(FATAL_ERROR "lupdate found too few strings (${texts}): ${out}")
endif()

# Each message with the problem, by its source text (";" would split CMake's lists).
string(REPLACE ";" "," ts_listing "${ts}")
set(failures "")
foreach(kind unfinished vanished obsolete)
    string(REGEX MATCHALL "<source>[^<]*</source>[ \n]*(<oldsource>[^<]*</oldsource>[ \n]*)?(<comment>[^<]*</comment>[ \n]*)?<translation type=\"${kind}\"" hits "${ts_listing}")
    foreach(hit IN LISTS hits)
        string(REGEX REPLACE "^<source>([^<]*)</source>.*" "\\1" text "${hit}")
        list(APPEND failures "${kind}: ${text}")
    endforeach()
endforeach()
if(failures)
    list(LENGTH failures n)
    list(JOIN failures "\n  " text)
    message(FATAL_ERROR "${name}: ${n} entries are not translated or no longer in the sources (fix with the update_translations target, then translate):\n  ${text}")
endif()
# Empty translations that lupdate did not mark (edited by hand).
if(ts MATCHES "<translation></translation>|<numerusform></numerusform>")
    message(FATAL_ERROR "${name} has empty translations")
endif()
message(STATUS "${name}: all ${texts} strings of the sources translated, none obsolete")
