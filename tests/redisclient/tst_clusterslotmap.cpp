#include "clusterslot.h"
#include "clusterslotmap.h"
#include "redisreply.h"

#include <QTest>

#include <utility>

Q_DECLARE_METATYPE(RedisReply)

namespace {
using Field = std::pair<QByteArray, RedisReply>;

RedisReply text(const QByteArray &s)
{
    return RedisReply::string(s);
}

RedisReply num(qint64 n)
{
    return RedisReply::integer(n);
}

// A RESP2 map: the flat array of key, value, key, value... that the server sends.
RedisReply map(const QList<Field> &fields)
{
    QList<RedisReply> flat;
    for (const auto &[key, value] : fields)
        flat << text(key) << value;
    return RedisReply::array(flat);
}

QList<Field> without(QList<Field> fields, const QByteArray &key)
{
    fields.removeIf([&](const Field &f) { return f.first == key; });
    return fields;
}

QList<Field> with(QList<Field> fields, const QByteArray &key, const RedisReply &value)
{
    for (Field &f : fields)
        if (f.first == key) {
            f.second = value;
            return fields;
        }
    fields.append({key, value});
    return fields;
}

QByteArray idFor(int port)
{
    return QByteArray::number(port).repeated(10).left(40);
}

// A node of CLUSTER SHARDS as redis-server 7.0 writes it.
QList<Field> nodeFields(int port, const QByteArray &role, const QByteArray &health = "online")
{
    return {{"id", text(idFor(port))}, {"port", num(port)}, {"ip", text("127.0.0.1")}, {"endpoint", text("127.0.0.1")},
            {"role", text(role)}, {"replication-offset", num(1234)}, {"health", text(health)}};
}

RedisReply shard(const QList<int> &slotNumbers, const QList<RedisReply> &nodes)
{
    QList<RedisReply> s;
    for (int v : slotNumbers)
        s << num(v);
    return map({{"slots", RedisReply::array(s)}, {"nodes", RedisReply::array(nodes)}});
}

RedisReply shardNode(int port, const QByteArray &role, const QByteArray &health = "online")
{
    return map(nodeFields(port, role, health));
}

// Three masters 7000-7002 with one replica each (7003-7005), slots split as redis-cli does.
RedisReply threeShards()
{
    return RedisReply::array({
        shard({0, 5460}, {shardNode(7000, "master"), shardNode(7003, "replica")}),
        shard({5461, 10922}, {shardNode(7001, "master"), shardNode(7004, "replica")}),
        shard({10923, 16383}, {shardNode(7002, "master"), shardNode(7005, "replica")}),
    });
}

// A node of CLUSTER SLOTS: [endpoint, port, id, metadata].
RedisReply slotsNode(int port, const RedisReply &endpoint = text("127.0.0.1"), const RedisReply &metadata = RedisReply::array({}))
{
    return RedisReply::array({endpoint, num(port), text(idFor(port)), metadata});
}

RedisReply slotsRange(int first, int last, const QList<RedisReply> &nodes)
{
    return RedisReply::array(QList<RedisReply>{num(first), num(last)} + nodes);
}

RedisReply threeSlotRanges()
{
    return RedisReply::array({
        slotsRange(0, 5460, {slotsNode(7000), slotsNode(7003)}),
        slotsRange(5461, 10922, {slotsNode(7001), slotsNode(7004)}),
        slotsRange(10923, 16383, {slotsNode(7002), slotsNode(7005)}),
    });
}

QString ownerAddress(const ClusterSlotMap &map, int slot)
{
    const std::optional<ClusterNode> owner = map.ownerOf(quint16(slot));
    return owner ? owner->address() : QStringLiteral("none");
}
} // namespace

class TestClusterSlotMap : public QObject
{
    Q_OBJECT

private:
    enum class Source { Shards, Slots };

