#include "redlockscanservice.h"

#include "dialectregistry.h"
#include "discoveryservice.h"
#include "grouptransport.h"
#include "monotonicclock.h"
#include "profileoptions.h"
#include "redisconnection.h"
#include "redlockgroup.h"
#include "serverinfo.h"
#include "servertopology.h"

#include <algorithm>

RedlockScanService::RedlockScanService(const QList<ConnectionProfile> &nodes, const DialectRegistry *registry, QObject *parent,
                                       GroupTransport *transport)
    : QObject(parent)
    , m_transport(transport ? transport : new GroupTransport(nodes, this))
{
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const ConnectionProfile &profile = nodes.at(i);
        Node n;
        n.name = RedlockGroup::nodeName(profile);
        // Each node is a deployment of its own: a standalone master as a rule, a cluster if
        // that is what the URL leads to. Its reconnects are its own too.
        ConnectionOptions options = ProfileOptions::toOptions(profile, QStringLiteral("lockscope"));
        options.reconnectMaxMs = 1000;
        n.topology = new ServerTopology(options, {}, this);
        n.topology->setTransport(m_transport->route(int(i)));
        n.discovery = new DiscoveryService(n.topology, registry, this);
        m_nodes << n;
    }
    // A node whose tunnel comes up after the first scan connects then, for the next ones.
    connect(m_transport, &GroupTransport::nodeReady, this, [this](int node) {
        if (m_opened && node < m_nodes.size())
            m_nodes.at(node).topology->open();
    });
    for (int i = 0; i < m_nodes.size(); ++i) {
        connect(m_nodes.at(i).topology, &RedisTopology::mastersChanged, this, [this, i] { followStalls(i); });
        DiscoveryService *d = m_nodes.at(i).discovery;
        connect(d, &DiscoveryService::locksFound, this, [this, i](const QList<LockInfo> &locks) {
            for (const LockInfo &lock : locks)
                keep(i, lock);
        });
        connect(d, &DiscoveryService::keysUnreadable, this, [this, i](const QList<KeySample> &samples) {
            for (const KeySample &s : samples)
                markUnreadable(i, s.key, s.error);
        });
        connect(d, &DiscoveryService::finished, this, [this, i](const DiscoveryProgress &p) {
            m_nodes[i].walked = true;
            // A node that is a cluster with a master down was not read whole: it is no vote.
            if (const QStringList failed = p.failedNodes(); !failed.isEmpty()) {
                m_nodes[i].failure = failed.join(QStringLiteral("; "));
                Q_EMIT nodeFailed(i, m_nodes[i].failure);
            }
            onWalked();
        });
        connect(d, &DiscoveryService::failed, this, [this, i](const QString &message) {
            m_nodes[i].walked = true;
            m_nodes[i].failure = message;
            Q_EMIT nodeFailed(i, message);
            onWalked();
        });
    }
}

RedlockScanService::~RedlockScanService()
{
    close();
    // The discoveries hold pointers to their topologies: they go first.
    for (Node &n : m_nodes) {
        delete n.discovery;
        delete n.topology;
    }
}

void RedlockScanService::setOptions(const DiscoveryOptions &options)
{
    for (Node &n : m_nodes)
        n.discovery->setOptions(options);
}

QString RedlockScanService::nodeName(int node) const
{
    return m_nodes.at(node).name;
}

QStringList RedlockScanService::runIds(int node) const
{
    return ServerInfo::runIds(m_nodes.at(node).identities);
}

void RedlockScanService::start(bool walk)
{
    // A node still waiting for its tunnel would be walked as holding nothing: the first scan
    // waits until every node is reachable or known not to be.
    QObject::disconnect(m_waitForTransport);
    m_transport->start();
    if (!m_transport->isSettled()) {
        ++m_generation;
        m_running = true;
        m_waitForTransport = connect(m_transport, &GroupTransport::settled, this, [this, walk] {
            QObject::disconnect(m_waitForTransport);
            if (m_running)
                start(walk);
        });
        return;
    }
    ++m_generation;
    m_running = true;
    m_walking = walk;
    m_pendingReads = 0;
    m_seenKeys.clear();
    m_seen.clear();
    m_seenKeys.reserve(m_lastSeen);
    m_seen.reserve(m_lastSeen);
    for (int i = 0; i < m_nodes.size(); ++i) {
        Node &n = m_nodes[i];
        followStalls(i);
        n.failure = isStalled(i) ? n.stall : QString();
        n.walked = false;
    }
    if (!m_opened) {
        m_opened = true;
        for (int i = 0; i < m_nodes.size(); ++i) {
            if (m_transport->isReady(i))
                m_nodes.at(i).topology->open();
            else
                m_nodes[i].failure = m_transport->failure(i);
        }
    } else {
        // A node that was reached once and is down now would keep its discovery waiting until
        // it is back: a scan again (a watch's) reads it as unreadable at once, and its
        // connection, which keeps trying, brings it back into a later scan.
        for (int i = 0; i < m_nodes.size(); ++i) {
            Node &n = m_nodes[i];
            if (n.topology->isReady() || !n.failure.isEmpty())
                continue;
            n.failure = m_transport->failure(i);
            if (n.failure.isEmpty())
                n.failure = n.topology->lastError().isEmpty() ? tr("not connected") : n.topology->lastError();
        }
    }
    // Each discovery waits for its node to be known (or found down) before it walks.
    for (int i = 0; i < m_nodes.size(); ++i) {
        Node &n = m_nodes[i];
        if (n.failure.isEmpty() && walk) {
            n.discovery->start();
        } else if (n.failure.isEmpty()) {
            n.walked = true;
        } else {
            n.walked = true;
            Q_EMIT nodeFailed(i, n.failure);
        }
    }
    onWalked(); // when no node is left to walk
}

