#pragma once

#include "dialect.h"

// redis-semaphore's (Node) Semaphore and MultiSemaphore: a zset "semaphore:<key>" whose
// members are holder identifiers (a UUID, "_<n>" per permit for multi-permit holders) scored
// by the client's acquire or refresh time in epoch ms. Each member is a holder; releasing one
// removes only that member.
class ZSetSemaphoreDialect final : public Dialect
{
public:
    QString id() const override { return QStringLiteral("redis-semaphore"); }
    QString displayName() const override { return QStringLiteral("redis-semaphore Semaphore"); }
    QString description() const override;
    int recognise(const KeySample &sample, LockInfo &lock) const override;
    int maxScore() const override { return 60; }
    bool isShared() const override { return true; }
    LockFingerprint::Scope guardScope(AdminAction action) const override;
    ActionSupport support(AdminAction action) const override;
    AdminRecipe recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard, const QByteArray &token,
                       qint64 ttlMs) const override;
};
