#pragma once

#include "deadlinequeue.h"
#include "eventderiver.h"
#include "keypattern.h"
#include "lockevent.h"
#include "lockinfo.h"

#include <QHash>
#include <QObject>
#include <QTimer>

class DialectRegistry;
class KeyspaceNotifications;
class RedisTopology;
class WatchService;

// Lock events, derived live from the watch: the watch's refreshes and rescans, keyspace
// notifications (each touched key is re-read at once, batched with the others of the same
// event-loop turn), a probe of each lock right after its predicted deadline (so Redis's lazy
// expiry cannot hide an expiry), and a stuck check once a second. The rules are
// EventDeriver's (models); this class does the I/O and keeps the order right.
//
// Order: notifications arrive on another connection than the reads, so a read that was sent
// before a notification arrived may show the key as it was before. Such reads are ignored
// for that key; the re-read the notification triggered tells what happened.
class LockEventService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LockEventService)

public:
    // Probe this long after a predicted deadline: the deadline is computed from when the
    // PTTL reply arrived, so it is already a little late; this only absorbs timer slack.
    static constexpr qint64 probeMarginMs = 10;
    // Probes of locks due close together go out together.
    static constexpr int probeCoalesceMs = 20;

    LockEventService(RedisTopology *topology, WatchService *watch, const DialectRegistry *registry, QObject *parent = nullptr);
    ~LockEventService() override;

    KeyspaceNotifications *notifier() const { return m_notifier; }
    // The watch's lock patterns are taken at start(); this changes them afterwards.
    void setPatterns(const QList<KeyPattern> &patterns);
    void setOptions(const EventDeriver::Options &options) { m_deriver.setOptions(options); }
    const EventDeriver::Options &options() const { return m_deriver.options(); }

    void start();
    void stop();
    bool isActive() const { return m_active; }
    // Epoch ms = monotonic ms + this, for everything the watch read.
    qint64 wallOffset() const { return m_deriver.wallOffset(); }
    // Events arrive within a round trip of the change (notifications), or at the next refresh.
    bool isLive() const;
    QString statusText() const;
    // How often the watch reads its locks now (it slows down as they grow in number): what
    // polling means while events are not live.
    qint64 pollIntervalMs() const;
    qsizetype trackedCount() const { return m_deriver.trackedCount(); }
    qsizetype probesScheduled() const { return m_deadlines.size(); }
    quint64 eventsTotal() const { return m_eventsTotal; }

    // Failed acquisitions counted by the sampler, per lock.
    void recordFailedAttempts(const QHash<QByteArray, qint64> &counts, qint64 atMs);

Q_SIGNALS:
    void eventsDerived(const QList<LockEvent> &events);
    void statusChanged();

private:
    void onLocksChanged(const QList<LockInfo> &locks);
    void onLocksGone(const QList<LockInfo> &locks);
    void onKeyEvent(const QByteArray &key, const QByteArray &event, qint64 atMs);
    void readDirty();
    void read(const QList<QByteArray> &keys);
    void onRead(const QList<QByteArray> &keys, quint64 sentSeq, const QList<LockInfo> &present, const QList<KeySample> &absent,
                const QString &error);
    bool busy(const QByteArray &key) const;
    void schedule(const LockInfo &lock);
    void armProbe();
    void probe();
    void tick();
    void resync();
    void publish(QList<LockEvent> &events);

    RedisTopology *m_topology;
    WatchService *m_watch;
    KeyspaceNotifications *m_notifier;
    EventDeriver m_deriver;
    DeadlineQueue m_deadlines;
    QTimer m_readTimer;
    QTimer m_probeTimer;
    QTimer m_tickTimer;
    // Notifications not yet answered by a read: key -> sequence number of the latest one.
    QHash<QByteArray, quint64> m_dirty;
    // Our own reads in flight: key -> how many, and the sequence number of the latest sent.
    QHash<QByteArray, int> m_outstanding;
    QHash<QByteArray, quint64> m_sentSeq;
    quint64 m_seq = 0;
    qint64 m_lastProbeMs = 0;
    bool m_active = false;
    bool m_baselining = true;
    bool m_baselined = false;   // a first look at the locks was taken
    bool m_afterOutage = false; // the look under way follows a loss of the server
    bool m_failedOver = false; // since the last time the topology was ready
    quint64 m_eventsTotal = 0;
};
