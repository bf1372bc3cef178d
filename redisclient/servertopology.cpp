#include "servertopology.h"

#include "clusterredirect.h"
#include "clusterslot.h"

#include <QPointer>

#include <memory>

namespace {
// A server's answer that asking again will not change (NOPERM, an unknown command), not a
// lost connection, a timeout or a server busy for now.
bool refused(const RedisReply &reply)
{
    return reply.isError() && reply.origin() == RedisReply::Origin::Server && !RedisReply::isPassingError(reply.errorMessage());
}

bool clusterEnabled(const RedisReply &info)
{
    return info.isString() && info.bytes().contains("cluster_enabled:1");
}

// host:port of the master INFO replication names, when the server is a replica.
QString masterOf(const RedisReply &info, bool *linkDown)
{
    *linkDown = false;
    if (!info.isString() || !info.bytes().contains("role:slave"))
        return {};
    *linkDown = !info.bytes().contains("master_link_status:up");
    QByteArray host;
    QByteArray port;
    for (const QByteArray &line : info.bytes().split('\n')) {
        const QByteArray l = line.trimmed();
        if (l.startsWith("master_host:"))
            host = l.mid(int(sizeof("master_host:")) - 1);
        else if (l.startsWith("master_port:"))
            port = l.mid(int(sizeof("master_port:")) - 1);
    }
    const QString h = QString::fromUtf8(host);
    return (h.contains(QLatin1Char(':')) ? QLatin1Char('[') + h + QLatin1Char(']') : h) + QLatin1Char(':') + QString::fromUtf8(port);
}

// The replicas a standalone master lists in INFO replication ("slave0:ip=…,port=…,state=online,…"),
// online ones only: where a replica's copy of each lock can be read.
QList<ClusterNode> replicasListed(const RedisReply &info)
{
    QList<ClusterNode> out;
    if (!info.isString() || !info.bytes().contains("role:master"))
        return out;
    for (const QByteArray &line : info.bytes().split('\n')) {
        const QByteArray l = line.trimmed();
        if (!l.startsWith("slave") || !l.contains(":ip="))
            continue;
        ClusterNode node;
        node.role = ClusterNode::Role::Replica;
        for (const QByteArray &field : l.mid(l.indexOf(':') + 1).split(',')) {
            const qsizetype eq = field.indexOf('=');
            const QByteArray name = field.left(eq), value = field.mid(eq + 1);
            if (name == "ip")
                node.host = node.ip = QString::fromUtf8(value);
            else if (name == "port")
                node.port = quint16(value.toUInt());
            else if (name == "state")
                node.health = value == "online" ? ClusterNode::Health::Online : ClusterNode::Health::Loading;
        }
        if (!node.host.isEmpty() && node.port != 0 && node.health == ClusterNode::Health::Online)
            out << node;
    }
    return out;
}

QString endpoint(const QString &host, quint16 port)
{
    return (host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host) + QLatin1Char(':') + QString::number(port);
}

// After a loss, the map is read again this soon: a failover takes a couple of seconds.
constexpr int refreshAfterLossMs = 500;
constexpr int refreshRetryMs = 1000;
} // namespace

ServerTopology::ServerTopology(const ConnectionOptions &options, const QList<QPair<QString, quint16>> &moreSeeds, QObject *parent)
    : RedisTopology(options, parent)
    , m_slotShard(ClusterSlot::count, qint16(-1))
{
    m_seeds << qMakePair(options.host, options.port) << moreSeeds;
    m_refresh.setSingleShot(true);
    connect(&m_refresh, &QTimer::timeout, this, &ServerTopology::refreshMap);
}

ServerTopology::~ServerTopology() = default;

void ServerTopology::open()
{
    if (m_open)
        return;
    m_open = true;
    if (!m_seed) {
        m_seed = makeConnection(RedisTopology::optionsFor(m_seeds.at(m_seedIndex).first, m_seeds.at(m_seedIndex).second));
        connect(m_seed, &RedisConnection::ready, this, &ServerTopology::onSeedReady);
        connect(m_seed, &RedisConnection::stateChanged, this, &ServerTopology::updateState);
        connect(m_seed, &RedisConnection::errorOccurred, this, [this](RedisConnection::ErrorKind, const QString &message) {
            QString said = message;
            if (!m_cluster && m_seeds.size() > 1 && m_map.isEmpty()) {
                onSeedFailed();
                // Every seed tried once, and none answered: said, once a round (the rotation
                // goes on, for a window that waits for the cluster to come back).
                if (++m_seedFailures % int(m_seeds.size()) != 0)
                    return;
                said = tr("none of the %1 seed nodes answered; the last: %2").arg(m_seeds.size()).arg(message);
            }
            setLastError(said);
            Q_EMIT errorOccurred(said);
        });
        connect(m_seed, &RedisConnection::reconnectScheduled, this, [this](int attempt, int delayMs) {
            if (!m_cluster)
                Q_EMIT reconnectScheduled(attempt, delayMs);
        });
    }
    m_seed->open();
}

