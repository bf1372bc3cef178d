#pragma once

#include "dialect.h"

// Redisson's RLock and the layouts that share its hash: a field "<client uuid>:<thread id>"
// holding the reentry count, kept alive by a 30 s watchdog; unlock publishes "0" on
// redisson_lock__channel:{name}. node-redisson writes the same hash with two UUIDs per field.
// A fair lock is the same hash with a waiters' queue beside it, so it is told apart only once
// the waiter probe finds that queue (the lock is then relabelled redisson-fair-lock).
class RedissonLockDialect final : public Dialect
{
public:
    enum class Flavor { Lock, FairLock, NodeRedisson };
    // A reentry count no program reaches; above it a hash is not a Redisson lock (read or write).
    static constexpr qint64 maxHoldCount = 1'000'000;

    explicit RedissonLockDialect(Flavor flavor = Flavor::Lock);

    QString id() const override;
    QString displayName() const override;
    QString description() const override;
    int recognise(const KeySample &sample, LockInfo &lock) const override;
    int maxScore() const override { return 90; }
    QList<KeyPattern> sideKeyPatterns() const override;
    QList<QList<QByteArray>> waiterProbes(const LockInfo &lock) const override;
    void applyWaiterProbes(LockInfo &lock, const QList<qint64> &answers) const override;
    AdminRecipe recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard, const QByteArray &token,
                       qint64 ttlMs) const override;
    QByteArray newToken() const override;

    // Redisson's prefixName(p, name): "p:{name}", without extra braces when the name already
    // carries a hash tag.
    static QByteArray prefixName(const QByteArray &prefix, const QByteArray &name);
    static QByteArray unlockChannel(const QByteArray &lockName);
    static QByteArray queueKey(const QByteArray &lockName);
    static QByteArray timeoutKey(const QByteArray &lockName);
    // "<uuid>:<thread>" or node-redisson's "<uuid>:<uuid>", split in two; false otherwise.
    static bool splitHolderField(const QByteArray &field, bool node, QByteArray *client, QByteArray *thread);

private:
    Flavor m_flavor;
};
