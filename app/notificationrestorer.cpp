#include "notificationrestorer.h"

#include "connectionoptions.h"
#include "connectionprofile.h"
#include "keyspaceeventflags.h"
#include "keyspacenotifier.h"
#include "redisconnection.h"

#include <QTimer>

NotificationRestorer::NotificationRestorer(const ConnectionOptions &options, const Duty &duty, QObject *parent)
    : QObject(parent)
    // Where the setting lives: the server, whoever the user is and whichever database.
    , m_server(!options.shownAs.isEmpty()       ? options.shownAs
               : !options.socketPath.isEmpty() ? options.socketPath
                                                : ConnectionProfile::Endpoint{options.host, options.port}.text())
    , m_original(duty.original)
{
    ConnectionOptions o = options;
    o.autoReconnect = false;
    o.clientName = QStringLiteral("lockscope-restore");
    m_connection = new RedisConnection(o, this);
    QTimer::singleShot(graceMs, this, [this] { finish(tr("no answer within %1 s").arg(graceMs / 1000)); });
    m_connection->open(); // commands sent while connecting go out after the handshake
    putBack(m_connection, duty, this, [this](const QString &error) { finish(error); });
}

void NotificationRestorer::putBack(RedisConnection *connection, const Duty &duty, QObject *context,
                                   std::function<void(const QString &error)> done)
{
    auto errorOf = [](const RedisReply &reply) { return reply.isError() ? reply.errorMessage() : QString(); };
    connection->send({"CONFIG", "GET", "notify-keyspace-events"}, context, [=](const RedisReply &reply) {
        // Changed by someone else since: theirs now, not ours to put back.
        if (!reply.isArray() || reply.size() != 2
            || KeyspaceEventFlags::normalised(QString::fromUtf8(reply.at(1).bytes())) != KeyspaceEventFlags::normalised(duty.ours)) {
            done(errorOf(reply));
            return;
        }
        connection->send({"CLIENT", "LIST", "TYPE", "pubsub"}, context, [=](const RedisReply &list) {
            // Refused (an ACL without CLIENT): nobody else can be seen, so the duty is ours.
            const QByteArray own = KeyspaceNotifier::listenerName(duty.instance, std::nullopt);
            for (const QByteArray &line : list.isString() ? list.bytes().split('\n') : QList<QByteArray>()) {
                const qsizetype at = line.indexOf(" name=");
                if (at < 0)
                    continue;
                const QByteArray name = line.mid(at + 6, line.indexOf(' ', at + 6) - at - 6);
                const bool ours = name == own || name.startsWith(own + ':');
                if (!ours && KeyspaceNotifier::restoreDuty(name)) {
                    done(QString()); // another watcher still needs them; it puts them back when it leaves
                    return;
                }
            }
            connection->send({"CONFIG", "SET", "notify-keyspace-events", duty.original.toUtf8()}, context,
                             [=](const RedisReply &set) { done(errorOf(set)); });
        });
    });
}

void NotificationRestorer::finish(const QString &error)
{
    if (m_finished)
        return;
    m_finished = true;
    if (!error.isEmpty())
        Q_EMIT failed(tr("notify-keyspace-events on %1 was not put back (%2): it may still be as LockScope set it; "
                         "CONFIG SET notify-keyspace-events \"%3\" puts back what it was")
                          .arg(m_server, error, m_original));
    deleteLater();
}