void ServerTopology::close()
{
    m_open = false;
    m_refresh.stop();
    if (m_seed)
        m_seed->close();
    for (const Shard &shard : std::as_const(m_shards)) {
        shard.connection->close();
        for (RedisConnection *replica : shard.replicaConnections)
            replica->close();
    }
}

void ServerTopology::onSeedFailed()
{
    // None of the seeds answered yet: try the next, as a cluster client does.
    m_seedIndex = (m_seedIndex + 1) % int(m_seeds.size());
    retarget(m_seed, RedisTopology::optionsFor(m_seeds.at(m_seedIndex).first, m_seeds.at(m_seedIndex).second));
}

void ServerTopology::onSeedReady()
{
    m_seedFailures = 0;
    m_clusterUnknown.clear(); // asked again on this connection
    if (m_cluster) {
        refreshMap();
        return;
    }
    // A Sentinel answers too, but holds no keys: said at once, with how to reach its master.
    auto sentinel = std::make_shared<bool>(false);
    m_seed->send({"INFO", "server"}, this, [sentinel](const RedisReply &reply) {
        *sentinel = reply.isString() && reply.bytes().contains("redis_mode:sentinel");
    });
    // A replica given as the server is read as one, but its data may lag: asked before the
    // server is announced, so the caveat comes with it.
    m_seed->send({"INFO", "replication"}, this, [this](const RedisReply &reply) {
        m_replicaOf = masterOf(reply, &m_replicaLinkDown);
        m_standaloneReplicas = replicasListed(reply);
    });
    m_seed->send({"INFO", "cluster"}, this, [this, sentinel](const RedisReply &reply) {
        if (*sentinel) {
            m_notData = true;
            const QString where = nodeName(m_seed);
            m_seed->close();
            setLastError(tr("%1 is a Sentinel, not a Redis server with keys: give --sentinel %1 --master NAME "
                            "(or a redis+sentinel:// URL)").arg(where));
            updateState();
            Q_EMIT errorOccurred(lastError());
            return;
        }
        if (clusterEnabled(reply)) {
            m_cluster = true;
            refreshMap();
            return;
        }
        if (refused(reply)) {
            askClusterWithoutInfo();
            return;
        }
        if (reply.isError() && reply.origin() != RedisReply::Origin::Server)
            return; // the connection went: asked again once it is back
        becomeStandalone();
    });
}

// INFO refused (an ACL user without +info): the slot map says whether this is a cluster
// node. A standalone server answers that cluster support is disabled; a server that refuses
// both cannot be told apart, and is read as standalone with that said (caveat()).
void ServerTopology::askClusterWithoutInfo()
{
    m_seed->send({"CLUSTER", "SLOTS"}, this, [this](const RedisReply &slots) {
        if (!slots.isError()) {
            m_cluster = true;
            refreshMap();
            return;
        }
        if (slots.origin() != RedisReply::Origin::Server)
            return; // the connection went: asked again once it is back
        if (!slots.errorMessage().contains(QLatin1String("cluster support disabled"), Qt::CaseInsensitive))
            m_clusterUnknown = slots.errorMessage();
        becomeStandalone();
    });
}

void ServerTopology::becomeStandalone()
{
    // One master: the server.
    if (m_shards.isEmpty()) {
        Shard shard;
        shard.connection = m_seed;
        shard.replicas = m_standaloneReplicas;
        m_shards << shard;
        watchMaster(m_seed);
        Q_EMIT mastersChanged();
    }
    updateState();
}

ConnectionOptions ServerTopology::optionsFor(const ClusterNode &node) const
{
    // A node without an endpoint lives on the host the map was read from.
    const QString host = node.host.isEmpty() ? m_seeds.at(m_seedIndex).first : node.host;
    return RedisTopology::optionsFor(host, node.portFor(options().tls));
}

void ServerTopology::scheduleRefresh(int delayMs)
{
    if (m_open && m_cluster && (!m_refresh.isActive() || m_refresh.remainingTime() > delayMs))
        m_refresh.start(delayMs);
}

