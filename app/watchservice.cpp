#include "watchservice.h"

#include "dialectregistry.h"
#include "eventderiver.h"
#include "monotonicclock.h"
#include "redisconnection.h"
#include "redistopology.h"
#include "serverinfo.h"

#include <QPointer>

WatchService::WatchService(RedisTopology *topology, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_topology(topology)
    , m_registry(registry)
    , m_discovery(topology, registry)
{
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &WatchService::tick);
    connect(&m_discovery, &DiscoveryService::locksFound, this, &WatchService::merge);
    connect(&m_discovery, &DiscoveryService::keysUnreadable, this, [this](const QList<KeySample> &samples) {
        onRefreshed(samples, QList<std::optional<LockInfo>>(samples.size()), false, nullptr, nullptr);
    });
    connect(&m_discovery, &DiscoveryService::finished, this, [this](const DiscoveryProgress &p) {
        m_budget.recordScan(std::max<qint64>(p.keysScanned, p.candidates), p.elapsedMs * 1000);
        m_keyspace = p.keysTotal >= 0 ? p.keysTotal : p.keysScanned;
        const qint64 interval = m_fixedRescanMs > 0 ? m_fixedRescanMs : m_budget.rescanIntervalMs(m_keyspace, m_live);
        m_nextRescanAt = MonotonicClock::nowMs() + interval;
        Q_EMIT budgetChanged();
        scheduleSoon(); // a refresh may be due, held back by the scan
    });
    connect(&m_discovery, &DiscoveryService::failed, this, [this](const QString &message) {
        m_nextRescanAt = MonotonicClock::nowMs() + m_tick.interval();
        // A lost connection is reported once by the connection itself.
        if (anyMasterReady())
            Q_EMIT scanFailed(message);
    });
    connect(topology, &RedisTopology::ready, this, &WatchService::onReady);
    connect(topology, &RedisTopology::mastersChanged, this, [this] {
        for (RedisConnection *master : m_topology->masters())
            watchMaster(master);
        // A shard added (or gone): what it holds is found by a rescan.
        m_nextRescanAt = 0;
        scheduleSoon();
    });
    connect(topology, &RedisTopology::failover, this, &WatchService::onFailover);
    for (RedisConnection *master : topology->masters())
        watchMaster(master);
}

bool WatchService::anyMasterReady() const
{
    const QList<RedisConnection *> masters = m_topology->masters();
    return std::any_of(masters.cbegin(), masters.cend(), [](const RedisConnection *m) { return m->isReady() && !m->isStalled(); });
}

void WatchService::watchMaster(RedisConnection *master)
{
    if (m_watched.contains(master))
        return;
    m_watched.insert(master);
    connect(master, &QObject::destroyed, this, [this, master] {
        m_watched.remove(master);
        m_up.remove(master);
        m_silent.remove(master);
        m_runIds.remove(master);
    });
    connect(master, &RedisConnection::ready, this, [this, master] { onMasterReady(master); });
    connect(master, &RedisConnection::stateChanged, this, [this, master](RedisConnection::State state) {
        if (state == RedisConnection::State::Ready || !m_up.contains(master))
            return;
        const QString node = m_up.take(master);
        m_silent.remove(master); // the loss says it from here on, until connection-back
        const QString why = master->lastError().isEmpty() ? tr("connection lost") : master->lastError();
        markStale(node, why);
        Q_EMIT serverEvent(QStringLiteral("connection-lost"), node, why);
    });
    connect(master, &RedisConnection::stalled, this, [this, master](qint64 waitingMs) {
        // Once per silence of a connection that was up: a lost one's reconnect handshakes
        // stalling again are part of the outage already reported.
        if (!m_up.contains(master) || m_silent.contains(master))
            return;
        m_silent.insert(master);
        const QString node = m_topology->nodeName(master);
        const QString why = tr("%1 has not answered for %2 s").arg(node).arg(waitingMs / 1000.0, 0, 'f', 1);
        markStale(node, why);
        Q_EMIT serverEvent(QStringLiteral("not-answering"), node, why);
    });
    connect(master, &RedisConnection::answering, this, [this, master] {
        if (m_silent.remove(master))
            Q_EMIT serverEvent(QStringLiteral("answering"), m_topology->nodeName(master), tr("the server answers again"));
        // Back to live at once, not when the budget next allows.
        m_nextRefreshAt = 0;
        scheduleSoon();
    });
    if (master->isReady())
        onMasterReady(master);
}

