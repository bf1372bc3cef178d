#include "redlockwatchservice.h"

#include "monotonicclock.h"
#include "redlockscanservice.h"
#include "serverinfo.h"

#include <QDateTime>
#include <QSet>

namespace {
QStringList names(const RedlockGroup &group)
{
    QStringList out;
    for (int i = 0; i < group.size(); ++i)
        out << group.nodeName(i);
    return out;
}
} // namespace

RedlockWatchService::RedlockWatchService(const RedlockGroup &group, const DialectRegistry *registry, QObject *parent,
                                         GroupTransport *transport)
    : QObject(parent)
    , m_group(group)
    , m_scan(new RedlockScanService(group.nodes, registry, this, transport))
    , m_deriver(names(group), group.driftFactor)
{
    m_next.setSingleShot(true);
    connect(&m_next, &QTimer::timeout, this, [this] {
        m_scanErrors = QStringList(m_group.size());
        m_scan->setKnownKeys(knownKeys());
        const qint64 now = MonotonicClock::nowMs();
        const bool walk = m_rescanMs <= 0 || m_walkedAtMs < 0 || now - m_walkedAtMs >= m_rescanMs;
        if (walk)
            m_walkedAtMs = now;
        m_scan->start(walk);
    });
    connect(m_scan, &RedlockScanService::nodeFailed, this, [this](int node, const QString &message) {
        m_scanErrors[node] = message.isEmpty() ? tr("not answering") : message;
    });
    connect(m_scan, &RedlockScanService::finished, this, &RedlockWatchService::onScanned);
}

RedlockWatchService::~RedlockWatchService() = default;

void RedlockWatchService::setOptions(const DiscoveryOptions &options)
{
    m_scan->setOptions(options);
}

void RedlockWatchService::start()
{
    if (m_active)
        return;
    m_active = true;
    m_deriver.clear();
    m_runIds.clear();
    m_observed = false;
    m_observations.clear();
    m_walkedAtMs = -1;
    m_deriver.setWallOffset(QDateTime::currentMSecsSinceEpoch() - MonotonicClock::nowMs());
    m_next.start(0);
}

void RedlockWatchService::stop()
{
    m_active = false;
    m_next.stop();
    m_scan->close();
}

// Nodes that answer as other server processes than when they last answered: restarts,
// which take with them what a server without persistence held.
QStringList RedlockWatchService::restarts()
{
    const auto shown = [](const QStringList &ids) {
        QStringList out;
        for (const QString &id : ids)
            out << ServerInfo::shown(id);
        return out.join(QStringLiteral(", "));
    };
    QStringList out(m_group.size());
    m_runIds.resize(m_group.size());
    for (int i = 0; i < m_group.size(); ++i) {
        const QStringList now = m_scan->runIds(i);
        if (now.isEmpty())
            continue; // not asked this time: down, or refused
        if (!m_runIds.at(i).isEmpty() && m_runIds.at(i) != now)
            out[i] = QStringLiteral("%1 → %2").arg(shown(m_runIds.at(i)), shown(now));
        m_runIds[i] = now;
    }
    return out;
}

QList<QByteArray> RedlockWatchService::knownKeys() const
{
    // What the deriver tracks, and every key still held somewhere (split, leftover): between
    // two walks they are read by key, so none of them drops out of the table meanwhile.
    QSet<QByteArray> keys;
    for (const QByteArray &key : m_deriver.trackedKeys())
        keys.insert(key);
    for (const RedlockObservation &o : m_observations)
        if (o.assess(m_group.driftFactor).quorum != RedlockObservation::Quorum::Free)
            keys.insert(o.key);
    return {keys.cbegin(), keys.cend()};
}

void RedlockWatchService::onScanned(const QList<RedlockObservation> &observations)
{
    if (!m_active)
        return;
    m_observations = observations;
    m_errors = m_scanErrors;
    m_observed = true;
    QList<RedlockEvent> events;
    m_deriver.observe(observations, m_errors, MonotonicClock::nowMs(), events, restarts());
    Q_EMIT observed(observations);
    if (!events.isEmpty())
        Q_EMIT eventsDerived(events);
    if (m_active)
        m_next.start(m_intervalMs);
}
