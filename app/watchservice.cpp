#include "watchservice.h"

#include "dialectregistry.h"
#include "monotonicclock.h"
#include "redisconnection.h"

#include <QPointer>

WatchService::WatchService(RedisConnection *connection, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_registry(registry)
    , m_discovery(connection, registry)
{
    m_refreshTimer.setInterval(1000);
    m_rescanTimer.setInterval(10000);
    connect(&m_refreshTimer, &QTimer::timeout, this, &WatchService::refresh);
    connect(&m_rescanTimer, &QTimer::timeout, this, &WatchService::rescan);
    connect(&m_discovery, &DiscoveryService::locksFound, this, &WatchService::merge);
    connect(&m_discovery, &DiscoveryService::failed, this, [this](const QString &message) {
        // A lost connection is reported once by the connection itself.
        if (m_connection->isReady())
            Q_EMIT scanFailed(message);
    });
    connect(m_connection, &RedisConnection::ready, this, [this] {
        if (m_active)
            rescan();
    });
}

void WatchService::setRefreshInterval(int ms)
{
    m_refreshTimer.setInterval(std::max(100, ms));
}

void WatchService::setRescanInterval(int ms)
{
    m_rescanTimer.setInterval(std::max(1000, ms));
}

void WatchService::start()
{
    m_active = true;
    m_refreshTimer.start();
    m_rescanTimer.start();
    if (m_connection->isReady())
        rescan();
    // Otherwise the ready() handler starts the first scan.
}

void WatchService::stop()
{
    m_active = false;
    m_refreshTimer.stop();
    m_rescanTimer.stop();
    m_discovery.cancel();
}

void WatchService::rescan()
{
    if (!m_connection->isReady() || m_discovery.isRunning())
        return;
    m_discovery.start();
}

void WatchService::refresh()
{
    // One refresh at a time, none while a scan reads everything anyway, and never more than
    // about a fifth of the time spent refreshing: 100k locks take a while to re-read.
    if (!m_connection->isReady() || m_refreshesInFlight > 0 || m_locks.isEmpty() || m_discovery.isRunning())
        return;
    if (m_lastRefresh.isValid() && m_lastRefresh.elapsed() < 5 * m_lastRefreshCostMs)
        return;
    m_lastRefresh.start();
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
    m_discovery.inspector()->inspect(m_refreshQueue.takeFirst(), this, [this](const QList<KeySample> &samples, const QString &error) {
        if (!error.isEmpty()) {
            // The connection failed: the batches not sent yet are dropped with this one.
            m_refreshesInFlight -= int(m_refreshQueue.size());
            m_refreshQueue.clear();
            finishRefreshBatch();
            return;
        }
        if (!m_refreshQueue.isEmpty())
            sendRefreshBatch();
        m_discovery.classifier()->classify(samples, this, [this, samples](QList<std::optional<LockInfo>> classified) {
            finishRefreshBatch();
            onRefreshed(samples, std::move(classified));
        });
    });
}

void WatchService::finishRefreshBatch()
{
    if (--m_refreshesInFlight == 0)
        m_lastRefreshCostMs = m_lastRefresh.elapsed();
}

void WatchService::refreshKeys(const QList<QByteArray> &keys, QObject *context, KeysHandler handler)
{
    if (keys.isEmpty())
        return;
    const QPointer<QObject> owner(context);
    const bool hasOwner = context != nullptr;
    const qsizetype batch = std::max(1, m_discovery.options().inspectBatch);
    for (qsizetype i = 0; i < keys.size(); i += batch) {
        m_discovery.inspector()->inspect(keys.mid(i, batch), this, [this, owner, hasOwner, handler](const QList<KeySample> &samples, const QString &error) {
            if (!error.isEmpty()) {
                if (handler && (!hasOwner || owner))
                    handler({}, {}, error);
                return;
            }
            m_discovery.classifier()->classify(samples, this, [this, samples, owner, hasOwner, handler](QList<std::optional<LockInfo>> classified) {
                QList<LockInfo> present;
                QList<KeySample> absent;
                onRefreshed(samples, std::move(classified), true, &present, &absent);
                if (handler && (!hasOwner || owner))
                    handler(present, absent, QString());
            });
        });
    }
}

void WatchService::merge(const QList<LockInfo> &found)
{
    QList<LockInfo> changed;
    for (const LockInfo &lock : found) {
        auto it = m_locks.find(lock.key());
        if (it == m_locks.end()) {
            m_locks.insert(lock.key(), lock);
            changed << lock;
        } else {
            const bool news = meaningfullyDifferent(*it, lock);
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
    qsizetype index = -1;
    QList<LockInfo> changed;
    QList<LockInfo> gone;
    for (const KeySample &sample : samples) {
        std::optional<LockInfo> &now = classified[++index];
        auto it = m_locks.find(sample.key);
        if (it == m_locks.end()) {
            std::optional<LockInfo> found = acceptNew ? now : std::nullopt;
            if (found) {
                m_locks.insert(found->key(), *found);
                changed << *found;
                if (present)
                    *present << *found;
            } else if (absent) {
                *absent << sample;
            }
            continue;
        }
        if (absent && !now)
            *absent << sample;
        if (present && now)
            *present << *now;
        if (!now) {
            LockInfo lock = *it;
            const qint64 deadline = lock.deadlineMs();
            // Gone at or after its predicted deadline: it expired. Before it: someone released it.
            lock.goneAs = deadline >= 0 && sample.observedAtMs + deadlineToleranceMs >= deadline ? LockState::Expired
                                                                                                 : LockState::Released;
            lock.goneAtMs = sample.observedAtMs;
            gone << lock;
            m_locks.erase(it);
            continue;
        }
        const bool news = meaningfullyDifferent(*it, *now);
        *it = *now;
        if (news)
            changed << *now;
    }
    if (!changed.isEmpty())
        Q_EMIT locksChanged(changed);
    if (!gone.isEmpty())
        Q_EMIT locksGone(gone);
}

bool WatchService::meaningfullyDifferent(const LockInfo &before, const LockInfo &after)
{
    if (before.dialect != after.dialect || before.holders != after.holders || before.waiters != after.waiters
        || before.warnings != after.warnings || before.sample.value != after.sample.value)
        return true;
    const qint64 a = before.deadlineMs(), b = after.deadlineMs();
    if ((a < 0) != (b < 0))
        return true;
    return a >= 0 && std::abs(a - b) > deadlineToleranceMs;
}
