#include "adminplan.h"

#include "tokentext.h"

namespace {
QString quoted(const QByteArray &bytes)
{
    const QString text = TokenText::escape(bytes);
    const bool plain = !bytes.isEmpty() && TokenText::isPrintable(bytes) && !bytes.contains(' ');
    return plain ? text : QLatin1Char('"') + text + QLatin1Char('"');
}
} // namespace

QString AdminPlan::commandText() const
{
    QStringList parts;
    if (isScript()) {
        parts << QStringLiteral("EVALSHA") << QString::fromLatin1(scriptSha1) << QString::number(keys.size());
        for (const QByteArray &k : keys)
            parts << quoted(k);
        for (const QByteArray &a : args)
            parts << quoted(a);
    } else {
        for (const QByteArray &a : command)
            parts << quoted(a);
    }
    return parts.join(QLatin1Char(' '));
}

QString AdminPlan::actionId(AdminAction action)
{
    switch (action) {
    case AdminAction::Acquire:
        return QStringLiteral("acquire");
    case AdminAction::Extend:
        return QStringLiteral("extend");
    case AdminAction::ForceRelease:
        return QStringLiteral("force-release");
    }
    return {};
}