void WatchService::setRefreshInterval(int ms)
{
    m_tick.setInterval(std::max(100, ms));
    m_budget.setIntervalMs(m_tick.interval());
    Q_EMIT budgetChanged();
}

void WatchService::setRescanInterval(int ms)
{
    m_fixedRescanMs = std::max(0, ms);
}

void WatchService::setBudgetFraction(double fraction)
{
    m_budget.setFraction(fraction);
    Q_EMIT budgetChanged();
}

void WatchService::setEventsLive(bool live)
{
    if (live == m_live)
        return;
    m_live = live;
    // Going back to polling: the notifications' re-reads and news of new keys stop, so
    // catch up at once.
    if (!live) {
        m_nextRefreshAt = 0;
        m_nextRescanAt = 0;
    }
    Q_EMIT budgetChanged();
}

QString WatchService::budgetText() const
{
    return m_budget.describe(m_locks.size(), std::max<qint64>(0, m_keyspace), m_live);
}

void WatchService::start()
{
    m_active = true;
    m_tick.start();
    if (m_topology->isReady())
        onReady();
    // Otherwise onReady() starts the first scan.
}

void WatchService::stop()
{
    m_active = false;
    m_tick.stop();
    m_discovery.cancel();
    m_refreshQueue.clear();
}

void WatchService::onReady()
{
    if (!m_active)
        return;
    // What happened meanwhile is unknown: look at everything again, now.
    m_nextRescanAt = 0;
    m_nextRefreshAt = 0;
    m_refreshesInFlight = 0;
    m_refreshQueue.clear();
    scheduleSoon();
}

void WatchService::onMasterReady(RedisConnection *master)
{
    if (m_up.contains(master))
        return;
    const bool back = m_runIds.contains(master);
    m_up.insert(master, m_topology->nodeName(master));
    if (back)
        Q_EMIT serverEvent(QStringLiteral("connection-back"), m_topology->nodeName(master), tr("connected again"));
    checkRunId(master);
    onReady();
}

void WatchService::checkRunId(RedisConnection *master)
{
    // Sent before the rescan and refresh on the same connection, so its answer comes first.
    master->send({"INFO", "server"}, this, [this, master](const RedisReply &reply) {
        const QString id = reply.isString() ? ServerInfo::runId(reply.bytes()) : QString();
        if (id.isEmpty())
            return;
        const QString before = std::exchange(m_runIds[master], id);
        if (before.isEmpty() || before == id)
            return;
        const QString node = m_topology->nodeName(master);
        // A failover already accounts for the new run_id of a retargeted connection.
        if (!m_losses.contains(node))
            m_losses.insert(node, Loss{QStringLiteral("server-restarted"), node, MonotonicClock::nowMs()});
        else
            return;
        m_nextRefreshAt = 0; // every lock read again, on the server as it is now
        scheduleSoon();
        Q_EMIT serverEvent(QStringLiteral("restarted"), node,
                           tr("%1 restarted (run_id %2 → %3): locks it no longer holds are reported lost, not released")
                               .arg(node, before.left(8), id.left(8)));
    });
}

void WatchService::onFailover(RedisConnection *master, const QString &from, const QString &to)
{
    m_losses.insert(to, Loss{QStringLiteral("failover"), from, MonotonicClock::nowMs()});
    // The new master's run_id is its own; not a restart.
    m_runIds.remove(master);
    markStale(from, tr("failing over from %1 to %2").arg(from, to));
    Q_EMIT serverEvent(QStringLiteral("failover"), to,
                       tr("failover: %1 now serves what %2 served; locks it does not hold as they were are reported lost").arg(to, from));
    m_nextRefreshAt = 0;
    scheduleSoon();
}

void WatchService::scheduleSoon()
{
    QMetaObject::invokeMethod(this, &WatchService::tick, Qt::QueuedConnection);
}

