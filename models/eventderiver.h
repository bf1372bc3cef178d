#pragma once

#include "lockevent.h"
#include "lockinfo.h"

#include <QHash>
#include <QList>

// Turns what LockScope sees of locks into LockEvents: successive reads of a key (LockInfo
// before and after), a key found gone, keyspace notifications (what Redis says happened
// between two reads), failed acquisitions counted by the sampler, and time passing.
//
// Pure logic on MonotonicClock milliseconds, so every rule is testable with made-up times;
// event times are converted to the epoch with one fixed offset. The rules:
// - acquired: a key not tracked appears (its time is the write notification's, if one came);
// - released / expired: the key is gone; a notification says which, else the deadline
//   decides (gone at or after its predicted deadline: expired);
// - renewed: same holder, deadline moved later; near-miss when the renewal came with less
//   than nearMissFraction of the lease left (the watchdog fell behind);
// - handed over: another token while the key was never seen free;
// - contended: waiters appear or grow, or the sampler counted failed attempts;
// - stuck: once per holding, no TTL for noTtlStuckAfterMs or held longer than stuckAfterMs;
// - lost: gone for a reason other than its holder (the server restarted without it).
// A stale lock (its read failed; the values are the last good ones) is never an observation.
class EventDeriver final
{
public:
    struct Options
    {
        qint64 stuckAfterMs = 10 * 60'000;
        qint64 noTtlStuckAfterMs = 30'000;
        double nearMissFraction = 0.10;
        qint64 toleranceMs = 250; // deadline jitter from network round trips
    };
    enum class Notification { Write, Deleted, Expired, Evicted, Ignored };
    // LockInfo::lossCheck of a read after a restart or failover whose lock's TTL had run out
    // before it was noticed: it expired, whoever holds it now took it afterwards.
    static constexpr const char *expiredMeanwhile = "expired";

    EventDeriver();
    explicit EventDeriver(const Options &options);

    void setOptions(const Options &options) { m_options = options; }
    const Options &options() const { return m_options; }
    // Epoch milliseconds = monotonic milliseconds + offset.
    void setWallOffset(qint64 offsetMs) { m_offset = offsetMs; }
    qint64 wallOffset() const { return m_offset; }

    // A lock that was already there when watching began: tracked, but not "acquired" (we did
    // not see it happen).
    void baseline(const LockInfo &lock, QList<LockEvent> &out);
    // A read that found the key (a lock).
    void observe(const LockInfo &lock, QList<LockEvent> &out);
    // A lock read after the server could not be read for a while: one not known before, or
    // held by another now, was taken at a time nobody here saw (its acquired or handed-over
    // has reason "during-outage", and the new holding's held times are a floor).
    void appearedAfterOutage(const LockInfo &lock, QList<LockEvent> &out);
    // A read that found the key gone.
    void gone(const QByteArray &key, qint64 observedAtMs, QList<LockEvent> &out);
    // A key the server no longer has for a reason that is not its holder's doing (the server
    // restarted empty, a failover lost it): gone.goneReason says which, goneAtMs when it was
    // read gone, lossFrom and lossTo the masters of a failover.
    void lost(const LockInfo &gone, QList<LockEvent> &out);
    // A keyspace notification ("set", "del", "expired", ...) received at atMs.
    void notify(const QByteArray &key, const QByteArray &event, qint64 atMs, QList<LockEvent> &out);
    void failedAttempts(const QByteArray &key, qint64 count, qint64 atMs, QList<LockEvent> &out);
    // Stuck checks; forgets write notifications no read ever explained.
    void tick(qint64 nowMs, QList<LockEvent> &out);
    void clear();

    bool isTracked(const QByteArray &key) const { return m_locks.contains(key); }
    qsizetype trackedCount() const { return m_locks.size(); }
    // The lease the holder renews to, as far as seen (-1 without expiry, unknown if untracked).
    qint64 leaseOf(const QByteArray &key) const;

    static Notification classify(const QByteArray &event);

private:
    struct Holding
    {
        LockInfo lock;
        qint64 heldSinceMs = 0;
        qint64 leaseMs = -1;
        qint64 lastRenewMs = -1;
        bool stuckReported = false;
        bool startSeen = true; // false: held before it was first seen, so held times are a floor
        bool sinceOutage = false; // not seen start: taken while the server could not be read
        bool hadExpiry = false; // a TTL was seen on this holding at some time
        // A shared lock's holders that came after it was first held, and when: each one's
        // held time is its own.
        QHash<QByteArray, qint64> cameAtMs;
    };

    LockEvent make(LockEventKind kind, const LockInfo &lock, qint64 atMs) const;
    void startHolding(Holding &h, const LockInfo &lock, qint64 sinceMs);
    static void setHeld(LockEvent &e, const Holding &h, qint64 atMs);
    // How long the holder of token held it, by atMs.
    static void setHeldBy(LockEvent &e, const Holding &h, const QByteArray &token, qint64 atMs);
    // One event per holder of a shared lock held by several (all of them read), else one for
    // the lock.
    QList<LockEvent> perHolder(LockEventKind kind, const LockInfo &lock, qint64 atMs) const;
    void end(QHash<QByteArray, Holding>::iterator it, bool expired, qint64 atMs, const QString &reason, QList<LockEvent> &out);
    void compareHolders(Holding &h, const LockInfo &now, QList<LockEvent> &out);
    static bool hasValueToken(const LockInfo &lock);
    static QList<QByteArray> identity(const LockInfo &lock);
    static qint64 ttlAt(const LockInfo &lock, qint64 atMs);

    Options m_options;
    qint64 m_offset = 0;
    QHash<QByteArray, Holding> m_locks;
    QHash<QByteArray, qint64> m_writes; // untracked keys written (notification time), not read yet
    // When each recently ended lock was last read gone (monotonic ms): a slower read taken
    // before that must not bring it back. Forgotten after a minute.
    QHash<QByteArray, qint64> m_goneAt;
};
