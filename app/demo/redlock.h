#pragma once

#include "demolock.h"
#include "luascript.h"

// Redlock over the worker's connections, one per independent master: SET key token NX PX on
// all of them at once; held when a majority said yes and validity = TTL − elapsed − drift is
// still positive (RedlockQuorum); otherwise released everywhere at once.
class Redlock final : public DemoLock
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Redlock)

public:
    explicit Redlock(const QByteArray &key, QObject *parent = nullptr);

    void acquire(const QByteArray &token, int ttlMs, QObject *context, AttemptHandler handler) override;
    void release(QObject *context, ReleaseHandler handler) override;
    void renew(int ttlMs, QObject *context, RenewHandler handler) override;
    int commandsPerAttempt() const override { return int(m_connections.size()); }
    void forget() override;

    // A server that does not answer within this is counted as a no.
    static constexpr int serverTimeoutMs = 250;

private:
    void releaseEverywhere(QObject *context, ReleaseHandler handler);

    QByteArray m_token;
    LuaScript m_releaseScript;
    LuaScript m_extendScript;
};
