#pragma once

#include "lockevent.h"
#include "timeseries.h"

#include <QList>

#include <vector>

// Lock events per second, one bucketed TimeSeries per kind, for the activity chart. Counts
// are exact: the value of a bucket is the number of events whose time falls in that second.
class LockEventRates final
{
public:
    static constexpr qint64 bucketMs = 1000;

    explicit LockEventRates(qint64 windowMs = 3'600'000);

    void add(const LockEvent &event);
    void add(const QList<LockEvent> &events);
    // Closes quiet seconds with zeros, so a rate drops to 0 instead of holding its last value.
    void advanceTo(qint64 nowMs);
    void clear();

    const TimeSeries &series(LockEventKind kind) const { return m_series.at(size_t(kind)); }
    quint64 total(LockEventKind kind) const { return m_totals.at(size_t(kind)); }

private:
    std::vector<TimeSeries> m_series;
    std::vector<quint64> m_totals;
};
