#include "session.h"

#include "adminservice.h"
#include "commandstatspoller.h"
#include "failedacquiresampler.h"
#include "lockeventservice.h"
#include "redisconnection.h"
#include "watchservice.h"

Session::Session(const ConnectionOptions &options, const DialectRegistry *registry, const AuditLog *audit,
                 QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_connection(new RedisConnection(options, this))
    , m_watch(new WatchService(m_connection, registry, this))
    , m_admin(new AdminService(m_connection, registry, audit, this))
    , m_events(new LockEventService(m_connection, m_watch, registry, this))
    , m_commandStats(new CommandStatsPoller(m_connection, this))
    , m_sampler(new FailedAcquireSampler(options, this))
{
    connect(m_sampler, &FailedAcquireSampler::failedAttempts, m_events, &LockEventService::recordFailedAttempts);
}

Session::~Session() = default;

QString Session::displayName() const
{
    return m_connection->options().displayName();
}

void Session::open()
{
    m_connection->open();
    m_watch->start();
    m_events->start();
    m_commandStats->start();
}
