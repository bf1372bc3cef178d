#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

// One line of the audit log. Every action writes two, with the same id: its intent before
// anything is sent, and its outcome after (done, refused, failed, or unknown when no answer
// came), so an action can never be missing from the log, even if LockScope dies in between.
// Nothing secret is written: no passwords, no connection URLs.
struct AuditEntry
{
    enum class Phase { Intent, Outcome };

    QDateTime time;
    QString id;        // the plan's id, shared by its two lines
    Phase phase = Phase::Outcome;
    QString server;    // host:port/db, or the connection's name
    QString node;      // the master that ran it, where there are several or they change (cluster, Sentinel)
    QString user;      // the operator's login
    QString redisUser; // the ACL user LockScope connected as
    QString action;    // acquire, extend, force-release, release-holder
    QByteArray key;
    QByteArray token;
    qint64 ttlMs = -1;
    QString guard;     // the fingerprint the action is guarded on, in words
    QString result;    // outcome lines: done, refused, failed, unknown
    QString message;
};
