#pragma once

#include <QByteArray>
#include <QString>

// One node of a Redis Cluster as the cluster describes it (CLUSTER SHARDS or CLUSTER SLOTS).
struct ClusterNode
{
    enum class Role { Master, Replica };
    // Unknown when the reply says nothing of it: CLUSTER SLOTS has no health field, and only
    // leaves failed replicas out.
    enum class Health { Unknown, Online, Loading, Failed };

    QByteArray id; // the 40 hex digits; empty only from servers older than 4.0
    // Where clients should connect: the server's preferred endpoint (an IP or a hostname,
    // chosen by cluster-preferred-endpoint-type). Empty when the server does not know it:
    // then the node is on the host the topology was read from.
    QString host;
    QString ip;
    QString hostname; // only when the node announces one
    quint16 port = 0; // the plain TCP port; 0 when the node serves TLS only
    quint16 tlsPort = 0; // 0 when the reply names none
    Role role = Role::Master;
    Health health = Health::Unknown;
    qint64 replicationOffset = -1; // -1 when unknown

    // The port a client of this transport connects to; 0 if the node offers none for it.
    quint16 portFor(bool tls) const { return tls ? tlsPort : port; }
    // Whether a redirect or a connection to host:port means this node. An empty host of ours
    // matches any host: the node is "wherever the topology was read", which only the caller knows.
    bool isAt(const QString &where, quint16 atPort) const;
    // The same node: by id when both have one, else by address.
    bool isSameNode(const ClusterNode &other) const;
    bool isFailed() const { return health == Health::Failed; }
    // host:port (IPv6 in brackets), for messages and summaries.
    QString address() const;

    static QString healthName(Health health);

    bool operator==(const ClusterNode &other) const = default;
};
