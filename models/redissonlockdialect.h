#pragma once

#include "dialect.h"

// Redisson's RLock: a hash whose field "<client uuid>:<thread id>" holds the reentry count,
// kept alive by a 30 s watchdog; unlock publishes on redisson_lock__channel:{name}.
class RedissonLockDialect final : public Dialect
{
public:
    QString id() const override { return QStringLiteral("redisson-lock"); }
    QString displayName() const override { return QStringLiteral("Redisson RLock"); }
    int recognise(const KeySample &sample, LockInfo &lock) const override;
    bool isSideKey(const QByteArray &key) const override;

    // Redisson's prefixName(): "redisson_lock__channel:{name}", without extra braces when
    // the name already carries a hash tag.
    static QByteArray unlockChannel(const QByteArray &lockName);
};
