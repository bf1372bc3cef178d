#pragma once

#include "locktimeline.h"

#include <QHash>

// Timelines of the locks that had events, by key. Bounded: timelines of locks that were free
// for the whole window go at the next trim, and beyond maxLocks the least recently active
// go first (a watch over millions of short-lived job locks keeps the newest).
class LockTimelineStore final
{
public:
    struct RenewalPoint
    {
        QByteArray key;
        LockTimeline::RenewalSummary summary;
    };

    explicit LockTimelineStore(qsizetype maxLocks = 2000, qint64 windowMs = 3'600'000);

    void setWindow(qint64 ms) { m_windowMs = ms; }
    void setMaxLocks(qsizetype n) { m_maxLocks = std::max<qsizetype>(1, n); }
    void record(const LockEvent &event);
    void record(const QList<LockEvent> &events);
    const LockTimeline *find(const QByteArray &key) const;
    // A lock selected before any of its events was seen: its timeline starts now.
    void seed(const QByteArray &key, qint64 timeMs, qint64 ttlMs, const QString &holder, const QByteArray &token);
    void trim(qint64 nowMs);
    void clear() { m_timelines.clear(); }
    qsizetype size() const { return m_timelines.size(); }

    // Renew interval against lease for every lock renewed in the window.
    QList<RenewalPoint> renewalPoints() const;

private:
    QHash<QByteArray, LockTimeline> m_timelines;
    qsizetype m_maxLocks;
    qint64 m_windowMs;
};
