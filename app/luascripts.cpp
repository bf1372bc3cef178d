#include "luascripts.h"

#include <QFile>
#include <QFileInfo>
#include <QtCore/qglobal.h>

// Outside any namespace, as Q_INIT_RESOURCE requires. Linking the resources as an object
// library would suffice for executables; this also keeps static test binaries honest.
static void initResources()
{
    Q_INIT_RESOURCE(lockscope_resources);
}

namespace {
const QByteArray includeDirective = "-- #include ";

QString pathOf(const QString &name)
{
    return QStringLiteral(":/lua/") + name + QStringLiteral(".lua");
}

// The file's text with its include lines expanded (one level: included files include
// nothing). Empty when a file is missing, which makes the script invalid.
QByteArray expanded(const QString &name)
{
    QFile file(pathOf(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QByteArray out;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (!line.startsWith(includeDirective)) {
            out += line + '\n';
            continue;
        }
        QFile part(pathOf(QString::fromUtf8(line.mid(includeDirective.size()).trimmed())));
        if (!part.open(QIODevice::ReadOnly))
            return {};
        out += part.readAll();
        if (!out.endsWith('\n'))
            out += '\n';
    }
    out.chop(1); // the split added one line end too many
    return out;
}
} // namespace

LuaScript LuaScripts::load(const QString &name)
{
    static const bool initialised = (initResources(), true);
    Q_UNUSED(initialised);
    return LuaScript(QFileInfo(pathOf(name)).completeBaseName(), expanded(name));
}
