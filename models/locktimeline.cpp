#include "locktimeline.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace {
constexpr double gap = std::numeric_limits<double>::quiet_NaN();

template<typename T>
void dropFront(QList<T> &list, qsizetype max)
{
    // In chunks, so a long run does not shift the list once per new entry.
    if (list.size() > max + max / 4)
        list.remove(0, list.size() - max);
}
} // namespace

void LockTimeline::addMark(const TtlMark &mark)
{
    m_marks.append(mark);
    dropFront(m_marks, maxMarks);
}

void LockTimeline::startHolding(const LockEvent &e)
{
    Holding h;
    h.holder = e.inferred ? QStringLiteral("?") : e.holder;
    h.token = e.token;
    h.fromMs = e.timeMs;
    h.inferred = e.inferred;
    m_holdings.append(h);
    dropFront(m_holdings, maxHoldings);
}

void LockTimeline::endHolding(qint64 timeMs, LockEventKind by)
{
    for (Holding &h : m_holdings) {
        if (h.toMs < 0) {
            h.toMs = std::max(timeMs, h.fromMs);
            h.endedBy = by;
        }
    }
}

void LockTimeline::seed(qint64 timeMs, qint64 ttlMs, const QString &holder, const QByteArray &token)
{
    if (!isEmpty())
        return;
    LockEvent e;
    e.timeMs = timeMs;
    e.holder = holder;
    e.token = token;
    startHolding(e);
    addMark({timeMs, TtlMark::Kind::Start, ttlMs, -1});
    m_lastActivityMs = timeMs;
}

void LockTimeline::record(const LockEvent &e)
{
    m_lastActivityMs = std::max(m_lastActivityMs, e.timeMs);
    switch (e.kind) {
    case LockEventKind::Acquired: {
        const bool wasHeld = isHeld();
        startHolding(e);
        // A shared lock gaining a holder keeps one lock-wide TTL line.
        if (!wasHeld && e.ttlMs != LockEvent::unknown)
            addMark({e.timeMs, TtlMark::Kind::Start, e.ttlMs, -1});
        break;
    }
    case LockEventKind::HandedOver:
        endHolding(e.timeMs, LockEventKind::HandedOver);
        startHolding(e);
        addMark({e.timeMs, TtlMark::Kind::Start, e.ttlMs == LockEvent::unknown ? -1 : e.ttlMs, -1});
        break;
    case LockEventKind::Released: {
        // A shared lock: only the holder that left ends; the lock ends with its last holder.
        bool ended = false;
        for (Holding &h : m_holdings) {
            if (h.toMs < 0 && !e.token.isEmpty() && h.token == e.token) {
                h.toMs = std::max(e.timeMs, h.fromMs);
                h.endedBy = LockEventKind::Released;
                ended = true;
            }
        }
        if (!ended)
            endHolding(e.timeMs, LockEventKind::Released);
        if (!isHeld())
            addMark({e.timeMs, TtlMark::Kind::End, e.ttlMs == LockEvent::unknown ? -1 : e.ttlMs, -1});
        break;
    }
    case LockEventKind::Expired:
        endHolding(e.timeMs, LockEventKind::Expired);
        addMark({e.timeMs, TtlMark::Kind::End, 0, -1});
        break;
    case LockEventKind::Renewed:
        addMark({e.timeMs, TtlMark::Kind::Renewal, e.ttlMs == LockEvent::unknown ? -1 : e.ttlMs,
                 e.ttlLeftMs == LockEvent::unknown ? -1 : e.ttlLeftMs});
        if (e.leaseMs != LockEvent::unknown)
            m_leaseMs = e.leaseMs;
        if (e.intervalMs != LockEvent::unknown && e.ttlLeftMs != LockEvent::unknown) {
            m_intervals.append(e.intervalMs);
            if (m_intervals.size() > maxIntervals)
                m_intervals.removeFirst();
        }
        break;
    case LockEventKind::NearMiss:
        // Derived together with its Renewed event: mark that renewal.
        for (auto it = m_marks.rbegin(); it != m_marks.rend(); ++it) {
            if (it->kind == TtlMark::Kind::Renewal && it->timeMs == e.timeMs) {
                it->nearMiss = true;
                return;
            }
        }
        addMark({e.timeMs, TtlMark::Kind::Renewal, e.ttlMs == LockEvent::unknown ? -1 : e.ttlMs,
                 e.ttlLeftMs == LockEvent::unknown ? -1 : e.ttlLeftMs, true});
        break;
    default:
        break;
    }
}

