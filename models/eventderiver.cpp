#include "eventderiver.h"

#include "dialectregistry.h"

#include <algorithm>

namespace {
// A write notification that no read explained within this long was not about a lock.
constexpr qint64 writeNoteLifetimeMs = 10'000;
} // namespace

EventDeriver::EventDeriver()
    : EventDeriver(Options())
{
}

EventDeriver::EventDeriver(const Options &options)
    : m_options(options)
{
}

EventDeriver::Notification EventDeriver::classify(const QByteArray &event)
{
    if (event.isEmpty())
        return Notification::Ignored;
    // "del" also covers UNLINK, GETDEL and a hash or sorted set emptied by HDEL/ZREM.
    if (event == "del" || event == "rename_from" || event == "move_from")
        return Notification::Deleted;
    if (event == "expired")
        return Notification::Expired;
    if (event == "evicted")
        return Notification::Evicted;
    return Notification::Write;
}

// The TTL at atMs, from a read that Redis answered somewhere between its sending and
// observedAtMs. Dated before that, it counts back from the sending: an acquisition dated by
// its notification and read a moment later read over the TTL it was given.
qint64 EventDeriver::ttlAt(const LockInfo &lock, qint64 atMs)
{
    if (lock.sample.pttlMs < 0)
        return -1;
    const qint64 observedAt = lock.sample.observedAtMs, sentAt = observedAt - lock.sample.readSpanMs;
    const qint64 elapsed = atMs > observedAt ? atMs - observedAt : atMs < sentAt ? atMs - sentAt : 0;
    return std::max<qint64>(0, lock.sample.pttlMs - elapsed);
}

// A lock no dialect decodes is still one value: a new value is a new holder. Not a value read
// only in part (its first bytes are nobody's token), nor one a dialect read and found no holder
// in (a semaphore's count of free permits).
bool EventDeriver::hasValueToken(const LockInfo &lock)
{
    return lock.holders.isEmpty() && lock.sample.type == RedisType::String && !lock.sample.truncated && !lock.sample.value.isEmpty()
           && lock.dialect == QLatin1String(DialectRegistry::unknownId);
}

QList<QByteArray> EventDeriver::identity(const LockInfo &lock)
{
    QList<QByteArray> tokens;
    tokens.reserve(lock.holders.size());
    for (const LockHolder &h : lock.holders)
        tokens << h.token;
    if (tokens.isEmpty() && hasValueToken(lock))
        tokens << lock.sample.value;
    // A value longer than was read: what was read of it, and its length, are all that tells
    // one such value from another (a value that differs only past the cap cannot be told).
    if (tokens.isEmpty() && lock.sample.type == RedisType::String && lock.sample.truncated)
        tokens << QByteArray::number(lock.sample.size) + ':' + lock.sample.value;
    std::sort(tokens.begin(), tokens.end());
    return tokens;
}

qint64 EventDeriver::leaseOf(const QByteArray &key) const
{
    const auto it = m_locks.constFind(key);
    return it == m_locks.cend() ? LockEvent::unknown : it->leaseMs;
}

LockEvent EventDeriver::make(LockEventKind kind, const LockInfo &lock, qint64 atMs) const
{
    LockEvent e;
    e.kind = kind;
    e.timeMs = atMs + m_offset;
    e.key = lock.key();
    e.node = lock.node();
    e.dialect = lock.dialect;
    e.holder = lock.holderSummary();
    e.token = hasValueToken(lock) ? lock.sample.value : lock.primaryToken();
    return e;
}

void EventDeriver::startHolding(Holding &h, const LockInfo &lock, qint64 sinceMs)
{
    h.lock = lock;
    h.heldSinceMs = sinceMs;
    h.leaseMs = ttlAt(lock, sinceMs);
    h.lastRenewMs = -1;
    h.stuckReported = false;
    h.startSeen = true;
    h.sinceOutage = false;
    h.hadExpiry = lock.sample.pttlMs >= 0;
    h.cameAtMs.clear();
}

void EventDeriver::setHeld(LockEvent &e, const Holding &h, qint64 atMs)
{
    e.heldMs = std::max<qint64>(0, atMs - h.heldSinceMs);
    e.heldAtLeast = !h.startSeen;
    e.heldSinceOutage = !h.startSeen && h.sinceOutage;
}

