#pragma once

#include "lockholder.h"
#include "redlockquorum.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

// One lock key as read on every node of a Redlock group (N independent servers written with
// the same key and token), and what the group makes of it. Pure: the reads come from the app
// layer, which names each node and says what it found there.
//
// The states, from the per-node tokens (q = N/2+1):
// - held: one token on at least q nodes, and more than q, or on every node;
// - degraded: one token on exactly q of N nodes, the others down or without it: one more
//   failure loses the majority;
// - split: no token has a majority and several tokens are out (a racing or failed acquire);
// - leftover: one token on a minority and nobody else: blocks nobody, wastes its TTL;
// - unknown: no majority can be seen, but the unreadable nodes could still make one. A node
//   that could not be read is never counted as not holding: it is not evidence either way;
// - free: no node that answers holds the key, and those that do not are too few to hold a
//   majority (released or expired everywhere it can be seen).
struct RedlockObservation
{
    enum class Quorum { Held, Degraded, Split, Leftover, Unknown, Free };

    struct Node
    {
        enum class Status { Holding, Absent, Unreadable };

        QString name; // host:port
        Status status = Status::Absent;
        QByteArray token;          // Holding: the token there (the primary one of several holders)
        qint64 ttlMs = -1;         // Holding: remaining TTL; -1 without expiry
        QString error;             // Unreadable: why
        bool answered = false;     // Unreadable: the node answered, with a value too long to compare
        QString dialect;           // Holding: the layout recognised there
        QList<LockHolder> holders; // Holding: as the dialect decoded them
        QStringList warnings;      // Holding: the dialect's warnings there (no-ttl, value-truncated, …)

        static Node holding(const QString &name, const QByteArray &token, qint64 ttlMs);
        static Node absent(const QString &name);
        static Node unreadable(const QString &name, const QString &why);
    };

    struct Assessment
    {
        Quorum quorum = Quorum::Free;
        // Held or degraded: the majority token. Leftover: the minority's one token.
        QByteArray token;
        QList<int> tokenNodes; // the indexes of the nodes that hold token
        // Held or degraded: the smallest TTL among tokenNodes minus the drift allowance, never
        // below 0; -1 when none of them has an expiry. -1 in the other states.
        qint64 validityMs = -1;
        int quorumSize = 0;
        int holding = 0;
        int absent = 0;
        int unreadable = 0;
        int tokens = 0; // distinct tokens seen
    };

    QByteArray key;
    QList<Node> nodes; // in the group's order

    Assessment assess(double driftFactor = RedlockQuorum::defaultDriftFactor) const;
    // A holding node's token, as briefly as still tells it from the key's other tokens (a
    // split shows tokens that differ late): escaped, at least 8 characters, "…" where cut.
    QString shortToken(int node) const;

    // The stable ids of scan --json: held, degraded, split, leftover, unknown, free.
    static QString quorumId(Quorum quorum);
    static QString statusId(Node::Status status);
    // The state as people read it (tables, the group view): in English its id, in another
    // language its word there.
    static QString quorumText(Quorum quorum);
};
