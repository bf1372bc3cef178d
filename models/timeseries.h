#pragma once

#include <QtGlobal>

#include <deque>

// A live series of (time, value) points for charts, appended in time order and trimmed to a
// window, so memory stays flat however long a watch runs. Times are milliseconds since the
// epoch. Points can also be counted into fixed buckets (events per second).
class TimeSeries final
{
public:
    struct Point
    {
        qint64 timeMs;
        double value;
    };

    explicit TimeSeries(qint64 windowMs = 3'600'000, qint64 bucketMs = 0);

    // Appends a point; with buckets, adds value to the bucket holding timeMs instead.
    void add(qint64 timeMs, double value = 1.0);
    // Marks time passing: closes empty buckets up to now so a quiet second shows as 0.
    void advanceTo(qint64 nowMs);
    void clear();

    const std::deque<Point> &points() const { return m_points; }
    qsizetype size() const { return qsizetype(m_points.size()); }
    qint64 windowMs() const { return m_windowMs; }
    qint64 bucketMs() const { return m_bucketMs; }
    // Increases every time points change, so a chart redraws only what is new.
    quint64 revision() const { return m_revision; }
    // Sum of the values at or after fromMs.
    double sumSince(qint64 fromMs) const;

private:
    void trim(qint64 nowMs);
    void addBefore(qint64 bucket, double value);

    std::deque<Point> m_points;
    qint64 m_windowMs;
    qint64 m_bucketMs;
    quint64 m_revision = 0;
};
