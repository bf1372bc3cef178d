#pragma once

#include <QObject>
#include <QString>

#include <functional>

class RedisConnection;
struct ConnectionOptions;

// Puts a server's notify-keyspace-events back to what it was before LockScope changed it,
// unless someone changed it since or another LockScope watcher still needs it (see
// KeyspaceNotifier). As a restorer it runs on a short-lived connection of its own, so it
// completes after the session that changed the setting is gone; one that cannot reach the
// server says so, since the setting then stays as LockScope left it.
class NotificationRestorer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NotificationRestorer)

public:
    struct Duty
    {
        QByteArray instance; // the watcher's, to tell its own listener in CLIENT LIST
        QString ours;        // what LockScope set
        QString original;    // what the server had before
    };

    // How long a restorer waits for the server before it gives up, and deletes itself.
    static constexpr int graceMs = 5000;

    NotificationRestorer(const ConnectionOptions &options, const Duty &duty, QObject *parent);

    // The steps, on any connection: done(error) once the server answered, error empty when
    // the setting is back or no longer LockScope's to put back.
    static void putBack(RedisConnection *connection, const Duty &duty, QObject *context, std::function<void(const QString &error)> done);

    // Stops waiting for the server (LockScope is going): failed() with why, unless done.
    void giveUp(const QString &why) { finish(why); }

Q_SIGNALS:
    // The setting may still be LockScope's: message says where, why, and what puts it back.
    void failed(const QString &message);

private:
    void finish(const QString &error);

    RedisConnection *m_connection;
    QString m_server;
    QString m_original;
    bool m_finished = false;
};
