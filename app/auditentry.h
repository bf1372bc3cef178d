#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

// One admin action as the audit log records it.
struct AuditEntry
{
    QDateTime time;
    QString server;    // host:port/db
    QString user;      // the operator's login
    QString redisUser; // the ACL user LockScope connected as
    QString action;    // acquire, extend, force-release
    QByteArray key;
    QByteArray token;
    qint64 ttlMs = -1;
    QString result;    // done, refused, failed
    QString message;
};