void WatchService::tick()
{
    if (!m_active || !anyMasterReady())
        return;
    // A timer may fire a little early, and a read due a few ms after this tick must not wait
    // for the next one: that would make every interval two.
    const qint64 now = MonotonicClock::nowMs() + m_tick.interval() / 10;
    // The known locks first, every interval: their changes are the events. A rescan only finds
    // new ones (it cannot tell that a lock is gone), so it runs beside a refresh, never instead.
    if (m_refreshesInFlight == 0) {
        // Notifications tell of changes, not of what a restart or failover took: until every
        // lock has been read since one, the refresh runs on, live or not.
        if (m_nextRefreshAt == 0 || ((!m_live || !m_losses.isEmpty()) && now >= m_nextRefreshAt))
            refresh();
        else if (m_live)
            readSample();
    }
    if (!m_discovery.isRunning() && now >= m_nextRescanAt)
        rescan();
}

void WatchService::rescan()
{
    if (!anyMasterReady() || m_discovery.isRunning())
        return;
    m_discovery.start();
}

QList<RedisType> WatchService::hints(const QList<QByteArray> &keys) const
{
    QList<RedisType> types;
    types.reserve(keys.size());
    for (const QByteArray &key : keys) {
        const auto it = m_locks.constFind(key);
        types << (it == m_locks.cend() ? RedisType::None : it->sample.type);
    }
    return types;
}

void WatchService::refresh()
{
    if (!anyMasterReady() || m_refreshesInFlight > 0)
        return;
    const qint64 now = MonotonicClock::nowMs();
    if (m_locks.isEmpty()) {
        m_losses.clear();
        m_nextRefreshAt = now + m_budget.refreshIntervalMs(0);
        Q_EMIT refreshed();
        return;
    }
    m_refreshStartedAt = now;
    m_unreadOn.clear();
    const QList<QByteArray> keys = m_locks.keys();
    const qsizetype batch = std::max(1, m_discovery.options().inspectBatch);
    m_refreshQueue.clear();
    for (qsizetype i = 0; i < keys.size(); i += batch)
        m_refreshQueue.append(keys.mid(i, batch));
    m_refreshesInFlight = int(m_refreshQueue.size());
    for (int i = 0; i < refreshWindow && !m_refreshQueue.isEmpty(); ++i)
        sendRefreshBatch();
}

void WatchService::sendRefreshBatch()
{
    read(m_refreshQueue.takeFirst(), false, this, [this](const QList<LockInfo> &, const QList<KeySample> &, const QString &) {
        if (!m_refreshQueue.isEmpty())
            sendRefreshBatch();
        finishRefreshBatch();
    });
}

void WatchService::finishRefreshBatch()
{
    if (--m_refreshesInFlight > 0)
        return;
    m_refreshesInFlight = 0;
    // Every lock of a master that restarted or failed over has been read on it since, if
    // this refresh began after it did. Not where a read failed (a cluster still down after
    // the restart): those locks are yet to be read there.
    m_losses.removeIf([this](const auto &loss) { return loss.value().sinceMs < m_refreshStartedAt && !m_unreadOn.contains(loss.key()); });
    // One noticed while this refresh ran: the next starts at once.
    const bool owed = std::any_of(m_losses.cbegin(), m_losses.cend(), [this](const Loss &l) { return l.sinceMs >= m_refreshStartedAt; });
    // Paced from its start, so that a refresh every interval is one every interval.
    m_nextRefreshAt = owed ? 0 : m_refreshStartedAt + m_budget.refreshIntervalMs(m_locks.size());
    Q_EMIT refreshed();
    Q_EMIT budgetChanged();
}

void WatchService::readSample()
{
    const qint64 n = m_budget.sampleSize(m_locks.size(), m_tick.interval());
    QList<QByteArray> keys;
    while (keys.size() < n) {
        if (m_sampleAt >= m_sampleOrder.size()) {
            m_sampleOrder = m_locks.keys();
            m_sampleAt = 0;
            if (m_sampleOrder.isEmpty())
                break;
        }
        const QByteArray &key = m_sampleOrder.at(m_sampleAt++);
        if (m_locks.contains(key))
            keys << key;
    }
    if (!keys.isEmpty())
        read(keys, false, this, {});
}

