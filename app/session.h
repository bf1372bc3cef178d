#pragma once

#include "connectionoptions.h"

#include <QObject>

class AdminService;
class AuditLog;
class CommandStatsPoller;
class DialectRegistry;
class FailedAcquireSampler;
class LockEventService;
class RedisConnection;
class WatchService;

// Everything LockScope does with one server: the connection and the services on it.
// Replaced as a whole when the user connects elsewhere.
class Session final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Session)

public:
    Session(const ConnectionOptions &options, const DialectRegistry *registry, const AuditLog *audit,
            QObject *parent = nullptr);
    ~Session() override;

    RedisConnection *connection() const { return m_connection; }
    WatchService *watch() const { return m_watch; }
    AdminService *admin() const { return m_admin; }
    LockEventService *events() const { return m_events; }
    CommandStatsPoller *commandStats() const { return m_commandStats; }
    FailedAcquireSampler *sampler() const { return m_sampler; }
    const DialectRegistry *registry() const { return m_registry; }
    QString displayName() const;

    // Connects and starts watching.
    void open();

private:
    const DialectRegistry *m_registry;
    RedisConnection *m_connection;
    WatchService *m_watch;
    AdminService *m_admin;
    LockEventService *m_events;
    CommandStatsPoller *m_commandStats;
    FailedAcquireSampler *m_sampler;
};
