#pragma once

#include <QList>
#include <QtGlobal>

// The sandbox's own view of a critical section, kept apart from the lock: workers report
// entering and leaving, and this counts who is inside. A broken lock cannot hide a second
// worker inside, because nothing here asks Redis. It also sees the section go idle while
// workers wait for it (a lock held by a holder that is gone), and whether a holder was
// overtaken by a later entrant before it finished (a stale holder).
class CriticalSection final
{
public:
    // Enters worker; returns the entry's sequence number (1, 2, …). The entry overlapped
    // another when lastEntryOverlapped() is true right after.
    qint64 enter(int worker, qint64 nowMs);
    void leave(int worker, qint64 nowMs);
    // A worker that crashed inside no longer runs there; the section may now be idle.
    void abandon(int worker, qint64 nowMs);

    int occupancy() const { return int(m_inside.size()); }
    const QList<int> &occupants() const { return m_inside; }
    bool contains(int worker) const { return m_inside.contains(worker); }
    bool lastEntryOverlapped() const { return m_lastOverlapped; }
    // Entries made while someone else was inside.
    qint64 overlaps() const { return m_overlaps; }
    qint64 entries() const { return m_sequence; }
    qint64 lastEntryMs() const { return m_lastEntryMs; }
    // True when someone entered after the entry with this sequence number.
    bool isSuperseded(qint64 sequence) const { return sequence < m_sequence; }

    // Waiting workers: how many try to enter right now.
    void waitStarted(qint64 nowMs);
    void waitEnded();
    int waiters() const { return m_waiters; }

    // True once per idle spell: nobody inside and somebody waiting, for longer than
    // thresholdMs. A lock held by a crashed holder with no expiry looks exactly like this.
    bool checkStuck(qint64 nowMs, qint64 thresholdMs);
    qint64 stuckSpells() const { return m_stuckSpells; }
    // How long the section has been idle with waiters, or 0.
    qint64 idleWithWaitersMs(qint64 nowMs) const;

private:
    void becameIdle(qint64 nowMs);

    QList<int> m_inside;
    qint64 m_sequence = 0;
    qint64 m_lastEntryMs = 0;
    qint64 m_overlaps = 0;
    bool m_lastOverlapped = false;
    int m_waiters = 0;
    qint64 m_waitingSinceMs = 0;
    qint64 m_idleSinceMs = 0;
    bool m_stuckReported = false;
    qint64 m_stuckSpells = 0;
};
