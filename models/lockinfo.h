#pragma once

#include "keysample.h"
#include "lockholder.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

enum class LockState { Held, NoExpiry, Expired, Released, Lost };

// A lock as LockScope understands it: the raw observation plus what its dialect decoded.
// The remaining TTL is derived from the PTTL read and the monotonic time of that read,
// so it counts down smoothly without asking Redis again.
struct LockInfo
{
    Q_DECLARE_TR_FUNCTIONS(LockInfo) // its words for people are translated
public:
    static constexpr int waitersUnknown = -1;

    KeySample sample;
    QString dialect;      // stable id, as in scan --json
    QString dialectName;  // for people
    QList<LockHolder> holders;
    QList<QPair<QString, QString>> details; // facts about the lock itself: mode, permits left
    QStringList warnings; // stable codes such as "no-ttl"
    int waiters = waitersUnknown;

    // Set once the key is seen gone; the row stays visible for a while with this state.
    LockState goneAs = LockState::Held;
    qint64 goneAtMs = 0;
    QString goneReason; // lost: why ("server-restarted", "failover")

    // Set on the first read after the lock's server failed over or restarted: a holder other
    // than the one tracked means the old holding was lost with it, not handed over. from and
    // to name the old and the new master (the same server after a restart).
    QString lossCheck;
    QString lossFrom;
    QString lossTo;

    // The last read of this lock failed: these are the last good values, kept (and the TTL
    // still counting down from them) until a read succeeds again.
    bool stale = false;
    QString staleReason;
    qint64 staleSinceMs = 0;

    const QByteArray &key() const { return sample.key; }
    // host:port of the master it was read on.
    const QString &node() const { return sample.node; }
    bool isGone() const { return goneAs != LockState::Held; }
    // Whether a read of this key may replace what is known of it: not one older than the
    // read already applied, and for a stale lock only one answered after it went stale.
    bool acceptsRead(const KeySample &read) const;
    // -1 without expiry; 0 once the deadline has passed (the key may linger until Redis notices).
    qint64 remainingTtlMs(qint64 nowMs) const;
    // Monotonic time at which the key is due to expire, or -1 without expiry.
    qint64 deadlineMs() const;
    // Whether the key, found gone by a read answered at goneAtMs, may have expired: gone at
    // its deadline as far as the reads can tell (the deadline is known to within the span of
    // the read that measured it). Else it went before its time: someone released it.
    bool mayHaveExpiredBy(qint64 goneAtMs) const;
    LockState state(qint64 nowMs) const;
    qint64 holdCount() const;
    // Holders in the whole key. A collection read in part has more than holders lists: each
    // entry not read counts as one, as those read did (less the ones that were no holder).
    qint64 holderCount() const;
    bool holdersReadInPart() const { return holderCount() > holders.size(); }
    QByteArray primaryToken() const;
    QString holderSummary() const;
    // holderSummary(), or where nobody holds it what is known of it ("permits available: 3").
    QString holderOrFacts() const;
    void addWarning(const QString &code);

    static QString stateId(LockState state);
    static QString stateText(LockState state);
    // The state in words as a countdown shows it: a lock still there whose TTL has run out by
    // the countdown, but that no read has found gone yet, is "expiring", not "expired" (a
    // watchdog may have renewed it since it was read); one whose last read failed, "(stale)".
    QString stateTextAt(qint64 nowMs) const;
    static QString formatTtl(qint64 remainingMs);
};
