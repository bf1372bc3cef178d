#pragma once

#include "clustershard.h"

#include <QList>
#include <QString>

#include <optional>

class RedisReply;

// A Redis Cluster's topology as a value: its shards, each with slot ranges, a master and
// replicas, and which shard serves each of the 16384 slots. Read from CLUSTER SHARDS
// (Redis 7) or CLUSTER SLOTS (older servers; 7.0 answers both), then kept current between
// full reads by applying MOVED redirects. No I/O: the reading is done by whoever owns it.
class ClusterSlotMap final
{
public:
    // A map with no shards, which serves no slot.
    ClusterSlotMap();

    // Nothing, with *error saying why, when the reply is an error or not the documented
    // shape: missing fields, bad numbers, slots out of range or claimed twice. Fields the
    // parser does not know are skipped, as the documentation asks of clients.
    static std::optional<ClusterSlotMap> fromShards(const RedisReply &reply, QString *error = nullptr);
    static std::optional<ClusterSlotMap> fromSlots(const RedisReply &reply, QString *error = nullptr);

    const QList<ClusterShard> &shards() const { return m_shards; }
    bool isEmpty() const { return m_shards.isEmpty(); }

    // The index in shards() of the shard serving slot, or -1 when no shard does.
    int shardOf(quint16 slot) const;
    // The master serving slot, if any.
    std::optional<ClusterNode> ownerOf(quint16 slot) const;
    // Every shard's master, failed ones included (a failed master serves nothing once its
    // replica has taken over, but it is still part of the cluster).
    QList<ClusterNode> masters() const;
    QList<ClusterNode> replicasOf(const ClusterNode &master) const;

    int assignedSlots() const { return m_assigned; }
    // True when every one of the 16384 slots is served; a cluster with holes refuses
    // commands for them (and, with cluster-require-full-coverage on, for every slot).
    bool isComplete() const;

    // Records a MOVED before the next full read: slot is now served by the master at
    // host:port (the redirect's host already resolved with ClusterRedirect::hostOr()). A known
    // master takes the slot over; a known replica is taken to have been promoted and becomes
    // the master of a shard of its own; an unknown node likewise. Returns whether anything
    // changed. A full read soon after is still the better fix: one MOVED rarely comes alone.
    bool applyMoved(quint16 slot, const QString &host, quint16 port);

    // One line for the status bar and logs, e.g. "cluster: 3 masters, 3 replicas".
    QString summary() const;

private:
    int appendShard(const ClusterShard &shard);
    bool assign(int shardIndex, qint64 first, qint64 last, QString *error);
    // Rewrites every shard's ranges from m_owner: sorted, adjacent ranges joined.
    void rebuildRanges();

    QList<ClusterShard> m_shards;
    // One entry per slot: the index of the shard serving it, or -1. Copy-on-write, so
    // copying a map costs nothing until one of the copies changes.
    QList<qint16> m_owner;
    int m_assigned = 0;
};
