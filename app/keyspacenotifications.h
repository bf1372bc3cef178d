#pragma once

#include "keypattern.h"
#include "keyspacenotifier.h"

#include <QHash>
#include <QObject>

#include <functional>

class DialectRegistry;
class RedisConnection;
class RedisTopology;

// Keyspace notifications for a whole deployment. They are node-local (a cluster's master
// publishes only its own keys' changes), so there is one KeyspaceNotifier per master, each
// with the same consent and put-back rules as a single server's; this joins them: one
// consent for all, one state (live only when every master is), one stream of key events.
// Masters that join (a new shard) get a notifier; a failover's promoted node is asked again
// by its notifier as any reconnected server is.
class KeyspaceNotifications final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyspaceNotifications)

public:
    KeyspaceNotifications(RedisTopology *topology, const DialectRegistry *registry, QObject *parent = nullptr);
    ~KeyspaceNotifications() override;

    void setPatterns(const QList<KeyPattern> &patterns);
    void setMayEnable(bool allowed);
    bool mayEnable() const { return m_mayEnable; }
    void start();
    void stop();
    // Puts back, on every master, what LockScope changed (see KeyspaceNotifier::restore).
    void restore(QObject *context, std::function<void(bool ok)> done);
    // The same by restorers owned by parent (see KeyspaceNotifier::handOffRestore): those
    // that have something to put back.
    QList<NotificationRestorer *> handOffRestore(QObject *parent);

    // Live only when every master's notifier is; otherwise the state of the first that is
    // not (Refused before Off before Checking…), so the user sees what holds it back.
    KeyspaceNotifier::State state() const;
    bool isLive() const;
    bool isSettled() const;
    bool changedServer() const;
    QString statusText() const;
    qint64 notificationsReceived() const;
    QList<KeyspaceNotifier *> notifiers() const { return m_notifiers.values(); }

Q_SIGNALS:
    void keyEvent(const QByteArray &key, const QByteArray &event, qint64 atMs);
    void stateChanged();
    // A master's listener came back after a loss: notifications in between are gone.
    void resubscribed();
    // What LockScope changed on a master could not be put back (a shard gone, a server
    // replaced while it was down): says where and how to do it by hand.
    void restoreFailed(const QString &message);

private:
    void sync();

    RedisTopology *m_topology;
    const DialectRegistry *m_registry;
    QHash<RedisConnection *, KeyspaceNotifier *> m_notifiers;
    QList<KeyPattern> m_patterns;
    bool m_mayEnable = false;
    bool m_started = false;
};
