#pragma once

#include "commandstats.h"
#include "timeseries.h"

#include <QHash>
#include <QList>
#include <QSet>

#include <memory>
#include <unordered_map>

// Server-wide command rates from successive INFO commandstats readings: calls per second in
// total and per command (one point per reading). These show the load that lock traffic puts
// on the server, including what no lock event can show (a SET NX that failed is still a call).
// A counter that went backwards (CONFIG RESETSTAT, a restart) starts a new baseline.
class ServerCommandRates final
{
public:
    static constexpr int maxSeries = 32;

    explicit ServerCommandRates(qint64 windowMs = 3'600'000);

    void add(const CommandStats &stats, qint64 timeMs);
    void clear();

    const TimeSeries &total() const { return m_total; }
    const TimeSeries *series(const QByteArray &command) const;
    // Commands by their recent rate (mean over the last minute), busiest first, leaving out
    // the names in except.
    QList<QByteArray> busiest(int n, const QSet<QByteArray> &except = {}) const;
    double lastRate(const QByteArray &command) const { return m_lastRates.value(command); }
    int readings() const { return m_readings; }

private:
    qint64 m_windowMs;
    CommandStats m_previous;
    qint64 m_previousMs = -1;
    TimeSeries m_total;
    std::unordered_map<QByteArray, std::unique_ptr<TimeSeries>> m_series;
    QHash<QByteArray, double> m_lastRates;
    int m_readings = 0;
};