void EventDeriver::setHeldBy(LockEvent &e, const Holding &h, const QByteArray &token, qint64 atMs)
{
    const auto came = h.cameAtMs.constFind(token);
    if (came == h.cameAtMs.cend()) {
        setHeld(e, h, atMs); // there since the lock was first held
        return;
    }
    e.heldMs = std::max<qint64>(0, atMs - *came);
    e.heldAtLeast = false;
    e.heldSinceOutage = false;
}

QList<LockEvent> EventDeriver::perHolder(LockEventKind kind, const LockInfo &lock, qint64 atMs) const
{
    // Holders read in part: those read are not all there are, and the lock's event says so.
    if (lock.holders.size() <= 1 || lock.holdersReadInPart())
        return {make(kind, lock, atMs)};
    QList<LockEvent> events;
    for (const LockHolder &holder : lock.holders) {
        LockEvent e = make(kind, lock, atMs);
        e.token = holder.token;
        e.holder = holder.holder;
        events << e;
    }
    return events;
}

void EventDeriver::baseline(const LockInfo &lock, QList<LockEvent> &out)
{
    if (lock.stale)
        return;
    if (m_locks.contains(lock.key())) {
        observe(lock, out);
        return;
    }
    m_writes.remove(lock.key());
    Holding &h = m_locks[lock.key()];
    startHolding(h, lock, lock.sample.observedAtMs);
    h.startSeen = false; // held before the watch began: for how long, nobody here saw
}

void EventDeriver::appearedAfterOutage(const LockInfo &lock, QList<LockEvent> &out)
{
    if (lock.stale)
        return;
    const bool known = m_locks.contains(lock.key());
    if (!known)
        m_writes.remove(lock.key()); // a write heard before the outage is not when this one came
    const qsizetype first = out.size();
    observe(lock, out);
    // Taken, or taken over, while nobody could see: when, nobody here knows.
    bool newHolding = false;
    for (qsizetype i = first; i < out.size(); ++i) {
        if (out[i].kind == LockEventKind::Acquired || out[i].kind == LockEventKind::HandedOver) {
            out[i].reason = QStringLiteral("during-outage");
            newHolding = newHolding || !known || out[i].kind == LockEventKind::HandedOver;
        }
    }
    const auto it = m_locks.find(lock.key());
    if (newHolding && it != m_locks.end()) {
        it->startSeen = false;
        it->sinceOutage = true;
    }
}

