#include "demonodemonitor.h"

#include "redisconnection.h"

DemoNodeMonitor::DemoNodeMonitor(const QByteArray &lockKey, QObject *parent)
    : QObject(parent)
    , m_key(lockKey)
{
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &DemoNodeMonitor::poll);
}

DemoNodeMonitor::~DemoNodeMonitor() = default;

void DemoNodeMonitor::setServers(const QList<ConnectionOptions> &servers)
{
    for (RedisConnection *c : std::as_const(m_connections)) {
        c->close();
        c->deleteLater();
    }
    m_connections.clear();
    m_inFlight.clear();
    m_nodes.clear();
    for (int i = 0; i < servers.size(); ++i) {
        ConnectionOptions o = servers.at(i);
        o.clientName = QStringLiteral("lockscope-demo-monitor");
        o.connectTimeoutMs = 1000;
        o.commandTimeoutMs = 2000;
        auto *c = new RedisConnection(o, this);
        m_connections << c;
        m_inFlight << false;
        DemoNodeInfo node;
        node.index = i;
        node.port = o.port;
        m_nodes << node;
        if (m_timer.isActive())
            c->open();
    }
}

void DemoNodeMonitor::start()
{
    for (RedisConnection *c : std::as_const(m_connections))
        c->open();
    m_timer.start();
    poll();
}

void DemoNodeMonitor::stop()
{
    m_timer.stop();
}

int DemoNodeMonitor::workerOf(const QByteArray &token)
{
    const qsizetype colon = token.lastIndexOf(':');
    bool ok = false;
    const int id = colon >= 0 ? token.mid(colon + 1).toInt(&ok) : 0;
    return ok && id > 0 ? id : DemoNodeInfo::unknownHolder;
}

void DemoNodeMonitor::poll()
{
    for (int i = 0; i < m_connections.size(); ++i) {
        RedisConnection *c = m_connections.at(i);
        const bool processUp = !m_isUp || m_isUp(i);
        if (!processUp || !c->isReady() || m_inFlight.at(i)) {
            if (!processUp || !c->isReady()) {
                DemoNodeInfo &node = m_nodes[i];
                node.up = false;
                node.holder = DemoNodeInfo::noHolder;
                node.pttlMs = -2;
                node.token.clear();
            }
            continue;
        }
        m_inFlight[i] = true;
        c->pipeline({{"ROLE"}, {"PTTL", m_key}, {"GET", m_key}, {"HGETALL", m_key}}, this,
                    [this, i, c](const QList<RedisReply> &r) {
                        if (i >= m_connections.size() || m_connections.at(i) != c)
                            return; // servers were replaced meanwhile
                        m_inFlight[i] = false;
                        DemoNodeInfo &node = m_nodes[i];
                        node.up = !r.at(0).isError() || !r.at(1).isError();
                        const QByteArray role = r.at(0).isArray() && r.at(0).size() > 0 ? r.at(0).at(0).bytes() : QByteArray();
                        node.role = role == "slave" ? QStringLiteral("replica") : QString::fromLatin1(role);
                        node.pttlMs = r.at(1).isInteger() ? r.at(1).integer() : -2;
                        node.holder = DemoNodeInfo::noHolder;
                        node.holdCount = 0;
                        node.token = r.at(2).isString() ? r.at(2).bytes() : QByteArray();
                        if (r.at(2).isString()) {
                            node.holder = workerOf(r.at(2).bytes());
                            node.holdCount = 1;
                        } else if (r.at(3).isArray() && r.at(3).size() >= 2) {
                            node.holder = workerOf(r.at(3).at(0).bytes());
                            node.holdCount = int(r.at(3).at(1).toInteger());
                        }
                    });
    }
}
