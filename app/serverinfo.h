#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

class RedisConnection;
class RedisReply;

// What INFO server says of a Redis server that LockScope relies on, and what tells one
// server from another.
class ServerInfo
{
public:
    // run_id: random per server process. Another one on the same address is a restart; the
    // same one behind two addresses is one server.
    static QString runId(const QByteArray &infoServer);
    // What identifies the server behind connection, given its answer to INFO server:
    // "run_id …" when INFO was allowed, and "address ip:port" (or a Unix socket) of where the
    // connection really went. Two nodes sharing one are one server, even when an ACL refuses
    // INFO; none when the node could not be reached.
    static QStringList identities(const RedisConnection &connection, const RedisReply &info);
    // An identity as messages show it (a run_id's first 8 characters).
    static QString shown(const QString &identity);
    // Those of identities that are run_ids, sorted: the server processes, whose change is a
    // restart (or a failover, on a cluster).
    static QStringList runIds(const QStringList &identities);

    // A node whose server an earlier node reaches too: identity is what they share.
    struct Duplicate
    {
        int node = -1;
        int sameAs = -1;
        QString identity;
    };
    // Over the identities of a group's nodes, in order: one entry per node that repeats an
    // earlier one's server.
    static QList<Duplicate> duplicates(const QList<QStringList> &identitiesByNode);
};