void EventDeriver::observe(const LockInfo &lock, QList<LockEvent> &out)
{
    if (lock.stale)
        return; // the last good values again, not a new look at the lock
    const qint64 obs = lock.sample.observedAtMs;
    auto it = m_locks.find(lock.key());
    // Reads can overtake each other (a poll still being classified while a notification's
    // re-read lands): one older than what was already applied says nothing new.
    if (it != m_locks.end() ? obs < it->lock.sample.observedAtMs : obs < m_goneAt.value(lock.key(), obs))
        return;
    if (it == m_locks.end()) {
        qint64 at = obs;
        if (auto w = m_writes.constFind(lock.key()); w != m_writes.cend()) {
            // The notification tells when it was written; the read came a little later.
            if (*w <= obs)
                at = *w;
            m_writes.erase(w);
        }
        Holding &h = m_locks[lock.key()];
        startHolding(h, lock, at);
        for (LockEvent &e : perHolder(LockEventKind::Acquired, lock, at)) {
            e.ttlMs = ttlAt(lock, at);
            out << e;
        }
        if (lock.waiters > 0) {
            LockEvent c = make(LockEventKind::Contended, lock, obs);
            c.waiters = lock.waiters;
            c.ttlMs = ttlAt(lock, obs);
            out << c;
        }
        return;
    }
    m_writes.remove(lock.key());
    Holding &h = *it;
    const LockInfo before = h.lock;
    const QList<QByteArray> was = identity(before), now = identity(lock);
    const bool remade = before.sample.type != lock.sample.type && before.sample.type != RedisType::None && lock.sample.type != RedisType::None;
    if ((was != now || remade) && !was.isEmpty() && !lock.lossCheck.isEmpty()) {
        // The server failed over (or restarted) between the two reads: the holding tracked
        // did not change hands, it was lost, or had run out before, while the server was away
        // ("expired"); whoever holds the lock now took it afterwards.
        const bool ranOut = lock.lossCheck == QLatin1String(expiredMeanwhile);
        const qint64 at = ranOut ? std::clamp(before.deadlineMs(), before.sample.observedAtMs, obs) : obs;
        LockEvent ended = make(ranOut ? LockEventKind::Expired : LockEventKind::Lost, before, at);
        if (!ranOut) {
            ended.reason = lock.lossCheck;
            ended.node = lock.lossTo;
            ended.previousNode = lock.lossFrom;
        }
        setHeld(ended, h, at);
        ended.ttlMs = ranOut ? 0 : ttlAt(before, obs);
        out << ended;
        startHolding(h, lock, obs);
        h.startSeen = false; // taken some time after the restart, not seen when
        h.sinceOutage = true;
        LockEvent taken = make(LockEventKind::Acquired, lock, obs);
        taken.ttlMs = ttlAt(lock, obs);
        taken.reason = QStringLiteral("during-outage");
        out << taken;
        h.lock = lock;
        return;
    }
    if (remade) {
        // Made anew as another kind of value (a hash where a string was, a list where a lock
        // was): whatever held it before let go, and what is there now is new.
        end(it, false, obs, {}, out);
        observe(lock, out);
        return;
    }
    if (before.dialect != lock.dialect
        && (before.dialect == QLatin1String(DialectRegistry::unknownId) || lock.dialect == QLatin1String(DialectRegistry::unknownId))) {
        // Read as no layout LockScope knows, or again as one (a semaphore with one entry that is
        // no holder's): that says nothing of who came or went. Only later reads of it do.
        startHolding(h, lock, obs);
        h.startSeen = false;
        return;
    }
    if (was != now) {
        compareHolders(h, lock, out);
    } else {
        const qint64 dBefore = before.deadlineMs(), dNow = lock.deadlineMs();
        const qint64 pttl = lock.sample.pttlMs;
        if (dBefore >= 0 && dNow > dBefore + m_options.toleranceMs) {
            // Between the two reads the holder set the TTL back to its lease: if the lease is
            // known, the read's PTTL tells when (lease - pttl ago).
            const qint64 lease = std::max(h.leaseMs, pttl);
            const qint64 at = std::clamp(obs - (lease - pttl), before.sample.observedAtMs, obs);
            LockEvent e = make(LockEventKind::Renewed, lock, at);
            e.ttlMs = ttlAt(lock, at);
            e.ttlLeftMs = std::max<qint64>(0, dBefore - at);
            e.leaseMs = lease;
            e.intervalMs = at - (h.lastRenewMs >= 0 ? h.lastRenewMs : h.heldSinceMs);
            out << e;
            if (double(e.ttlLeftMs) < m_options.nearMissFraction * double(lease)) {
                e.kind = LockEventKind::NearMiss;
                out << e;
            }
            h.leaseMs = lease;
            h.lastRenewMs = at;
        } else if (dBefore < 0 && dNow >= 0 && !h.hadExpiry && !h.stuckReported && h.startSeen) {
            // Its first TTL, before it was ever stuck (SETNX, then EXPIRE): the acquisition
            // completing, not a renewal.
            h.leaseMs = pttl;
        } else if (dBefore < 0 && dNow >= 0) {
            // A lock without expiry was given one: renewed to a TTL, no longer at risk of sticking.
            LockEvent e = make(LockEventKind::Renewed, lock, obs);
            e.ttlMs = pttl;
            e.leaseMs = pttl;
            e.intervalMs = obs - (h.lastRenewMs >= 0 ? h.lastRenewMs : h.heldSinceMs);
            out << e;
            h.leaseMs = pttl;
            h.lastRenewMs = obs;
        } else if (dNow < 0) {
            h.leaseMs = -1; // PERSIST: from now on it can only be released
        }
    }
    h.hadExpiry = h.hadExpiry || lock.sample.pttlMs >= 0;
    if (lock.waiters > 0 && lock.waiters > std::max(0, before.waiters)) {
        LockEvent c = make(LockEventKind::Contended, lock, obs);
        c.waiters = lock.waiters;
        c.ttlMs = ttlAt(lock, obs);
        out << c;
    }
    h.lock = lock;
}

