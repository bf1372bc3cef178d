#include "lockeventservice.h"

#include "keyspacenotifications.h"
#include "monotonicclock.h"
#include "redistopology.h"
#include "watchservice.h"

#include <QDateTime>
#include <QSet>

LockEventService::LockEventService(RedisTopology *topology, WatchService *watch, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_topology(topology)
    , m_watch(watch)
    , m_notifier(new KeyspaceNotifications(topology, registry, this))
{
    m_deriver.setWallOffset(QDateTime::currentMSecsSinceEpoch() - MonotonicClock::nowMs());
    m_readTimer.setSingleShot(true);
    m_readTimer.setInterval(0); // every notification of one event-loop turn, one read
    connect(&m_readTimer, &QTimer::timeout, this, &LockEventService::readDirty);
    m_probeTimer.setSingleShot(true);
    m_probeTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_probeTimer, &QTimer::timeout, this, &LockEventService::probe);
    m_tickTimer.setInterval(1000);
    connect(&m_tickTimer, &QTimer::timeout, this, &LockEventService::tick);

    connect(watch, &WatchService::locksChanged, this, &LockEventService::onLocksChanged);
    connect(watch, &WatchService::locksGone, this, &LockEventService::onLocksGone);
    // A scan that could read nothing (a cluster that is down when the watch begins) is no
    // baseline: the first one that reads is.
    connect(watch->discovery(), &DiscoveryService::finished, this, [this](const DiscoveryProgress &p) {
        m_baselining = p.locksFound == 0 && p.unreadable > 0;
        m_baselined = m_baselined || !m_baselining;
    });
    connect(watch->discovery(), &DiscoveryService::failed, this, [this] { m_baselining = false; });
    connect(watch->discovery(), &DiscoveryService::cancelled, this, [this] { m_baselining = false; });
    // After a failover the new master's keys are what holds now: a lock there that was not
    // tracked (its release never reached the replica, or it was taken meanwhile) is acquired
    // as far as anyone can tell, and said so.
    connect(topology, &RedisTopology::failover, this, [this] { m_failedOver = true; });
    connect(topology, &RedisTopology::ready, this, [this] {
        // Back after a loss: what happened meanwhile is unknown. The rescan the watch starts
        // now is a new baseline, unless a failover says what happened, and reads that were in
        // flight are void.
        m_baselining = !std::exchange(m_failedOver, false);
        // Once a first look was taken, a lock not known before it was lost was taken meanwhile.
        m_afterOutage = m_baselining && m_baselined;
        m_dirty.clear();
        m_outstanding.clear();
        m_sentSeq.clear();
    });
    connect(watch, &WatchService::serverEvent, this, [this](const QString &what, const QString &node, const QString &message) {
        if (!m_active)
            return;
        QList<LockEvent> out{LockEvent::server(what, node, message, QDateTime::currentMSecsSinceEpoch())};
        publish(out);
    });
    connect(m_notifier, &KeyspaceNotifications::keyEvent, this, &LockEventService::onKeyEvent);
    connect(m_notifier, &KeyspaceNotifications::stateChanged, this, [this] {
        // Live notifications change what the watch must re-read by itself.
        m_watch->setEventsLive(isLive());
        Q_EMIT statusChanged();
    });
    connect(m_notifier, &KeyspaceNotifications::resubscribed, this, &LockEventService::resync);
}

LockEventService::~LockEventService() = default;

void LockEventService::setPatterns(const QList<KeyPattern> &patterns)
{
    m_notifier->setPatterns(patterns);
}

void LockEventService::start()
{
    m_active = true;
    m_baselining = true;
    m_baselined = false;
    m_afterOutage = false;
    // Listen for what the watch looks for.
    m_notifier->setPatterns(m_watch->discovery()->patterns());
    m_tickTimer.start();
    m_notifier->start();
    Q_EMIT statusChanged();
}

void LockEventService::stop()
{
    m_active = false;
    m_tickTimer.stop();
    m_probeTimer.stop();
    m_readTimer.stop();
    m_notifier->stop();
    Q_EMIT statusChanged();
}

bool LockEventService::isLive() const
{
    return m_notifier->isLive();
}

QString LockEventService::statusText() const
{
    if (isLive())
        return tr("Events %1").arg(m_notifier->statusText());
    return tr("Events by polling every %1: %2").arg(LockInfo::formatTtl(pollIntervalMs()), m_notifier->statusText());
}

qint64 LockEventService::pollIntervalMs() const
{
    return m_watch->budget().refreshIntervalMs(m_watch->locks().size());
}

bool LockEventService::busy(const QByteArray &key) const
{
    return m_dirty.contains(key) || m_outstanding.contains(key);
}

void LockEventService::publish(QList<LockEvent> &events)
{
    if (events.isEmpty())
        return;
    m_eventsTotal += quint64(events.size());
    Q_EMIT eventsDerived(events);
    events.clear();
}

void LockEventService::onLocksChanged(const QList<LockInfo> &locks)
{
    if (!m_active)
        return;
    QList<LockEvent> out;
    for (const LockInfo &lock : locks) {
        if (lock.stale || busy(lock.key()))
            continue; // nothing new was read / a notification's re-read is on its way and will tell
        if (m_baselining && m_afterOutage)
            m_deriver.appearedAfterOutage(lock, out);
        else if (m_baselining && !m_deriver.isTracked(lock.key()))
            m_deriver.baseline(lock, out);
        else
            m_deriver.observe(lock, out);
        schedule(lock);
    }
    armProbe();
    publish(out);
}

