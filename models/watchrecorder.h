#pragma once

#include "lockevent.h"
#include "lockeventrates.h"
#include "locktimelinestore.h"
#include "servercommandrates.h"

#include <QObject>
#include <QTimer>

class HotLockModel;
class LockAlertModel;
class LockEventLog;
struct LockInfo;

// Everything the live-watch views show, kept current from the event service: the event log,
// events per second, the hot-lock ranking with waiters over time, per-lock timelines, alerts
// and server command rates. All of it is bounded by the time window, so memory stays flat
// however long a watch runs.
//
// Events reach the data behind the charts at once (charts redraw on their own 10 Hz timer);
// the log gets them in batches every logBatchMs, because each insert remaps the filter proxy.
class WatchRecorder final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchRecorder)

public:
    static constexpr int logBatchMs = 50;
    static constexpr qint64 defaultWindowMs = 3'600'000;

    explicit WatchRecorder(QObject *parent = nullptr);
    ~WatchRecorder() override;

    // How far back charts, timelines and the log reach (1 h by default). Replaces the rate
    // series: call it before views bind to them.
    void setWindow(qint64 ms);
    qint64 window() const { return m_windowMs; }

    void record(const QList<LockEvent> &events);
    // Reads of locks (for waiters over time); wallOffsetMs turns their monotonic times into epoch times.
    void observe(const QList<LockInfo> &locks, qint64 wallOffsetMs);
    void recordCommandStats(const CommandStats &stats, qint64 timeMs);
    // Once a second: rates close quiet seconds, the ranking slides, alerts for hot locks,
    // timelines trimmed to the window.
    void advanceTo(qint64 nowMs);
    // Puts events still waiting for the log into it now.
    void flushLog();
    void clear();

    LockEventLog *log() const { return m_log; }
    HotLockModel *hotLocks() const { return m_hot; }
    LockAlertModel *alerts() const { return m_alerts; }
    const LockEventRates &rates() const { return m_rates; }
    const LockTimelineStore &timelines() const { return m_timelines; }
    LockTimelineStore &timelines() { return m_timelines; }
    const ServerCommandRates &commandRates() const { return m_commandRates; }
    quint64 recordedTotal() const { return m_recorded; }

Q_SIGNALS:
    // After record(): which keys had events (the selected-lock charts redraw if theirs did).
    void recorded(const QList<LockEvent> &events);

private:
    qint64 m_windowMs = defaultWindowMs;
    LockEventLog *m_log;
    HotLockModel *m_hot;
    LockAlertModel *m_alerts;
    LockEventRates m_rates;
    LockTimelineStore m_timelines;
    ServerCommandRates m_commandRates;
    QList<LockEvent> m_pendingLog;
    QTimer m_logTimer;
    qint64 m_lastTrimMs = 0;
    quint64 m_recorded = 0;
};