void RedlockScanService::close()
{
    ++m_generation;
    m_running = false;
    QObject::disconnect(m_waitForTransport);
    for (Node &n : m_nodes) {
        n.discovery->cancel();
        n.topology->close();
    }
    m_opened = false;
}

void RedlockScanService::followStalls(int node)
{
    for (RedisConnection *c : m_nodes.at(node).topology->masters()) {
        if (m_followed.contains(c))
            continue;
        m_followed.insert(c);
        connect(c, &QObject::destroyed, this, [this, c] { m_followed.remove(c); });
        connect(c, &RedisConnection::stalled, this, [this, node](qint64 waitingMs) { onStalled(node, waitingMs); });
    }
}

bool RedlockScanService::isStalled(int node) const
{
    const QList<RedisConnection *> masters = m_nodes.at(node).topology->masters();
    return std::any_of(masters.cbegin(), masters.cend(), [](const RedisConnection *c) { return c->isStalled(); });
}

// The scan under way would wait for the node for ever: it starts over without it. Replies
// that come later belong to a scan that is no more.
void RedlockScanService::onStalled(int node, qint64 waitingMs)
{
    m_nodes[node].stall = tr("not answering: a command has waited %1 s").arg(waitingMs / 1000.0, 0, 'f', 1);
    if (!m_running || !m_nodes.at(node).failure.isEmpty())
        return;
    for (Node &n : m_nodes)
        n.discovery->cancel();
    start(m_walking);
}

void RedlockScanService::onWalked()
{
    if (!m_running || !std::all_of(m_nodes.cbegin(), m_nodes.cend(), [](const Node &n) { return n.walked; }))
        return;
    identify();
}

void RedlockScanService::identify()
{
    // Who each node's servers are, asked of every node at once: one round trip per scan.
    const quint64 generation = m_generation;
    auto pending = std::make_shared<int>(0);
    for (int i = 0; i < m_nodes.size(); ++i) {
        Node &n = m_nodes[i];
        n.identities.clear();
        if (!n.failure.isEmpty())
            continue;
        for (RedisConnection *server : n.topology->masters()) {
            ++*pending;
            server->send({"INFO", "server"}, this, [this, i, generation, pending, server](const RedisReply &reply) {
                if (generation != m_generation)
                    return;
                m_nodes[i].identities << ServerInfo::identities(*server, reply);
                if (--*pending == 0) {
                    refuseDuplicates();
                    readMissing();
                }
            });
        }
    }
    if (*pending == 0)
        readMissing();
}

void RedlockScanService::refuseDuplicates()
{
    QList<QStringList> identities;
    for (const Node &n : std::as_const(m_nodes))
        identities << n.identities;
    for (const ServerInfo::Duplicate &d : ServerInfo::duplicates(identities)) {
        Node &n = m_nodes[d.node];
        // Two seeds of one cluster share its masters: the same servers, said as what they are.
        const bool cluster = n.topology->kind() == RedisTopology::Kind::Cluster
                             || m_nodes.at(d.sameAs).topology->kind() == RedisTopology::Kind::Cluster;
        n.failure = cluster ? tr("part of the same Redis Cluster as node %1 (%2): a Redlock group needs independent servers, "
                                 "so it is not counted")
                                  .arg(d.sameAs + 1)
                                  .arg(m_nodes.at(d.sameAs).name)
                            : tr("the same server as node %1 (%2, %3): it would vote twice, so it is not counted")
                                  .arg(d.sameAs + 1)
                                  .arg(m_nodes.at(d.sameAs).name, ServerInfo::shown(d.identity));
        Q_EMIT nodeFailed(d.node, n.failure);
    }
}

RedlockScanService::Seen &RedlockScanService::seen(const QByteArray &key)
{
    bool added = false;
    const qsizetype index = m_seenKeys.insert(key, &added);
    if (added) {
        Seen s;
        s.nodes.reserve(m_nodes.size());
        for (const Node &n : std::as_const(m_nodes))
            s.nodes << RedlockObservation::Node::absent(n.name);
        m_seen << std::move(s);
    }
    return m_seen[index];
}