void LockEventService::onLocksGone(const QList<LockInfo> &locks)
{
    if (!m_active)
        return;
    QList<LockEvent> out;
    for (const LockInfo &lock : locks) {
        if (busy(lock.key()))
            continue;
        if (lock.goneAs == LockState::Lost)
            m_deriver.lost(lock, out);
        else
            m_deriver.gone(lock.key(), lock.goneAtMs, out);
        m_deadlines.remove(lock.key());
    }
    publish(out);
}

void LockEventService::onKeyEvent(const QByteArray &key, const QByteArray &event, qint64 atMs)
{
    if (!m_active)
        return;
    QList<LockEvent> out;
    // On a cluster a del may be a slot moving (MIGRATE deletes the key at the master it
    // leaves): the read it triggers, which follows the key to its owner, tells a release
    // (absent) from a move (held as before).
    const bool moving = event == "del" && m_topology->kind() == RedisTopology::Kind::Cluster && m_deriver.isTracked(key);
    if (!moving)
        m_deriver.notify(key, event, atMs, out);
    if (!m_deriver.isTracked(key))
        m_deadlines.remove(key);
    m_dirty.insert(key, ++m_seq);
    if (!m_readTimer.isActive())
        m_readTimer.start();
    publish(out);
}

void LockEventService::readDirty()
{
    if (!m_topology->isReady())
        return; // after reconnecting, the rescan reads everything
    QList<QByteArray> keys;
    for (auto it = m_dirty.cbegin(); it != m_dirty.cend(); ++it)
        if (m_sentSeq.value(it.key(), 0) < it.value())
            keys << it.key();
    read(keys);
}

void LockEventService::read(const QList<QByteArray> &keys)
{
    if (keys.isEmpty())
        return;
    const quint64 seq = m_seq;
    for (const QByteArray &key : keys) {
        ++m_outstanding[key];
        m_sentSeq.insert(key, seq);
    }
    m_watch->refreshKeys(keys, this, [this, keys, seq](const QList<LockInfo> &present, const QList<KeySample> &absent, const QString &error) {
        onRead(keys, seq, present, absent, error);
    });
}

void LockEventService::onRead(const QList<QByteArray> &keys, quint64 sentSeq, const QList<LockInfo> &present,
                              const QList<KeySample> &absent, const QString &error)
{
    for (const QByteArray &key : keys) {
        auto it = m_outstanding.find(key);
        if (it != m_outstanding.end() && --*it <= 0) {
            m_outstanding.erase(it);
            m_sentSeq.remove(key);
        }
    }
    // Keys in neither list could not be read: nothing is derived from them (the watch marks
    // them stale), and they are not retried at once, which would spin while the server
    // refuses; the next notification or refresh reads them again.
    QSet<QByteArray> answered;
    for (const LockInfo &lock : present)
        answered.insert(lock.key());
    for (const KeySample &sample : absent)
        answered.insert(sample.key);
    for (const QByteArray &key : keys) {
        const auto d = m_dirty.constFind(key);
        if (!answered.contains(key) && d != m_dirty.cend() && *d <= sentSeq)
            m_dirty.remove(key);
    }
    if (!error.isEmpty())
        return;
    // A notification that came after this read was sent makes it stale for that key.
    const auto current = [this, sentSeq](const QByteArray &key) {
        const auto d = m_dirty.constFind(key);
        if (d != m_dirty.cend() && *d > sentSeq)
            return false;
        m_dirty.remove(key);
        return true;
    };
    QList<LockEvent> out;
    for (const LockInfo &lock : present) {
        if (!current(lock.key()))
            continue;
        m_deriver.observe(lock, out);
        schedule(lock);
    }
    for (const KeySample &sample : absent) {
        if (!current(sample.key))
            continue;
        m_deriver.gone(sample.key, sample.observedAtMs, out);
        m_deadlines.remove(sample.key);
    }
    armProbe();
    publish(out);
    // Notifications that came while this read was out get theirs now.
    if (!m_dirty.isEmpty() && !m_readTimer.isActive())
        m_readTimer.start();
}

void LockEventService::schedule(const LockInfo &lock)
{
    const qint64 deadline = lock.deadlineMs();
    m_deadlines.schedule(lock.key(), deadline < 0 ? -1 : deadline + probeMarginMs);
}

void LockEventService::armProbe()
{
    if (!m_active)
        return;
    const qint64 next = m_deadlines.next();
    if (next < 0) {
        m_probeTimer.stop();
        return;
    }
    const qint64 at = std::max(next, m_lastProbeMs + probeCoalesceMs);
    const int delay = int(std::clamp<qint64>(at - MonotonicClock::nowMs(), 0, 24 * 3600 * 1000));
    if (!m_probeTimer.isActive() || m_probeTimer.remainingTime() > delay)
        m_probeTimer.start(delay);
}

void LockEventService::probe()
{
    const qint64 now = MonotonicClock::nowMs();
    m_lastProbeMs = now;
    if (m_topology->isReady()) {
        QList<QByteArray> due = m_deadlines.takeDue(now);
        // Keys with a notification pending are read for that anyway.
        due.removeIf([this](const QByteArray &key) { return busy(key); });
        read(due);
    }
    armProbe();
}

void LockEventService::tick()
{
    QList<LockEvent> out;
    m_deriver.tick(MonotonicClock::nowMs(), out);
    publish(out);
}

void LockEventService::resync()
{
    // The listener lost its subscription for a while: whatever it missed, a full refresh
    // sees, and new locks a rescan.
    m_watch->refresh();
    m_watch->rescan();
}

void LockEventService::recordFailedAttempts(const QHash<QByteArray, qint64> &counts, qint64 atMs)
{
    QList<LockEvent> out;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        m_deriver.failedAttempts(it.key(), it.value(), atMs, out);
    publish(out);
}
