#pragma once

#include "auditentry.h"

#include <QString>

// Append-only JSON Lines record of every admin action, in the user's data directory: an
// intent line before it is sent and an outcome line after (see AuditEntry).
class AuditLog final
{
public:
    explicit AuditLog(const QString &path = defaultPath());

    static QString defaultPath();
    const QString &path() const { return m_path; }

    // Whether an entry could be written now; actions that cannot be audited do not run.
    bool isWritable(QString *error) const;
    bool append(const AuditEntry &entry, QString *error = nullptr) const;

private:
    QString m_path;
};
