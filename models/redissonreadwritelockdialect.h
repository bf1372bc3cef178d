#pragma once

#include "dialect.h"

// Redisson's RReadWriteLock: one hash with "mode" = read|write, a field per holder
// ("<uuid>:<thread>" for a read hold, "<uuid>:<thread>:write" for the writer) holding its
// count, and per-read-hold timeout strings beside it. Unlock publishes on redisson_rwlock:{name};
// "1" wakes every waiting reader and writer.
class RedissonReadWriteLockDialect final : public Dialect
{
public:
    QString id() const override { return QStringLiteral("redisson-rwlock"); }
    QString displayName() const override { return QStringLiteral("Redisson ReadWriteLock"); }
    QString description() const override;
    int recognise(const KeySample &sample, LockInfo &lock) const override;
    int maxScore() const override { return 95; }
    QList<KeyPattern> sideKeyPatterns() const override;
    QList<QList<QByteArray>> waiterProbes(const LockInfo &lock) const override;
    bool isShared() const override { return true; }
    AdminRecipe recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard, const QByteArray &token,
                       qint64 ttlMs) const override;
    QByteArray newToken() const override;

    static QByteArray channel(const QByteArray &lockName);
    // What Redisson prefixes a holder's read-hold keys with ("{name}", or the name itself when
    // it carries its own hash tag): "<prefix>:<holder>:rwlock_timeout:<n>".
    static QByteArray holdKeyPrefix(const QByteArray &lockName);
};
