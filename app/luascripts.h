#pragma once

#include "luascript.h"

// The Lua scripts shipped in resources/lua/, by path without extension ("plain/release").
class LuaScripts final
{
public:
    static LuaScript load(const QString &name);
};
