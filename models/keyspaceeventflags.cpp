#include "keyspaceeventflags.h"

namespace {
const QString order = QStringLiteral("KEg$lshzxetmdn");
const QString all = QStringLiteral("g$lshzxetd");

QString expand(const QString &flags)
{
    QString out = flags;
    out.replace(QLatin1Char('A'), all);
    return out;
}
} // namespace

QString KeyspaceEventFlags::normalised(const QString &flags)
{
    const QString expanded = expand(flags);
    QString out;
    for (QChar c : order)
        if (expanded.contains(c))
            out += c;
    return out;
}

bool KeyspaceEventFlags::covers(const QString &have, const QString &need)
{
    return missing(have, need).isEmpty();
}

QString KeyspaceEventFlags::merged(const QString &have, const QString &need)
{
    return normalised(have + need);
}

QString KeyspaceEventFlags::missing(const QString &have, const QString &need)
{
    const QString h = normalised(have);
    QString out;
    for (QChar c : normalised(need))
        if (!h.contains(c))
            out += c;
    return out;
}
