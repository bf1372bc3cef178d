#include "tokenlock.h"

#include "luascripts.h"
#include "redisconnection.h"

namespace {
DemoLock::Attempt outcome(DemoLock::Outcome o, const QByteArray &detail = {})
{
    DemoLock::Attempt a;
    a.outcome = o;
    a.detail = detail;
    return a;
}
} // namespace

TokenLock::TokenLock(const DemoRecipe &recipe, const QByteArray &key, const QByteArray &fenceKey, QObject *parent)
    : DemoLock(key, parent)
    , m_recipe(recipe)
    , m_fenceKey(fenceKey)
    , m_releaseScript(LuaScripts::load(QStringLiteral("plain/release")))
    , m_extendScript(LuaScripts::load(QStringLiteral("plain/extend")))
    , m_fencedAcquireScript(LuaScripts::load(QStringLiteral("demo/fenced-acquire")))
{
}

void TokenLock::acquire(const QByteArray &token, int ttlMs, QObject *context, AttemptHandler handler)
{
    if (m_depth > 0) {
        reenter(ttlMs, context, std::move(handler));
        return;
    }
    m_token = token;
    const QByteArray ttl = QByteArray::number(ttlMs);
    RedisConnection *c = connection();
    switch (m_recipe.acquire) {
    case DemoRecipe::Acquire::SetNxPx:
        if (m_recipe.fencing) {
            m_fencedAcquireScript.run(c, {m_key, m_fenceKey}, {token, ttl}, context, [this, context, handler](const RedisReply &r) {
                if (r.isError())
                    handler(outcome(Outcome::Error, r.bytes()));
                else if (r.isInteger())
                    written(r.integer(), true, context, handler);
                else
                    handler(outcome(Outcome::Busy));
            });
            return;
        }
        [[fallthrough]];
    case DemoRecipe::Acquire::SetNxNoTtl: {
        // The same SET NX, with or without the expiry that is the whole lesson of no-ttl-crash.
        RedisCommand set{"SET", m_key, token, "NX"};
        if (m_recipe.acquire == DemoRecipe::Acquire::SetNxPx)
            set << "PX" << ttl;
        c->send(set, context, [this, context, handler](const RedisReply &r) {
            if (r.isError())
                handler(outcome(Outcome::Error, r.bytes()));
            else if (r.isStatus("OK"))
                written(0, true, context, handler);
            else
                handler(outcome(Outcome::Busy));
        });
        return;
    }
    case DemoRecipe::Acquire::SetNxThenExpire:
        c->send({"SETNX", m_key, token}, context, [this, c, ttl, context, handler](const RedisReply &r) {
            if (r.isError()) {
                handler(outcome(Outcome::Error, r.bytes()));
                return;
            }
            if (r.integer() != 1) {
                handler(outcome(Outcome::Busy));
                return;
            }
            // The gap between the two commands: a crash here leaves a lock with no TTL.
            if (crashPointFires()) {
                handler(outcome(Outcome::Crashed));
                return;
            }
            c->send({"PEXPIRE", m_key, ttl}, context, [this, context, handler](const RedisReply &e) {
                if (e.isError())
                    handler(outcome(Outcome::Error, e.bytes()));
                else
                    written(0, false, context, handler);
            });
        });
        return;
    }
}

void TokenLock::reenter(int ttlMs, QObject *context, AttemptHandler handler)
{
    if (!m_recipe.ownTokenShortcut) {
        // A plain token lock is not re-entrant: the holder now waits for itself.
        handler(outcome(Outcome::Busy));
        return;
    }
    // The naive re-entry: SET NX fails on our own lock, so look whose it is.
    RedisConnection *c = connection();
    c->send({"SET", m_key, m_token, "NX", "PX", QByteArray::number(ttlMs)}, context,
            [this, c, context, handler](const RedisReply &r) {
                if (r.isError()) {
                    handler(outcome(Outcome::Error, r.bytes()));
                    return;
                }
                if (r.isStatus("OK")) { // it had expired; we simply took it again
                    Attempt a = outcome(Outcome::Acquired);
                    a.holdCount = ++m_depth;
                    handler(a);
                    return;
                }
                c->send({"GET", m_key}, context, [this, handler](const RedisReply &g) {
                    if (g.isString() && g.bytes() == m_token) {
                        Attempt a = outcome(Outcome::Acquired);
                        a.holdCount = ++m_depth;
                        handler(a);
                    } else {
                        handler(outcome(g.isError() ? Outcome::Error : Outcome::Busy, g.bytes()));
                    }
                });
            });
}

void TokenLock::written(qint64 fence, bool checkCrashPoint, QObject *context, AttemptHandler handler)
{
    if (checkCrashPoint && crashPointFires()) {
        handler(outcome(Outcome::Crashed));
        return;
    }
    lockWritten();
    Attempt acquired = outcome(Outcome::Acquired);
    acquired.fence = fence;
    if (m_recipe.waitReplicas <= 0) {
        m_depth = 1;
        handler(acquired);
        return;
    }
    connection()->send({"WAIT", QByteArray::number(m_recipe.waitReplicas), QByteArray::number(m_recipe.waitTimeoutMs)}, context,
                       [this, acquired, context, handler](const RedisReply &r) {
                           if (r.isInteger() && r.integer() >= m_recipe.waitReplicas) {
                               m_depth = 1;
                               handler(acquired);
                               return;
                           }
                           // Not on the replica: a failover now would lose it. Let it go.
                           m_releaseScript.run(connection(), {m_key}, {m_token}, context, [](const RedisReply &) {});
                           handler(outcome(r.isError() ? Outcome::Error : Outcome::NotReplicated, r.bytes()));
                       });
}

void TokenLock::release(QObject *context, ReleaseHandler handler)
{
    // Not re-entrant: whatever the depth, a release deletes the lock. That is the bug the
    // reentrant scenario shows; the depth only tracks our own bookkeeping.
    m_depth = std::max(0, m_depth - 1);
    if (m_recipe.release == DemoRecipe::Release::PlainDel) {
        connection()->send({"DEL", m_key}, context, [handler](const RedisReply &r) {
            if (r.isError())
                handler(ReleaseOutcome::Error);
            else
                handler(r.integer() > 0 ? ReleaseOutcome::Released : ReleaseOutcome::Gone);
        });
        return;
    }
    m_releaseScript.run(connection(), {m_key}, {m_token}, context, [handler](const RedisReply &r) {
        if (r.isError() || !r.isArray() || r.size() == 0)
            handler(ReleaseOutcome::Error);
        else if (r.at(0).integer() == 1)
            handler(ReleaseOutcome::Released);
        else if (r.at(0).integer() == 0)
            handler(ReleaseOutcome::NotOwner);
        else
            handler(ReleaseOutcome::Gone);
    });
}

void TokenLock::renew(int ttlMs, QObject *context, RenewHandler handler)
{
    m_extendScript.run(connection(), {m_key}, {m_token, QByteArray::number(ttlMs)}, context, [handler](const RedisReply &r) {
        if (r.isError())
            handler(RenewOutcome::Error);
        else
            handler(r.isArray() && r.size() > 0 && r.at(0).integer() == 1 ? RenewOutcome::Renewed : RenewOutcome::Lost);
    });
}

void TokenLock::forget()
{
    m_depth = 0;
}
