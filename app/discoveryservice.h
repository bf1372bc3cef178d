#pragma once

#include "discoveryoptions.h"
#include "discoveryprogress.h"
#include "keyindex.h"
#include "keyinspector.h"
#include "keypatternset.h"
#include "lockclassifier.h"
#include "lockinfo.h"

#include <QElapsedTimer>
#include <QObject>
#include <QSet>

class DialectRegistry;
class RedisConnection;
class RedisReply;
class RedisTopology;

// Finds locks: walks the keyspace once with SCAN (never KEYS), matches each key against
// all lock patterns locally, and inspects the candidates in pipelined batches. The next
// SCAN is sent before a reply is processed, so Redis never idles while we match and decode.
// Everything runs on the event loop in small slices; the GUI stays responsive on a
// million keys.
//
// On a Redis Cluster every master is walked at once, each with its own cursor over its own
// keys, and the results merged: a key is listed once. SCAN promises nothing about keys that
// move while it runs, so slots that moved during the walk (their owner changed, a node
// redirected one, a node was still migrating one at the end) are read again at its end with
// CLUSTER GETKEYSINSLOT on every master: a resharding never hides a lock.
class DiscoveryService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiscoveryService)

public:
    DiscoveryService(RedisTopology *topology, const DialectRegistry *registry, QObject *parent = nullptr);

    void setOptions(const DiscoveryOptions &options);
    const DiscoveryOptions &options() const { return m_options; }
    // The globs a walk matches: the options' and those of the custom dialect profiles.
    QList<KeyPattern> patterns() const;
    bool isRunning() const { return m_running; }
    DiscoveryProgress progress() const;
    KeyInspector *inspector() { return &m_inspector; }
    LockClassifier *classifier() { return &m_classifier; }

    void start();
    void cancel();

Q_SIGNALS:
    void started();
    void locksFound(const QList<LockInfo> &locks);
    // Candidates whose read failed: whether they are locks is not known. Each sample says why.
    void keysUnreadable(const QList<KeySample> &samples);
    void progressChanged(const DiscoveryProgress &progress);
    void finished(const DiscoveryProgress &progress);
    void cancelled(const DiscoveryProgress &progress);
    void failed(const QString &message);

private:
    struct Walk
    {
        RedisConnection *node = nullptr;
        QByteArray cursor = "0";
        bool done = false;
    };

    void walkMasters();
    void scanFrom(int walk);
    void onScanReply(int walk, const RedisReply &reply, quint64 generation);
    void onPage(int walk, const QList<RedisReply> &keys);
    void consider(const QList<RedisReply> &keys);
    void inspectPending(bool all);
    void catchUpMovedSlots();
    void maybeFinish();
    void reportProgress(bool force);
    void fail(const QString &message);
    bool scanning() const;

    RedisTopology *m_topology;
    const DialectRegistry *m_registry;
    KeyInspector m_inspector;
    LockClassifier m_classifier;
    DiscoveryOptions m_options;
    QList<KeyPattern> m_patterns; // the options' and the profiles', for the running walk
    KeyPatternSet m_matcher;      // the same, matched in one pass per key

    quint64 m_generation = 0;
    bool m_running = false;
    bool m_scanDone = false;
    bool m_caughtUp = false;
    QList<Walk> m_walks;
    QMetaObject::Connection m_waitForTopology;
    QList<const RedisConnection *> m_ownersAtStart;
    QSet<quint16> m_redirectedSlots;
    int m_inFlight = 0;
    int m_pagesWaiting = 0; // SCAN pages received, not matched yet
    QList<QByteArray> m_pendingKeys;
    KeyIndex m_seen;                  // candidates listed so far
    qsizetype m_lastCandidates = 0;   // of the last walk: the next reserves as much
    DiscoveryProgress m_progress;
    QElapsedTimer m_elapsed;
    QElapsedTimer m_sinceReport;
};
