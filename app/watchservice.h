#pragma once

#include "discoveryservice.h"
#include "lockinfo.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QTimer>

#include <functional>

class DialectRegistry;
class RedisConnection;

// Keeps the set of known locks current: a full discovery at start (and after every
// reconnect), a cheap pipelined re-read of the known locks every refresh interval, and a
// rescan for new locks less often. It reports only what changed: a lock whose deadline
// merely counted down as predicted is not news.
class WatchService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchService)

public:
    // A deadline that moved by less than this is the same deadline seen through network jitter.
    static constexpr qint64 deadlineToleranceMs = 250;

    // The locks a re-read found, the samples of the keys it found gone, or an error.
    using KeysHandler = std::function<void(const QList<LockInfo> &present, const QList<KeySample> &absent, const QString &error)>;

    WatchService(RedisConnection *connection, const DialectRegistry *registry, QObject *parent = nullptr);

    DiscoveryService *discovery() { return &m_discovery; }
    void setRefreshInterval(int ms);
    void setRescanInterval(int ms);
    int refreshInterval() const { return m_refreshTimer.interval(); }
    int rescanInterval() const { return m_rescanTimer.interval(); }

    void start();
    void stop();
    bool isActive() const { return m_active; }
    void rescan();
    void refresh();
    // Re-reads these keys now (a keyspace notification or a deadline probe says they may have
    // changed) and merges the result like a refresh, except that keys which became locks
    // join the watch. The handler (owned by context) gets every lock found, changed or not.
    void refreshKeys(const QList<QByteArray> &keys, QObject *context = nullptr, KeysHandler handler = {});

    const QHash<QByteArray, LockInfo> &locks() const { return m_locks; }

Q_SIGNALS:
    // New locks, and known ones whose holders, deadline or waiters changed.
    void locksChanged(const QList<LockInfo> &locks);
    // Locks no longer in Redis, with goneAs (released or expired) and goneAtMs set.
    void locksGone(const QList<LockInfo> &locks);
    void scanFailed(const QString &message);

private:
    // Refresh batches go out a few at a time, so the reads a notification asks for queue
    // behind one batch, not behind all of them.
    static constexpr int refreshWindow = 2;
    void sendRefreshBatch();
    void finishRefreshBatch();

    void merge(const QList<LockInfo> &found);
    void onRefreshed(const QList<KeySample> &samples, QList<std::optional<LockInfo>> classified, bool acceptNew = false, QList<LockInfo> *present = nullptr,
                     QList<KeySample> *absent = nullptr);
    static bool meaningfullyDifferent(const LockInfo &before, const LockInfo &after);

    RedisConnection *m_connection;
    const DialectRegistry *m_registry;
    DiscoveryService m_discovery;
    QHash<QByteArray, LockInfo> m_locks;
    QTimer m_refreshTimer;
    QTimer m_rescanTimer;
    int m_refreshesInFlight = 0; // batches of the running refresh not finished yet
    QList<QList<QByteArray>> m_refreshQueue;
    QElapsedTimer m_lastRefresh;
    qint64 m_lastRefreshCostMs = 0;
    bool m_active = false;
};
