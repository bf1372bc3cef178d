#include "session.h"

#include "adminservice.h"
#include "redisconnection.h"
#include "watchservice.h"

Session::Session(const ConnectionOptions &options, const DialectRegistry *registry, const AuditLog *audit,
                 QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_connection(new RedisConnection(options, this))
    , m_watch(new WatchService(m_connection, registry, this))
    , m_admin(new AdminService(m_connection, registry, audit, this))
{
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
}
