#pragma once

#include "connectionoptions.h"
#include "demonodeinfo.h"

#include <QList>
#include <QObject>
#include <QTimer>

#include <functional>

class RedisConnection;

// Reads, a few times a second, what each sandbox server says about the demo lock: its role,
// who holds the key there and its TTL. With Redlock this is the per-node holder matrix; in
// the failover scenario it shows the master and the replica disagreeing.
class DemoNodeMonitor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoNodeMonitor)

public:
    static constexpr int intervalMs = 250;

    DemoNodeMonitor(const QByteArray &lockKey, QObject *parent = nullptr);
    ~DemoNodeMonitor() override;

    void setServers(const QList<ConnectionOptions> &servers);
    // Whether a server's process is up (the sandbox knows better than a connection).
    void setProcessState(std::function<bool(int)> isUp) { m_isUp = std::move(isUp); }
    void start();
    void stop();

    const QList<DemoNodeInfo> &nodes() const { return m_nodes; }
    // The worker id in a token or holder field "<uuid>:<worker>", or unknownHolder.
    static int workerOf(const QByteArray &token);

private:
    void poll();

    QByteArray m_key;
    QList<RedisConnection *> m_connections;
    QList<bool> m_inFlight;
    QList<DemoNodeInfo> m_nodes;
    std::function<bool(int)> m_isUp;
    QTimer m_timer;
};
