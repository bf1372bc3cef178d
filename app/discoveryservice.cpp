#include "discoveryservice.h"

#include "dialectregistry.h"
#include "redisconnection.h"

namespace {
constexpr int progressIntervalMs = 100;
}

DiscoveryService::DiscoveryService(RedisConnection *connection, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_registry(registry)
    , m_inspector(connection)
    , m_classifier(connection, registry)
{
    setOptions(DiscoveryOptions());
}

void DiscoveryService::setOptions(const DiscoveryOptions &options)
{
    m_options = options;
    m_inspector.setCaps(options.valueCap, options.elementCap);
}

QList<KeyPattern> DiscoveryService::patterns() const
{
    // Profiles may change between walks (the user edits them): their globs are added each time.
    QList<KeyPattern> all = m_options.patterns;
    for (const KeyPattern &p : m_registry->profilePatterns())
        if (!all.contains(p))
            all << p;
    return all;
}

DiscoveryProgress DiscoveryService::progress() const
{
    DiscoveryProgress p = m_progress;
    p.elapsedMs = m_elapsed.isValid() ? m_elapsed.elapsed() : 0;
    return p;
}

void DiscoveryService::start()
{
    const quint64 generation = ++m_generation;
    m_running = true;
    m_scanDone = false;
    m_inFlight = 0;
    m_pendingKeys.clear();
    m_seen.clear();
    m_progress = DiscoveryProgress();
    m_patterns = patterns();
    m_elapsed.start();
    m_sinceReport.start();
    Q_EMIT started();

    m_connection->send({"DBSIZE"}, this, [this, generation](const RedisReply &reply) {
        if (generation == m_generation && reply.isInteger())
            m_progress.keysTotal = reply.integer();
    });
    scanFrom("0");
}

void DiscoveryService::cancel()
{
    if (!m_running)
        return;
    ++m_generation; // replies still on the way are ignored
    m_running = false;
    Q_EMIT cancelled(progress());
}

void DiscoveryService::scanFrom(const QByteArray &cursor)
{
    RedisCommand scan{"SCAN", cursor};
    // One server-side pattern can go to SCAN itself; several are matched here, in one walk.
    if (m_patterns.size() == 1 && m_patterns.first().isServerSide())
        scan << "MATCH" << m_patterns.first().glob();
    scan << "COUNT" << QByteArray::number(m_options.scanCount);
    const quint64 generation = m_generation;
    m_connection->send(scan, this, [this, generation](const RedisReply &reply) { onScanReply(reply, generation); });
}

void DiscoveryService::onScanReply(const RedisReply &reply, quint64 generation)
{
    if (generation != m_generation)
        return;
    if (reply.isError() || !reply.isArray() || reply.size() != 2) {
        fail(reply.isError() ? QStringLiteral("SCAN failed: %1").arg(reply.errorMessage())
                             : QStringLiteral("SCAN returned an unexpected reply"));
        return;
    }
    const QByteArray cursor = reply.at(0).bytes();
    if (cursor == "0") {
        m_scanDone = true;
    } else {
        scanFrom(cursor);
        m_connection->flush(); // Redis scans on while we match this batch
    }

    const QList<RedisReply> &keys = reply.at(1).elements();
    m_progress.keysScanned += keys.size();
    for (const RedisReply &k : keys) {
        const QByteArray &key = k.bytes();
        bool candidate = false;
        for (const KeyPattern &p : std::as_const(m_patterns)) {
            if (p.matches(key)) {
                candidate = true;
                break;
            }
        }
        if (!candidate || m_registry->isSideKey(key) || m_seen.contains(key))
            continue;
        m_seen.insert(key);
        m_pendingKeys.append(key);
        ++m_progress.candidates;
    }
    inspectPending(m_scanDone);
    reportProgress(false);
    maybeFinish();
}

void DiscoveryService::inspectPending(bool all)
{
    const qsizetype batch = std::max(1, m_options.inspectBatch);
    while (m_pendingKeys.size() >= batch || (all && !m_pendingKeys.isEmpty())) {
        const QList<QByteArray> keys = m_pendingKeys.mid(0, batch);
        m_pendingKeys.remove(0, keys.size());
        ++m_inFlight;
        const quint64 generation = m_generation;
        m_inspector.inspect(keys, this, [this, generation](const QList<KeySample> &samples, const QString &) {
            if (generation != m_generation)
                return;
            QList<KeySample> unreadable;
            for (const KeySample &s : samples)
                if (s.isFailed())
                    unreadable << s;
            if (!unreadable.isEmpty()) {
                m_progress.unreadable += unreadable.size();
                if (m_progress.readError.isEmpty())
                    m_progress.readError = unreadable.first().error;
                Q_EMIT keysUnreadable(unreadable);
            }
            m_classifier.classify(samples, this, [this, generation](QList<std::optional<LockInfo>> classified) {
                if (generation != m_generation)
                    return;
                --m_inFlight;
                QList<LockInfo> locks;
                locks.reserve(classified.size());
                // A key that vanished between SCAN and inspection is simply not a lock any
                // more; one whose read failed was reported above.
                for (std::optional<LockInfo> &lock : classified)
                    if (lock)
                        locks.append(std::move(*lock));
                m_progress.locksFound += locks.size();
                if (!locks.isEmpty())
                    Q_EMIT locksFound(locks);
                reportProgress(false);
                maybeFinish();
            });
        });
    }
}

void DiscoveryService::maybeFinish()
{
    if (!m_running || !m_scanDone || m_inFlight > 0 || !m_pendingKeys.isEmpty())
        return;
    m_running = false;
    reportProgress(true);
    Q_EMIT finished(progress());
}

void DiscoveryService::reportProgress(bool force)
{
    if (!force && m_sinceReport.elapsed() < progressIntervalMs)
        return;
    m_sinceReport.restart();
    Q_EMIT progressChanged(progress());
}

void DiscoveryService::fail(const QString &message)
{
    if (!m_running)
        return;
    ++m_generation;
    m_running = false;
    Q_EMIT failed(message);
}
