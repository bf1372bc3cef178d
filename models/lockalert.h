#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

// Something about a lock that wants a person's attention: a stuck lock, a renewal that
// nearly came too late, a hot lock. Repeats of the same kind on the same key update one
// alert (count, last time) instead of adding rows.
struct LockAlert
{
    Q_DECLARE_TR_FUNCTIONS(LockAlert) // its words for people are translated
public:
    enum class Kind { Stuck, NearMiss, Hot };

    Kind kind = Kind::Stuck;
    QByteArray key;
    QString holder;
    QString message;
    qint64 firstMs = 0;
    qint64 lastMs = 0;
    int count = 1;
    bool resolved = false; // the lock was released, or cooled down

    static QString kindId(Kind kind);
    static QString kindText(Kind kind);
};
