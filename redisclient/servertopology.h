#pragma once

#include "clusterslotmap.h"
#include "redistopology.h"

#include <QList>
#include <QPair>
#include <QSet>
#include <QTimer>

// A server the user named, and what it turns out to be: a standalone server (one master),
// or a node of a Redis Cluster (INFO cluster says cluster_enabled:1), in which case the slot
// map is read (CLUSTER SHARDS, or CLUSTER SLOTS from older servers) and one connection per
// shard serves its master. The map is read again every few seconds, after a MOVED, and soon
// after a master's connection is lost, so a failover is followed: the shard's connection is
// pointed at the promoted node and failover() says so. A shard is known by its nodes, so the
// promoted replica is recognised as the same shard.
class ServerTopology final : public RedisTopology
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerTopology)

public:
    // options: the server (or cluster node) named first; moreSeeds: cluster nodes to try
    // when it cannot be reached.
    explicit ServerTopology(const ConnectionOptions &options, const QList<QPair<QString, quint16>> &moreSeeds = {}, QObject *parent = nullptr);
    ~ServerTopology() override;

    Kind kind() const override { return m_cluster ? Kind::Cluster : Kind::Standalone; }
    void open() override;
    void close() override;
    QList<RedisConnection *> masters() const override;
    RedisConnection *nodeFor(QByteArrayView key) const override;
    RedisConnection *follow(const ClusterRedirect &redirect, RedisConnection *from) override;
    QString summary() const override;
    QString caveat() const override;
    QList<RedisConnection *> replicasOf(RedisConnection *master) override;
    bool sameSlot(const QList<QByteArray> &keys) const override;
    QList<const RedisConnection *> slotOwners() const override;

    const ClusterSlotMap &slotMap() const { return m_map; }
    // "slots 0-5460", for a master's shard; empty off a cluster.
    QString slotsOf(const RedisConnection *master) const;

    // How often the slot map is read again while all is well.
    static constexpr int mapRefreshMs = 5000;

private:
    struct Shard
    {
        RedisConnection *connection = nullptr;
        ClusterNode master;
        QList<ClusterNode> replicas;
        QSet<QByteArray> nodeIds; // every node seen in this shard: how a promoted replica is recognised
        QList<ClusterShard::SlotRange> ranges;
        QList<RedisConnection *> replicaConnections;
    };

    void onSeedReady();
    void onSeedFailed();
    void askClusterWithoutInfo();
    void becomeStandalone();
    void refreshMap();
    void scheduleRefresh(int delayMs);
    void applyMap(const ClusterSlotMap &map);
    void updateState();
    int shardOf(const RedisConnection *connection) const;
    ConnectionOptions optionsFor(const ClusterNode &node) const;
    void watchMaster(RedisConnection *connection);

    QList<QPair<QString, quint16>> m_seeds;
    int m_seedIndex = 0;
    int m_seedFailures = 0; // seeds that failed in a row, before the first answered
    // Nothing can be scanned: the seed is a Sentinel, or a cluster node that refuses its map.
    bool m_notData = false;
    // Standalone as far as could be told: INFO and CLUSTER SLOTS were both refused (this).
    QString m_clusterUnknown;
    // Standalone: the master (host:port) of the server, when the server is a replica.
    QString m_replicaOf;
    bool m_replicaLinkDown = false; // and its link to the master is down
    QList<ClusterNode> m_standaloneReplicas; // a standalone master's online replicas
    // Standalone: the server. Cluster: the connection that reads the map.
    RedisConnection *m_seed = nullptr;
    bool m_cluster = false;
    bool m_open = false;
    bool m_announced = false; // ready() sent since the last loss
    QList<Shard> m_shards;
    QList<qint16> m_slotShard; // per slot: index into m_shards, or -1
    ClusterSlotMap m_map;
    QTimer m_refresh;
    bool m_refreshing = false;
    int m_probe = 0; // which known node to ask for the map when no master answers
};