    static std::optional<ClusterSlotMap> parse(Source source, const RedisReply &reply, QString *error)
    {
        return source == Source::Shards ? ClusterSlotMap::fromShards(reply, error) : ClusterSlotMap::fromSlots(reply, error);
    }

private Q_SLOTS:
    void parses_data()
    {
        QTest::addColumn<int>("source");
        QTest::addColumn<RedisReply>("reply");
        QTest::addColumn<int>("masters");
        QTest::addColumn<int>("replicas");
        QTest::addColumn<int>("assigned");
        QTest::addColumn<QString>("summary");
        const int shards = int(Source::Shards);
        const int slotsReply = int(Source::Slots);

        QTest::newRow("shards: 3+3") << shards << threeShards() << 3 << 3 << 16384 << QStringLiteral("cluster: 3 masters, 3 replicas");
        QTest::newRow("slots: 3+3") << slotsReply << threeSlotRanges() << 3 << 3 << 16384 << QStringLiteral("cluster: 3 masters, 3 replicas");
        QTest::newRow("shards: empty") << shards << RedisReply::array({}) << 0 << 0 << 0 << QStringLiteral("cluster: no shards");
        QTest::newRow("slots: empty") << slotsReply << RedisReply::array({}) << 0 << 0 << 0 << QStringLiteral("cluster: no shards");
        QTest::newRow("shards: one master, no replica")
            << shards << RedisReply::array({shard({0, 16383}, {shardNode(7000, "master")})}) << 1 << 0 << 16384
            << QStringLiteral("cluster: 1 master, 0 replicas");
        QTest::newRow("shards: hole")
            << shards << RedisReply::array({shard({0, 99}, {shardNode(7000, "master")}), shard({200, 16383}, {shardNode(7001, "master")})})
            << 2 << 0 << 16284 << QStringLiteral("cluster: 2 masters, 0 replicas, 100 slots unassigned");
        QTest::newRow("shards: one slot missing")
            << shards << RedisReply::array({shard({0, 16382}, {shardNode(7000, "master")})}) << 1 << 0 << 16383
            << QStringLiteral("cluster: 1 master, 0 replicas, 1 slot unassigned");
        QTest::newRow("shards: split ranges")
            << shards
            << RedisReply::array({shard({0, 100, 200, 300, 101, 199}, {shardNode(7000, "master")}),
                                  shard({301, 16383}, {shardNode(7001, "master"), shardNode(7002, "replica"), shardNode(7003, "replica")})})
            << 2 << 2 << 16384 << QStringLiteral("cluster: 2 masters, 2 replicas");
        // After a failover Redis 7.0 lists the failed old master as a shard serving nothing.
        QTest::newRow("shards: failed old master")
            << shards
            << RedisReply::array({shard({0, 16383}, {shardNode(7003, "master"), shardNode(7004, "replica")}),
                                  shard({}, {shardNode(7000, "master", "fail")})})
            << 2 << 1 << 16384 << QStringLiteral("cluster: 2 masters, 1 replica, 1 failed");
        // A server grouping by shard id may list old and new master together for a while.
        QTest::newRow("shards: failed master beside the new one")
            << shards
            << RedisReply::array({shard({0, 16383}, {shardNode(7000, "master", "failed"), shardNode(7003, "master"), shardNode(7004, "replica")})})
            << 2 << 1 << 16384 << QStringLiteral("cluster: 2 masters, 1 replica, 1 failed");
        QTest::newRow("shards: replica loading")
            << shards << RedisReply::array({shard({0, 16383}, {shardNode(7000, "master"), shardNode(7003, "replica", "loading")})})
            << 1 << 1 << 16384 << QStringLiteral("cluster: 1 master, 1 replica");
        // Replicas whose master is gone serve no slot: nothing routes to them.
        QTest::newRow("shards: replicas without master")
            << shards
            << RedisReply::array({shard({0, 16383}, {shardNode(7000, "master")}), shard({}, {shardNode(7003, "replica")})})
            << 1 << 0 << 16384 << QStringLiteral("cluster: 1 master, 0 replicas");
        QTest::newRow("shards: unknown fields are skipped")
            << shards
            << RedisReply::array({map({{"future", num(1)},
                                       {"slots", RedisReply::array({num(0), num(16383)})},
                                       {"nodes", RedisReply::array({map(with(nodeFields(7000, "master"), "availability-zone", text("a")))})}})})
            << 1 << 0 << 16384 << QStringLiteral("cluster: 1 master, 0 replicas");
        QTest::newRow("shards: a master with no slots")
            << shards << RedisReply::array({shard({}, {shardNode(7000, "master")})}) << 1 << 0 << 0
            << QStringLiteral("cluster: 1 master, 0 replicas, 16384 slots unassigned");
        QTest::newRow("shards: slots as strings")
            << shards
            << RedisReply::array({map({{"slots", RedisReply::array({text("0"), text("16383")})},
                                       {"nodes", RedisReply::array({shardNode(7000, "master")})}})})
            << 1 << 0 << 16384 << QStringLiteral("cluster: 1 master, 0 replicas");
        QTest::newRow("slots: master with two ranges")
            << slotsReply
            << RedisReply::array({slotsRange(0, 100, {slotsNode(7000), slotsNode(7003)}),
                                  slotsRange(101, 16000, {slotsNode(7001), slotsNode(7004)}),
                                  slotsRange(16001, 16383, {slotsNode(7000), slotsNode(7003)})})
            << 2 << 2 << 16384 << QStringLiteral("cluster: 2 masters, 2 replicas");
        QTest::newRow("slots: pre-4.0 nodes without ids")
            << slotsReply
            << RedisReply::array({slotsRange(0, 16383, {RedisReply::array({text("127.0.0.1"), num(7000)}),
                                                        RedisReply::array({text("127.0.0.1"), num(7003)})})})
            << 1 << 1 << 16384 << QStringLiteral("cluster: 1 master, 1 replica");
        QTest::newRow("slots: more elements than known")
            << slotsReply
            << RedisReply::array({slotsRange(0, 16383, {RedisReply::array({text("127.0.0.1"), num(7000), text(idFor(7000)),
                                                                           RedisReply::array({}), text("future")})})})
            << 1 << 0 << 16384 << QStringLiteral("cluster: 1 master, 0 replicas");
    }