void WatchService::refreshKeys(const QList<QByteArray> &keys, QObject *context, KeysHandler handler)
{
    const qsizetype batch = std::max(1, m_discovery.options().inspectBatch);
    for (qsizetype i = 0; i < keys.size(); i += batch)
        read(keys.mid(i, batch), true, context, handler);
}

void WatchService::read(const QList<QByteArray> &keys, bool acceptNew, QObject *context, KeysHandler handler)
{
    const QPointer<QObject> owner(context);
    const bool hasOwner = context != nullptr;
    QElapsedTimer took;
    took.start();
    m_discovery.inspector()->inspect(keys, this, [=, this](const QList<KeySample> &samples, const QString &error) {
        // The server's part (and the network's): what classifying costs LockScope is not its.
        if (error.isEmpty() && anyMasterReady())
            m_budget.recordRead(keys.size(), took.nsecsElapsed() / 1000);
        m_discovery.classifier()->classify(samples, this, [=, this](QList<std::optional<LockInfo>> classified) {
            QList<LockInfo> present;
            QList<KeySample> absent;
            onRefreshed(samples, std::move(classified), acceptNew, &present, &absent);
            if (handler && (!hasOwner || owner))
                handler(present, absent, error);
        });
    }, hints(keys));
}

void WatchService::markStale(const QString &node, const QString &why)
{
    const qint64 now = MonotonicClock::nowMs();
    QList<LockInfo> changed;
    for (LockInfo &lock : m_locks) {
        if (lock.stale || (!node.isEmpty() && lock.node() != node))
            continue;
        lock.stale = true;
        lock.staleReason = why;
        lock.staleSinceMs = now;
        changed << lock;
    }
    if (!changed.isEmpty())
        Q_EMIT locksChanged(changed);
}

void WatchService::setNotReplicated(const QSet<QByteArray> &keys)
{
    QList<LockInfo> changed;
    for (const QByteArray &key : m_notReplicated - keys) {
        const auto it = m_locks.find(key);
        if (it != m_locks.end() && it->warnings.removeAll(QStringLiteral("not-replicated")) > 0)
            changed << *it;
    }
    m_notReplicated = keys;
    for (const QByteArray &key : keys) {
        const auto it = m_locks.find(key);
        if (it != m_locks.end() && !it->warnings.contains(QStringLiteral("not-replicated"))) {
            it->addWarning(QStringLiteral("not-replicated"));
            changed << *it;
        }
    }
    if (!changed.isEmpty())
        Q_EMIT locksChanged(changed);
}

void WatchService::annotate(LockInfo &lock) const
{
    if (m_notReplicated.contains(lock.key()))
        lock.addWarning(QStringLiteral("not-replicated"));
}

void WatchService::merge(const QList<LockInfo> &found)
{
    QList<LockInfo> changed;
    for (LockInfo lock : found) {
        annotate(lock);
        auto it = m_locks.find(lock.key());
        if (it == m_locks.end()) {
            m_locks.insert(lock.key(), lock);
            changed << lock;
        } else if (it->acceptsRead(lock.sample)) {
            markLossCheck(lossBehind(*it, lock.node()), *it, lock); // a rescan may be the first read since
            const bool news = meaningfullyDifferent(*it, lock) || !lock.lossCheck.isEmpty();
            *it = lock;
            if (news)
                changed << lock;
        }
    }
    if (!changed.isEmpty())
        Q_EMIT locksChanged(changed);
}

