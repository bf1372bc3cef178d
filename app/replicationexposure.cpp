#include "replicationexposure.h"

#include "keyinspector.h"
#include "keysample.h"
#include "lockinfo.h"
#include "monotonicclock.h"
#include "redisconnection.h"
#include "redistopology.h"
#include "watchservice.h"

#include <algorithm>

ReplicationExposure::ReplicationExposure(RedisTopology *topology, WatchService *watch, QObject *parent)
    : QObject(parent)
    , m_topology(topology)
    , m_watch(watch)
{
    m_timer.setInterval(checkIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &ReplicationExposure::check);
}

ReplicationExposure::~ReplicationExposure() = default;

void ReplicationExposure::start()
{
    m_timer.start();
}

void ReplicationExposure::stop()
{
    m_timer.stop();
    m_differentSince.clear();
    m_held.clear();
    m_offsets.clear();
    if (!m_exposed.isEmpty()) {
        m_exposed.clear();
        Q_EMIT exposedChanged(m_exposed);
    }
}

bool ReplicationExposure::sameCopy(const KeySample &replica, const LockInfo &master)
{
    if (!replica.exists() || replica.type != master.sample.type || replica.value != master.sample.value)
        return false;
    // A hash kept as a hash table may list its fields in another order on the replica.
    QList<KeySample::Entry> a = replica.entries, b = master.sample.entries;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

KeyInspector *ReplicationExposure::inspectorFor(RedisConnection *replica)
{
    KeyInspector *&inspector = m_inspectors[replica];
    if (!inspector)
        inspector = new KeyInspector(replica, this);
    return inspector;
}

void ReplicationExposure::check()
{
    if (!m_topology->isReady())
        return;
    QHash<QString, QList<QByteArray>> byMaster;
    for (const LockInfo &lock : m_watch->locks()) {
        if (lock.stale || lock.isGone())
            continue;
        byMaster[lock.node()] << lock.key();
        Held &held = m_held[lock.key()];
        if (held.sinceMs == 0 || held.sample.type != lock.sample.type || held.sample.value != lock.sample.value
            || held.sample.entries != lock.sample.entries)
            held = {lock.sample, lock.sample.observedAtMs};
    }
    // Locks no longer watched are no longer exposed.
    bool dropped = false;
    for (auto it = m_differentSince.begin(); it != m_differentSince.end();)
        it = m_watch->locks().contains(it.key()) ? std::next(it) : m_differentSince.erase(it);
    for (auto it = m_held.begin(); it != m_held.end();)
        it = m_watch->locks().contains(it.key()) ? std::next(it) : m_held.erase(it);
    for (auto it = m_exposed.begin(); it != m_exposed.end();) {
        if (m_watch->locks().contains(*it)) {
            ++it;
        } else {
            it = m_exposed.erase(it);
            dropped = true;
        }
    }
    if (dropped)
        publish();

    for (RedisConnection *master : m_topology->masters()) {
        const QString name = m_topology->nodeName(master);
        QList<QByteArray> keys = byMaster.value(name);
        if (keys.isEmpty())
            continue;
        std::sort(keys.begin(), keys.end());
        qsizetype &offset = m_offsets[name];
        if (offset >= keys.size())
            offset = 0;
        const QList<QByteArray> round = keys.mid(offset, maxKeysPerRound);
        offset += round.size();
        for (RedisConnection *replica : m_topology->replicasOf(master)) {
            if (!replica->isReady())
                continue;
            inspectorFor(replica)->inspect(round, this, [this, name](const QList<KeySample> &samples, const QString &) {
                compare(name, samples);
            });
        }
    }
}

void ReplicationExposure::compare(const QString &master, const QList<KeySample> &samples)
{
    bool changed = false;
    for (const KeySample &copy : samples) {
        if (copy.isFailed())
            continue; // a read that failed says nothing about the copy
        const auto lock = m_watch->locks().constFind(copy.key);
        if (lock == m_watch->locks().cend() || lock->node() != master || lock->stale)
            continue;
        if (sameCopy(copy, *lock)) {
            m_held[copy.key].sameAtMs = copy.observedAtMs;
            m_differentSince.remove(copy.key);
            changed = m_exposed.remove(copy.key) || changed;
            continue;
        }
        // A copy read before the master held what it holds now may simply be older.
        const Held held = m_held.value(copy.key);
        if (copy.observedAtMs < held.sinceMs)
            continue;
        const qint64 since = m_differentSince.value(copy.key, -1);
        if (since < 0) {
            // Different since the master has held it, or since the replica last matched it.
            m_differentSince.insert(copy.key, std::max(held.sinceMs, held.sameAtMs));
            continue;
        }
        if (copy.observedAtMs - since >= m_thresholdMs && !m_exposed.contains(copy.key)) {
            m_exposed.insert(copy.key);
            changed = true;
        }
    }
    if (changed)
        publish();
}

void ReplicationExposure::publish()
{
    Q_EMIT exposedChanged(m_exposed);
}
