#include "discoveryservice.h"

#include "clusterslot.h"
#include "dialectregistry.h"
#include "redisconnection.h"
#include "redistopology.h"

namespace {
constexpr int progressIntervalMs = 100;
// At most this many keys of one moved slot are read again: a slot holds 1/16384th of the
// keyspace, so this covers 160 million keys evenly spread.
constexpr int maxCatchUpKeys = 10000;
}

DiscoveryService::DiscoveryService(RedisTopology *topology, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_topology(topology)
    , m_registry(registry)
    , m_inspector(topology)
    , m_classifier(topology, registry)
{
    setOptions(DiscoveryOptions());
    connect(topology, &RedisTopology::redirected, this, [this](quint16 slot) {
        if (m_running)
            m_redirectedSlots.insert(slot);
    });
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
    m_caughtUp = false;
    m_inFlight = 0;
    m_pagesWaiting = 0;
    m_pendingKeys.clear();
    m_lastCandidates = std::max(m_lastCandidates, m_seen.size());
    m_seen.clear();
    m_seen.reserve(m_lastCandidates);
    m_redirectedSlots.clear();
    m_progress = DiscoveryProgress();
    m_patterns = patterns();
    m_matcher = KeyPatternSet(m_patterns);
    m_elapsed.start();
    m_sinceReport.start();
    m_walks.clear();
    QObject::disconnect(m_waitForTopology);
    Q_EMIT started();
    // A scan asked for while the session still connects begins once the masters are known.
    if (m_topology->state() == RedisTopology::State::Connecting) {
        m_waitForTopology = connect(m_topology, &RedisTopology::stateChanged, this, [this, generation](RedisTopology::State state) {
            if (state == RedisTopology::State::Connecting)
                return;
            QObject::disconnect(m_waitForTopology);
            if (generation == m_generation)
                walkMasters();
        });
        return;
    }
    walkMasters();
}

void DiscoveryService::walkMasters()
{
    const quint64 generation = m_generation;
    for (RedisConnection *node : m_topology->masters()) {
        Walk w;
        w.node = node;
        m_walks << w;
        DiscoveryProgress::Node p;
        p.name = m_topology->nodeName(node);
        m_progress.nodes << p;
    }
    m_ownersAtStart = m_topology->slotOwners();
    if (m_walks.isEmpty()) {
        const QString why = m_topology->lastError().isEmpty() ? tr("not connected") : m_topology->lastError();
        // Only a cluster has masters to speak of; a standalone server's error is the whole story.
        fail(m_topology->kind() == RedisTopology::Kind::Standalone ? why : tr("no master to scan: %1").arg(why));
        return;
    }
    for (int i = 0; i < m_walks.size(); ++i) {
        m_walks[i].node->send({"DBSIZE"}, this, [this, generation, i](const RedisReply &reply) {
            if (generation != m_generation || !reply.isInteger())
                return;
            m_progress.nodes[i].keysTotal = reply.integer();
            m_progress.keysTotal = 0;
            for (const DiscoveryProgress::Node &n : std::as_const(m_progress.nodes))
                m_progress.keysTotal += std::max<qint64>(0, n.keysTotal);
        });
        scanFrom(i);
    }
}

void DiscoveryService::cancel()
{
    if (!m_running)
        return;
    ++m_generation; // replies still on the way are ignored
    QObject::disconnect(m_waitForTopology);
    m_running = false;
    Q_EMIT cancelled(progress());
}

bool DiscoveryService::scanning() const
{
    return std::any_of(m_walks.cbegin(), m_walks.cend(), [](const Walk &w) { return !w.done; });
}

void DiscoveryService::scanFrom(int walk)
{
    RedisCommand scan{"SCAN", m_walks.at(walk).cursor};
    // One server-side pattern can go to SCAN itself; several are matched here, in one walk.
    if (m_patterns.size() == 1 && m_patterns.first().isServerSide())
        scan << "MATCH" << m_patterns.first().glob();
    scan << "COUNT" << QByteArray::number(m_options.scanCount);
    const quint64 generation = m_generation;
    m_walks.at(walk).node->send(scan, this, [this, walk, generation](const RedisReply &reply) { onScanReply(walk, reply, generation); });
}

void DiscoveryService::onScanReply(int walk, const RedisReply &reply, quint64 generation)
{
    if (generation != m_generation)
        return;
    if (reply.isError() || !reply.isArray() || reply.size() != 2) {
        const QString why = reply.isError() ? reply.errorMessage() : tr("SCAN returned an unexpected reply");
        if (m_walks.size() == 1) {
            fail(reply.isError() ? tr("SCAN failed: %1").arg(why) : why);
            return;
        }
        // One master of several (down, or refusing SCAN): the others' locks are still worth
        // seeing, and the progress says which master's keys are missing.
        m_walks[walk].done = true;
        m_progress.nodes[walk].done = true;
        m_progress.nodes[walk].error = why;
        if (std::all_of(m_progress.nodes.cbegin(), m_progress.nodes.cend(), [](const DiscoveryProgress::Node &n) { return !n.error.isEmpty(); })) {
            fail(tr("SCAN failed on every master: %1").arg(m_progress.failedNodes().join(QStringLiteral("; "))));
            return;
        }
        onPage(walk, {});
        return;
    }
    Walk &w = m_walks[walk];
    w.cursor = reply.at(0).bytes();
    if (w.cursor == "0") {
        w.done = true;
        m_progress.nodes[walk].done = true;
    } else {
        scanFrom(walk);
        w.node->flush(); // Redis scans on while we match this batch
    }
    // The page is matched once the event loop has looked at the other masters' sockets: each
    // of them gets its next SCAN first, so no master idles while this one's keys are matched.
    ++m_pagesWaiting;
    QMetaObject::invokeMethod(this, [this, walk, generation, keys = reply.at(1).elements()] {
        if (generation != m_generation)
            return;
        --m_pagesWaiting;
        onPage(walk, keys);
    }, Qt::QueuedConnection);
}

void DiscoveryService::onPage(int walk, const QList<RedisReply> &keys)
{
    m_progress.keysScanned += keys.size();
    m_progress.nodes[walk].keysScanned += keys.size();
    consider(keys);
    if (!scanning() && !m_scanDone && m_pagesWaiting == 0) {
        if (!m_ownersAtStart.isEmpty() && !m_caughtUp) {
            catchUpMovedSlots();
            return;
        }
        m_scanDone = true;
    }
    inspectPending(m_scanDone);
    reportProgress(false);
    maybeFinish();
}

void DiscoveryService::consider(const QList<RedisReply> &keys)
{
    for (const RedisReply &k : keys) {
        const QByteArray &key = k.bytes();
        if (!m_matcher.matches(key) || m_registry->isSideKey(key))
            continue;
        // A key SCAN gives twice (it may, while the keyspace is resized), or one seen on two
        // masters (copied by a MIGRATE in flight), is listed once.
        bool added = false;
        m_seen.insert(key, &added);
        if (!added)
            continue;
        m_pendingKeys.append(key);
        ++m_progress.candidates;
    }
}

void DiscoveryService::catchUpMovedSlots()
{
    // Slots that moved while the masters were walked: owned by another master now than at the
    // start, redirected on the way, or still being migrated now. Their keys are read again
    // from every master (a migrating slot's keys are split between two).
    m_caughtUp = true;
    const quint64 generation = m_generation;
    const QList<const RedisConnection *> owners = m_topology->slotOwners();
    QSet<quint16> moved = m_redirectedSlots;
    for (int slot = 0; slot < ClusterSlot::count && slot < owners.size() && slot < m_ownersAtStart.size(); ++slot)
        if (owners.at(slot) != m_ownersAtStart.at(slot))
            moved.insert(quint16(slot));
    auto pending = std::make_shared<int>(int(m_walks.size()));
    auto finishCatchUp = [this, generation, pending] {
        if (generation != m_generation || --*pending > 0)
            return;
        m_scanDone = true;
        inspectPending(true);
        reportProgress(false);
        maybeFinish();
    };
    for (const Walk &w : std::as_const(m_walks)) {
        RedisConnection *node = w.node;
        // What this master serves now, as it says itself in its own line of CLUSTER NODES
        // (the session's slot map may not have heard of a move yet): slots it did not own
        // when the walk began, and slots it is migrating or importing ([slot->-id], [slot-<-id]).
        node->send({"CLUSTER", "NODES"}, this, [this, generation, node, moved, finishCatchUp](const RedisReply &nodes) mutable {
            if (generation != m_generation)
                return;
            for (const QByteArray &line : nodes.isString() ? nodes.bytes().split('\n') : QList<QByteArray>()) {
                if (!line.contains("myself"))
                    continue;
                const QList<QByteArray> parts = line.split(' ');
                for (qsizetype i = 8; i < parts.size(); ++i) {
                    const QByteArray &part = parts.at(i);
                    if (part.startsWith('[')) {
                        if (part.contains("->-") || part.contains("-<-"))
                            moved.insert(quint16(part.mid(1, part.indexOf('-') - 1).toUInt()));
                        continue;
                    }
                    const qsizetype dash = part.indexOf('-');
                    const int first = part.left(dash < 0 ? part.size() : dash).toInt();
                    const int last = dash < 0 ? first : part.mid(dash + 1).toInt();
                    for (int slot = first; slot <= last && slot < m_ownersAtStart.size(); ++slot)
                        if (m_ownersAtStart.at(slot) != node)
                            moved.insert(quint16(slot));
                }
            }
            m_progress.movedSlots = std::max<qint64>(m_progress.movedSlots, moved.size());
            if (moved.isEmpty()) {
                finishCatchUp();
                return;
            }
            QList<RedisCommand> reads;
            for (quint16 slot : std::as_const(moved))
                reads << RedisCommand{"CLUSTER", "GETKEYSINSLOT", QByteArray::number(slot), QByteArray::number(maxCatchUpKeys)};
            node->pipeline(reads, this, [this, generation, finishCatchUp](const QList<RedisReply> &replies) mutable {
                if (generation != m_generation)
                    return;
                for (const RedisReply &keys : replies)
                    if (keys.isArray())
                        consider(keys.elements());
                finishCatchUp();
            });
        });
    }
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