void ServerTopology::refreshMap()
{
    if (!m_open || m_refreshing)
        return;
    RedisConnection *reader = m_seed && m_seed->isReady() ? m_seed : nullptr;
    for (const Shard &shard : std::as_const(m_shards))
        if (!reader && shard.connection->isReady())
            reader = shard.connection;
    if (!reader) {
        // Every master is out of reach: ask any node the map knows, in turn.
        QList<ClusterNode> nodes;
        for (const ClusterShard &s : m_map.shards())
            nodes << s.master << s.replicas;
        if (!nodes.isEmpty() && m_seed) {
            m_seedIndex = 0;
            retarget(m_seed, optionsFor(nodes.at(m_probe++ % nodes.size())));
            m_seed->open();
        }
        scheduleRefresh(refreshRetryMs);
        return;
    }
    m_refreshing = true;
    const QPointer<RedisConnection> from(reader);
    reader->send({"CLUSTER", "SHARDS"}, this, [this, from](const RedisReply &shards) {
        QString error;
        std::optional<ClusterSlotMap> map = ClusterSlotMap::fromShards(shards, &error);
        if (map || !from || !shards.isError()) {
            m_refreshing = false;
            if (map)
                applyMap(*map);
            else
                setLastError(tr("Could not read the cluster's slot map: %1").arg(error));
            scheduleRefresh(map ? mapRefreshMs : refreshRetryMs);
            return;
        }
        // Servers older than 7.0 know only CLUSTER SLOTS.
        from->send({"CLUSTER", "SLOTS"}, this, [this, from](const RedisReply &slots) {
            m_refreshing = false;
            QString why;
            if (std::optional<ClusterSlotMap> older = ClusterSlotMap::fromSlots(slots, &why)) {
                applyMap(*older);
            } else if (m_shards.isEmpty() && refused(slots)) {
                // Never had a map, and the server will not give one (an ACL user without
                // CLUSTER): there are no masters to read, ever. Said, rather than waited for.
                // A lost connection or a busy server is asked again instead.
                m_notData = true;
                setLastError(tr("%1 is a Redis Cluster node, but it refuses the cluster's slot map (%2): LockScope needs "
                                "CLUSTER SHARDS or CLUSTER SLOTS to find the masters (+cluster|shards +cluster|slots for "
                                "an ACL user)")
                                 .arg(from ? nodeName(from) : nodeName(m_seed), slots.errorMessage()));
                updateState();
                Q_EMIT errorOccurred(lastError());
                return;
            } else {
                setLastError(tr("Could not read the cluster's slot map: %1").arg(why));
            }
            scheduleRefresh(mapRefreshMs);
        });
    });
}

void ServerTopology::applyMap(const ClusterSlotMap &map)
{
    QList<Shard> next;
    QList<int> ours(map.shards().size(), -1); // map's shard index -> index in next
    QList<bool> kept(m_shards.size(), false);
    bool changed = false;
    for (qsizetype i = 0; i < map.shards().size(); ++i) {
        const ClusterShard &ns = map.shards().at(i);
        if (ns.slotCount() == 0)
            continue; // serves nothing: a failed master replaced, or an empty new node
        QSet<QByteArray> ids{ns.master.id};
        for (const ClusterNode &r : ns.replicas)
            ids.insert(r.id);
        ids.remove(QByteArray());
        int found = -1;
        for (qsizetype j = 0; j < m_shards.size() && found < 0; ++j)
            if (!kept.at(j) && m_shards.at(j).nodeIds.intersects(ids))
                found = int(j);
        Shard shard;
        if (found < 0) {
            shard.connection = makeConnection(optionsFor(ns.master));
            watchMaster(shard.connection);
            shard.connection->open();
            changed = true;
        } else {
            kept[found] = true;
            shard = m_shards.at(found);
            const bool moved = !shard.master.id.isEmpty() ? !shard.master.isSameNode(ns.master)
                                                          : nodeName(shard.connection) != ns.master.address();
            if (moved && !shard.master.id.isEmpty()) {
                // Another node serves the shard now: a failover. The same connection follows it.
                const QString from = nodeName(shard.connection);
                for (RedisConnection *replica : std::as_const(shard.replicaConnections))
                    replica->deleteLater();
                shard.replicaConnections.clear();
                retarget(shard.connection, optionsFor(ns.master));
                Q_EMIT failover(shard.connection, from, nodeName(shard.connection));
            }
        }
        shard.master = ns.master;
        shard.replicas = ns.replicas;
        shard.nodeIds = ids;
        shard.ranges = ns.ranges;
        ours[i] = int(next.size());
        next << shard;
    }
    for (qsizetype j = 0; j < m_shards.size(); ++j) {
        if (kept.at(j))
            continue;
        // Its slots went elsewhere (resharding emptied it): no longer a master that serves keys.
        RedisConnection *gone = m_shards.at(j).connection;
        gone->close();
        gone->deleteLater();
        for (RedisConnection *replica : m_shards.at(j).replicaConnections)
            replica->deleteLater();
        changed = true;
    }
    m_shards = next;
    for (int slot = 0; slot < ClusterSlot::count; ++slot) {
        const int s = map.shardOf(quint16(slot));
        m_slotShard[slot] = qint16(s < 0 ? -1 : ours.at(s));
    }
    m_map = map;
    // The seed only found the cluster; the masters' own connections do the rest.
    if (m_seed && shardOf(m_seed) < 0 && !m_shards.isEmpty())
        m_seed->close();
    if (changed)
        Q_EMIT mastersChanged();
    updateState();
}