void WatchService::onRefreshed(const QList<KeySample> &samples, QList<std::optional<LockInfo>> classified, bool acceptNew,
                               QList<LockInfo> *present, QList<KeySample> *absent)
{
    QList<LockInfo> changed;
    QList<LockInfo> gone;
    QList<KeySample> unreadable;
    for (qsizetype i = 0; i < samples.size(); ++i) {
        const KeySample &sample = samples.at(i);
        std::optional<LockInfo> &now = classified[i];
        if (now)
            annotate(*now);
        auto it = m_locks.find(sample.key);
        if (sample.isFailed()) {
            // Nothing is known about the key now: a known lock keeps its last good values.
            m_unreadOn.insert(!sample.node.isEmpty() || it == m_locks.end() ? sample.node : it->node());
            if (it == m_locks.end()) {
                unreadable << sample;
            } else if (!it->stale || it->staleReason != sample.error) {
                if (!it->stale)
                    it->staleSinceMs = sample.observedAtMs;
                it->stale = true;
                it->staleReason = sample.error;
                changed << *it;
            }
            continue;
        }
        if (it != m_locks.end() && !it->acceptsRead(sample))
            continue;
        if (it == m_locks.end()) {
            if (acceptNew && now) {
                m_locks.insert(now->key(), *now);
                changed << *now;
                if (present)
                    *present << *now;
            } else if (absent && !now) {
                *absent << sample;
            }
            continue;
        }
        const Loss *loss = lossBehind(*it, sample.node);
        if (!now) {
            LockInfo lock = *it;
            lock.stale = false;
            const qint64 deadline = lock.deadlineMs();
            lock.goneAtMs = sample.observedAtMs;
            // A lock whose TTL ran out before the restart or failover was noticed (the server
            // away all the while) would be gone either way: it expired, nobody lost it.
            if (loss && deadline >= 0 && deadline <= loss->sinceMs)
                loss = nullptr;
            if (loss) {
                lock.goneAs = LockState::Lost;
                lock.goneReason = loss->reason;
                lock.lossFrom = loss->from;
                lock.lossTo = sample.node;
                // Not before the restart or failover it is blamed on was noticed.
                lock.goneAtMs = std::max(sample.observedAtMs, loss->sinceMs);
            } else {
                lock.goneAs = lock.mayHaveExpiredBy(sample.observedAtMs) ? LockState::Expired : LockState::Released;
            }
            gone << lock;
            m_locks.erase(it);
            if (absent)
                *absent << sample;
            continue;
        }
        markLossCheck(loss, *it, *now);
        if (present)
            *present << *now;
        const bool news = meaningfullyDifferent(*it, *now) || !now->lossCheck.isEmpty();
        *it = *now;
        if (news)
            changed << *now;
    }
    if (!changed.isEmpty())
        Q_EMIT locksChanged(changed);
    if (!gone.isEmpty())
        Q_EMIT locksGone(gone);
    if (!unreadable.isEmpty())
        Q_EMIT keysUnreadable(unreadable);
}

// The restart or failover of the node read now that came after the lock was last read, if
// any: a loss is for the locks last read before it; one read since was read on the server as
// it is now, and what happens to it afterwards is that server's ordinary business.
const WatchService::Loss *WatchService::lossBehind(const LockInfo &before, const QString &node) const
{
    const auto loss = m_losses.constFind(node);
    return loss != m_losses.cend() && before.sample.observedAtMs < loss->sinceMs ? &*loss : nullptr;
}

// The first read of a lock since its master restarted or failed over: whether the holding
// survived is for the event deriver to tell.
void WatchService::markLossCheck(const Loss *loss, const LockInfo &before, LockInfo &now)
{
    if (!loss || before.node() != loss->from)
        return;
    // A TTL that ran out before the restart or failover was noticed (the server away all the
    // while): whoever holds the lock now took it after it expired, not from a lost holding.
    const qint64 deadline = before.deadlineMs();
    now.lossCheck = deadline >= 0 && deadline <= loss->sinceMs ? QString::fromLatin1(EventDeriver::expiredMeanwhile) : loss->reason;
    now.lossFrom = loss->from;
    now.lossTo = now.node();
}

bool WatchService::meaningfullyDifferent(const LockInfo &before, const LockInfo &after)
{
    if (before.stale != after.stale || before.dialect != after.dialect || before.holders != after.holders
        || before.waiters != after.waiters || before.warnings != after.warnings || before.sample.value != after.sample.value
        || before.sample.size != after.sample.size)
        return true;
    const qint64 a = before.deadlineMs(), b = after.deadlineMs();
    if ((a < 0) != (b < 0))
        return true;
    return a >= 0 && std::abs(a - b) > deadlineToleranceMs;
}
