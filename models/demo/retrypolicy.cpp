#include "retrypolicy.h"

#include <QRandomGenerator>

#include <algorithm>

RetryPolicy RetryPolicy::fixed(int intervalMs, double jitter)
{
    RetryPolicy p;
    p.m_kind = Kind::Fixed;
    p.m_baseMs = std::max(1, intervalMs);
    p.m_capMs = p.m_baseMs;
    p.m_jitter = std::clamp(jitter, 0.0, 1.0);
    return p;
}

RetryPolicy RetryPolicy::exponential(int baseMs, int capMs)
{
    RetryPolicy p;
    p.m_kind = Kind::Exponential;
    p.m_baseMs = std::max(1, baseMs);
    p.m_capMs = std::max(p.m_baseMs, capMs);
    p.m_jitter = 0.5;
    return p;
}

int RetryPolicy::maxDelayMs(int failures) const
{
    if (m_kind == Kind::Fixed)
        return int(m_baseMs * (1.0 + m_jitter));
    // base·2^(n-1), without overflowing for long waits.
    const int exponent = std::clamp(failures - 1, 0, 20);
    return int(std::min<qint64>(m_capMs, qint64(m_baseMs) << exponent));
}

int RetryPolicy::minDelayMs(int failures) const
{
    if (m_kind == Kind::Fixed)
        return std::max(1, int(m_baseMs * (1.0 - m_jitter)));
    return std::max(1, maxDelayMs(failures) / 2);
}

int RetryPolicy::delayMs(int failures, QRandomGenerator &rng) const
{
    const int low = minDelayMs(failures);
    const int high = maxDelayMs(failures);
    if (high <= low)
        return low;
    return low + int(rng.bounded(high - low + 1));
}

QString RetryPolicy::describe() const
{
    if (m_kind == Kind::Exponential)
        return tr("exponential backoff from %1 ms to %2 ms with jitter").arg(m_baseMs).arg(m_capMs);
    if (m_jitter > 0)
        return tr("every %1 ms ± %2 %").arg(m_baseMs).arg(qRound(m_jitter * 100));
    return tr("every %1 ms, in step").arg(m_baseMs);
}