    void parses()
    {
        QFETCH(int, source);
        QFETCH(RedisReply, reply);
        QFETCH(int, masters);
        QFETCH(int, replicas);
        QFETCH(int, assigned);
        QFETCH(QString, summary);
        QString error;
        const std::optional<ClusterSlotMap> map = parse(Source(source), reply, &error);
        QVERIFY2(map.has_value(), qPrintable(error));
        QCOMPARE(map->masters().size(), masters);
        int replicaCount = 0;
        for (const ClusterNode &m : map->masters()) {
            QCOMPARE(m.role, ClusterNode::Role::Master);
            for (const ClusterNode &r : map->replicasOf(m)) {
                QCOMPARE(r.role, ClusterNode::Role::Replica);
                ++replicaCount;
            }
        }
        QCOMPARE(replicaCount, replicas);
        QCOMPARE(map->assignedSlots(), assigned);
        QCOMPARE(map->isComplete(), assigned == ClusterSlot::count);
        QCOMPARE(map->summary(), summary);
        // Every slot's owner agrees with the ranges each shard lists.
        int counted = 0;
        for (qsizetype i = 0; i < map->shards().size(); ++i) {
            const ClusterShard &shard = map->shards().at(i);
            counted += shard.slotCount();
            for (const ClusterShard::SlotRange &range : shard.ranges) {
                QVERIFY(range.first <= range.last);
                QCOMPARE(map->shardOf(range.first), int(i));
                QCOMPARE(map->shardOf(range.last), int(i));
            }
        }
        QCOMPARE(counted, assigned);
    }

