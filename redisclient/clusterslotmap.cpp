#include "clusterslotmap.h"

#include "clusterslot.h"
#include "redisreply.h"

#include <QCoreApplication>
#include <QSet>
#include <QStringList>

#include <algorithm>
#include <utility>

namespace {
using Entries = QList<std::pair<QByteArray, RedisReply>>;

// RESP2 writes a map as a flat array of key, value, key, value...
std::optional<Entries> mapEntries(const RedisReply &reply)
{
    if (!reply.isArray() || reply.size() % 2 != 0)
        return std::nullopt;
    Entries entries;
    for (qsizetype i = 0; i < reply.size(); i += 2) {
        const RedisReply &key = reply.at(i);
        if (key.type() != RedisReply::Type::String && key.type() != RedisReply::Type::Status)
            return std::nullopt;
        entries.append({key.bytes(), reply.at(i + 1)});
    }
    return entries;
}

const RedisReply *field(const Entries &entries, const char *name)
{
    for (const auto &[key, value] : entries)
        if (key == name)
            return &value;
    return nullptr;
}

bool isText(const RedisReply &reply)
{
    return reply.type() == RedisReply::Type::String || reply.type() == RedisReply::Type::Status;
}

std::optional<qint64> number(const RedisReply &reply)
{
    bool ok = false;
    const qint64 value = reply.toInteger(&ok);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

std::optional<quint16> portNumber(const RedisReply &reply)
{
    const std::optional<qint64> value = number(reply);
    if (!value || *value < 1 || *value > 65535)
        return std::nullopt;
    return quint16(*value);
}

// One form for 1 and one for the rest, each translatable (languages without plurals map
// both to one text); tr()'s %n would need an English catalogue to read "3 masters".
QString plural(qsizetype n, const char *one, const char *many)
{
    return QCoreApplication::translate("ClusterSlotMap", n == 1 ? one : many).arg(n);
}

// The host clients should use, from the preferred endpoint the server reports. NULL and ""
// mean the server does not know it: use the host the topology was read from (kept empty
// here). "?" means a node told to announce a hostname has none; its IP is the next best.
std::optional<QString> preferredHost(const RedisReply *endpoint, const QString &ip, QString *error)
{
    if (!endpoint || endpoint->isNil())
        return endpoint ? QString() : ip;
    if (!isText(*endpoint)) {
        *error = QCoreApplication::translate("ClusterSlotMap", "its endpoint is not a string");
        return std::nullopt;
    }
    if (endpoint->bytes() == "?") {
        if (ip.isEmpty()) {
            *error = QCoreApplication::translate("ClusterSlotMap", "it has no usable endpoint (\"?\" and no IP)");
            return std::nullopt;
        }
        return ip;
    }
    return QString::fromUtf8(endpoint->bytes());
}

// One node of CLUSTER SHARDS: a map with id, port and/or tls-port, ip, endpoint, hostname,
// role, replication-offset and health.
std::optional<ClusterNode> shardsNode(const RedisReply &reply, QString *error)
{
    const std::optional<Entries> entries = mapEntries(reply);
    if (!entries) {
        *error = QCoreApplication::translate("ClusterSlotMap", "it is not a map");
        return std::nullopt;
    }
    ClusterNode node;
    const RedisReply *id = field(*entries, "id");
    if (!id || !isText(*id) || id->bytes().isEmpty()) {
        *error = QCoreApplication::translate("ClusterSlotMap", "it has no id");
        return std::nullopt;
    }
    node.id = id->bytes();

    const RedisReply *port = field(*entries, "port");
    const RedisReply *tlsPort = field(*entries, "tls-port");
    if (!port && !tlsPort) {
        *error = QCoreApplication::translate("ClusterSlotMap", "it has neither port nor tls-port");
        return std::nullopt;
    }
    if (port) {
        const std::optional<quint16> p = portNumber(*port);
        if (!p) {
            *error = QCoreApplication::translate("ClusterSlotMap", "its port is not a port number");
            return std::nullopt;
        }
        node.port = *p;
    }
    if (tlsPort) {
        const std::optional<quint16> p = portNumber(*tlsPort);
        if (!p) {
            *error = QCoreApplication::translate("ClusterSlotMap", "its tls-port is not a port number");
            return std::nullopt;
        }
        node.tlsPort = *p;
    }

    if (const RedisReply *ip = field(*entries, "ip"); ip && isText(*ip))
        node.ip = QString::fromUtf8(ip->bytes());
    if (const RedisReply *hostname = field(*entries, "hostname"); hostname && isText(*hostname))
        node.hostname = QString::fromUtf8(hostname->bytes());
    const std::optional<QString> host = preferredHost(field(*entries, "endpoint"), node.ip, error);
    if (!host)
        return std::nullopt;
    node.host = *host;

    const RedisReply *role = field(*entries, "role");
    if (!role || !isText(*role)) {
        *error = QCoreApplication::translate("ClusterSlotMap", "it has no role");
        return std::nullopt;
    }
    if (role->bytes() == "master") {
        node.role = ClusterNode::Role::Master;
    } else if (role->bytes() == "replica" || role->bytes() == "slave") {
        node.role = ClusterNode::Role::Replica;
    } else {
        *error = QCoreApplication::translate("ClusterSlotMap", "its role \"%1\" is neither master nor replica").arg(QString::fromUtf8(role->bytes()));
        return std::nullopt;
    }

    if (const RedisReply *offset = field(*entries, "replication-offset"))
        node.replicationOffset = number(*offset).value_or(-1);
    // The documentation says "failed"; Redis 7.0 writes "fail". Other words may come with
    // later servers: they are not a reason to refuse the whole topology.
    if (const RedisReply *health = field(*entries, "health"); health && isText(*health)) {
        const QByteArray &h = health->bytes();
        if (h == "online")
            node.health = ClusterNode::Health::Online;
        else if (h == "loading")
            node.health = ClusterNode::Health::Loading;
        else if (h == "failed" || h == "fail")
            node.health = ClusterNode::Health::Failed;
    }
    return node;
}

// One node of CLUSTER SLOTS: [endpoint, port, id (since 4.0), metadata map (since 7.0), ...].
std::optional<ClusterNode> slotsNode(const RedisReply &reply, ClusterNode::Role role, QString *error)
{
    if (!reply.isArray() || reply.size() < 2) {
        *error = QCoreApplication::translate("ClusterSlotMap", "it is not an [endpoint, port, ...] array");
        return std::nullopt;
    }
    ClusterNode node;
    node.role = role;
    const std::optional<quint16> port = portNumber(reply.at(1));
    if (!port) {
        *error = QCoreApplication::translate("ClusterSlotMap", "its port is not a port number");
        return std::nullopt;
    }
    // The port of the kind of connection that asked: plain or TLS, whichever that was.
    node.port = *port;
    if (reply.size() > 2) {
        if (!isText(reply.at(2))) {
            *error = QCoreApplication::translate("ClusterSlotMap", "its id is not a string");
            return std::nullopt;
        }
        node.id = reply.at(2).bytes();
    }
    if (reply.size() > 3) {
        const std::optional<Entries> metadata = mapEntries(reply.at(3));
        if (!metadata) {
            *error = QCoreApplication::translate("ClusterSlotMap", "its metadata is not a map");
            return std::nullopt;
        }
        if (const RedisReply *ip = field(*metadata, "ip"); ip && isText(*ip))
            node.ip = QString::fromUtf8(ip->bytes());
        if (const RedisReply *hostname = field(*metadata, "hostname"); hostname && isText(*hostname))
            node.hostname = QString::fromUtf8(hostname->bytes());
    }
    const RedisReply &endpoint = reply.at(0);
    // The metadata names the IP only when the preferred endpoint is something else.
    if (node.ip.isEmpty() && isText(endpoint) && endpoint.bytes() != "?")
        node.ip = QString::fromUtf8(endpoint.bytes());
    const std::optional<QString> host = preferredHost(&endpoint, node.ip, error);
    if (!host)
        return std::nullopt;
    node.host = *host;
    return node;
}

// Slot numbers as they come, before the range check that names them in its message.
std::optional<std::pair<qint64, qint64>> slotPair(const RedisReply &first, const RedisReply &last)
{
    const std::optional<qint64> a = number(first);
    const std::optional<qint64> b = number(last);
    if (!a || !b)
        return std::nullopt;
    return std::pair{*a, *b};
}
} // namespace

ClusterSlotMap::ClusterSlotMap()
    : m_owner(ClusterSlot::count, qint16(-1))
{
}

int ClusterSlotMap::appendShard(const ClusterShard &shard)
{
    m_shards.append(shard);
    m_shards.last().ranges.clear(); // rebuilt from m_owner once every range is assigned
    return int(m_shards.size() - 1);
}

bool ClusterSlotMap::assign(int shardIndex, qint64 first, qint64 last, QString *error)
{
    if (first < 0 || last >= ClusterSlot::count || first > last) {
        *error = QCoreApplication::translate("ClusterSlotMap", "slot range %1-%2 is not within 0-%3").arg(first).arg(last).arg(ClusterSlot::count - 1);
        return false;
    }
    for (qint64 slot = first; slot <= last; ++slot) {
        const qint16 owner = m_owner.at(slot);
        if (owner >= 0) {
            *error = QCoreApplication::translate("ClusterSlotMap", "slot %1 is claimed by both %2 and %3")
                         .arg(QString::number(slot), m_shards.at(owner).master.address(), m_shards.at(shardIndex).master.address());
            return false;
        }
        m_owner[slot] = qint16(shardIndex);
        ++m_assigned;
    }
    return true;
}

void ClusterSlotMap::rebuildRanges()
{
    for (ClusterShard &shard : m_shards)
        shard.ranges.clear();
    int start = 0;
    for (int slot = 1; slot <= ClusterSlot::count; ++slot) {
        if (slot < ClusterSlot::count && m_owner.at(slot) == m_owner.at(start))
            continue;
        if (const qint16 owner = m_owner.at(start); owner >= 0)
            m_shards[owner].ranges.append({quint16(start), quint16(slot - 1)});
        start = slot;
    }
}

std::optional<ClusterSlotMap> ClusterSlotMap::fromShards(const RedisReply &reply, QString *error)
{
    QString why;
    auto fail = [&](const QString &message) {
        if (error)
            *error = QStringLiteral("CLUSTER SHARDS: ") + message;
        return std::nullopt;
    };
    if (reply.isError())
        return fail(reply.errorMessage());
    if (!reply.isArray())
        return fail(QCoreApplication::translate("ClusterSlotMap", "the reply is not an array"));

    ClusterSlotMap map;
    QSet<QByteArray> seen;
    for (qsizetype i = 0; i < reply.size(); ++i) {
        const QString where = QCoreApplication::translate("ClusterSlotMap", "shard %1: ").arg(i + 1);
        const std::optional<Entries> entries = mapEntries(reply.at(i));
        if (!entries)
            return fail(where + QCoreApplication::translate("ClusterSlotMap", "not a map"));
        const RedisReply *slotList = field(*entries, "slots");
        const RedisReply *nodes = field(*entries, "nodes");
        if (!slotList || !slotList->isArray() || slotList->size() % 2 != 0)
            return fail(where + QCoreApplication::translate("ClusterSlotMap", "no slots list of start, end pairs"));
        if (!nodes || !nodes->isArray())
            return fail(where + QCoreApplication::translate("ClusterSlotMap", "no nodes list"));

        QList<std::pair<qint64, qint64>> ranges;
        for (qsizetype s = 0; s < slotList->size(); s += 2) {
            const auto range = slotPair(slotList->at(s), slotList->at(s + 1));
            if (!range)
                return fail(where + QCoreApplication::translate("ClusterSlotMap", "a slot is not a number"));
            ranges.append(*range);
        }

        QList<ClusterNode> masters;
        QList<ClusterNode> replicas;
        for (qsizetype n = 0; n < nodes->size(); ++n) {
            const std::optional<ClusterNode> node = shardsNode(nodes->at(n), &why);
            if (!node)
                return fail(where + QCoreApplication::translate("ClusterSlotMap", "node %1: ").arg(n + 1) + why);
            // One node in two places would route one slot two ways.
            if (seen.contains(node->id))
                return fail(where + QCoreApplication::translate("ClusterSlotMap", "node %1 is listed twice").arg(QString::fromLatin1(node->id)));
            seen.insert(node->id);
            (node->role == ClusterNode::Role::Master ? masters : replicas).append(*node);
        }

        // In the moments after a failover a server that groups nodes by shard id can list
        // the failed old master next to the new one. The healthy master serves the slots;
        // the failed one is kept as a shard of its own, which is how 7.0 reports it.
        QList<ClusterNode> others;
        if (masters.size() > 1) {
            QList<ClusterNode> healthy;
            for (const ClusterNode &m : std::as_const(masters))
                (m.isFailed() ? others : healthy).append(m);
            if (healthy.size() != 1)
                return fail(where + QCoreApplication::translate("ClusterSlotMap", "%1 masters").arg(masters.size()));
            masters = healthy;
        }
        if (masters.isEmpty()) {
            if (!ranges.isEmpty())
                return fail(where + QCoreApplication::translate("ClusterSlotMap", "slots but no master"));
            // Replicas of no master serve nothing and cannot be reached through any slot.
            continue;
        }

        ClusterShard shard;
        shard.master = masters.first();
        shard.replicas = replicas;
        const int index = map.appendShard(shard);
        for (const auto &[first, last] : std::as_const(ranges))
            if (!map.assign(index, first, last, &why))
                return fail(where + why);
        for (const ClusterNode &other : std::as_const(others)) {
            ClusterShard alone;
            alone.master = other;
            map.appendShard(alone);
        }
    }
    map.rebuildRanges();
    return map;
}

std::optional<ClusterSlotMap> ClusterSlotMap::fromSlots(const RedisReply &reply, QString *error)
{
    QString why;
    auto fail = [&](const QString &message) {
        if (error)
            *error = QStringLiteral("CLUSTER SLOTS: ") + message;
        return std::nullopt;
    };
    if (reply.isError())
        return fail(reply.errorMessage());
    if (!reply.isArray())
        return fail(QCoreApplication::translate("ClusterSlotMap", "the reply is not an array"));

    ClusterSlotMap map;
    for (qsizetype i = 0; i < reply.size(); ++i) {
        const QString where = QCoreApplication::translate("ClusterSlotMap", "range %1: ").arg(i + 1);
        const RedisReply &entry = reply.at(i);
        if (!entry.isArray() || entry.size() < 3)
            return fail(where + QCoreApplication::translate("ClusterSlotMap", "not [start, end, master, replicas...]"));
        const auto range = slotPair(entry.at(0), entry.at(1));
        if (!range)
            return fail(where + QCoreApplication::translate("ClusterSlotMap", "a slot is not a number"));
        const std::optional<ClusterNode> master = slotsNode(entry.at(2), ClusterNode::Role::Master, &why);
        if (!master)
            return fail(where + QCoreApplication::translate("ClusterSlotMap", "master: ") + why);

        // A master with several ranges is repeated once per range, replicas and all.
        int index = -1;
        for (qsizetype s = 0; s < map.m_shards.size() && index < 0; ++s)
            if (map.m_shards.at(s).master.isSameNode(*master))
                index = int(s);
        if (index < 0) {
            ClusterShard shard;
            shard.master = *master;
            index = map.appendShard(shard);
        }
        for (qsizetype r = 3; r < entry.size(); ++r) {
            const std::optional<ClusterNode> replica = slotsNode(entry.at(r), ClusterNode::Role::Replica, &why);
            if (!replica)
                return fail(where + QCoreApplication::translate("ClusterSlotMap", "replica %1: ").arg(r - 2) + why);
            QList<ClusterNode> &known = map.m_shards[index].replicas;
            if (std::none_of(known.cbegin(), known.cend(), [&](const ClusterNode &k) { return k.isSameNode(*replica); }))
                known.append(*replica);
        }
        if (!map.assign(index, range->first, range->second, &why))
            return fail(where + why);
    }
    map.rebuildRanges();
    return map;
}

int ClusterSlotMap::shardOf(quint16 slot) const
{
    return slot < ClusterSlot::count ? m_owner.at(slot) : -1;
}

std::optional<ClusterNode> ClusterSlotMap::ownerOf(quint16 slot) const
{
    const int index = shardOf(slot);
    if (index < 0)
        return std::nullopt;
    return m_shards.at(index).master;
}

QList<ClusterNode> ClusterSlotMap::masters() const
{
    QList<ClusterNode> out;
    out.reserve(m_shards.size());
    for (const ClusterShard &shard : m_shards)
        out.append(shard.master);
    return out;
}

QList<ClusterNode> ClusterSlotMap::replicasOf(const ClusterNode &master) const
{
    for (const ClusterShard &shard : m_shards)
        if (shard.master.isSameNode(master))
            return shard.replicas;
    return {};
}

bool ClusterSlotMap::isComplete() const
{
    return m_assigned == ClusterSlot::count;
}

bool ClusterSlotMap::applyMoved(quint16 slot, const QString &host, quint16 port)
{
    if (slot >= ClusterSlot::count || port == 0)
        return false;
    int target = -1;
    for (qsizetype i = 0; i < m_shards.size() && target < 0; ++i)
        if (m_shards.at(i).master.isAt(host, port))
            target = int(i);
    if (target < 0) {
        ClusterShard promoted;
        bool known = false;
        for (ClusterShard &shard : m_shards) {
            const auto it = std::find_if(shard.replicas.begin(), shard.replicas.end(),
                                         [&](const ClusterNode &r) { return r.isAt(host, port); });
            if (it != shard.replicas.end()) {
                promoted.master = *it;
                shard.replicas.erase(it);
                known = true;
                break;
            }
        }
        if (!known) {
            promoted.master.host = host;
            // A redirect names the port for the kind of connection that got it; which kind
            // that was, only the caller knows, so the port stands for both until a full read.
            promoted.master.port = port;
            promoted.master.tlsPort = port;
        }
        promoted.master.role = ClusterNode::Role::Master;
        target = appendShard(promoted);
    }
    const qint16 previous = m_owner.at(slot);
    if (previous == target)
        return false;
    if (previous < 0)
        ++m_assigned;
    m_owner[slot] = qint16(target);
    rebuildRanges();
    return true;
}

QString ClusterSlotMap::summary() const
{
    if (m_shards.isEmpty())
        return QCoreApplication::translate("ClusterSlotMap", "cluster: no shards");
    qsizetype replicas = 0;
    qsizetype failed = 0;
    for (const ClusterShard &shard : m_shards) {
        replicas += shard.replicas.size();
        failed += shard.master.isFailed() ? 1 : 0;
        for (const ClusterNode &r : shard.replicas)
            failed += r.isFailed() ? 1 : 0;
    }
    QStringList parts{plural(m_shards.size(), QT_TRANSLATE_NOOP("ClusterSlotMap", "%1 master"), QT_TRANSLATE_NOOP("ClusterSlotMap", "%1 masters")),
                      plural(replicas, QT_TRANSLATE_NOOP("ClusterSlotMap", "%1 replica"), QT_TRANSLATE_NOOP("ClusterSlotMap", "%1 replicas"))};
    if (!isComplete())
        parts << plural(ClusterSlot::count - m_assigned, QT_TRANSLATE_NOOP("ClusterSlotMap", "%1 slot unassigned"),
                        QT_TRANSLATE_NOOP("ClusterSlotMap", "%1 slots unassigned"));
    if (failed > 0)
        parts << QCoreApplication::translate("ClusterSlotMap", "%1 failed").arg(failed);
    const QString text = QCoreApplication::translate("ClusterSlotMap", "cluster: %1").arg(parts.join(QStringLiteral(", ")));
    return text;
}
