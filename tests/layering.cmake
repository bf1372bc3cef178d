# The compiler enforces most of the layering: each folder's target links only the layers
# it may use, privately where they are not part of its interface, so a ui file that includes
# redisconnection.h, a models file that includes a widget, or a core file that includes a
# demo header does not compile. This check covers what the compiler cannot see:
# - models (and models/demo) do no I/O, though QtCore would let them open files or processes;
# - ui neither starts processes nor builds Redis commands, though QtCore would let it;
# - app never shows a dialog (a QMessageBox needs widgets, which app does not link, but the
#   text of a message box sneaking in as a string builder is a smell worth a look).
set(forbidden_models "QFile;QDir;QProcess;QSettings;QStandardPaths;QSocketNotifier;QThread")
set(forbidden_ui "QProcess;QSocketNotifier")

set(failures "")
foreach(layer models ui)
    file(GLOB_RECURSE sources ${SOURCE_DIR}/${layer}/*.h ${SOURCE_DIR}/${layer}/*.cpp)
    foreach(source ${sources})
        file(STRINGS ${source} includes REGEX "^#include")
        foreach(line ${includes})
            foreach(bad ${forbidden_${layer}})
                if(line MATCHES "[<\"/]${bad}[>\".]")
                    list(APPEND failures "${source}: ${line}")
                endif()
            endforeach()
        endforeach()
    endforeach()
endforeach()
# ui asks services to act; a command spelled out as a byte list is a command built in ui.
file(GLOB_RECURSE ui_sources ${SOURCE_DIR}/ui/*.cpp)
foreach(source ${ui_sources})
    file(STRINGS ${source} sends REGEX "->send\\(|->pipeline\\(|\\{\"(SET|DEL|EVAL|EVALSHA|HSET|PEXPIRE|CONFIG)\"")
    foreach(line ${sends})
        list(APPEND failures "${source}: builds a Redis command: ${line}")
    endforeach()
endforeach()
if(failures)
    list(JOIN failures "\n" text)
    message(FATAL_ERROR "Layering violations:\n${text}")
endif()
message(STATUS "layering ok")
