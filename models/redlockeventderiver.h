#pragma once

#include "redlockevent.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QSet>
#include <QStringList>

// Turns successive readings of a Redlock group (every key on every node, as one group scan
// reads them) into RedlockEvents. Pure logic on MonotonicClock milliseconds.
//
// Per key, a reading says one of three things:
// - a majority holds token T (held or degraded);
// - no majority can be seen, but the unreadable nodes could make one: undecided;
// - no majority is possible: the nodes that answered rule it out.
// The rules:
// - acquired: a majority appears where none was (not for the locks of the first reading);
// - renewed: the same token, its deadline (smallest TTL of the majority) moved later;
// - handed over: another token has the majority;
// - released / expired: a majority was held and is now ruled out; gone at or after its
//   predicted deadline: expired. After the quorum was lost from sight, "released" only when
//   a node that answered all along was seen losing the token; nodes coming back without it
//   (a restart that lost it) are no release;
// - quorum lost: a held lock became undecided (nodes down): reported once, when it happens;
// - quorum regained: the majority seen again after it was lost (another token: handed over);
// - node down / up: a node whose whole reading failed, and when it answers again;
// - node restarted: a node answers as another server process (its run_id changed);
// - lost: a majority was held and is now ruled out because nodes that held the token
//   restarted without it (Redlock's restart hazard: the TTL had not run out). A node that
//   restarted is never "seen losing" the token: that is no release.
// A node that cannot be read never counts as not holding: stopping servers never releases.
class RedlockEventDeriver final
{
    Q_DECLARE_TR_FUNCTIONS(RedlockEventDeriver)

public:
    static constexpr qint64 toleranceMs = 250; // deadline jitter from network round trips

    // nodes: host:port of each node, in the group's order.
    explicit RedlockEventDeriver(const QStringList &nodes, double driftFactor = RedlockQuorum::defaultDriftFactor);

    // Epoch milliseconds = monotonic milliseconds + offset.
    void setWallOffset(qint64 offsetMs) { m_offset = offsetMs; }
    // One reading of the whole group at nowMs: observations must include every tracked key
    // (a key missing is read as absent everywhere); nodeErrors has one entry per node, empty
    // where the node answered. restartedNodes: for each node, the restart it was found to
    // have made since the reading before ("run_id a → b"), empty where none.
    void observe(const QList<RedlockObservation> &observations, const QStringList &nodeErrors, qint64 nowMs, QList<RedlockEvent> &out,
                 const QStringList &restartedNodes = {});
    // Keys held or undecided: the next reading must include them.
    QList<QByteArray> trackedKeys() const { return m_keys.keys(); }
    bool isNodeDown(int node) const { return m_down.value(node); }
    void clear();

private:
    struct Track
    {
        QByteArray token;
        qint64 deadlineMs = -1; // monotonic; -1 without expiry
        bool quorumLost = false;
        QList<bool> holding; // per node: answered with the token at the last reading
        QList<bool> heldWhenLastAnswered; // per node: the token there the last time it answered
        QList<int> restartedHolders; // nodes that held the token and have restarted since
    };

    void observeKey(const RedlockObservation &observation, qint64 nowMs, QList<RedlockEvent> &out);
    Track track(const RedlockObservation &observation, const QByteArray &token, qint64 deadlineMs) const;
    void noteRestartedHolders(Track &track, const RedlockObservation &observation) const;
    RedlockEvent event(RedlockEvent::Kind kind, const RedlockObservation &observation, qint64 nowMs) const;

    QStringList m_nodes;
    double m_drift;
    qint64 m_offset = 0;
    bool m_first = true;
    QHash<QByteArray, Track> m_keys;
    QSet<QByteArray> m_unassessed; // untracked keys too few nodes have answered for since the watch began
    QList<bool> m_down;
    QStringList m_restarted; // this reading's, per node
};