void ServerTopology::watchMaster(RedisConnection *connection)
{
    if (connection == m_seed)
        return; // already watched
    connect(connection, &RedisConnection::stateChanged, this, [this](RedisConnection::State state) {
        // A master lost may be a failover in progress: look at the map again soon.
        if (state == RedisConnection::State::WaitingToReconnect)
            scheduleRefresh(refreshAfterLossMs);
        updateState();
    });
    connect(connection, &RedisConnection::errorOccurred, this, [this](RedisConnection::ErrorKind, const QString &message) {
        setLastError(message);
        Q_EMIT errorOccurred(message);
    });
}

void ServerTopology::updateState()
{
    if (!m_open)
        return;
    const bool wasReady = isReady();
    State next = State::Connecting;
    if (m_notData) {
        next = State::Failed;
    } else if (m_shards.isEmpty()) {
        // Not yet known what the server is.
        if (m_seed && m_seed->state() == RedisConnection::State::Disconnected && m_seed->lastErrorKind() != RedisConnection::ErrorKind::None)
            next = State::Failed;
        else if (m_seed && m_seed->state() == RedisConnection::State::WaitingToReconnect)
            next = State::Down;
        // Said with the state, not after it: whoever acts on the state change (a scan that
        // gives up) has the seed's own reason (wrong password, no such database) at hand.
        if (next != State::Connecting && m_seed && !m_seed->lastError().isEmpty())
            setLastError(m_seed->lastError());
    } else {
        qsizetype up = 0;
        bool failed = false;
        bool connecting = false;
        bool firstAttempt = false; // a master not tried yet: not known to be down
        for (const Shard &s : std::as_const(m_shards)) {
            up += s.connection->isReady() ? 1 : 0;
            connecting = connecting || s.connection->state() == RedisConnection::State::Connecting;
            firstAttempt = firstAttempt
                           || (s.connection->state() == RedisConnection::State::Connecting
                               && s.connection->lastErrorKind() == RedisConnection::ErrorKind::None);
            failed = failed || (s.connection->state() == RedisConnection::State::Disconnected
                                && s.connection->lastErrorKind() != RedisConnection::ErrorKind::None);
        }
        next = up == m_shards.size() ? State::Ready : up > 0 ? State::Degraded : failed ? State::Failed : State::Down;
        // Never reached yet, and a master still on its way: what the others did is not the
        // end of it (one master down must not fail a cluster whose others answer).
        // Nor is one master answering before the others had their first try: a cluster whose
        // masters connect one after another is not degraded.
        if (!m_announced && (next == State::Down || (next == State::Failed && connecting) || (next == State::Degraded && firstAttempt)))
            next = State::Connecting;
    }
    setState(next);
    if (isReady() && (!wasReady || (next == State::Ready && !m_announced))) {
        m_announced = next == State::Ready;
        Q_EMIT ready();
    } else if (!isReady()) {
        m_announced = false;
    }
}

QList<RedisConnection *> ServerTopology::masters() const
{
    QList<RedisConnection *> out;
    out.reserve(m_shards.size());
    for (const Shard &s : m_shards)
        out << s.connection;
    return out;
}

RedisConnection *ServerTopology::nodeFor(QByteArrayView key) const
{
    if (!m_cluster)
        return m_shards.isEmpty() ? m_seed : m_shards.first().connection;
    const int s = m_slotShard.at(ClusterSlot::forKey(key));
    return s < 0 ? nullptr : m_shards.at(s).connection;
}

