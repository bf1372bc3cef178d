#include "lockeventrates.h"

LockEventRates::LockEventRates(qint64 windowMs)
    : m_series(LockEvent::kindCount, TimeSeries(windowMs, bucketMs))
    , m_totals(LockEvent::kindCount, 0)
{
}

void LockEventRates::add(const LockEvent &event)
{
    m_series[size_t(event.kind)].add(event.timeMs, 1.0);
    ++m_totals[size_t(event.kind)];
}

void LockEventRates::add(const QList<LockEvent> &events)
{
    for (const LockEvent &e : events)
        add(e);
}

void LockEventRates::advanceTo(qint64 nowMs)
{
    for (TimeSeries &s : m_series)
        s.advanceTo(nowMs);
}

void LockEventRates::clear()
{
    for (TimeSeries &s : m_series)
        s.clear();
    std::fill(m_totals.begin(), m_totals.end(), 0);
}