void EventDeriver::compareHolders(Holding &h, const LockInfo &now, QList<LockEvent> &out)
{
    const LockInfo &before = h.lock;
    const qint64 obs = now.sample.observedAtMs;
    // From one holder to another. A key nobody held that gains a holder is only acquired, and
    // one that loses its last is only released: the shared case below says so.
    if (before.holders.size() <= 1 && now.holders.size() <= 1 && !identity(before).isEmpty() && !identity(now).isEmpty()) {
        LockEvent e = make(LockEventKind::HandedOver, now, obs);
        e.previousToken = make(LockEventKind::HandedOver, before, obs).token;
        e.previousHolder = before.holderSummary();
        e.ttlMs = ttlAt(now, obs);
        setHeldBy(e, h, before.holders.isEmpty() ? QByteArray() : before.holders.first().token, obs);
        out << e;
        startHolding(h, now, obs);
        return;
    }
    // Shared locks (read locks, semaphores): each holder comes and goes on its own. Where a
    // read saw only part of them, a holder missing from it may simply not have been read, and
    // one new in it may have been there unread before: only a whole read tells.
    const bool nowWhole = !now.holdersReadInPart(), beforeWhole = !before.holdersReadInPart();
    for (const LockHolder &gone : before.holders) {
        if (!nowWhole)
            break;
        if (std::any_of(now.holders.cbegin(), now.holders.cend(), [&](const LockHolder &x) { return x.token == gone.token; }))
            continue;
        LockEvent e = make(LockEventKind::Released, before, obs);
        e.token = gone.token;
        e.holder = gone.holder;
        e.ttlMs = gone.ttlMs != LockHolder::noOwnTtl ? gone.ttlMs : ttlAt(before, obs);
        setHeldBy(e, h, gone.token, obs);
        h.cameAtMs.remove(gone.token);
        out << e;
    }
    for (const LockHolder &came : now.holders) {
        if (!beforeWhole)
            break;
        if (std::any_of(before.holders.cbegin(), before.holders.cend(), [&](const LockHolder &x) { return x.token == came.token; }))
            continue;
        LockEvent e = make(LockEventKind::Acquired, now, obs);
        e.token = came.token;
        e.holder = came.holder;
        e.ttlMs = came.ttlMs != LockHolder::noOwnTtl ? came.ttlMs : ttlAt(now, obs);
        out << e;
        if (!before.holders.isEmpty())
            h.cameAtMs.insert(came.token, obs);
    }
    if (before.holders.isEmpty())
        h.heldSinceMs = obs;
}

void EventDeriver::end(QHash<QByteArray, Holding>::iterator it, bool expired, qint64 atMs, const QString &reason,
                       QList<LockEvent> &out)
{
    for (LockEvent &e : perHolder(expired ? LockEventKind::Expired : LockEventKind::Released, it->lock, atMs)) {
        e.ttlMs = expired ? 0 : ttlAt(it->lock, atMs);
        setHeldBy(e, *it, e.token, atMs);
        e.reason = reason;
        out << e;
    }
    m_locks.erase(it);
}

void EventDeriver::gone(const QByteArray &key, qint64 observedAtMs, QList<LockEvent> &out)
{
    const auto it = m_locks.find(key);
    if (it == m_locks.end() || observedAtMs < it->lock.sample.observedAtMs)
        return;
    m_goneAt.insert(key, observedAtMs);
    const LockInfo &lock = it->lock;
    const qint64 deadline = lock.deadlineMs();
    // Gone at (or after) its deadline: it expired then. Before it: someone released it.
    if (lock.mayHaveExpiredBy(observedAtMs))
        end(it, true, std::clamp(deadline, lock.sample.observedAtMs, std::max(observedAtMs, lock.sample.observedAtMs)), {}, out);
    else
        end(it, false, observedAtMs, {}, out);
}

