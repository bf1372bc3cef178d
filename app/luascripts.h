#pragma once

#include "luascript.h"

// The Lua scripts shipped in resources/lua/, by path without extension ("plain/release").
//
// A script may begin with include lines, "-- #include guard/fingerprint", each replaced by
// that script's text: Redis runs one self-contained body, and the operator confirms exactly
// that body, while the guard every admin script needs is written and tested once.
class LuaScripts final
{
public:
    static LuaScript load(const QString &name);
};
