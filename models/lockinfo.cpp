#include "lockinfo.h"

qint64 LockInfo::remainingTtlMs(qint64 nowMs) const
{
    if (sample.pttlMs < 0)
        return -1;
    // "Now" may have been read just before the reply landed: a TTL never counts up.
    return std::max<qint64>(0, sample.pttlMs - std::max<qint64>(0, nowMs - sample.observedAtMs));
}

bool LockInfo::acceptsRead(const KeySample &read) const
{
    // Reads can overtake each other (a poll still being classified while a notification's
    // re-read lands): one older than what was applied says nothing new. Nor does one taken
    // before the lock went stale (a read answered just before the connection died, whose
    // classification finished after): it cannot vouch for the lock now. A read answered in
    // the same millisecond as the staleness was noticed counts as before it: the reply and
    // the end of the connection are often read in one go, and taking that reply as newer
    // brought locks back live while the server was gone. A read that really came after
    // only waits for the next one.
    if (read.observedAtMs < sample.observedAtMs)
        return false;
    return !stale || read.observedAtMs > staleSinceMs;
}

qint64 LockInfo::deadlineMs() const
{
    return sample.pttlMs < 0 ? -1 : sample.observedAtMs + sample.pttlMs;
}

bool LockInfo::mayHaveExpiredBy(qint64 goneAtMs) const
{
    constexpr qint64 redisMs = 2; // PTTL's whole milliseconds, and the clocks' own
    const qint64 deadline = deadlineMs();
    return deadline >= 0 && goneAtMs + sample.readSpanMs + redisMs >= deadline;
}

LockState LockInfo::state(qint64 nowMs) const
{
    if (isGone())
        return goneAs;
    // No expiry is a stuck lock only where the classifier said so: a semaphore's counter that
    // nobody holds lives without one by design.
    if (sample.pttlMs == -1)
        return warnings.contains(QStringLiteral("no-ttl")) ? LockState::NoExpiry : LockState::Held;
    return remainingTtlMs(nowMs) > 0 ? LockState::Held : LockState::Expired;
}

qint64 LockInfo::holdCount() const
{
    qint64 total = holderCount() - holders.size(); // at least one hold each
    for (const LockHolder &h : holders)
        total += h.count;
    return total;
}

qint64 LockInfo::holderCount() const
{
    const qint64 read = holders.size();
    if (!sample.truncated || read == 0 || sample.type == RedisType::String || sample.size <= sample.entries.size())
        return read;
    const qint64 notHolders = std::max<qint64>(0, sample.entries.size() - read);
    return std::max(read, sample.size - notHolders);
}

QByteArray LockInfo::primaryToken() const
{
    return holders.isEmpty() ? QByteArray() : holders.first().token;
}

QString LockInfo::holderSummary() const
{
    if (holders.isEmpty())
        return {};
    if (holders.size() == 1)
        return holders.first().holder;
    QStringList names;
    for (const LockHolder &h : holders)
        if (!h.holder.isEmpty() && !names.contains(h.holder))
            names << h.holder;
    const QString count = holdersReadInPart() ? tr("%1 holders (%2 read)").arg(holderCount()).arg(holders.size())
                                              : tr("%1 holders").arg(holders.size());
    if (names.isEmpty())
        return count;
    return tr("%1: %2").arg(count, names.mid(0, 3).join(tr(", ")) + (names.size() > 3 ? tr(", …") : QString()));
}

QString LockInfo::holderOrFacts() const
{
    if (!holders.isEmpty() || details.isEmpty())
        return holderSummary();
    QStringList facts;
    for (const auto &d : details)
        facts << tr("%1: %2").arg(d.first, d.second);
    return facts.join(tr(", "));
}

void LockInfo::addWarning(const QString &code)
{
    if (!warnings.contains(code))
        warnings << code;
}

QString LockInfo::stateId(LockState state)
{
    switch (state) {
    case LockState::Held:
        return QStringLiteral("held");
    case LockState::NoExpiry:
        return QStringLiteral("stuck");
    case LockState::Expired:
        return QStringLiteral("expired");
    case LockState::Released:
        return QStringLiteral("released");
    case LockState::Lost:
        return QStringLiteral("lost");
    }
    return {};
}

QString LockInfo::stateText(LockState state)
{
    switch (state) {
    case LockState::Held:
        return tr("held");
    case LockState::NoExpiry:
        return tr("stuck (no TTL)");
    case LockState::Expired:
        return tr("expired");
    case LockState::Released:
        return tr("released");
    case LockState::Lost:
        return tr("lost");
    }
    return {};
}

QString LockInfo::stateTextAt(qint64 nowMs) const
{
    const LockState now = state(nowMs);
    const QString word = now == LockState::Expired && !isGone() ? tr("expiring") : stateText(now);
    return stale ? tr("%1 (stale)").arg(word) : word;
}

QString LockInfo::formatTtl(qint64 ms)
{
    if (ms < 0)
        return tr("no expiry");
    // Rounded up, as countdowns are: "0.0 s" would read as gone while the lock is still held.
    const qint64 tenths = (ms + 99) / 100;
    // The units in the user's language, as the words around them are.
    if (tenths < 600)
        return tr("%1 s", "seconds, one decimal").arg(QString::number(tenths / 10.0, 'f', 1));
    const qint64 s = (ms + 999) / 1000;
    if (s < 3600)
        return tr("%1m %2s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    if (s < 86400)
        return tr("%1h %2m").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    return tr("%1d %2h").arg(s / 86400).arg((s % 86400) / 3600);
}
