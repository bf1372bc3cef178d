#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>

// One owner of a lock as its value reveals it. Exclusive locks have one; read locks and
// semaphores have several, each with its own token (what the release guard compares).
struct LockHolder
{
    Q_DECLARE_TR_FUNCTIONS(LockHolder) // its fields' names are shown to people
public:
    static constexpr qint64 noOwnTtl = -3;

    QByteArray token;                        // value, hash field or set member that proves ownership
    QString holder;                          // decoded owner in words, empty when the token is opaque
    qint64 count = 1;                        // reentry count, or permits held
    qint64 ttlMs = noOwnTtl;                 // this holder's own deadline where the dialect has one
    QList<QPair<QString, QString>> fields;   // named decoded parts: client, thread, host, pid, time

    QString field(const QString &name) const;
    // A field's name in the user's language ("client", "thread" … as the dialects name them);
    // a name no dialect gives is shown as it is.
    static QString fieldLabel(const QString &name);
    bool operator==(const LockHolder &other) const = default;
};
