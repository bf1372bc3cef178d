#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// What a dialect runs for one admin action, as data: a script from resources/lua/ with its
// keys and arguments, or one plain command. The dialect decides it (no I/O); the app runs it.
// Guarded scripts take the lock's fingerprint as ARGV[1] and answer {1, ...} done, or the
// guard's refusal {0, type, size, name, value, ...}: what the key holds now.
struct AdminRecipe
{
    bool supported = true;
    QString reason;           // why not, when unsupported
    QString script;           // "plain/force-release"; empty for a single command
    QList<QByteArray> keys;
    QList<QByteArray> args;
    QList<QByteArray> command; // when there is no script
    // A fair lock's queue and its waiters' timeouts, where only the queue's first waiter may
    // take the lock (acquire): what a dry run looks at besides the key.
    QByteArray fairQueue;
    QByteArray fairTimeouts;
    QString description;      // what runs, in words, for the confirmation

    static AdminRecipe unsupported(const QString &why)
    {
        AdminRecipe r;
        r.supported = false;
        r.reason = why;
        return r;
    }
};
