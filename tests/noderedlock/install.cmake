# Installs node-redlock (npm "redlock" v5 and ioredis, at the versions package-lock.json pins)
# into DIR once, for tst_noderedlock: npm ci with the download cache in the build tree, so a
# second configure or an offline machine with a warm cache needs no network. Fails, loudly,
# when npm is missing or cannot install: the test must not pass without the library.
#   cmake -DSOURCE=<tests/noderedlock> -DDIR=<build dir> -DNPM=<npm> -P install.cmake
cmake_minimum_required(VERSION 3.22)
if(NOT NPM)
    message(FATAL_ERROR "npm was not found: install nodejs and npm (installer/install-deps.sh does) to test against node-redlock")
endif()
file(MAKE_DIRECTORY ${DIR})
file(COPY_FILE ${SOURCE}/package-lock.json ${DIR}/package-lock.json ONLY_IF_DIFFERENT)
file(COPY_FILE ${SOURCE}/package.json ${DIR}/package.json ONLY_IF_DIFFERENT)
# Beside its node_modules: an ES module finds its imports there, not through NODE_PATH.
file(COPY_FILE ${SOURCE}/redlock-client.mjs ${DIR}/redlock-client.mjs ONLY_IF_DIFFERENT)
# Installed already from this very lock file: nothing to do.
if(EXISTS ${DIR}/node_modules/.package-lock.json AND EXISTS ${DIR}/node_modules/redlock/package.json
   AND NOT ${DIR}/package-lock.json IS_NEWER_THAN ${DIR}/node_modules/.package-lock.json)
    return()
endif()
execute_process(COMMAND ${NPM} ci --cache ${DIR}/npm-cache --prefer-offline --no-audit --no-fund
                WORKING_DIRECTORY ${DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "npm ci of node-redlock failed (${rc}):\n${out}\n${err}")
endif()
