#include "locktimelinestore.h"

#include <algorithm>

LockTimelineStore::LockTimelineStore(qsizetype maxLocks, qint64 windowMs)
    : m_maxLocks(maxLocks)
    , m_windowMs(windowMs)
{
}

void LockTimelineStore::record(const LockEvent &event)
{
    switch (event.kind) {
    case LockEventKind::Contended:
    case LockEventKind::Stuck:
        // Nothing to draw on a timeline; only touch a timeline that exists.
        if (auto it = m_timelines.find(event.key); it != m_timelines.end())
            it->record(event);
        return;
    default:
        m_timelines[event.key].record(event);
    }
}

void LockTimelineStore::record(const QList<LockEvent> &events)
{
    for (const LockEvent &e : events)
        record(e);
}

const LockTimeline *LockTimelineStore::find(const QByteArray &key) const
{
    const auto it = m_timelines.constFind(key);
    return it == m_timelines.cend() ? nullptr : &*it;
}

void LockTimelineStore::seed(const QByteArray &key, qint64 timeMs, qint64 ttlMs, const QString &holder, const QByteArray &token)
{
    m_timelines[key].seed(timeMs, ttlMs, holder, token);
}

void LockTimelineStore::trim(qint64 nowMs)
{
    const qint64 cutoff = nowMs - m_windowMs;
    for (auto it = m_timelines.begin(); it != m_timelines.end();) {
        it->trimBefore(cutoff);
        if (!it->isHeld() && it->lastActivityMs() < cutoff)
            it = m_timelines.erase(it);
        else
            ++it;
    }
    if (m_timelines.size() <= m_maxLocks)
        return;
    std::vector<std::pair<qint64, QByteArray>> byActivity;
    byActivity.reserve(size_t(m_timelines.size()));
    for (auto it = m_timelines.cbegin(); it != m_timelines.cend(); ++it)
        byActivity.emplace_back(it->lastActivityMs(), it.key());
    const size_t excess = size_t(m_timelines.size() - m_maxLocks);
    std::nth_element(byActivity.begin(), byActivity.begin() + qsizetype(excess), byActivity.end());
    for (size_t i = 0; i < excess; ++i)
        m_timelines.remove(byActivity[i].second);
}

QList<LockTimelineStore::RenewalPoint> LockTimelineStore::renewalPoints() const
{
    QList<RenewalPoint> points;
    for (auto it = m_timelines.cbegin(); it != m_timelines.cend(); ++it) {
        const LockTimeline::RenewalSummary s = it->renewalSummary();
        if (s.medianIntervalMs >= 0 && s.leaseMs > 0)
            points.append({it.key(), s});
    }
    return points;
}
