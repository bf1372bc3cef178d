#pragma once

#include "commandstats.h"

#include <QObject>
#include <QTimer>

class RedisTopology;

// Reads INFO commandstats once a second (one request at a time, never a queue) for the
// server-wide command rates, from every master of a cluster, summed. Cheap for the server:
// one short reply a second.
class CommandStatsPoller final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CommandStatsPoller)

public:
    explicit CommandStatsPoller(RedisTopology *topology, QObject *parent = nullptr);

    void setInterval(int ms) { m_timer.setInterval(ms); }
    void start();
    void stop();
    void poll();

Q_SIGNALS:
    // timeMs since the epoch.
    void statsRead(const CommandStats &stats, qint64 timeMs);

private:
    RedisTopology *m_topology;
    QTimer m_timer;
    bool m_inFlight = false;
};
