#include "reentrantlock.h"

#include "luascripts.h"
#include "redisconnection.h"

ReentrantLock::ReentrantLock(const QByteArray &key, QObject *parent)
    : DemoLock(key, parent)
    , m_acquireScript(LuaScripts::load(QStringLiteral("demo/reentrant-acquire")))
    , m_releaseScript(LuaScripts::load(QStringLiteral("demo/reentrant-release")))
    , m_extendScript(LuaScripts::load(QStringLiteral("redisson/extend")))
{
}

void ReentrantLock::acquire(const QByteArray &token, int ttlMs, QObject *context, AttemptHandler handler)
{
    m_holder = token;
    m_leaseMs = ttlMs;
    m_acquireScript.run(connection(), {m_key}, {QByteArray::number(ttlMs), token}, context, [handler](const RedisReply &r) {
        Attempt a;
        if (r.isError() || !r.isArray() || r.size() < 2) {
            a.outcome = Outcome::Error;
            a.detail = r.bytes();
        } else if (r.at(0).integer() == 1) {
            a.outcome = Outcome::Acquired;
            a.holdCount = int(r.at(1).integer());
        } else {
            a.outcome = Outcome::Busy;
        }
        handler(a);
    });
}

void ReentrantLock::release(QObject *context, ReleaseHandler handler)
{
    const QByteArray channel = "redisson_lock__channel:{" + m_key + '}';
    m_releaseScript.run(connection(), {m_key, channel}, {m_holder, QByteArray::number(m_leaseMs)}, context,
                        [handler](const RedisReply &r) {
                            if (r.isError() || !r.isArray() || r.size() == 0)
                                handler(ReleaseOutcome::Error);
                            else if (r.at(0).integer() == 1)
                                handler(ReleaseOutcome::Released);
                            else if (r.at(0).integer() == 0)
                                handler(ReleaseOutcome::StillHeld);
                            else
                                handler(ReleaseOutcome::NotOwner);
                        });
}

void ReentrantLock::renew(int ttlMs, QObject *context, RenewHandler handler)
{
    m_leaseMs = ttlMs;
    m_extendScript.run(connection(), {m_key}, {m_holder, QByteArray::number(ttlMs)}, context, [handler](const RedisReply &r) {
        if (r.isError())
            handler(RenewOutcome::Error);
        else
            handler(r.isArray() && r.size() > 0 && r.at(0).integer() == 1 ? RenewOutcome::Renewed : RenewOutcome::Lost);
    });
}

void ReentrantLock::forget()
{
}
