#include "adminplan.h"

#include "tokentext.h"

#include <QRandomGenerator>

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

AuditEntry AdminPlan::auditEntry(const AdminResult *outcome) const
{
    AuditEntry entry;
    entry.time = QDateTime::currentDateTimeUtc();
    entry.id = id;
    entry.phase = outcome ? AuditEntry::Phase::Outcome : AuditEntry::Phase::Intent;
    const QString login = qEnvironmentVariable("USER");
    entry.user = login.isEmpty() ? qEnvironmentVariable("LOGNAME") : login;
    entry.action = actionId(action);
    entry.key = key;
    entry.token = token;
    entry.ttlMs = ttlMs;
    if (guard.isValid())
        entry.guard = guard.text();
    if (outcome) {
        entry.result = outcome->outcomeId();
        entry.message = outcome->message;
    }
    return entry;
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
    case AdminAction::ReleaseHolder:
        return QStringLiteral("release-holder");
    }
    return {};
}

QString AdminPlan::intentText() const
{
    const QString k = QLatin1Char('"') + TokenText::escape(key) + QLatin1Char('"');
    switch (action) {
    case AdminAction::Acquire:
        return QStringLiteral("acquire %1").arg(k);
    case AdminAction::Extend:
        return QStringLiteral("extend %1").arg(k);
    case AdminAction::ForceRelease:
        return QStringLiteral("force-release %1 as observed").arg(k);
    case AdminAction::ReleaseHolder:
        return QStringLiteral("release holder %1 of %2").arg(quoted(token), k);
    }
    return {};
}

QString AdminPlan::newId()
{
    return QString::number(QRandomGenerator::global()->generate64(), 16).rightJustified(16, QLatin1Char('0'));
}