void LockTimeline::trimBefore(qint64 timeMs)
{
    // Keep the mark that starts the segment in progress at the cut, so the line still begins.
    qsizetype first = 0;
    while (first < m_marks.size() && m_marks.at(first).timeMs < timeMs)
        ++first;
    if (first > 0 && first <= m_marks.size() && m_marks.at(first - 1).kind != TtlMark::Kind::End)
        --first;
    if (first > 0)
        m_marks.remove(0, first);
    m_holdings.removeIf([timeMs](const Holding &h) { return h.toMs >= 0 && h.toMs < timeMs; });
}

LockTimeline::RenewalSummary LockTimeline::renewalSummary() const
{
    RenewalSummary s;
    s.leaseMs = m_leaseMs;
    for (const TtlMark &m : m_marks) {
        if (m.kind == TtlMark::Kind::Renewal) {
            ++s.renewals;
            s.nearMisses += m.nearMiss ? 1 : 0;
        }
    }
    if (!m_intervals.isEmpty()) {
        QList<qint64> sorted = m_intervals;
        std::sort(sorted.begin(), sorted.end());
        s.medianIntervalMs = sorted.at(sorted.size() / 2);
    }
    return s;
}

QList<TimeSeries::Point> LockTimeline::ttlCurve(qint64 nowMs) const
{
    QList<TimeSeries::Point> out;
    out.reserve(m_marks.size() * 2 + 1);
    qint64 last = std::numeric_limits<qint64>::min();
    const auto push = [&out, &last](qint64 t, double v) {
        last = std::max(last, t);
        out.append({last, v});
    };
    const auto remaining = [](const TtlMark &m, qint64 t) {
        return m.ttlMs < 0 ? gap : double(std::max<qint64>(0, m.ttlMs - (t - m.timeMs)));
    };
    const auto value = [](qint64 ttl) { return ttl < 0 ? gap : double(ttl); };
    const TtlMark *open = nullptr;
    for (const TtlMark &m : m_marks) {
        switch (m.kind) {
        case TtlMark::Kind::Start:
            if (open)
                push(m.timeMs, remaining(*open, m.timeMs)); // the previous holder's TTL at the handover
            push(m.timeMs + 1, value(m.ttlMs));
            open = &m;
            break;
        case TtlMark::Kind::Renewal:
            if (open)
                push(m.timeMs, m.leftMs >= 0 ? double(m.leftMs) : remaining(*open, m.timeMs));
            push(m.timeMs + 1, value(m.ttlMs));
            open = &m;
            break;
        case TtlMark::Kind::End:
            if (open)
                push(m.timeMs, m.ttlMs >= 0 ? double(m.ttlMs) : remaining(*open, m.timeMs));
            push(m.timeMs + 1, gap);
            open = nullptr;
            break;
        }
    }
    if (open && open->ttlMs >= 0 && nowMs > last)
        push(nowMs, remaining(*open, nowMs));
    return out;
}

QList<TimeSeries::Point> LockTimeline::nearMissPoints() const
{
    QList<TimeSeries::Point> out;
    for (const TtlMark &m : m_marks)
        if (m.nearMiss)
            out.append({m.timeMs, double(std::max<qint64>(0, m.leftMs))});
    return out;
}
