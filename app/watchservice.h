#pragma once

#include "discoveryservice.h"
#include "lockinfo.h"
#include "watchbudget.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>

#include <functional>

class DialectRegistry;
class RedisConnection;
class RedisTopology;

// Keeps the set of known locks current, with a light touch on the server:
// - a full discovery at start and after every reconnect, then rescans paced by the budget
//   (every interval on a small keyspace, rarer on a large one or when notifications tell of
//   new keys);
// - re-reads of the known locks: all of them in turn, paced by the budget, when polling;
//   only a slow rolling sample when keyspace notifications are live (the event service
//   re-reads what they name, and probes deadlines);
// - a read that fails leaves the lock's last good values in place, marked stale with the
//   reason, until a read succeeds again; so do a lost connection and a server that has
//   stopped answering (per master: on a cluster, a node down marks its locks stale, never
//   released). A read older than the one already applied is dropped.
// - a master that restarted (another run_id) or failed over (the topology says so) is read
//   again at once; a lock it no longer holds, or holds with another token, was lost with it.
// It reports only what changed: a lock whose deadline merely counted down as predicted is
// not news.
class WatchService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchService)

public:
    // A deadline that moved by less than this is the same deadline seen through network jitter.
    static constexpr qint64 deadlineToleranceMs = 250;

    // The locks a re-read found, the samples of the keys it found gone, and an error when the
    // whole read failed. Keys whose read failed are in neither list.
    using KeysHandler = std::function<void(const QList<LockInfo> &present, const QList<KeySample> &absent, const QString &error)>;

    WatchService(RedisTopology *topology, const DialectRegistry *registry, QObject *parent = nullptr);

    DiscoveryService *discovery() { return &m_discovery; }
    // How often to look at most (the budget may make it less often).
    void setRefreshInterval(int ms);
    int refreshInterval() const { return m_tick.interval(); }
    // A fixed rescan interval instead of the budget's (0: the budget decides).
    void setRescanInterval(int ms);
    int rescanInterval() const { return m_fixedRescanMs; }
    // The share of one server core the watch may use (0.03 = 3%).
    void setBudgetFraction(double fraction);
    const WatchBudget &budget() const { return m_budget; }
    // Keyspace notifications are live: changes announce themselves.
    void setEventsLive(bool live);
    bool isEventsLive() const { return m_live; }
    // What the watch costs the server now, in words.
    QString budgetText() const;

    void start();
    void stop();
    bool isActive() const { return m_active; }
    void rescan();
    // Re-reads every known lock now, whatever the budget says.
    void refresh();
    // Re-reads these keys now (a keyspace notification or a deadline probe says they may have
    // changed) and merges the result like a refresh, except that keys which became locks
    // join the watch. The handler (owned by context) gets every lock found, changed or not.
    void refreshKeys(const QList<QByteArray> &keys, QObject *context = nullptr, KeysHandler handler = {});

    const QHash<QByteArray, LockInfo> &locks() const { return m_locks; }
    // Locks a failover would lose now (see ReplicationExposure): they carry the warning
    // "not-replicated" until their replicas hold them as their master does.
    void setNotReplicated(const QSet<QByteArray> &keys);
    // DBSIZE at the last scan (-1 before one), summed over the masters.
    qint64 keyspaceSize() const { return m_keyspace; }
    RedisTopology *topology() const { return m_topology; }

Q_SIGNALS:
    // New locks, and known ones whose holders, deadline, waiters or staleness changed.
    void locksChanged(const QList<LockInfo> &locks);
    // Locks no longer in Redis, with goneAs (released, expired, lost) and goneAtMs set.
    void locksGone(const QList<LockInfo> &locks);
    void scanFailed(const QString &message);
    // Reads of keys not known to be locks failed: whether they are is unknown.
    void keysUnreadable(const QList<KeySample> &samples);
    // A full re-read of the known locks has finished.
    void refreshed();
    // Something happened to a server (node: host:port): "connection-lost",
    // "connection-back", "not-answering", "answering", "restarted", "failover"; message says
    // it in words.
    void serverEvent(const QString &what, const QString &node, const QString &message);
    void budgetChanged();

private:
    // Refresh batches go out a few at a time, so the reads a notification asks for queue
    // behind one batch, not behind all of them.
    static constexpr int refreshWindow = 2;

    void tick();
    void scheduleSoon();
    void readSample();
    void sendRefreshBatch();
    void finishRefreshBatch();
    void read(const QList<QByteArray> &keys, bool acceptNew, QObject *context, KeysHandler handler);
    QList<RedisType> hints(const QList<QByteArray> &keys) const;
    // Marks the locks last read on node (every lock when empty) stale.
    void markStale(const QString &node, const QString &why);
    void watchMaster(RedisConnection *master);
    void onReady();
    void onMasterReady(RedisConnection *master);
    void checkRunId(RedisConnection *master);
    void onFailover(RedisConnection *master, const QString &from, const QString &to);
    bool anyMasterReady() const;

    void merge(const QList<LockInfo> &found);
    // What the watch knows beyond one read: the replication warning.
    void annotate(LockInfo &lock) const;
    void onRefreshed(const QList<KeySample> &samples, QList<std::optional<LockInfo>> classified, bool acceptNew,
                     QList<LockInfo> *present, QList<KeySample> *absent);
    static bool meaningfullyDifferent(const LockInfo &before, const LockInfo &after);

    RedisTopology *m_topology;
    const DialectRegistry *m_registry;
    DiscoveryService m_discovery;
    WatchBudget m_budget;
    QHash<QByteArray, LockInfo> m_locks;
    QTimer m_tick;
    int m_fixedRescanMs = 0;
    bool m_live = false;
    bool m_active = false;

    qint64 m_nextRefreshAt = 0; // MonotonicClock ms
    qint64 m_nextRescanAt = 0;
    qint64 m_keyspace = -1;
    int m_refreshesInFlight = 0; // batches of the running full refresh not finished yet
    QList<QList<QByteArray>> m_refreshQueue;
    qint64 m_refreshStartedAt = 0;
    QList<QByteArray> m_sampleOrder; // the rolling sample's sweep
    qsizetype m_sampleAt = 0;

    // Masters that restarted or failed over, by their name now: the next full re-read decides
    // what was lost with them.
    struct Loss
    {
        QString reason; // "server-restarted" or "failover"
        QString from;   // the master before
        qint64 sinceMs = 0; // when it was noticed: only a refresh begun after it has read every lock since
    };
    QHash<QString, Loss> m_losses;
    const Loss *lossBehind(const LockInfo &before, const QString &node) const;
    static void markLossCheck(const Loss *loss, const LockInfo &before, LockInfo &now);
    QSet<QString> m_unreadOn; // nodes a read failed on since the refresh under way began
    QSet<QByteArray> m_notReplicated;
    QHash<const RedisConnection *, QString> m_runIds;
    QSet<const RedisConnection *> m_watched;
    // Masters ready since they were last lost, by the name they had then: a failover retargets
    // the connection before it says it lost the old master.
    QHash<const RedisConnection *, QString> m_up;
    QSet<const RedisConnection *> m_silent; // up, and said not to be answering
};
