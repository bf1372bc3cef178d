#pragma once

#include "dialect.h"

#include <QByteArray>
#include <QString>

// Exactly what an admin action will run, built before it runs so the operator confirms
// the very script, key and token that go to Redis.
struct AdminPlan
{
    AdminAction action = AdminAction::ForceRelease;
    QString dialect;
    QByteArray key;
    QByteArray token; // the token acquired with, or the one the operator saw
    qint64 ttlMs = -1;

    bool allowed = true;
    QString refusal;     // why it cannot run, when not allowed
    QString description; // in words, for the confirmation

    // A scripted action: the script (resources/lua/<name>.lua) with keys and args.
    QString scriptName;
    QByteArray scriptSource;
    QByteArray scriptSha1;
    QList<QByteArray> keys;
    QList<QByteArray> args;
    QList<QByteArray> command; // a single-command action (acquire)

    bool isScript() const { return !scriptName.isEmpty(); }
    // The command line as redis-cli would show it, binary parts escaped.
    QString commandText() const;

    static QString actionId(AdminAction action);
};
