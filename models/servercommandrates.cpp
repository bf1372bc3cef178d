#include "servercommandrates.h"

#include <algorithm>

ServerCommandRates::ServerCommandRates(qint64 windowMs)
    : m_windowMs(windowMs)
    , m_total(windowMs)
{
}

void ServerCommandRates::add(const CommandStats &stats, qint64 timeMs)
{
    ++m_readings;
    const qint64 dtMs = timeMs - m_previousMs;
    const bool haveBaseline = m_previousMs >= 0 && dtMs > 0;
    bool reset = false;
    QHash<QByteArray, double> rates;
    if (haveBaseline) {
        for (auto it = stats.commands.cbegin(); it != stats.commands.cend(); ++it) {
            const qint64 before = m_previous.commands.value(it.key()).calls;
            const qint64 delta = it->calls - before;
            if (delta < 0) {
                reset = true;
                break;
            }
            if (delta > 0)
                rates.insert(it.key(), delta * 1000.0 / double(dtMs));
        }
    }
    m_previous = stats;
    m_previousMs = timeMs;
    if (!haveBaseline || reset)
        return;
    double total = 0;
    for (auto it = rates.cbegin(); it != rates.cend(); ++it) {
        total += *it;
        auto s = m_series.find(it.key());
        if (s == m_series.end()) {
            if (m_series.size() >= size_t(maxSeries))
                continue; // a server with that many busy commands: the total still counts them
            s = m_series.emplace(it.key(), std::make_unique<TimeSeries>(m_windowMs)).first;
        }
        s->second->add(timeMs, *it);
    }
    // Commands that went quiet drop to 0 rather than holding their last rate.
    for (auto &[name, series] : m_series)
        if (!rates.contains(name))
            series->add(timeMs, 0.0);
    m_total.add(timeMs, total);
    m_lastRates = rates;
}

void ServerCommandRates::clear()
{
    m_previous = {};
    m_previousMs = -1;
    m_total.clear();
    m_series.clear();
    m_lastRates.clear();
    m_readings = 0;
}

const TimeSeries *ServerCommandRates::series(const QByteArray &command) const
{
    const auto it = m_series.find(command);
    return it == m_series.end() ? nullptr : it->second.get();
}

QList<QByteArray> ServerCommandRates::busiest(int n, const QSet<QByteArray> &except) const
{
    std::vector<std::pair<double, QByteArray>> byRate;
    for (const auto &[name, series] : m_series) {
        if (except.contains(name))
            continue;
        const qint64 since = series->points().empty() ? 0 : series->points().back().timeMs - 60'000;
        double sum = 0;
        int count = 0;
        for (auto it = series->points().rbegin(); it != series->points().rend() && it->timeMs >= since; ++it) {
            sum += it->value;
            ++count;
        }
        if (sum > 0)
            byRate.emplace_back(sum / std::max(1, count), name);
    }
    std::sort(byRate.begin(), byRate.end(), [](const auto &a, const auto &b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    QList<QByteArray> names;
    for (size_t i = 0; i < byRate.size() && int(i) < n; ++i)
        names << byRate[i].second;
    return names;
}
