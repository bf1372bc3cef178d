#include "auditlog.h"

#include "jsonwriter.h"
#include "tokentext.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

AuditLog::AuditLog(const QString &path)
    : m_path(path)
{
}

QString AuditLog::defaultPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    return QDir(dir.isEmpty() ? QDir::homePath() + QStringLiteral("/.local/share/lockscope") : dir)
        .filePath(QStringLiteral("audit.log"));
}

bool AuditLog::isWritable(QString *error) const
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QFile file(m_path);
    if (file.open(QIODevice::Append))
        return true;
    if (error)
        *error = QStringLiteral("cannot write the audit log %1: %2").arg(m_path, file.errorString());
    return false;
}

bool AuditLog::append(const AuditEntry &e, QString *error) const
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QFile file(m_path);
    if (!file.open(QIODevice::Append)) {
        if (error)
            *error = QStringLiteral("cannot write the audit log %1: %2").arg(m_path, file.errorString());
        return false;
    }
    JsonWriter out;
    out.beginObject().field("time", e.time.toUTC().toString(Qt::ISODateWithMs));
    if (!e.id.isEmpty())
        out.field("id", e.id);
    out.field("phase", e.phase == AuditEntry::Phase::Intent ? QStringLiteral("intent") : QStringLiteral("outcome"))
        .field("server", e.server);
    if (!e.node.isEmpty())
        out.field("node", e.node);
    out.field("user", e.user)
        .field("redis_user", e.redisUser.isEmpty() ? QStringLiteral("default") : e.redisUser)
        .field("action", e.action)
        .field("key", TokenText::escape(e.key))
        .field("token", TokenText::escape(e.token));
    if (e.ttlMs >= 0)
        out.field("ttl_ms", e.ttlMs);
    if (!e.guard.isEmpty())
        out.field("guard", e.guard);
    if (e.phase == AuditEntry::Phase::Outcome)
        out.field("result", e.result).field("message", e.message);
    out.endObject();
    QByteArray line = out.take();
    line += '\n';
    return file.write(line) == line.size();
}