int ServerTopology::shardOf(const RedisConnection *connection) const
{
    for (qsizetype i = 0; i < m_shards.size(); ++i)
        if (m_shards.at(i).connection == connection)
            return int(i);
    return -1;
}

QList<const RedisConnection *> ServerTopology::slotOwners() const
{
    QList<const RedisConnection *> owners;
    if (!m_cluster)
        return owners;
    owners.reserve(ClusterSlot::count);
    for (qint16 s : m_slotShard)
        owners << (s < 0 ? nullptr : m_shards.at(s).connection);
    return owners;
}

RedisConnection *ServerTopology::follow(const ClusterRedirect &redirect, RedisConnection *from)
{
    if (!m_cluster)
        return nullptr;
    Q_EMIT redirected(redirect.slot());
    const QString fromName = nodeName(from);
    const QString host = redirect.hostOr(fromName.left(fromName.lastIndexOf(QLatin1Char(':'))).remove(QLatin1Char('[')).remove(QLatin1Char(']')));
    int target = -1;
    for (qsizetype i = 0; i < m_shards.size() && target < 0; ++i) {
        const QString name = nodeName(m_shards.at(i).connection);
        if (name == endpoint(host, redirect.port()))
            target = int(i);
    }
    if (redirect.kind() == ClusterRedirect::Kind::Moved) {
        // The slot lives elsewhere from now on; the full map follows soon, since one MOVED
        // rarely comes alone.
        if (target >= 0)
            m_slotShard[redirect.slot()] = qint16(target);
        m_map.applyMoved(redirect.slot(), host, redirect.port());
        scheduleRefresh(0);
    }
    return target < 0 ? nullptr : m_shards.at(target).connection;
}

bool ServerTopology::sameSlot(const QList<QByteArray> &keys) const
{
    if (!m_cluster || keys.size() < 2)
        return true;
    const quint16 first = ClusterSlot::forKey(keys.first());
    return std::all_of(keys.cbegin(), keys.cend(), [first](const QByteArray &k) { return ClusterSlot::forKey(k) == first; });
}

QString ServerTopology::summary() const
{
    if (m_cluster)
        return m_map.summary();
    return m_replicaOf.isEmpty() ? tr("standalone") : tr("standalone replica of %1").arg(m_replicaOf);
}

QString ServerTopology::caveat() const
{
    if (!m_cluster && !m_clusterUnknown.isEmpty() && m_seed)
        return tr("this user may run neither INFO nor CLUSTER SLOTS (%2), so whether %1 is one node of a Redis Cluster "
                  "cannot be told: it is read as a server of its own, and if it is a cluster node, only the keys it "
                  "serves are listed (+info, or +cluster|slots, lets LockScope find the other masters)")
            .arg(nodeName(m_seed), m_clusterUnknown);
    if (m_cluster || m_replicaOf.isEmpty() || !m_seed)
        return {};
    const QString self = nodeName(m_seed);
    if (m_replicaLinkDown)
        return tr("%1 is a replica of %2, and its link to %2 is down: what it shows may be stale by any amount, "
                  "and admin actions fail on it (READONLY)")
            .arg(self, m_replicaOf);
    return tr("%1 is a replica of %2: what it shows may lag its master, a lock written there may not be here yet, "
              "and admin actions fail on it (READONLY); connect to %2 to see and act on the locks as they are")
        .arg(self, m_replicaOf);
}

QString ServerTopology::slotsOf(const RedisConnection *master) const
{
    const int s = shardOf(master);
    if (!m_cluster || s < 0)
        return {};
    QStringList ranges;
    for (const ClusterShard::SlotRange &r : m_shards.at(s).ranges)
        ranges << (r.first == r.last ? QString::number(r.first) : QStringLiteral("%1-%2").arg(r.first).arg(r.last));
    return tr("slots %1").arg(ranges.join(QLatin1Char(',')));
}

QList<RedisConnection *> ServerTopology::replicasOf(RedisConnection *master)
{
    const int s = shardOf(master);
    if (s < 0)
        return {};
    Shard &shard = m_shards[s];
    if (shard.replicaConnections.isEmpty()) {
        for (const ClusterNode &replica : std::as_const(shard.replicas)) {
            if (replica.isFailed() || replica.portFor(options().tls) == 0)
                continue;
            ConnectionOptions o = optionsFor(replica);
            o.readOnlyReplica = m_cluster; // READONLY: a cluster replica serves reads of its own slots
            o.clientName = QStringLiteral("lockscope-replica");
            RedisConnection *c = makeConnection(o);
            c->open();
            shard.replicaConnections << c;
        }
    }
    return shard.replicaConnections;
}