void EventDeriver::lost(const LockInfo &gone, QList<LockEvent> &out)
{
    const QByteArray &key = gone.key();
    const qint64 observedAtMs = gone.goneAtMs;
    const QString &reason = gone.goneReason;
    const auto it = m_locks.find(key);
    if (it == m_locks.end() || observedAtMs < it->lock.sample.observedAtMs)
        return;
    m_goneAt.insert(key, observedAtMs);
    if (identity(it->lock).isEmpty()) {
        m_locks.erase(it); // nobody held it: there was no holding to lose
        return;
    }
    LockEvent e = make(LockEventKind::Lost, it->lock, observedAtMs);
    if (!gone.lossTo.isEmpty())
        e.node = gone.lossTo;
    e.previousNode = gone.lossFrom;
    setHeld(e, *it, observedAtMs);
    e.ttlMs = ttlAt(it->lock, observedAtMs);
    e.reason = reason;
    out << e;
    m_locks.erase(it);
}

void EventDeriver::notify(const QByteArray &key, const QByteArray &event, qint64 atMs, QList<LockEvent> &out)
{
    const Notification kind = classify(event);
    if (kind == Notification::Ignored)
        return;
    const auto it = m_locks.find(key);
    if (kind == Notification::Write) {
        if (it == m_locks.end() && !m_writes.contains(key))
            m_writes.insert(key, atMs);
        return; // the read this notification triggers tells what changed
    }
    const bool expired = kind != Notification::Deleted;
    const QString reason = kind == Notification::Evicted ? QStringLiteral("evicted") : QString();
    if (it != m_locks.end()) {
        qint64 when = atMs;
        // Redis reports an expiry when it gets round to it (lazily, or in its active cycle);
        // the deadline is when it really happened.
        const qint64 deadline = it->lock.deadlineMs();
        if (expired && deadline >= 0 && deadline <= atMs)
            when = std::max(deadline, it->lock.sample.observedAtMs);
        end(it, expired, when, reason, out);
        return;
    }
    const auto w = m_writes.find(key);
    if (w == m_writes.end())
        return;
    // Written and gone again before any read: a lock held too briefly to see its holder.
    LockInfo unseen;
    unseen.sample.key = key;
    LockEvent acquired = make(LockEventKind::Acquired, unseen, *w);
    acquired.inferred = true;
    out << acquired;
    LockEvent ended = make(expired ? LockEventKind::Expired : LockEventKind::Released, unseen, atMs);
    ended.inferred = true;
    ended.heldMs = std::max<qint64>(0, atMs - *w);
    if (expired)
        ended.ttlMs = 0;
    ended.reason = reason;
    out << ended;
    m_writes.erase(w);
}

void EventDeriver::failedAttempts(const QByteArray &key, qint64 count, qint64 atMs, QList<LockEvent> &out)
{
    if (count <= 0)
        return;
    const auto it = m_locks.constFind(key);
    LockInfo unseen;
    unseen.sample.key = key;
    const LockInfo &lock = it != m_locks.cend() ? it->lock : unseen;
    LockEvent e = make(LockEventKind::Contended, lock, atMs);
    e.failedAttempts = count;
    if (it != m_locks.cend()) {
        e.ttlMs = ttlAt(lock, atMs);
        if (lock.waiters >= 0)
            e.waiters = lock.waiters;
    }
    out << e;
}

void EventDeriver::tick(qint64 nowMs, QList<LockEvent> &out)
{
    m_goneAt.removeIf([nowMs](const auto &gone) { return gone.value() < nowMs - 60'000; });
    for (Holding &h : m_locks) {
        if (h.stuckReported || identity(h.lock).isEmpty())
            continue; // reported, or nobody holds it: nothing to be stuck
        const qint64 held = nowMs - h.heldSinceMs;
        QString reason;
        if (h.lock.state(nowMs) == LockState::NoExpiry && held >= m_options.noTtlStuckAfterMs)
            reason = QStringLiteral("no-ttl");
        else if (held >= m_options.stuckAfterMs)
            reason = QStringLiteral("held-too-long");
        else
            continue;
        h.stuckReported = true;
        LockEvent e = make(LockEventKind::Stuck, h.lock, nowMs);
        e.ttlMs = ttlAt(h.lock, nowMs);
        setHeld(e, h, nowMs);
        e.reason = reason;
        out << e;
    }
    m_writes.removeIf([nowMs](const QHash<QByteArray, qint64>::iterator &it) { return nowMs - it.value() > writeNoteLifetimeMs; });
}

void EventDeriver::clear()
{
    m_locks.clear();
    m_writes.clear();
    m_goneAt.clear();
}
