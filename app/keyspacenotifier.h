#pragma once

#include "keypattern.h"
#include "notificationrestorer.h"

#include <QObject>

#include <memory>
#include <optional>
#include <QTimer>

#include <functional>

class DialectRegistry;
class RedisConnection;
struct ConnectionOptions;

// Keyspace notifications for the lock patterns: finds out whether the server publishes them
// (CONFIG GET notify-keyspace-events), turns them on only when the user has allowed it
// (never silently; the setting is put back when LockScope stops), and listens on a second
// connection of its own to __keyspace@<db>__:<pattern> for each lock pattern.
//
// Where CONFIG is refused (managed services rename or forbid it), it cannot know: it listens
// anyway and calls the notifications live once one arrives. The watch polls in every state,
// so nothing is lost when notifications are off; they only make changes show at once.
//
// Several LockScope watchers may share a server. The one that turned notifications on names
// its listening connection "lockscope-events:<instance>:restore:<original flags in hex>"
// (CLIENT SETNAME); a watcher that finds them on takes that duty over by naming its own
// listener the same way. Putting the setting back waits until no other listener carries the
// duty, so the first watcher to leave never turns notifications off under another.
class KeyspaceNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyspaceNotifier)

public:
    enum class State {
        Stopped,
        Checking,     // CONFIG GET on its way
        Live,         // the server publishes what a watch needs, and we listen
        Off,          // it does not, and LockScope may not turn them on
        Enabling,     // CONFIG SET on its way
        Refused,      // turning them on was refused
        Unverifiable, // CONFIG is refused: listening in case they are on
        Unheard,      // the subscription is refused (an ACL without the channels): polling
    };
    Q_ENUM(State)

    KeyspaceNotifier(RedisConnection *commands, const DialectRegistry *registry, QObject *parent = nullptr);
    ~KeyspaceNotifier() override;

    void setPatterns(const QList<KeyPattern> &patterns);
    // The user's consent to CONFIG SET notify-keyspace-events. Taking it back restores the
    // server's own setting.
    void setMayEnable(bool allowed);
    bool mayEnable() const { return m_mayEnable; }

    void start();
    // Stops listening and rechecking. The server's setting stays as it is: put it back with
    // restore() or handOffRestore().
    void stop();
    // Puts the server's setting back if LockScope changed it (and nobody changed it since,
    // and no other LockScope watcher still needs it); done(ok) once the server answered.
    void restore(QObject *context, std::function<void(bool ok)> done);
    // The same, by a restorer of its own owned by parent (the application when null), so it
    // completes after this notifier and its session are gone; null when nothing is to be put
    // back. While this notifier lives, the restorer's failure is also its restoreFailed().
    NotificationRestorer *handOffRestore(QObject *parent);

    State state() const { return m_state; }
    // Live and the listening connection is up.
    bool isLive() const;
    // Not waiting for an answer (CONFIG, or the listening connection's first connect).
    bool isSettled() const;
    bool changedServer() const { return m_changed; }
    QString serverFlags() const { return m_serverFlags; }
    QString statusText() const;
    qint64 notificationsReceived() const { return m_received; }

    // PSUBSCRIBE patterns for the lock patterns; case-insensitive globs are spelled out
    // letter by letter ([lL][oO]…), since Redis matches channels case-sensitively.
    static QList<QByteArray> channelPatterns(const QList<KeyPattern> &patterns, int database);
    // The listener's client name, carrying the restore duty (the original flags) or not.
    static QByteArray listenerName(const QByteArray &instance, const std::optional<QString> &restoreTo);
    // The original flags a listener name carries, if it carries the duty.
    static std::optional<QString> restoreDuty(const QByteArray &clientName);

Q_SIGNALS:
    void keyEvent(const QByteArray &key, const QByteArray &event, qint64 atMs);
    void stateChanged(KeyspaceNotifier::State state);
    // The listening connection came back after a loss: notifications in between are gone.
    void resubscribed();
    // A restore handed off could not reach the server (see NotificationRestorer::failed).
    void restoreFailed(const QString &message);

private:
    NotificationRestorer::Duty duty() const;
    void check();
    void onFlags(const QString &flags);
    void adoptDuty(const QString &flags);
    void enable();
    void listen();
    void closeListener();
    void setState(State state, const QString &detail = QString());
    void onMessage(const QByteArray &channel, const QByteArray &payload);

    RedisConnection *m_commands;
    std::unique_ptr<ConnectionOptions> m_options; // copied: restores outlive the connection
    const DialectRegistry *m_registry;
    QByteArray m_instance; // tells this watcher's listener from others' in CLIENT LIST
    RedisConnection *m_listener = nullptr;
    QList<KeyPattern> m_patterns;
    QByteArray m_channelPrefix;
    State m_state = State::Stopped;
    QString m_detail;
    QString m_serverFlags;
    QString m_originalFlags; // what the server had before LockScope changed it
    QString m_setFlags;      // what LockScope set
    bool m_changed = false;
    bool m_mayEnable = false;
    bool m_listenerWasSubscribed = false;
    bool m_listenerReplaced = false; // a subscribed listener was closed: the gap until the next needs a resync
    qint64 m_received = 0;
    QTimer m_recheck;
};
