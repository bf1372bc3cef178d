#include "watchbudget.h"

#include "lockinfo.h"

#include <QObject>

#include <algorithm>
#include <cmath>

void WatchBudget::setFraction(double fraction)
{
    m_fraction = std::clamp(fraction, 0.001, 1.0);
}

void WatchBudget::setIntervalMs(qint64 ms)
{
    m_intervalMs = std::max<qint64>(50, ms);
}

void WatchBudget::add(QList<double> &samples, double value)
{
    samples << value;
    if (samples.size() > window)
        samples.removeFirst();
}

double WatchBudget::median(const QList<double> &samples)
{
    if (samples.isEmpty())
        return -1;
    QList<double> sorted = samples;
    std::sort(sorted.begin(), sorted.end());
    return sorted.at(sorted.size() / 2);
}

void WatchBudget::recordRead(qint64 keys, qint64 elapsedUs)
{
    if (keys >= minReadSample && elapsedUs >= 0)
        add(m_read, double(elapsedUs) / double(keys));
}

void WatchBudget::recordScan(qint64 keys, qint64 elapsedUs)
{
    if (keys >= minScanSample && elapsedUs >= 0)
        add(m_scan, double(elapsedUs) / double(keys));
}

qint64 WatchBudget::refreshIntervalMs(qint64 locks) const
{
    const double cost = readCostUs();
    if (cost < 0 || locks <= 0)
        return m_intervalMs;
    const double ms = double(locks) * cost / 1000.0 / (m_fraction * readShare);
    return std::max(m_intervalMs, qint64(std::ceil(ms)));
}

qint64 WatchBudget::rescanIntervalMs(qint64 keys, bool live) const
{
    const qint64 floor = live ? std::max(liveRescanFloorMs, m_intervalMs) : m_intervalMs;
    const double cost = scanCostUs();
    if (cost < 0 || keys <= 0)
        return floor;
    const double ms = double(keys) * cost / 1000.0 / (m_fraction * (1.0 - readShare));
    return std::max(floor, qint64(std::ceil(ms)));
}

qint64 WatchBudget::sampleSize(qint64 locks, qint64 tickMs) const
{
    if (locks <= 0 || tickMs <= 0)
        return 0;
    qint64 n = std::max<qint64>(1, qint64(std::ceil(double(locks) * double(tickMs) / double(sweepMs))));
    const double cost = readCostUs();
    if (cost > 0)
        n = std::min(n, std::max<qint64>(1, qint64(m_fraction * readShare * double(tickMs) * 1000.0 / cost)));
    return std::min(n, locks);
}

double WatchBudget::expectedLoad(qint64 locks, qint64 keys, bool live) const
{
    const double read = std::max(0.0, readCostUs());
    const double scan = std::max(0.0, scanCostUs());
    const double rescanning = double(keys) * scan / (double(rescanIntervalMs(keys, live)) * 1000.0);
    if (live)
        return double(sampleSize(locks, 1000)) * read / 1e6 + rescanning;
    return double(locks) * read / (double(refreshIntervalMs(locks)) * 1000.0) + rescanning;
}

QString WatchBudget::describe(qint64 locks, qint64 keys, bool live) const
{
    const QString load = QObject::tr("~%1% of the server's time (budget %2%)")
                             .arg(expectedLoad(locks, keys, live) * 100.0, 0, 'f', 1)
                             .arg(m_fraction * 100.0, 0, 'g', 3);
    const QString rescans = LockInfo::formatTtl(rescanIntervalMs(keys, live));
    if (live)
        return QObject::tr("live: re-reading %L1 of %L2 lock(s) a second to catch drift, rescans every %3: %4")
            .arg(sampleSize(locks, 1000))
            .arg(locks)
            .arg(rescans, load);
    return QObject::tr("polling %L1 lock(s) every %2, rescans every %3: %4")
        .arg(locks)
        .arg(LockInfo::formatTtl(refreshIntervalMs(locks)), rescans, load);
}
