#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

// One owner of a lock as its value reveals it. Exclusive locks have one; read locks and
// semaphores have several, each with its own token (what the release guard compares).
struct LockHolder
{
    static constexpr qint64 noOwnTtl = -3;

    QByteArray token;                        // value, hash field or set member that proves ownership
    QString holder;                          // decoded owner in words, empty when the token is opaque
    qint64 count = 1;                        // reentry count, or permits held
    qint64 ttlMs = noOwnTtl;                 // this holder's own deadline where the dialect has one
    QList<QPair<QString, QString>> fields;   // named decoded parts: client, thread, host, pid, time

    QString field(const QString &name) const;
    bool operator==(const LockHolder &other) const = default;
};
