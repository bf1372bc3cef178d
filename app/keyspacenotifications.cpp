#include "keyspacenotifications.h"

#include "redisconnection.h"
#include "redistopology.h"

#include <QMap>
#include <QPointer>

#include <algorithm>
#include <memory>

namespace {
// Which state of a node holds the whole back most: shown when not every node is live.
int weight(KeyspaceNotifier::State state)
{
    switch (state) {
    case KeyspaceNotifier::State::Unheard:
        return 7;
    case KeyspaceNotifier::State::Refused:
        return 6;
    case KeyspaceNotifier::State::Off:
        return 5;
    case KeyspaceNotifier::State::Unverifiable:
        return 4;
    case KeyspaceNotifier::State::Enabling:
        return 3;
    case KeyspaceNotifier::State::Checking:
        return 2;
    case KeyspaceNotifier::State::Stopped:
        return 1;
    case KeyspaceNotifier::State::Live:
        return 0;
    }
    return 0;
}
} // namespace

KeyspaceNotifications::KeyspaceNotifications(RedisTopology *topology, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_topology(topology)
    , m_registry(registry)
{
    connect(topology, &RedisTopology::mastersChanged, this, &KeyspaceNotifications::sync);
    sync();
}

KeyspaceNotifications::~KeyspaceNotifications() = default;

void KeyspaceNotifications::sync()
{
    const QList<RedisConnection *> masters = m_topology->masters();
    for (auto it = m_notifiers.begin(); it != m_notifiers.end();) {
        if (masters.contains(it.key())) {
            ++it;
            continue;
        }
        // A shard gone: its notifier goes too (its server's setting is put back).
        it.value()->disconnect(this); // its restorer's word comes straight here
        if (NotificationRestorer *r = it.value()->handOffRestore(nullptr))
            connect(r, &NotificationRestorer::failed, this, &KeyspaceNotifications::restoreFailed);
        it.value()->deleteLater();
        it = m_notifiers.erase(it);
    }
    for (RedisConnection *master : masters) {
        if (m_notifiers.contains(master))
            continue;
        auto *n = new KeyspaceNotifier(master, m_registry, this);
        n->setPatterns(m_patterns);
        n->setMayEnable(m_mayEnable);
        connect(n, &KeyspaceNotifier::keyEvent, this, &KeyspaceNotifications::keyEvent);
        connect(n, &KeyspaceNotifier::stateChanged, this, &KeyspaceNotifications::stateChanged);
        connect(n, &KeyspaceNotifier::resubscribed, this, &KeyspaceNotifications::resubscribed);
        connect(n, &KeyspaceNotifier::restoreFailed, this, &KeyspaceNotifications::restoreFailed);
        m_notifiers.insert(master, n);
        if (m_started)
            n->start();
    }
    Q_EMIT stateChanged();
}

void KeyspaceNotifications::setPatterns(const QList<KeyPattern> &patterns)
{
    m_patterns = patterns;
    for (KeyspaceNotifier *n : std::as_const(m_notifiers))
        n->setPatterns(patterns);
}

void KeyspaceNotifications::setMayEnable(bool allowed)
{
    m_mayEnable = allowed;
    for (KeyspaceNotifier *n : std::as_const(m_notifiers))
        n->setMayEnable(allowed);
}

void KeyspaceNotifications::start()
{
    m_started = true;
    for (KeyspaceNotifier *n : std::as_const(m_notifiers))
        n->start();
}

void KeyspaceNotifications::stop()
{
    m_started = false;
    for (KeyspaceNotifier *n : std::as_const(m_notifiers))
        n->stop();
}

void KeyspaceNotifications::restore(QObject *context, std::function<void(bool ok)> done)
{
    const QPointer<QObject> owner(context);
    auto left = std::make_shared<int>(int(m_notifiers.size()));
    auto allOk = std::make_shared<bool>(true);
    if (*left == 0) {
        QMetaObject::invokeMethod(this, [owner, done] {
            if (owner)
                done(true);
        }, Qt::QueuedConnection);
        return;
    }
    for (KeyspaceNotifier *n : std::as_const(m_notifiers)) {
        n->restore(this, [owner, done, left, allOk](bool ok) {
            *allOk = *allOk && ok;
            if (--*left == 0 && owner)
                done(*allOk);
        });
    }
}

QList<NotificationRestorer *> KeyspaceNotifications::handOffRestore(QObject *parent)
{
    QList<NotificationRestorer *> restorers;
    for (KeyspaceNotifier *n : std::as_const(m_notifiers))
        if (NotificationRestorer *r = n->handOffRestore(parent))
            restorers << r;
    return restorers;
}

KeyspaceNotifier::State KeyspaceNotifications::state() const
{
    if (m_notifiers.isEmpty())
        return m_started ? KeyspaceNotifier::State::Checking : KeyspaceNotifier::State::Stopped;
    KeyspaceNotifier::State worst = KeyspaceNotifier::State::Live;
    for (const KeyspaceNotifier *n : m_notifiers)
        if (weight(n->state()) > weight(worst))
            worst = n->state();
    return worst;
}

bool KeyspaceNotifications::isLive() const
{
    return !m_notifiers.isEmpty()
           && std::all_of(m_notifiers.cbegin(), m_notifiers.cend(), [](const KeyspaceNotifier *n) { return n->isLive(); });
}

bool KeyspaceNotifications::isSettled() const
{
    return !m_notifiers.isEmpty()
           && std::all_of(m_notifiers.cbegin(), m_notifiers.cend(), [](const KeyspaceNotifier *n) { return n->isSettled(); });
}

bool KeyspaceNotifications::changedServer() const
{
    return std::any_of(m_notifiers.cbegin(), m_notifiers.cend(), [](const KeyspaceNotifier *n) { return n->changedServer(); });
}

qint64 KeyspaceNotifications::notificationsReceived() const
{
    qint64 total = 0;
    for (const KeyspaceNotifier *n : m_notifiers)
        total += n->notificationsReceived();
    return total;
}

QString KeyspaceNotifications::statusText() const
{
    if (m_notifiers.size() == 1)
        return m_notifiers.cbegin().value()->statusText();
    if (m_notifiers.isEmpty())
        return m_topology->kind() == RedisTopology::Kind::Standalone ? tr("keyspace notifications: waiting for the server")
                                                                     : tr("keyspace notifications: waiting for the masters");
    const qsizetype live = std::count_if(m_notifiers.cbegin(), m_notifiers.cend(), [](const KeyspaceNotifier *n) { return n->isLive(); });
    if (live == m_notifiers.size())
        return tr("live: keyspace notifications on all %1 masters%2")
            .arg(m_notifiers.size())
            .arg(changedServer() ? tr(" (turned on by LockScope; put back when it stops)") : QString());
    // Every master that is not live, by what it says: "off" on three masters is one reason
    // named with all three, not the first of them.
    QMap<QString, QStringList> nodesBySaid;
    for (auto it = m_notifiers.cbegin(); it != m_notifiers.cend(); ++it)
        if (!it.value()->isLive())
            nodesBySaid[it.value()->statusText()] << m_topology->nodeName(it.key());
    QStringList reasons;
    for (auto it = nodesBySaid.begin(); it != nodesBySaid.end(); ++it) {
        std::sort(it->begin(), it->end());
        reasons << tr("%1: %2").arg(it->join(QStringLiteral(", ")), it.key());
    }
    return tr("keyspace notifications live on %1 of %2 masters; %3").arg(live).arg(m_notifiers.size()).arg(reasons.join(QStringLiteral("; ")));
}