    void rejects_data()
    {
        QTest::addColumn<int>("source");
        QTest::addColumn<RedisReply>("reply");
        QTest::addColumn<QString>("error");
        const int shards = int(Source::Shards);
        const int slotsReply = int(Source::Slots);
        const RedisReply master = shardNode(7000, "master");

        QTest::newRow("shards: error reply") << shards << RedisReply::error("ERR This instance has cluster support disabled")
                                             << QStringLiteral("CLUSTER SHARDS: ERR This instance has cluster support disabled");
        QTest::newRow("slots: error reply") << slotsReply << RedisReply::error("ERR unknown command")
                                            << QStringLiteral("CLUSTER SLOTS: ERR unknown command");
        QTest::newRow("shards: nil") << shards << RedisReply::nil() << QStringLiteral("not an array");
        QTest::newRow("shards: string") << shards << text("slots") << QStringLiteral("not an array");
        QTest::newRow("shards: shard not a map") << shards << RedisReply::array({num(1)}) << QStringLiteral("shard 1: not a map");
        QTest::newRow("shards: odd map") << shards << RedisReply::array({RedisReply::array({text("slots")})}) << QStringLiteral("shard 1: not a map");
        QTest::newRow("shards: integer key")
            << shards << RedisReply::array({RedisReply::array({num(1), num(2)})}) << QStringLiteral("shard 1: not a map");
        QTest::newRow("shards: no slots")
            << shards << RedisReply::array({map({{"nodes", RedisReply::array({master})}})}) << QStringLiteral("no slots list");
        QTest::newRow("shards: odd slots")
            << shards << RedisReply::array({shard({0, 5, 6}, {master})}) << QStringLiteral("no slots list");
        QTest::newRow("shards: no nodes")
            << shards << RedisReply::array({map({{"slots", RedisReply::array({num(0), num(1)})}})}) << QStringLiteral("no nodes list");
        QTest::newRow("shards: slot not a number")
            << shards << RedisReply::array({map({{"slots", RedisReply::array({text("zero"), num(1)})}, {"nodes", RedisReply::array({master})}})})
            << QStringLiteral("a slot is not a number");
        QTest::newRow("shards: slot out of range")
            << shards << RedisReply::array({shard({0, 16384}, {master})}) << QStringLiteral("slot range 0-16384 is not within 0-16383");
        QTest::newRow("shards: negative slot")
            << shards << RedisReply::array({shard({-1, 5}, {master})}) << QStringLiteral("slot range -1-5 is not within");
        QTest::newRow("shards: reversed range")
            << shards << RedisReply::array({shard({10, 5}, {master})}) << QStringLiteral("slot range 10-5 is not within");
        QTest::newRow("shards: overlap between shards")
            << shards << RedisReply::array({shard({0, 100}, {master}), shard({100, 16383}, {shardNode(7001, "master")})})
            << QStringLiteral("shard 2: slot 100 is claimed by both 127.0.0.1:7000 and 127.0.0.1:7001");
        QTest::newRow("shards: overlap within a shard")
            << shards << RedisReply::array({shard({0, 100, 50, 60}, {master})}) << QStringLiteral("slot 50 is claimed by both");
        QTest::newRow("shards: slots without master")
            << shards << RedisReply::array({shard({0, 16383}, {shardNode(7003, "replica")})}) << QStringLiteral("shard 1: slots but no master");
        QTest::newRow("shards: two healthy masters")
            << shards << RedisReply::array({shard({0, 16383}, {master, shardNode(7001, "master")})}) << QStringLiteral("shard 1: 2 masters");
        QTest::newRow("shards: node in two shards")
            << shards << RedisReply::array({shard({0, 100}, {master}), shard({101, 16383}, {shardNode(7001, "master"), shardNode(7000, "replica")})})
            << QStringLiteral("shard 2: node %1 is listed twice").arg(QString::fromLatin1(idFor(7000)));
        QTest::newRow("shards: node twice in a shard")
            << shards << RedisReply::array({shard({0, 16383}, {master, master})}) << QStringLiteral("shard 1: node ");
        QTest::newRow("shards: node not a map")
            << shards << RedisReply::array({shard({0, 16383}, {text("node")})}) << QStringLiteral("shard 1: node 1: it is not a map");
        QTest::newRow("shards: node without id")
            << shards << RedisReply::array({shard({0, 16383}, {map(without(nodeFields(7000, "master"), "id"))})})
            << QStringLiteral("node 1: it has no id");
        QTest::newRow("shards: node with empty id")
            << shards << RedisReply::array({shard({0, 16383}, {map(with(nodeFields(7000, "master"), "id", text("")))})})
            << QStringLiteral("node 1: it has no id");
        QTest::newRow("shards: node without port")
            << shards << RedisReply::array({shard({0, 16383}, {map(without(nodeFields(7000, "master"), "port"))})})
            << QStringLiteral("it has neither port nor tls-port");
        QTest::newRow("shards: port zero")
            << shards << RedisReply::array({shard({0, 16383}, {map(with(nodeFields(7000, "master"), "port", num(0)))})})
            << QStringLiteral("its port is not a port number");
        QTest::newRow("shards: port too big")
            << shards << RedisReply::array({shard({0, 16383}, {map(with(nodeFields(7000, "master"), "port", num(70000)))})})
            << QStringLiteral("its port is not a port number");
        QTest::newRow("shards: bad tls-port")
            << shards << RedisReply::array({shard({0, 16383}, {map(with(nodeFields(7000, "master"), "tls-port", text("x")))})})
            << QStringLiteral("its tls-port is not a port number");
        QTest::newRow("shards: node without role")
            << shards << RedisReply::array({shard({0, 16383}, {map(without(nodeFields(7000, "master"), "role"))})})
            << QStringLiteral("it has no role");
        QTest::newRow("shards: unknown role")
            << shards << RedisReply::array({shard({0, 16383}, {shardNode(7000, "arbiter")})})
            << QStringLiteral("its role \"arbiter\" is neither master nor replica");
        QTest::newRow("shards: endpoint not a string")
            << shards << RedisReply::array({shard({0, 16383}, {map(with(nodeFields(7000, "master"), "endpoint", num(1)))})})
            << QStringLiteral("its endpoint is not a string");
        QTest::newRow("shards: no usable endpoint")
            << shards
            << RedisReply::array({shard({0, 16383}, {map(with(with(nodeFields(7000, "master"), "endpoint", text("?")), "ip", text("")))})})
            << QStringLiteral("no usable endpoint");

        QTest::newRow("slots: not an array") << slotsReply << num(3) << QStringLiteral("CLUSTER SLOTS: the reply is not an array");
        QTest::newRow("slots: range too short")
            << slotsReply << RedisReply::array({RedisReply::array({num(0), num(16383)})}) << QStringLiteral("range 1: not [start, end, master");
        QTest::newRow("slots: range not an array") << slotsReply << RedisReply::array({num(0)}) << QStringLiteral("range 1: not [start, end");
        QTest::newRow("slots: slot not a number")
            << slotsReply << RedisReply::array({RedisReply::array({text("a"), num(5), slotsNode(7000)})}) << QStringLiteral("a slot is not a number");
        QTest::newRow("slots: out of range")
            << slotsReply << RedisReply::array({slotsRange(16000, 16384, {slotsNode(7000)})}) << QStringLiteral("slot range 16000-16384 is not within");
        QTest::newRow("slots: overlap")
            << slotsReply << RedisReply::array({slotsRange(0, 10, {slotsNode(7000)}), slotsRange(10, 20, {slotsNode(7001)})})
            << QStringLiteral("range 2: slot 10 is claimed by both 127.0.0.1:7000 and 127.0.0.1:7001");
        QTest::newRow("slots: master not an array")
            << slotsReply << RedisReply::array({slotsRange(0, 10, {text("127.0.0.1:7000")})}) << QStringLiteral("master: it is not an [endpoint, port");
        QTest::newRow("slots: master without port")
            << slotsReply << RedisReply::array({slotsRange(0, 10, {RedisReply::array({text("127.0.0.1")})})}) << QStringLiteral("master: it is not an");
        QTest::newRow("slots: bad port")
            << slotsReply << RedisReply::array({slotsRange(0, 10, {RedisReply::array({text("127.0.0.1"), text("port")})})})
            << QStringLiteral("master: its port is not a port number");
        QTest::newRow("slots: id not a string")
            << slotsReply << RedisReply::array({slotsRange(0, 10, {RedisReply::array({text("127.0.0.1"), num(7000), num(1)})})})
            << QStringLiteral("master: its id is not a string");
        QTest::newRow("slots: bad metadata")
            << slotsReply << RedisReply::array({slotsRange(0, 10, {slotsNode(7000, text("127.0.0.1"), RedisReply::array({text("ip")}))})})
            << QStringLiteral("master: its metadata is not a map");
        QTest::newRow("slots: bad replica")
            << slotsReply << RedisReply::array({slotsRange(0, 10, {slotsNode(7000), RedisReply::array({text("127.0.0.1"), num(0)})})})
            << QStringLiteral("range 1: replica 1: its port is not a port number");
        QTest::newRow("slots: '?' without ip")
            << slotsReply << RedisReply::array({slotsRange(0, 10, {slotsNode(7000, text("?"))})}) << QStringLiteral("no usable endpoint");
    }

