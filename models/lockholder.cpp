#include "lockholder.h"

QString LockHolder::field(const QString &name) const
{
    for (const auto &f : fields)
        if (f.first == name)
            return f.second;
    return {};
}

QString LockHolder::fieldLabel(const QString &name)
{
    static const char *const known[][2] = {
        {"client", QT_TR_NOOP("client")}, {"thread", QT_TR_NOOP("thread")}, {"host", QT_TR_NOOP("host")},
        {"pid", QT_TR_NOOP("pid")},       {"time", QT_TR_NOOP("time")},     {"expires", QT_TR_NOOP("expires")},
        {"node", QT_TR_NOOP("node")},     {"mac", QT_TR_NOOP("MAC")},       {"metadata", QT_TR_NOOP("metadata")},
        {"score", QT_TR_NOOP("score")},   {"holder", QT_TR_NOOP("holder")},
    };
    for (const auto &k : known)
        if (name == QLatin1String(k[0]))
            return tr(k[1]);
    return name;
}
