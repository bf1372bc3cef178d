# Renders the manual's pictures with `lockscope --screenshot`, so they show the window as the
# code draws it today, and checks each is a real picture of it: a PNG of the window's size,
# with enough in it that it cannot be a blank or half-painted window.
#   cmake -DLOCKSCOPE=<binary> -DOUTPUT=<folder> [-DLANGUAGE=zh_CN] -P screenshots.cmake
# The screenshots test renders them into the build tree; the docs_screenshots target
# renders them into docs/images, where the manual and the README find them.
cmake_minimum_required(VERSION 3.22)
if(NOT LANGUAGE)
    set(LANGUAGE en)
endif()
if(LANGUAGE STREQUAL "en")
    set(suffix "")
else()
    set(suffix "_${LANGUAGE}")
endif()
file(MAKE_DIRECTORY ${OUTPUT})

# Settings and saved layouts of whoever runs this must not leak into the pictures (a dark
# theme, other patterns, another language): a scratch home for each run.
set(scratch ${OUTPUT}/.screenshot-home)
file(REMOVE_RECURSE ${scratch})
file(MAKE_DIRECTORY ${scratch}/config ${scratch}/data ${scratch}/runtime)
file(CHMOD ${scratch}/runtime DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)

# name | window size | arguments, comma-separated. The durations let the live charts and the scenario's
# charts fill; the pictures are of the sandbox, which needs no server of one's own.
set(pictures
    "mainwindow|1400x820|"
    "watch|1400x820|--duration,15"
    "demo|1600x1000|--scenario,unsafe-release,--variant,broken,--duration,8")

foreach(picture IN LISTS pictures)
    string(REPLACE "|" ";" fields "${picture}")
    list(GET fields 0 name)
    list(GET fields 1 size)
    list(LENGTH fields n)
    set(args "")
    if(n GREATER 2)
        list(GET fields 2 args)
        string(REPLACE "," ";" args "${args}")
    endif()
    set(file ${OUTPUT}/${name}${suffix}.png)
    file(REMOVE ${file})
    execute_process(
        COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
                XDG_CONFIG_HOME=${scratch}/config XDG_DATA_HOME=${scratch}/data XDG_RUNTIME_DIR=${scratch}/runtime
                ${LOCKSCOPE} --lang ${LANGUAGE} ${args} --screenshot ${file}
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
    if(NOT rc EQUAL 0 OR NOT EXISTS ${file})
        message(FATAL_ERROR "lockscope --screenshot for ${name}${suffix}.png failed (${rc}):\n${out}${err}")
    endif()

    file(READ ${file} header LIMIT 24 HEX)
    string(SUBSTRING "${header}" 32 8 width_hex)
    string(SUBSTRING "${header}" 40 8 height_hex)
    math(EXPR width "0x${width_hex}")
    math(EXPR height "0x${height_hex}")
    # The window asks for this size; a language whose font needs more room may make it
    # taller or wider (CJK fonts have taller lines), never smaller.
    string(REPLACE "x" ";" wanted "${size}")
    list(GET wanted 0 wanted_width)
    list(GET wanted 1 wanted_height)
    if(NOT header MATCHES "^89504e470d0a1a0a" OR width LESS wanted_width OR height LESS wanted_height
       OR (LANGUAGE STREQUAL "en" AND NOT "${width}x${height}" STREQUAL "${size}"))
        message(FATAL_ERROR "${name}${suffix}.png is not a ${size} PNG: ${width}x${height} (${header})")
    endif()
    # A window of this size with its table, panels and charts painted compresses to 150-250 KB;
    # an unpainted or empty one to a few KB. 60 KB is far from both.
    file(SIZE ${file} bytes)
    if(bytes LESS 61440)
        message(FATAL_ERROR "${name}${suffix}.png is only ${bytes} bytes: the window was not painted in full")
    endif()
    math(EXPR kb "${bytes} / 1024")
    message(STATUS "${name}${suffix}.png: ${width}x${height}, ${kb} KB")
endforeach()
file(REMOVE_RECURSE ${scratch})
