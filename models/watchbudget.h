#pragma once

#include <QList>
#include <QString>

// How often a watch may read a production server: a share of one server core ("budget"),
// spent on re-reading the known locks and on rescanning the keyspace for new ones.
//
// Costs are learnt from what the reads took: a pipelined batch's round trip divided by its
// keys is an upper bound of the server's time per key (the network and LockScope's own
// work are in it too, which only makes the watch lighter). A stall (the server busy with a
// DEBUG SLEEP, a CLIENT PAUSE, a slow script) is waiting, not cost: the median of the recent
// samples ignores it, so one stall does not slow the watch for minutes after.
//
// - Without keyspace notifications every lock is re-read in turn, as often as the budget
//   allows but not more often than the interval the user asked for; rescans likewise, so a
//   small keyspace is rescanned every interval and a new lock shows within one.
// - With notifications, changes announce themselves: only a slow rolling sample of the locks
//   is re-read (to catch what notifications cannot tell), and rescans are rare.
class WatchBudget final
{
public:
    // Default share of one server core.
    static constexpr double defaultFraction = 0.03;
    // With notifications, every lock is still re-read once per this long.
    static constexpr qint64 sweepMs = 10 * 60'000;
    // With notifications, rescans are at least this far apart: new keys announce themselves,
    // a rescan only catches drift, as the rolling sample does (and one follows at once
    // whenever notifications may have been missed).
    static constexpr qint64 liveRescanFloorMs = sweepMs;
    // Samples the cost estimates keep.
    static constexpr int window = 16;
    // A batch smaller than this is mostly round-trip latency, not server time, and teaches
    // nothing about the cost per key; a watch that small costs the server nothing worth
    // pacing anyway. Likewise a scan of fewer keys.
    static constexpr qint64 minReadSample = 64;
    static constexpr qint64 minScanSample = 1000;

    void setFraction(double fraction);
    double fraction() const { return m_fraction; }
    // The user's refresh interval: never re-read more often than this.
    void setIntervalMs(qint64 ms);
    qint64 intervalMs() const { return m_intervalMs; }

    // What a pipelined read of keys took (microseconds, from send to reply).
    void recordRead(qint64 keys, qint64 elapsedUs);
    // What a SCAN call that walked keys took.
    void recordScan(qint64 keys, qint64 elapsedUs);
    // Per-key costs in microseconds, or -1 before the first sample.
    double readCostUs() const { return median(m_read); }
    double scanCostUs() const { return median(m_scan); }

    // Without notifications: how long between two full re-reads of locks.
    qint64 refreshIntervalMs(qint64 locks) const;
    // How long between two rescans of a keyspace of keys (DBSIZE).
    qint64 rescanIntervalMs(qint64 keys, bool live) const;
    // With notifications: how many locks one tick of tickMs re-reads.
    qint64 sampleSize(qint64 locks, qint64 tickMs) const;
    // The share of a core the watch is expected to use at these intervals (0..1).
    double expectedLoad(qint64 locks, qint64 keys, bool live) const;

    // For the status bar: "polling 1,000 locks every 1.0 s, rescans every 2.5 s: ≤ 3% of
    // the server's time".
    QString describe(qint64 locks, qint64 keys, bool live) const;

private:
    static double median(const QList<double> &samples);
    static void add(QList<double> &samples, double value);
    // Of the budget, the share re-reading may spend; rescans get the rest.
    static constexpr double readShare = 0.6;

    double m_fraction = defaultFraction;
    qint64 m_intervalMs = 1000;
    QList<double> m_read;
    QList<double> m_scan;
};
