#include "commandstatspoller.h"

#include "redisconnection.h"
#include "redistopology.h"

#include <memory>

#include <QDateTime>

CommandStatsPoller::CommandStatsPoller(RedisTopology *topology, QObject *parent)
    : QObject(parent)
    , m_topology(topology)
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
    QList<RedisConnection *> masters = m_topology->masters();
    masters.removeIf([](const RedisConnection *m) { return !m->isReady(); });
    if (m_inFlight || masters.isEmpty())
        return;
    m_inFlight = true;
    auto sum = std::make_shared<CommandStats>();
    auto left = std::make_shared<qsizetype>(masters.size());
    for (RedisConnection *master : masters) {
        master->send({"INFO", "commandstats"}, this, [this, sum, left](const RedisReply &reply) {
            if (reply.isString()) {
                const CommandStats one = CommandStats::parse(reply.bytes());
                for (auto it = one.commands.cbegin(); it != one.commands.cend(); ++it) {
                    CommandStats::Entry &e = sum->commands[it.key()];
                    e.calls += it->calls;
                    e.usec += it->usec;
                    e.rejected += it->rejected;
                    e.failed += it->failed;
                }
            }
            if (--*left > 0)
                return;
            m_inFlight = false;
            Q_EMIT statsRead(*sum, QDateTime::currentMSecsSinceEpoch());
        });
    }
}
