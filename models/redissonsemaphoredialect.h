#pragma once

#include "dialect.h"

// Redisson's semaphores. RSemaphore is a string holding the permits left; permits have no
// owner, so there is nothing to release on someone's behalf. RPermitExpirableSemaphore adds a
// zset "{name}:timeout" of issued permits: 16 raw bytes per permit id, scored by its expiry
// in epoch ms, which is what LockScope lists as holders. Both publish on redisson_sc:{name}.
class RedissonSemaphoreDialect final : public Dialect
{
public:
    enum class Flavor { Counter, PermitExpirable };

    explicit RedissonSemaphoreDialect(Flavor flavor);

    QString id() const override;
    QString displayName() const override;
    QString description() const override;
    int recognise(const KeySample &sample, LockInfo &lock) const override;
    int maxScore() const override { return m_flavor == Flavor::Counter ? 15 : 70; }
    QList<QList<QByteArray>> waiterProbes(const LockInfo &lock) const override;
    bool isShared() const override { return true; }
    bool extendSetsKeyExpiry() const override { return false; } // a permit's lease is its score
    LockFingerprint::Scope guardScope(AdminAction action) const override;
    ActionSupport support(AdminAction action) const override;
    AdminRecipe recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard, const QByteArray &token,
                       qint64 ttlMs) const override;

    // The semaphore's name behind its permit zset, "{name}:timeout" (or "name:timeout" when the
    // name has its own hash tag); empty when the key is not such a zset's.
    static QByteArray nameOfTimeoutKey(const QByteArray &key);
    static QByteArray channel(const QByteArray &name);

    // Redisson's marker score for a permit that never expires.
    static constexpr qint64 noExpiryScore = 922337203685477LL;

private:
    QByteArray semaphoreName(const QByteArray &key) const;

    Flavor m_flavor;
};
