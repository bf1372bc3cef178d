#pragma once

#include "lockevent.h"
#include "timeseries.h"

#include <QList>

// What one lock went through, for the selected-lock charts: its remaining TTL over time (a
// peak at each acquisition or renewal, falling one second per second in between: the
// watchdog's sawtooth), its renewals with near-misses marked, and who held it from when to
// when. Built from LockEvents alone; bounded by count and trimmed to the charts' window.
class LockTimeline final
{
public:
    static constexpr qsizetype maxMarks = 400;
    static constexpr qsizetype maxHoldings = 200;
    static constexpr qsizetype maxIntervals = 32;

    struct TtlMark
    {
        enum class Kind { Start, Renewal, End };
        qint64 timeMs;
        Kind kind;
        qint64 ttlMs;  // after the mark (Start, Renewal); at the end (End: 0 when expired); -1 no expiry
        qint64 leftMs; // Renewal: what was left just before it; -1 unknown
        bool nearMiss = false;
    };
    struct Holding
    {
        QString holder;
        QByteArray token;
        qint64 fromMs = 0;
        qint64 toMs = -1; // -1: still held
        LockEventKind endedBy = LockEventKind::Released;
        bool inferred = false;
    };
    struct RenewalSummary
    {
        qint64 leaseMs = -1;
        qint64 medianIntervalMs = -1;
        int renewals = 0;
        int nearMisses = 0;
    };

    void record(const LockEvent &event);
    // A lock first seen already held (no acquisition observed): starts its history here.
    void seed(qint64 timeMs, qint64 ttlMs, const QString &holder, const QByteArray &token);
    void trimBefore(qint64 timeMs);

    const QList<TtlMark> &marks() const { return m_marks; }
    const QList<Holding> &holdings() const { return m_holdings; }
    bool isHeld() const { return !m_holdings.isEmpty() && m_holdings.last().toMs < 0; }
    bool isEmpty() const { return m_marks.isEmpty() && m_holdings.isEmpty(); }
    qint64 lastActivityMs() const { return m_lastActivityMs; }
    RenewalSummary renewalSummary() const;

    // Chart points (ms since the epoch, remaining TTL in ms): the sawtooth up to nowMs, with a
    // gap (NaN) where the lock was free or had no expiry.
    QList<TimeSeries::Point> ttlCurve(qint64 nowMs) const;
    // (time of renewal, TTL that was left) for each near-miss.
    QList<TimeSeries::Point> nearMissPoints() const;

private:
    void startHolding(const LockEvent &e);
    void endHolding(qint64 timeMs, LockEventKind by);
    void addMark(const TtlMark &mark);

    QList<TtlMark> m_marks;
    QList<Holding> m_holdings;
    QList<qint64> m_intervals;
    qint64 m_leaseMs = -1;
    qint64 m_lastActivityMs = 0;
};
