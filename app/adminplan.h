#pragma once

#include "adminresult.h"
#include "auditentry.h"
#include "dialect.h"
#include "lockfingerprint.h"

#include <QByteArray>
#include <QString>

// Exactly what an admin action will run, built before it runs so the operator confirms
// the very script, key, token and guard that go to Redis. Free of redisclient types: the
// confirmation dialog in ui/ shows it.
struct AdminPlan
{
    QString id; // one action in the audit log: its intent line and its outcome line
    AdminAction action = AdminAction::ForceRelease;
    QString dialect;
    QByteArray key;
    QByteArray token; // the token acquired with, or the holder acted for (empty: all of them)
    // A release asked for by the holder's token (release --token), not as observed: the same
    // guarded script, but the audit and the operator must see which of the two was meant.
    bool byHolder = false;
    qint64 ttlMs = -1;
    // The value was longer than LockScope reads, and the token given stands for the rest of
    // it: a guard that fails may mean that the token was wrong, not that the lock changed.
    bool valueFromToken = false;
    // What the script's guard compares: the lock as the operator saw it (absent, for acquire).
    LockFingerprint guard;

    bool allowed = true;
    QString refusal;     // why it cannot run, when not allowed
    QString description; // in words, for the confirmation
    QString caution;     // what the operator should weigh before it runs (an unknown layout)

    // A scripted action: the script (resources/lua/<name>.lua) with keys and args.
    QString scriptName;
    QByteArray scriptSource;
    QByteArray scriptSha1;
    QList<QByteArray> keys;
    QList<QByteArray> args;
    QList<QByteArray> command; // a single-command action (acquire)
    // A fair lock's queue and timeouts (AdminRecipe): an acquire by anyone but its first
    // waiter is refused.
    QByteArray fairQueue;
    QByteArray fairTimeouts;

    bool isScript() const { return !scriptName.isEmpty(); }
    // The command line as redis-cli would show it, binary parts escaped.
    QString commandText() const;
    // The intent in a few words: "force-release \"rw\" as observed", "release holder T of \"rw\"".
    QString intentText() const;

    // Its audit line: the intent (outcome null) or the outcome, by the operator logged in now.
    // The caller names the server and the ACL user.
    AuditEntry auditEntry(const AdminResult *outcome) const;

    // Its action as the audit log and --json name it: actionId(), or "release" for byHolder.
    QString actionName() const;
    static QString actionId(AdminAction action);
    // A fresh id for a plan: 16 hex digits.
    static QString newId();
};
