#pragma once

#include "keypattern.h"

#include <QObject>
#include <QTimer>

#include <functional>

class DialectRegistry;
class RedisConnection;

// Keyspace notifications for the lock patterns: finds out whether the server publishes them
// (CONFIG GET notify-keyspace-events), turns them on only when the user has allowed it
// (never silently; the setting is put back when LockScope stops), and listens on a second
// connection of its own to __keyspace@<db>__:<pattern> for each lock pattern.
//
// Where CONFIG is refused (managed services rename or forbid it), it cannot know: it listens
// anyway and calls the notifications live once one arrives. The watch polls in every state,
// so nothing is lost when notifications are off; they only make changes show at once.
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
    void stop();
    // Puts the server's setting back if LockScope changed it (and nobody changed it since);
    // done(ok) once the server answered. Before quitting, wait for it.
    void restore(QObject *context, std::function<void(bool ok)> done);

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

Q_SIGNALS:
    void keyEvent(const QByteArray &key, const QByteArray &event, qint64 atMs);
    void stateChanged(KeyspaceNotifier::State state);
    // The listening connection came back after a loss: notifications in between are gone.
    void resubscribed();

private:
    void check();
    void onFlags(const QString &flags);
    void enable();
    void listen();
    void closeListener();
    void setState(State state, const QString &detail = QString());
    void onMessage(const QByteArray &channel, const QByteArray &payload);

    RedisConnection *m_commands;
    const DialectRegistry *m_registry;
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
    bool m_listenerWasReady = false;
    qint64 m_received = 0;
    QTimer m_recheck;
};
