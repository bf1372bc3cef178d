#pragma once

#include "keysample.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>

class KeyInspector;
class RedisConnection;
class RedisTopology;
class WatchService;
struct LockInfo;

// Whether each watched lock has reached its master's replicas yet. A failover promotes a
// replica, and a lock the replica does not hold, or holds for another holder, is gone at that
// moment: its holder goes on believing it owns it while another client takes it. Replication
// is asynchronous, so a copy lagging for a moment is normal; one that differs for longer than
// the threshold marks the lock "not-replicated" (it would be lost on a failover now).
//
// Replicas are read on their own connections (pipelined batches, as discovery reads), never
// on the master's; a master without a reachable replica tells nothing and marks nothing.
class ReplicationExposure final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplicationExposure)

public:
    ReplicationExposure(RedisTopology *topology, WatchService *watch, QObject *parent = nullptr);
    ~ReplicationExposure() override;

    static constexpr int defaultThresholdMs = 2000;
    static constexpr int checkIntervalMs = 1000;
    // Per master and round; a larger keyspace is covered over several rounds.
    static constexpr int maxKeysPerRound = 5000;

    void setThresholdMs(int ms) { m_thresholdMs = ms; }
    void start();
    void stop();
    // Locks the replicas have been missing or holding otherwise for longer than the threshold.
    const QSet<QByteArray> &exposed() const { return m_exposed; }

    // Whether a replica's copy holds the lock as the master does (same type, value, entries).
    static bool sameCopy(const KeySample &replica, const LockInfo &master);

Q_SIGNALS:
    void exposedChanged(const QSet<QByteArray> &exposed);

private:
    void check();
    void compare(const QString &master, const QList<KeySample> &samples);
    void publish();
    KeyInspector *inspectorFor(RedisConnection *replica);

    RedisTopology *m_topology;
    WatchService *m_watch;
    QTimer m_timer;
    int m_thresholdMs = defaultThresholdMs;
    QHash<RedisConnection *, KeyInspector *> m_inspectors;
    QHash<QString, qsizetype> m_offsets;          // per master: where the next round starts
    QHash<QByteArray, qint64> m_differentSince;   // MonotonicClock ms of the first differing read
    // Each lock as its master holds it, and since when it has read so: a replica's copy read
    // after that is a fair comparison, even if the master has been read again since (with the
    // watch refreshing as often as the check runs, every copy was older than the last read,
    // and none was ever compared).
    struct Held
    {
        KeySample sample;
        qint64 sinceMs = 0;
        qint64 sameAtMs = 0; // the last replica read that matched it
    };
    QHash<QByteArray, Held> m_held;
    QSet<QByteArray> m_exposed;
};
