#include "watchrecorder.h"

#include "hotlockmodel.h"
#include "lockalertmodel.h"
#include "lockeventlog.h"
#include "lockinfo.h"

#include <algorithm>

namespace {
constexpr qint64 trimEveryMs = 10'000;
} // namespace

WatchRecorder::WatchRecorder(QObject *parent)
    : QObject(parent)
    , m_log(new LockEventLog(this))
    , m_hot(new HotLockModel(this))
    , m_alerts(new LockAlertModel(this))
{
    m_logTimer.setSingleShot(true);
    m_logTimer.setInterval(logBatchMs);
    connect(&m_logTimer, &QTimer::timeout, this, &WatchRecorder::flushLog);
}

WatchRecorder::~WatchRecorder() = default;

void WatchRecorder::setWindow(qint64 ms)
{
    m_windowMs = ms;
    m_log->setRetention(ms);
    m_hot->setSeriesWindow(ms);
    m_timelines.setWindow(ms);
    // Bucketed and command series keep their own windows; rebuild them for the new one.
    m_rates = LockEventRates(ms);
    m_commandRates = ServerCommandRates(ms);
}

void WatchRecorder::record(const QList<LockEvent> &events)
{
    if (events.isEmpty())
        return;
    m_recorded += quint64(events.size());
    m_rates.add(events);
    m_timelines.record(events);
    for (const LockEvent &e : events) {
        m_hot->record(e);
        m_alerts->record(e);
    }
    m_pendingLog += events;
    if (!m_logTimer.isActive())
        m_logTimer.start();
    Q_EMIT recorded(events);
}

void WatchRecorder::observe(const QList<LockInfo> &locks, qint64 wallOffsetMs)
{
    for (const LockInfo &lock : locks)
        m_hot->observeWaiters(lock.key(), lock.waiters, lock.sample.observedAtMs + wallOffsetMs);
}

void WatchRecorder::recordCommandStats(const CommandStats &stats, qint64 timeMs)
{
    m_commandRates.add(stats, timeMs);
}

void WatchRecorder::flushLog()
{
    m_logTimer.stop();
    if (m_pendingLog.isEmpty())
        return;
    QList<LockEvent> batch;
    batch.swap(m_pendingLog);
    m_log->append(batch);
}

void WatchRecorder::advanceTo(qint64 nowMs)
{
    m_rates.advanceTo(nowMs);
    m_hot->advanceTo(nowMs);
    for (const HotLockModel::Entry &e : m_hot->ranking())
        m_alerts->observeHeat(e.key, e.score,
                              tr("Score %1 in the last minute: %2 acquired, %3 handovers, %4 failed attempts, %5 waiting")
                                  .arg(e.score)
                                  .arg(e.acquired)
                                  .arg(e.handovers)
                                  .arg(e.failed)
                                  .arg(e.waiters < 0 ? QStringLiteral("?") : QString::number(e.waiters)),
                              nowMs);
    // Hot locks that left the ranking have cooled down.
    QList<QByteArray> cooled;
    for (const LockAlert &a : m_alerts->alerts()) {
        if (a.kind != LockAlert::Kind::Hot || a.resolved)
            continue;
        const bool ranked = std::any_of(m_hot->ranking().cbegin(), m_hot->ranking().cend(),
                                        [&a](const HotLockModel::Entry &e) { return e.key == a.key; });
        if (!ranked)
            cooled << a.key;
    }
    for (const QByteArray &key : std::as_const(cooled))
        m_alerts->observeHeat(key, 0, QString(), nowMs);
    if (nowMs - m_lastTrimMs >= trimEveryMs) {
        m_lastTrimMs = nowMs;
        m_timelines.trim(nowMs);
    }
}

void WatchRecorder::clear()
{
    m_pendingLog.clear();
    m_logTimer.stop();
    m_log->clear();
    m_hot->clear();
    m_alerts->clear();
    m_rates.clear();
    m_timelines.clear();
    m_commandRates.clear();
}