void RedlockScanService::keep(int node, const LockInfo &lock)
{
    // A string no dialect decodes is its own token: compared across the nodes, and a guard
    // that releases exactly it. A value cut to the read cap is not: two such values may differ
    // in the bytes not read, so it counts for no token, and the node is as good as unread.
    QByteArray token = lock.primaryToken();
    Seen &s = seen(lock.key());
    RedlockObservation::Node &n = s.nodes[node];
    if (token.isEmpty() && lock.sample.type == RedisType::String && lock.sample.truncated) {
        n = RedlockObservation::Node::unreadable(n.name, tr("its value is longer than the %1 bytes LockScope reads: it cannot "
                                                            "be told from another node's")
                                                             .arg(lock.sample.value.size()));
        n.answered = true;
        return;
    }
    if (token.isEmpty() && lock.sample.type == RedisType::String)
        token = lock.sample.value;
    n.status = RedlockObservation::Node::Status::Holding;
    n.token = std::move(token);
    n.error.clear();
    n.ttlMs = lock.deadlineMs(); // a deadline until merge()
    n.dialect = lock.dialect;
    n.holders = lock.holders;
    n.warnings = lock.warnings;
}

// A read that failed there; what the node was found holding (by its walk) stands.
void RedlockScanService::markUnreadable(int node, const QByteArray &key, const QString &why)
{
    RedlockObservation::Node &n = seen(key).nodes[node];
    if (n.status == RedlockObservation::Node::Status::Absent)
        n = RedlockObservation::Node::unreadable(n.name, why);
}

void RedlockScanService::readMissing()
{
    // Every key the group knows of, from any node; those some walked node did not list are
    // read there by key.
    for (const QByteArray &key : std::as_const(m_known))
        seen(key);
    QList<QList<QByteArray>> missingOn(m_nodes.size());
    for (qsizetype k = 0; k < m_seen.size(); ++k) {
        for (int i = 0; i < m_nodes.size(); ++i)
            if (m_nodes.at(i).failure.isEmpty() && m_seen.at(k).nodes.at(i).status == RedlockObservation::Node::Status::Absent)
                missingOn[i] << m_seenKeys.key(k);
    }
    const quint64 generation = m_generation;
    for (int i = 0; i < m_nodes.size(); ++i) {
        Node &n = m_nodes[i];
        const QList<QByteArray> &missing = missingOn.at(i);
        if (!n.failure.isEmpty() || missing.isEmpty())
            continue;
        const qsizetype batch = std::max(1, n.discovery->options().inspectBatch);
        for (qsizetype from = 0; from < missing.size(); from += batch) {
            ++m_pendingReads;
            n.discovery->inspector()->inspect(missing.mid(from, batch), this, [this, i, generation](const QList<KeySample> &samples, const QString &) {
                if (generation != m_generation)
                    return;
                for (const KeySample &s : samples)
                    if (s.isFailed())
                        markUnreadable(i, s.key, s.error);
                m_nodes[i].discovery->classifier()->classify(samples, this, [this, i, generation, samples](QList<std::optional<LockInfo>> locks) {
                    if (generation != m_generation)
                        return;
                    // Not a lock there (gone, or something else under the name): absent, as merge() reads it.
                    for (const std::optional<LockInfo> &lock : locks)
                        if (lock)
                            keep(i, *lock);
                    if (--m_pendingReads == 0)
                        merge();
                });
            });
        }
    }
    if (m_pendingReads == 0)
        merge();
}

void RedlockScanService::merge()
{
    m_running = false;
    // TTLs are brought to one instant: each node was read at its own moment.
    const qint64 now = MonotonicClock::nowMs();
    QList<RedlockObservation> out;
    out.reserve(m_seen.size());
    for (qsizetype k = 0; k < m_seen.size(); ++k) {
        RedlockObservation o;
        o.key = m_seenKeys.key(k);
        o.nodes = std::move(m_seen[k].nodes);
        for (qsizetype i = 0; i < m_nodes.size(); ++i) {
            const Node &n = m_nodes.at(i);
            RedlockObservation::Node &held = o.nodes[i];
            if (!n.failure.isEmpty())
                held = RedlockObservation::Node::unreadable(n.name, n.failure); // whatever it listed before it failed
            else if (held.status == RedlockObservation::Node::Status::Holding)
                held.ttlMs = held.ttlMs < 0 ? -1 : std::max<qint64>(0, held.ttlMs - now);
        }
        out << std::move(o);
    }
    m_lastSeen = m_seen.size();
    m_seenKeys.clear();
    m_seen.clear();
    std::sort(out.begin(), out.end(), [](const RedlockObservation &a, const RedlockObservation &b) { return a.key < b.key; });
    Q_EMIT finished(out);
}
