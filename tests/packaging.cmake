# Installs into a scratch prefix and builds the .deb, then checks both hold what a desktop
# user needs: the binary, a desktop entry and AppStream metadata that validate, the icon at
# the standard sizes, the man page and the manual; and that the package depends on what the
# binary loads. (tests/packageinstall.sh installs the .deb on a clean Debian 12 root.)
set(stage ${BUILD_DIR}/packaging-test)
file(REMOVE_RECURSE ${stage})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${stage}/usr
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed")
endif()
set(expected bin/lockscope share/applications/lockscope.desktop
    share/metainfo/io.github.lockscope.LockScope.metainfo.xml
    share/icons/hicolor/scalable/apps/lockscope.svg
    share/man/man1/lockscope.1.gz
    share/doc/lockscope/manual/manual.md)
foreach(size ${ICON_SIZES})
    list(APPEND expected share/icons/hicolor/${size}x${size}/apps/lockscope.png)
endforeach()
foreach(f ${expected})
    if(NOT EXISTS ${stage}/usr/${f})
        message(FATAL_ERROR "not installed: ${f}")
    endif()
endforeach()
# Each PNG is the size its folder says.
foreach(size ${ICON_SIZES})
    file(READ ${stage}/usr/share/icons/hicolor/${size}x${size}/apps/lockscope.png header LIMIT 24 HEX)
    string(SUBSTRING "${header}" 32 8 width)
    string(SUBSTRING "${header}" 40 8 height)
    math(EXPR expected_hex "${size}" OUTPUT_FORMAT HEXADECIMAL)
    string(REPLACE "0x" "" expected_hex "${expected_hex}")
    string(LENGTH "${expected_hex}" len)
    while(len LESS 8)
        string(PREPEND expected_hex "0")
        math(EXPR len "${len} + 1")
    endwhile()
    string(TOLOWER "${expected_hex}" expected_hex)
    if(NOT header MATCHES "^89504e47" OR NOT width STREQUAL expected_hex OR NOT height STREQUAL expected_hex)
        message(FATAL_ERROR "icons/hicolor/${size}x${size}/apps/lockscope.png is not a ${size}x${size} PNG (${header})")
    endif()
endforeach()

# The desktop entry and the AppStream metadata as desktops and software centres read them:
# errors and warnings fail (hints and pedantic notes do not).
execute_process(COMMAND desktop-file-validate ${stage}/usr/share/applications/lockscope.desktop
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR "${out}${err}" MATCHES "error:|warning:")
    message(FATAL_ERROR "desktop-file-validate: ${out}${err}")
endif()
execute_process(COMMAND appstreamcli validate --no-net --explain ${stage}/usr/share/metainfo/io.github.lockscope.LockScope.metainfo.xml
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR "${out}" MATCHES "\nE: |\nW: |^E: |^W: ")
    message(FATAL_ERROR "appstreamcli validate: ${out}${err}")
endif()

execute_process(COMMAND ${stage}/usr/bin/lockscope --version OUTPUT_VARIABLE version RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT version MATCHES "^lockscope ")
    message(FATAL_ERROR "the installed binary does not run: ${version}")
endif()

execute_process(COMMAND ${CMAKE_CPACK_COMMAND} -G DEB -B ${stage}/deb --config ${BUILD_DIR}/CPackConfig.cmake
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cpack failed: ${out} ${err}")
endif()
file(GLOB debs ${stage}/deb/*.deb)
list(LENGTH debs n)
if(NOT n EQUAL 1)
    message(FATAL_ERROR "expected one .deb, found: ${debs}")
endif()
execute_process(COMMAND dpkg-deb --contents ${debs} OUTPUT_VARIABLE contents)
execute_process(COMMAND dpkg-deb --field ${debs} Depends OUTPUT_VARIABLE depends)
execute_process(COMMAND dpkg-deb --field ${debs} Recommends OUTPUT_VARIABLE recommends)
foreach(f ./usr/bin/lockscope ./usr/share/applications/lockscope.desktop ./usr/share/icons/hicolor/scalable/apps/lockscope.svg
          ./usr/share/icons/hicolor/256x256/apps/lockscope.png ./usr/share/man/man1/lockscope.1.gz
          ./usr/share/metainfo/io.github.lockscope.LockScope.metainfo.xml)
    string(FIND "${contents}" "${f}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "the .deb lacks ${f}")
    endif()
endforeach()
foreach(dep libqt6widgets6 libhiredis0.14 libqcustomplot2.1 libqt6svg6 libsecret-1-0 libssh)
    string(FIND "${depends}" "${dep}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "the .deb does not depend on ${dep}: ${depends}")
    endif()
endforeach()
if(NOT recommends MATCHES "redis-server")
    message(FATAL_ERROR "the .deb does not recommend redis-server (the sandbox's): ${recommends}")
endif()
# The one .deb, where the clean-root test finds it.
file(REMOVE_RECURSE ${BUILD_DIR}/package)
file(COPY ${debs} DESTINATION ${BUILD_DIR}/package)
message(STATUS "packaging ok: ${debs}")