    void rejects()
    {
        QFETCH(int, source);
        QFETCH(RedisReply, reply);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!parse(Source(source), reply, &why).has_value());
        QVERIFY2(why.contains(error), qPrintable(why));
        // The caller may not care why.
        QVERIFY(!parse(Source(source), reply, nullptr).has_value());
    }

    // Which host clients should use, from what the server reports (see clusternode.h).
    void endpoints_data()
    {
        QTest::addColumn<RedisReply>("shardsNode");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("ip");
        QTest::addColumn<QString>("hostname");
        QTest::addColumn<int>("port");
        QTest::addColumn<int>("tlsPort");
        const QList<Field> base = nodeFields(7000, "master");
        QTest::newRow("ip endpoint") << map(base) << QStringLiteral("127.0.0.1") << QStringLiteral("127.0.0.1") << QString() << 7000 << 0;
        QTest::newRow("hostname endpoint")
            << map(with(with(base, "endpoint", text("node-0.example")), "hostname", text("node-0.example")))
            << QStringLiteral("node-0.example") << QStringLiteral("127.0.0.1") << QStringLiteral("node-0.example") << 7000 << 0;
        // NULL or "": the node's endpoint is unknown, use the host the map was read from.
        QTest::newRow("null endpoint") << map(with(base, "endpoint", RedisReply::nil())) << QString() << QStringLiteral("127.0.0.1")
                                       << QString() << 7000 << 0;
        QTest::newRow("empty endpoint") << map(with(base, "endpoint", text(""))) << QString() << QStringLiteral("127.0.0.1") << QString()
                                        << 7000 << 0;
        // "?": a hostname was meant but none configured; the IP still reaches the node.
        QTest::newRow("unknown hostname") << map(with(base, "endpoint", text("?"))) << QStringLiteral("127.0.0.1")
                                          << QStringLiteral("127.0.0.1") << QString() << 7000 << 0;
        QTest::newRow("no endpoint field") << map(without(base, "endpoint")) << QStringLiteral("127.0.0.1") << QStringLiteral("127.0.0.1")
                                           << QString() << 7000 << 0;
        QTest::newRow("ipv6") << map(with(with(base, "endpoint", text("::1")), "ip", text("::1"))) << QStringLiteral("::1")
                              << QStringLiteral("::1") << QString() << 7000 << 0;
        QTest::newRow("tls only") << map(with(without(base, "port"), "tls-port", num(7100))) << QStringLiteral("127.0.0.1")
                                  << QStringLiteral("127.0.0.1") << QString() << 0 << 7100;
        QTest::newRow("tls and plain") << map(with(base, "tls-port", num(7100))) << QStringLiteral("127.0.0.1") << QStringLiteral("127.0.0.1")
                                       << QString() << 7000 << 7100;
        QTest::newRow("numbers as strings") << map(with(base, "port", text("7000"))) << QStringLiteral("127.0.0.1")
                                            << QStringLiteral("127.0.0.1") << QString() << 7000 << 0;
    }

    void endpoints()
    {
        QFETCH(RedisReply, shardsNode);
        QFETCH(QString, host);
        QFETCH(QString, ip);
        QFETCH(QString, hostname);
        QFETCH(int, port);
        QFETCH(int, tlsPort);
        QString error;
        const auto map = ClusterSlotMap::fromShards(RedisReply::array({shard({0, 16383}, {shardsNode})}), &error);
        QVERIFY2(map.has_value(), qPrintable(error));
        const ClusterNode owner = map->ownerOf(0).value();
        QCOMPARE(owner.host, host);
        QCOMPARE(owner.ip, ip);
        QCOMPARE(owner.hostname, hostname);
        QCOMPARE(int(owner.port), port);
        QCOMPARE(int(owner.tlsPort), tlsPort);
        QCOMPARE(int(owner.portFor(true)), tlsPort);
        QCOMPARE(int(owner.portFor(false)), port);
    }

    void slotsEndpoints_data()
    {
        QTest::addColumn<RedisReply>("slotsNode");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("ip");
        QTest::addColumn<QString>("hostname");
        QTest::newRow("ip") << slotsNode(7000) << QStringLiteral("127.0.0.1") << QStringLiteral("127.0.0.1") << QString();
        QTest::newRow("hostname preferred")
            << slotsNode(7000, text("node-0.example"), map({{"ip", text("10.0.0.5")}}))
            << QStringLiteral("node-0.example") << QStringLiteral("10.0.0.5") << QString();
        QTest::newRow("ip preferred, hostname known")
            << slotsNode(7000, text("10.0.0.5"), map({{"hostname", text("node-0.example")}}))
            << QStringLiteral("10.0.0.5") << QStringLiteral("10.0.0.5") << QStringLiteral("node-0.example");
        QTest::newRow("null endpoint") << slotsNode(7000, RedisReply::nil(), map({{"ip", text("10.0.0.5")}})) << QString()
                                       << QStringLiteral("10.0.0.5") << QString();
        QTest::newRow("empty endpoint") << slotsNode(7000, text("")) << QString() << QString() << QString();
        QTest::newRow("'?' with ip") << slotsNode(7000, text("?"), map({{"ip", text("10.0.0.5")}})) << QStringLiteral("10.0.0.5")
                                     << QStringLiteral("10.0.0.5") << QString();
    }

    void slotsEndpoints()
    {
        QFETCH(RedisReply, slotsNode);
        QFETCH(QString, host);
        QFETCH(QString, ip);
        QFETCH(QString, hostname);
        QString error;
        const auto map = ClusterSlotMap::fromSlots(RedisReply::array({slotsRange(0, 16383, {slotsNode})}), &error);
        QVERIFY2(map.has_value(), qPrintable(error));
        const ClusterNode owner = map->ownerOf(16383).value();
        QCOMPARE(owner.host, host);
        QCOMPARE(owner.ip, ip);
        QCOMPARE(owner.hostname, hostname);
        QCOMPARE(int(owner.port), 7000);
        QCOMPARE(owner.id, idFor(7000));
    }

    // CLUSTER SHARDS and CLUSTER SLOTS describing the same cluster give the same routing.
    void bothSourcesAgree()
    {
        const auto fromShards = ClusterSlotMap::fromShards(threeShards());
        const auto fromSlots = ClusterSlotMap::fromSlots(threeSlotRanges());
        QVERIFY(fromShards && fromSlots);
        for (int slot = 0; slot < ClusterSlot::count; ++slot)
            QCOMPARE(fromShards->ownerOf(quint16(slot))->id, fromSlots->ownerOf(quint16(slot))->id);
        QCOMPARE(fromShards->shards().size(), fromSlots->shards().size());
        for (qsizetype i = 0; i < fromShards->shards().size(); ++i) {
            QCOMPARE(fromShards->shards().at(i).ranges, fromSlots->shards().at(i).ranges);
            QCOMPARE(fromShards->shards().at(i).replicas.size(), fromSlots->shards().at(i).replicas.size());
            QCOMPARE(fromShards->shards().at(i).replicas.first().id, fromSlots->shards().at(i).replicas.first().id);
        }
    }

    void owners_data()
    {
        QTest::addColumn<int>("slot");
        QTest::addColumn<QString>("owner");
        QTest::newRow("first") << 0 << QStringLiteral("127.0.0.1:7000");
        QTest::newRow("end of first range") << 5460 << QStringLiteral("127.0.0.1:7000");
        QTest::newRow("start of second range") << 5461 << QStringLiteral("127.0.0.1:7001");
        QTest::newRow("end of second range") << 10922 << QStringLiteral("127.0.0.1:7001");
        QTest::newRow("start of third range") << 10923 << QStringLiteral("127.0.0.1:7002");
        QTest::newRow("last") << 16383 << QStringLiteral("127.0.0.1:7002");
        QTest::newRow("beyond the last") << 16384 << QStringLiteral("none");
        QTest::newRow("far beyond") << 65535 << QStringLiteral("none");
    }

    void owners()
    {
        QFETCH(int, slot);
        QFETCH(QString, owner);
        const auto map = ClusterSlotMap::fromShards(threeShards());
        QVERIFY(map);
        QCOMPARE(ownerAddress(*map, slot), owner);
        QCOMPARE(map->shardOf(quint16(slot)) >= 0, owner != QStringLiteral("none"));
    }

    void emptyMapServesNothing()
    {
        const ClusterSlotMap map;
        QVERIFY(map.isEmpty());
        QVERIFY(!map.isComplete());
        QCOMPARE(map.assignedSlots(), 0);
        QVERIFY(!map.ownerOf(0));
        QCOMPARE(map.shardOf(100), -1);
        QVERIFY(map.masters().isEmpty());
    }

    void replicasBelongToTheirMaster()
    {
        const auto map = ClusterSlotMap::fromShards(threeShards());
        QVERIFY(map);
        const QList<ClusterNode> masters = map->masters();
        QCOMPARE(masters.size(), 3);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(int(masters.at(i).port), 7000 + i);
            const QList<ClusterNode> replicas = map->replicasOf(masters.at(i));
            QCOMPARE(replicas.size(), 1);
            QCOMPARE(int(replicas.first().port), 7003 + i);
            QCOMPARE(replicas.first().health, ClusterNode::Health::Online);
            QCOMPARE(replicas.first().replicationOffset, qint64(1234));
        }
        ClusterNode stranger;
        stranger.id = "unknown";
        QVERIFY(map->replicasOf(stranger).isEmpty());
        // A replica is no master: it has no replicas of its own.
        QVERIFY(map->replicasOf(map->replicasOf(masters.first()).first()).isEmpty());
    }

    void healthWords_data()
    {
        QTest::addColumn<QByteArray>("word");
        QTest::addColumn<int>("health");
        QTest::newRow("online") << QByteArray("online") << int(ClusterNode::Health::Online);
        QTest::newRow("loading") << QByteArray("loading") << int(ClusterNode::Health::Loading);
        QTest::newRow("failed (documented)") << QByteArray("failed") << int(ClusterNode::Health::Failed);
        QTest::newRow("fail (what 7.0 writes)") << QByteArray("fail") << int(ClusterNode::Health::Failed);
        QTest::newRow("a later word") << QByteArray("degraded") << int(ClusterNode::Health::Unknown);
    }

    void healthWords()
    {
        QFETCH(QByteArray, word);
        QFETCH(int, health);
        const auto map = ClusterSlotMap::fromShards(RedisReply::array({shard({0, 16383}, {shardNode(7000, "master", word)})}));
        QVERIFY(map);
        QCOMPARE(int(map->masters().first().health), health);
    }

    void moved_data()
    {
        QTest::addColumn<int>("slot");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<bool>("changed");
        QTest::addColumn<QString>("owner");
        QTest::addColumn<int>("masters");
        QTest::addColumn<int>("replicas");
        QTest::addColumn<QString>("summary");
        QTest::newRow("to another master") << 100 << QStringLiteral("127.0.0.1") << 7001 << true << QStringLiteral("127.0.0.1:7001")
                                           << 3 << 3 << QStringLiteral("cluster: 3 masters, 3 replicas");
        QTest::newRow("to the owner already") << 100 << QStringLiteral("127.0.0.1") << 7000 << false << QStringLiteral("127.0.0.1:7000")
                                              << 3 << 3 << QStringLiteral("cluster: 3 masters, 3 replicas");
        // A MOVED to a replica's address: it was promoted.
        QTest::newRow("to a promoted replica") << 100 << QStringLiteral("127.0.0.1") << 7003 << true << QStringLiteral("127.0.0.1:7003")
                                               << 4 << 2 << QStringLiteral("cluster: 4 masters, 2 replicas");
        QTest::newRow("to a new node") << 16383 << QStringLiteral("10.0.0.9") << 7100 << true << QStringLiteral("10.0.0.9:7100") << 4 << 3
                                       << QStringLiteral("cluster: 4 masters, 3 replicas");
        QTest::newRow("master known by hostname") << 100 << QStringLiteral("node-1.example") << 7001 << true
                                                  << QStringLiteral("127.0.0.1:7001") << 3 << 3 << QStringLiteral("cluster: 3 masters, 3 replicas");
        QTest::newRow("slot out of range") << 16384 << QStringLiteral("127.0.0.1") << 7001 << false << QStringLiteral("none") << 3 << 3
                                           << QStringLiteral("cluster: 3 masters, 3 replicas");
        QTest::newRow("port zero") << 100 << QStringLiteral("127.0.0.1") << 0 << false << QStringLiteral("127.0.0.1:7000") << 3 << 3
                                   << QStringLiteral("cluster: 3 masters, 3 replicas");
    }

    void moved()
    {
        QFETCH(int, slot);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(bool, changed);
        QFETCH(QString, owner);
        QFETCH(int, masters);
        QFETCH(int, replicas);
        QFETCH(QString, summary);
        RedisReply reply = threeShards();
        // The second master also announces a hostname.
        QList<RedisReply> shards = reply.elements();
        shards[1] = shard({5461, 10922}, {map(with(nodeFields(7001, "master"), "hostname", text("node-1.example"))), shardNode(7004, "replica")});
        auto map = ClusterSlotMap::fromShards(RedisReply::array(shards));
        QVERIFY(map);
        const ClusterSlotMap before = *map;

        QCOMPARE(map->applyMoved(quint16(slot), host, quint16(port)), changed);
        QCOMPARE(ownerAddress(*map, slot), owner);
        QCOMPARE(map->masters().size(), masters);
        QCOMPARE(map->summary(), summary);
        int replicaCount = 0;
        for (const ClusterShard &s : map->shards())
            replicaCount += int(s.replicas.size());
        QCOMPARE(replicaCount, replicas);
        // Only the moved slot changed hands, and every slot is still served once.
        QCOMPARE(map->assignedSlots(), ClusterSlot::count);
        for (int s = 0; s < ClusterSlot::count; ++s)
            if (s != slot)
                QCOMPARE(map->ownerOf(quint16(s))->id, before.ownerOf(quint16(s))->id);
        int counted = 0;
        for (const ClusterShard &s : map->shards())
            counted += s.slotCount();
        QCOMPARE(counted, ClusterSlot::count);
        // The copy taken before is untouched.
        QCOMPARE(before.masters().size(), 3);
        QCOMPARE(ownerAddress(before, 100), QStringLiteral("127.0.0.1:7000"));
        QCOMPARE(ownerAddress(before, 16383), QStringLiteral("127.0.0.1:7002"));
    }

    void movedSplitsRanges()
    {
        auto map = ClusterSlotMap::fromShards(threeShards());
        QVERIFY(map);
        QVERIFY(map->applyMoved(3000, QStringLiteral("127.0.0.1"), 7002));
        using R = ClusterShard::SlotRange;
        QCOMPARE(map->shards().at(0).ranges, (QList<R>{{0, 2999}, {3001, 5460}}));
        QCOMPARE(map->shards().at(2).ranges, (QList<R>{{3000, 3000}, {10923, 16383}}));
        // And joins them again when the slot comes back.
        QVERIFY(map->applyMoved(3000, QStringLiteral("127.0.0.1"), 7000));
        QCOMPARE(map->shards().at(0).ranges, (QList<R>{{0, 5460}}));
        QCOMPARE(map->shards().at(2).ranges, (QList<R>{{10923, 16383}}));
    }

    void movedFillsAHole()
    {
        auto map = ClusterSlotMap::fromShards(RedisReply::array({shard({0, 16382}, {shardNode(7000, "master")})}));
        QVERIFY(map);
        QVERIFY(!map->isComplete());
        QVERIFY(map->applyMoved(16383, QStringLiteral("127.0.0.1"), 7000));
        QVERIFY(map->isComplete());
        QCOMPARE(map->summary(), QStringLiteral("cluster: 1 master, 0 replicas"));
    }

    // A map read from a server behind an unknown endpoint knows only ports.
    void movedWithUnknownEndpoints()
    {
        const RedisReply reply = RedisReply::array({
            shard({0, 8191}, {map(with(nodeFields(7000, "master"), "endpoint", RedisReply::nil()))}),
            shard({8192, 16383}, {map(with(nodeFields(7001, "master"), "endpoint", RedisReply::nil()))}),
        });
        auto map = ClusterSlotMap::fromShards(reply);
        QVERIFY(map);
        QVERIFY(map->ownerOf(0)->host.isEmpty());
        QVERIFY(map->applyMoved(0, QStringLiteral("lb.example"), 7001));
        QCOMPARE(map->ownerOf(0)->id, idFor(7001));
        QCOMPARE(map->masters().size(), 2);
    }
};

QTEST_APPLESS_MAIN(TestClusterSlotMap)
#include "tst_clusterslotmap.moc"
