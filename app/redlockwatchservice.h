#pragma once

#include "discoveryoptions.h"
#include "redlockevent.h"
#include "redlockeventderiver.h"
#include "redlockgroup.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

class DialectRegistry;
class GroupTransport;
class RedlockScanService;

// A live watch over a Redlock group: the group scanned again and again, one scan after the
// other has finished (every --rescan each node walked by its own discovery for new keys;
// every scan each known key read on every node), and the readings turned into the group's events by
// RedlockEventDeriver. The locks it saw held stay in every scan, read by key on every node,
// so a lock whose nodes are down is unreadable there, never gone.
class RedlockWatchService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RedlockWatchService)

public:
    // transport: how each node is reached (see RedlockScanService), shared with the window's
    // admin actions; made from the group's profiles when not given.
    RedlockWatchService(const RedlockGroup &group, const DialectRegistry *registry, QObject *parent = nullptr,
                        GroupTransport *transport = nullptr);
    ~RedlockWatchService() override;

    const RedlockGroup &group() const { return m_group; }
    void setOptions(const DiscoveryOptions &options);
    // The pause between the end of one scan and the start of the next.
    void setInterval(int ms) { m_intervalMs = ms; }
    int interval() const { return m_intervalMs; }
    // How often the nodes are walked for new keys; the scans between read only the keys the
    // watch knows, by key, so a large keyspace is not walked every interval. 0: every scan.
    void setRescanInterval(int ms) { m_rescanMs = ms; }
    int rescanInterval() const { return m_rescanMs; }
    static constexpr int defaultRescanMs = 5000;

    void start();
    void stop();
    bool isActive() const { return m_active; }
    // The last reading, sorted by key; empty before the first.
    const QList<RedlockObservation> &observations() const { return m_observations; }
    bool hasObserved() const { return m_observed; }
    // Why each node could not be read at the last scan (empty where it answered).
    const QStringList &nodeErrors() const { return m_errors; }

Q_SIGNALS:
    // After every scan: the whole group as read.
    void observed(const QList<RedlockObservation> &observations);
    // What changed since the scan before (nothing is emitted when nothing did).
    void eventsDerived(const QList<RedlockEvent> &events);

private:
    QList<QByteArray> knownKeys() const;
    QStringList restarts();
    void onScanned(const QList<RedlockObservation> &observations);

    RedlockGroup m_group;
    RedlockScanService *m_scan;
    RedlockEventDeriver m_deriver;
    QTimer m_next;
    int m_intervalMs = 1000; // between a scan's end and the next (m_next starts at 0 for the first)
    QStringList m_errors;
    QStringList m_scanErrors; // the running scan's
    QList<RedlockObservation> m_observations;
    QList<QStringList> m_runIds; // per node, as it last answered
    int m_rescanMs = defaultRescanMs;
    qint64 m_walkedAtMs = -1; // when the last walk began (MonotonicClock); -1: none yet
    bool m_active = false;
    bool m_observed = false;
};
