#include "adminplan.h"

#include "tokentext.h"

#include <QRandomGenerator>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

namespace {
// Bare where that is unambiguous; a long value shortened, as in every message.
QString quoted(const QByteArray &bytes)
{
    const bool plain = !bytes.isEmpty() && TokenText::isPrintable(bytes) && !bytes.contains(' ');
    return plain && bytes.size() <= TokenText::wholeUpTo ? TokenText::escape(bytes) : TokenText::quoted(bytes);
}

// Who acts, for the audit: as the login says, else the account the process runs as (a
// service or a root shell may have neither USER nor LOGNAME).
QString localUser()
{
    for (const char *name : {"USER", "LOGNAME"})
        if (const QString login = qEnvironmentVariable(name); !login.isEmpty())
            return login;
#ifdef Q_OS_UNIX
    if (const passwd *account = getpwuid(geteuid()))
        return QString::fromLocal8Bit(account->pw_name);
#endif
    return {};
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
    entry.user = localUser();
    entry.action = actionName();
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

QString AdminPlan::actionName() const
{
    return byHolder && action == AdminAction::ForceRelease ? QStringLiteral("release") : actionId(action);
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
    const QString k = TokenText::quoted(key);
    switch (action) {
    case AdminAction::Acquire:
        return QStringLiteral("acquire %1").arg(k);
    case AdminAction::Extend:
        return QStringLiteral("extend %1").arg(k);
    case AdminAction::ForceRelease:
        return byHolder ? QStringLiteral("release %1 held by %2").arg(k, quoted(token))
                        : QStringLiteral("force-release %1 as observed").arg(k);
    case AdminAction::ReleaseHolder:
        return QStringLiteral("release holder %1 of %2").arg(quoted(token), k);
    }
    return {};
}

QString AdminPlan::newId()
{
    return QString::number(QRandomGenerator::global()->generate64(), 16).rightJustified(16, QLatin1Char('0'));
}
