#include "criticalsection.h"

#include <algorithm>

qint64 CriticalSection::enter(int worker, qint64 nowMs)
{
    m_lastEntryMs = nowMs;
    m_lastOverlapped = !m_inside.isEmpty();
    if (m_lastOverlapped)
        ++m_overlaps;
    m_inside.append(worker);
    m_stuckReported = false;
    return ++m_sequence;
}

void CriticalSection::leave(int worker, qint64 nowMs)
{
    if (m_inside.removeOne(worker) && m_inside.isEmpty())
        becameIdle(nowMs);
}

void CriticalSection::abandon(int worker, qint64 nowMs)
{
    leave(worker, nowMs);
}

void CriticalSection::becameIdle(qint64 nowMs)
{
    m_idleSinceMs = nowMs;
    m_stuckReported = false;
}

void CriticalSection::waitStarted(qint64 nowMs)
{
    if (m_waiters++ == 0)
        m_waitingSinceMs = nowMs;
}

void CriticalSection::waitEnded()
{
    m_waiters = std::max(0, m_waiters - 1);
}

qint64 CriticalSection::idleWithWaitersMs(qint64 nowMs) const
{
    if (!m_inside.isEmpty() || m_waiters == 0)
        return 0;
    return nowMs - std::max(m_idleSinceMs, m_waitingSinceMs);
}

bool CriticalSection::checkStuck(qint64 nowMs, qint64 thresholdMs)
{
    if (m_stuckReported || idleWithWaitersMs(nowMs) <= thresholdMs)
        return false;
    m_stuckReported = true;
    ++m_stuckSpells;
    return true;
}
