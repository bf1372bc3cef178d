#pragma once

#include "demolock.h"
#include "luascript.h"

// A re-entrant lock laid out as Redisson's RLock: a hash {"<uuid>:<thread>" → hold count}
// with a lease. The same holder takes it again by counting up; each release counts down and
// only the last one deletes the key (and publishes on the unlock channel).
class ReentrantLock final : public DemoLock
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReentrantLock)

public:
    explicit ReentrantLock(const QByteArray &key, QObject *parent = nullptr);

    void acquire(const QByteArray &token, int ttlMs, QObject *context, AttemptHandler handler) override;
    void release(QObject *context, ReleaseHandler handler) override;
    void renew(int ttlMs, QObject *context, RenewHandler handler) override;
    void forget() override;

private:
    RedisConnection *connection() const { return m_connections.value(0); }

    QByteArray m_holder;
    int m_leaseMs = 30000;
    LuaScript m_acquireScript;
    LuaScript m_releaseScript;
    LuaScript m_extendScript;
};
