#include "redlock.h"

#include "luascripts.h"
#include "monotonicclock.h"
#include "redisconnection.h"
#include "redlockquorum.h"

#include <memory>

Redlock::Redlock(const QByteArray &key, QObject *parent)
    : DemoLock(key, parent)
    , m_releaseScript(LuaScripts::load(QStringLiteral("plain/release")))
    , m_extendScript(LuaScripts::load(QStringLiteral("plain/extend")))
{
}

void Redlock::acquire(const QByteArray &token, int ttlMs, QObject *context, AttemptHandler handler)
{
    m_token = token;
    struct Round
    {
        int answers = 0;
        int granted = 0;
        qint64 startedMs = MonotonicClock::nowMs();
    };
    auto round = std::make_shared<Round>();
    const int servers = int(m_connections.size());
    for (RedisConnection *c : std::as_const(m_connections)) {
        c->send({"SET", m_key, token, "NX", "PX", QByteArray::number(ttlMs)}, context,
                [this, round, servers, ttlMs, context, handler](const RedisReply &r) {
                    if (r.isStatus("OK"))
                        ++round->granted;
                    if (++round->answers < servers)
                        return;
                    const qint64 elapsed = MonotonicClock::nowMs() - round->startedMs;
                    const RedlockQuorum::Decision d = RedlockQuorum::decide(round->granted, servers, ttlMs, elapsed);
                    Attempt a;
                    a.granted = round->granted;
                    a.validityMs = d.validityMs;
                    if (d.acquired) {
                        a.outcome = Outcome::Acquired;
                        handler(a);
                        return;
                    }
                    // A minority is worse than nothing: it blocks others. Undo it everywhere.
                    releaseEverywhere(context, [](ReleaseOutcome) {});
                    a.outcome = round->granted == 0 ? Outcome::Busy : Outcome::NoQuorum;
                    handler(a);
                },
                serverTimeoutMs);
    }
}

void Redlock::releaseEverywhere(QObject *context, ReleaseHandler handler)
{
    auto answers = std::make_shared<int>(0);
    auto released = std::make_shared<int>(0);
    const int servers = int(m_connections.size());
    for (RedisConnection *c : std::as_const(m_connections)) {
        m_releaseScript.run(c, {m_key}, {m_token}, context, [answers, released, servers, handler](const RedisReply &r) {
            if (r.isArray() && r.size() > 0 && r.at(0).integer() == 1)
                ++*released;
            if (++*answers == servers)
                handler(*released > 0 ? ReleaseOutcome::Released : ReleaseOutcome::Gone);
        });
    }
}

void Redlock::release(QObject *context, ReleaseHandler handler)
{
    releaseEverywhere(context, std::move(handler));
}

void Redlock::renew(int ttlMs, QObject *context, RenewHandler handler)
{
    auto answers = std::make_shared<int>(0);
    auto renewed = std::make_shared<int>(0);
    const int servers = int(m_connections.size());
    for (RedisConnection *c : std::as_const(m_connections)) {
        m_extendScript.run(c, {m_key}, {m_token, QByteArray::number(ttlMs)}, context,
                           [answers, renewed, servers, handler](const RedisReply &r) {
                               if (r.isArray() && r.size() > 0 && r.at(0).integer() == 1)
                                   ++*renewed;
                               if (++*answers == servers)
                                   handler(*renewed >= RedlockQuorum::quorum(servers) ? RenewOutcome::Renewed : RenewOutcome::Lost);
                           });
    }
}

void Redlock::forget()
{
}
