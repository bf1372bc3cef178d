#include "timeseries.h"

TimeSeries::TimeSeries(qint64 windowMs, qint64 bucketMs)
    : m_windowMs(windowMs)
    , m_bucketMs(bucketMs)
{
}

void TimeSeries::add(qint64 timeMs, double value)
{
    if (m_bucketMs <= 0) {
        m_points.push_back({timeMs, value});
    } else {
        const qint64 bucket = timeMs - timeMs % m_bucketMs;
        advanceTo(bucket);
        if (!m_points.empty() && m_points.back().timeMs == bucket)
            m_points.back().value += value;
        else if (m_points.empty() || m_points.back().timeMs < bucket)
            m_points.push_back({bucket, value});
        else if (bucket < m_points.front().timeMs) // later than the first bucket's start: open buckets before it
            addBefore(bucket, value);
        else // late arrival for an older bucket: find it (rare, recent)
            for (auto it = m_points.rbegin(); it != m_points.rend(); ++it)
                if (it->timeMs == bucket) {
                    it->value += value;
                    break;
                }
    }
    ++m_revision;
    trim(timeMs);
}

void TimeSeries::advanceTo(qint64 nowMs)
{
    if (m_bucketMs <= 0 || m_points.empty())
        return;
    const qint64 current = nowMs - nowMs % m_bucketMs;
    // At most one window's worth of empty buckets: after a long pause, start afresh.
    qint64 next = std::max(m_points.back().timeMs + m_bucketMs, current - m_windowMs);
    bool grew = false;
    for (; next < current; next += m_bucketMs) {
        m_points.push_back({next, 0.0});
        grew = true;
    }
    if (grew) {
        ++m_revision;
        trim(nowMs);
    }
}

void TimeSeries::addBefore(qint64 bucket, double value)
{
    // Only within the window of the newest point; older news is no longer shown anyway.
    if (bucket < m_points.back().timeMs - m_windowMs)
        return;
    for (qint64 t = m_points.front().timeMs - m_bucketMs; t > bucket; t -= m_bucketMs)
        m_points.push_front({t, 0.0});
    m_points.push_front({bucket, value});
}

void TimeSeries::clear()
{
    m_points.clear();
    ++m_revision;
}

double TimeSeries::sumSince(qint64 fromMs) const
{
    double sum = 0;
    for (auto it = m_points.rbegin(); it != m_points.rend() && it->timeMs >= fromMs; ++it)
        sum += it->value;
    return sum;
}

void TimeSeries::trim(qint64 nowMs)
{
    while (!m_points.empty() && m_points.front().timeMs < nowMs - m_windowMs)
        m_points.pop_front();
}
