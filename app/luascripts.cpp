#include "luascripts.h"

#include <QtCore/qglobal.h>

// Outside any namespace, as Q_INIT_RESOURCE requires. Linking the resources as an object
// library would suffice for executables; this also keeps static test binaries honest.
static void initResources()
{
    Q_INIT_RESOURCE(lockscope_resources);
}

LuaScript LuaScripts::load(const QString &name)
{
    static const bool initialised = (initResources(), true);
    Q_UNUSED(initialised);
    return LuaScript::load(QStringLiteral(":/lua/") + name + QStringLiteral(".lua"));
}
