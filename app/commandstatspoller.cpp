#include "commandstatspoller.h"

#include "redisconnection.h"

#include <QDateTime>

CommandStatsPoller::CommandStatsPoller(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
{
    m_timer.setInterval(1000);
    connect(&m_timer, &QTimer::timeout, this, &CommandStatsPoller::poll);
}

void CommandStatsPoller::start()
{
    m_timer.start();
    poll();
}

void CommandStatsPoller::stop()
{
    m_timer.stop();
}

void CommandStatsPoller::poll()
{
    if (m_inFlight || !m_connection->isReady())
        return;
    m_inFlight = true;
    m_connection->send({"INFO", "commandstats"}, this, [this](const RedisReply &reply) {
        m_inFlight = false;
        if (reply.isString())
            Q_EMIT statsRead(CommandStats::parse(reply.bytes()), QDateTime::currentMSecsSinceEpoch());
    });
}
