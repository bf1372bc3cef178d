#pragma once

#include "demolock.h"
#include "demorecipe.h"
#include "luascript.h"

// A lock held as a string key whose value is the holder's token — the basic Redis lock in
// the variants the scenarios need: SET NX PX or SET NX with no expiry or SETNX + PEXPIRE;
// release by compare-and-delete or by plain DEL; a fencing number taken atomically with the
// lock; WAIT for replicas before entering; the naive "it is mine already" re-entry.
class TokenLock final : public DemoLock
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenLock)

public:
    TokenLock(const DemoRecipe &recipe, const QByteArray &key, const QByteArray &fenceKey, QObject *parent = nullptr);

    void acquire(const QByteArray &token, int ttlMs, QObject *context, AttemptHandler handler) override;
    void release(QObject *context, ReleaseHandler handler) override;
    void renew(int ttlMs, QObject *context, RenewHandler handler) override;
    void forget() override;

    const QByteArray &token() const { return m_token; }

private:
    RedisConnection *connection() const { return m_connections.value(0); }
    void reenter(int ttlMs, QObject *context, AttemptHandler handler);
    // The lock is in Redis: check the crash point, then WAIT if asked to.
    void written(qint64 fence, bool checkCrashPoint, QObject *context, AttemptHandler handler);

    DemoRecipe m_recipe;
    QByteArray m_fenceKey;
    QByteArray m_token;
    int m_depth = 0;
    LuaScript m_releaseScript;
    LuaScript m_extendScript;
    LuaScript m_fencedAcquireScript;
};
