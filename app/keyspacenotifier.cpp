#include "keyspacenotifier.h"

#include "dialectregistry.h"
#include "keyspaceeventflags.h"
#include "monotonicclock.h"
#include "redisconnection.h"

#include <QCoreApplication>
#include <QPointer>

namespace {
// Someone may turn notifications off on the server while we listen: look again this often.
constexpr int recheckMs = 30'000;

QByteArray caseFolded(const QByteArray &glob)
{
    QByteArray out;
    bool inClass = false;
    for (qsizetype i = 0; i < glob.size(); ++i) {
        const char c = glob.at(i);
        if (c == '\\' && i + 1 < glob.size()) {
            out += c;
            out += glob.at(++i);
            continue;
        }
        if (inClass) {
            out += c;
            inClass = c != ']';
            continue;
        }
        if (c == '[') {
            inClass = true;
            out += c;
            continue;
        }
        const char lower = (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
        const char upper = (c >= 'a' && c <= 'z') ? char(c - 32) : c;
        if (lower != upper)
            out += QByteArray("[") + lower + upper + ']';
        else
            out += c;
    }
    return out;
}

// Puts a server setting back after its owner is gone (a session replaced while the restore
// would still be on its way): its own short-lived connection, if the value is still ours.
void restoreDetached(const ConnectionOptions &target, const QString &ours, const QString &original)
{
    ConnectionOptions options = target;
    options.autoReconnect = false;
    options.clientName = QStringLiteral("lockscope-restore");
    auto *connection = new RedisConnection(options, QCoreApplication::instance());
    QTimer::singleShot(5000, connection, &QObject::deleteLater);
    connection->open(); // commands sent while connecting go out after the handshake
    connection->send({"CONFIG", "GET", "notify-keyspace-events"}, connection, [connection, ours, original](const RedisReply &reply) {
        if (reply.isArray() && reply.size() == 2
            && KeyspaceEventFlags::normalised(QString::fromUtf8(reply.at(1).bytes())) == KeyspaceEventFlags::normalised(ours)) {
            connection->send({"CONFIG", "SET", "notify-keyspace-events", original.toUtf8()}, connection,
                             [connection](const RedisReply &) { connection->deleteLater(); });
            return;
        }
        connection->deleteLater();
    });
}
} // namespace

KeyspaceNotifier::KeyspaceNotifier(RedisConnection *commands, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_commands(commands)
    , m_registry(registry)
{
    m_channelPrefix = "__keyspace@" + QByteArray::number(commands->options().database) + "__:";
    m_recheck.setInterval(recheckMs);
    connect(&m_recheck, &QTimer::timeout, this, &KeyspaceNotifier::check);
    connect(m_commands, &RedisConnection::ready, this, [this] {
        // After a reconnect the server may be another one (a restart, a failover): ask again.
        if (m_state != State::Stopped)
            check();
    });
}

KeyspaceNotifier::~KeyspaceNotifier()
{
    if (m_changed && QCoreApplication::instance())
        restoreDetached(m_commands->options(), m_setFlags, m_originalFlags);
}

QList<QByteArray> KeyspaceNotifier::channelPatterns(const QList<KeyPattern> &patterns, int database)
{
    const QByteArray prefix = "__keyspace@" + QByteArray::number(database) + "__:";
    QList<QByteArray> out;
    for (const KeyPattern &p : patterns) {
        const QByteArray channel = prefix + (p.caseSensitivity() == Qt::CaseSensitive ? p.glob() : caseFolded(p.glob()));
        if (!out.contains(channel))
            out << channel;
    }
    return out;
}

void KeyspaceNotifier::setPatterns(const QList<KeyPattern> &patterns)
{
    m_patterns = patterns;
    if (m_listener) {
        closeListener();
        listen();
    }
}

void KeyspaceNotifier::setMayEnable(bool allowed)
{
    if (allowed == m_mayEnable)
        return;
    m_mayEnable = allowed;
    if (m_state == State::Stopped)
        return;
    if (allowed && (m_state == State::Off || m_state == State::Refused)) {
        enable();
    } else if (!allowed && m_changed) {
        closeListener();
        setState(State::Checking);
        restore(this, [this](bool) { check(); });
    }
}

void KeyspaceNotifier::start()
{
    if (m_state != State::Stopped)
        return;
    setState(State::Checking);
    m_recheck.start();
    check();
}

void KeyspaceNotifier::stop()
{
    m_recheck.stop();
    closeListener();
    if (m_changed)
        restore(this, [](bool) {});
    setState(State::Stopped);
}

void KeyspaceNotifier::restore(QObject *context, std::function<void(bool ok)> done)
{
    const QPointer<QObject> owner(context);
    if (!m_changed) {
        QMetaObject::invokeMethod(this, [owner, done] {
            if (owner)
                done(true);
        }, Qt::QueuedConnection);
        return;
    }
    const QString ours = m_setFlags, original = m_originalFlags;
    m_changed = false;
    m_commands->send({"CONFIG", "GET", "notify-keyspace-events"}, this, [this, owner, done, ours, original](const RedisReply &reply) {
        // Changed by someone else since: theirs now, not ours to put back.
        if (!reply.isArray() || reply.size() != 2
            || KeyspaceEventFlags::normalised(QString::fromUtf8(reply.at(1).bytes())) != KeyspaceEventFlags::normalised(ours)) {
            if (owner)
                done(!reply.isError());
            return;
        }
        m_commands->send({"CONFIG", "SET", "notify-keyspace-events", original.toUtf8()}, this, [this, owner, done, original](const RedisReply &r) {
            if (!r.isError())
                m_serverFlags = original;
            if (owner)
                done(!r.isError());
        });
    });
}

bool KeyspaceNotifier::isLive() const
{
    return m_state == State::Live && m_listener && m_listener->isReady();
}

bool KeyspaceNotifier::isSettled() const
{
    if (m_state == State::Checking || m_state == State::Enabling)
        return false;
    return m_state != State::Live || !m_listener || m_listenerWasReady;
}

void KeyspaceNotifier::check()
{
    if (!m_commands->isReady())
        return; // asked again on ready()
    m_commands->send({"CONFIG", "GET", "notify-keyspace-events"}, this, [this](const RedisReply &reply) {
        if (m_state == State::Stopped || m_state == State::Enabling)
            return;
        if (reply.isArray() && reply.size() == 2) {
            onFlags(QString::fromUtf8(reply.at(1).bytes()));
            return;
        }
        if (!m_commands->isReady())
            return;
        // CONFIG renamed, disabled or not allowed for this user.
        setState(State::Unverifiable, reply.isError() ? reply.errorMessage() : QString());
        listen();
    });
}

void KeyspaceNotifier::onFlags(const QString &flags)
{
    m_serverFlags = flags;
    if (KeyspaceEventFlags::covers(flags, QString::fromLatin1(KeyspaceEventFlags::required))) {
        listen();
        setState(State::Live);
        return;
    }
    if (m_changed) {
        // We had turned them on and someone turned them off again: theirs to decide.
        m_changed = false;
    }
    if (m_mayEnable && m_state != State::Refused) {
        enable();
        return;
    }
    closeListener();
    if (m_state != State::Refused)
        setState(State::Off);
}

void KeyspaceNotifier::enable()
{
    setState(State::Enabling);
    // Merge with what the server has now, not what it had when we last looked.
    m_commands->send({"CONFIG", "GET", "notify-keyspace-events"}, this, [this](const RedisReply &current) {
        if (m_state != State::Enabling)
            return;
        if (!current.isArray() || current.size() != 2) {
            setState(State::Refused, current.isError() ? current.errorMessage() : tr("no answer to CONFIG GET"));
            return;
        }
        const QString original = QString::fromUtf8(current.at(1).bytes());
        const QString wanted = KeyspaceEventFlags::merged(original, QString::fromLatin1(KeyspaceEventFlags::wanted));
        m_commands->send({"CONFIG", "SET", "notify-keyspace-events", wanted.toUtf8()}, this, [this, original, wanted](const RedisReply &reply) {
            if (m_state != State::Enabling)
                return;
            if (reply.isError()) {
                setState(State::Refused, reply.errorMessage());
                return;
            }
            m_originalFlags = original;
            m_setFlags = wanted;
            m_serverFlags = wanted;
            m_changed = original != wanted;
            listen();
            setState(State::Live);
        });
    });
}

void KeyspaceNotifier::listen()
{
    if (m_listener)
        return;
    ConnectionOptions options = m_commands->options();
    options.clientName = QStringLiteral("lockscope-events");
    options.autoReconnect = true;
    m_listener = new RedisConnection(options, this);
    m_listenerWasReady = false;
    connect(m_listener, &RedisConnection::messageReceived, this,
            [this](const QByteArray &channel, const QByteArray &payload, const QByteArray &) { onMessage(channel, payload); });
    connect(m_listener, &RedisConnection::ready, this, [this] {
        if (m_listenerWasReady)
            Q_EMIT resubscribed();
        m_listenerWasReady = true;
        Q_EMIT stateChanged(m_state);
    });
    connect(m_listener, &RedisConnection::stateChanged, this, [this](RedisConnection::State s) {
        if (s != RedisConnection::State::Ready)
            Q_EMIT stateChanged(m_state);
    });
    m_listener->psubscribe(channelPatterns(m_patterns, options.database));
    m_listener->open();
}

void KeyspaceNotifier::closeListener()
{
    if (!m_listener)
        return;
    m_listener->disconnect(this);
    m_listener->close();
    m_listener->deleteLater();
    m_listener = nullptr;
}

void KeyspaceNotifier::onMessage(const QByteArray &channel, const QByteArray &payload)
{
    if (!channel.startsWith(m_channelPrefix))
        return;
    const QByteArray key = channel.mid(m_channelPrefix.size());
    // The channel glob is a superset for patterns with letter classes; match exactly here,
    // and leave a lock's side keys (queues, latches) to its lock.
    bool match = false;
    for (const KeyPattern &p : std::as_const(m_patterns)) {
        if (p.matches(key)) {
            match = true;
            break;
        }
    }
    if (!match || m_registry->isSideKey(key))
        return;
    ++m_received;
    if (m_state == State::Unverifiable)
        setState(State::Live, tr("seen on the wire"));
    Q_EMIT keyEvent(key, payload, MonotonicClock::nowMs());
}

void KeyspaceNotifier::setState(State state, const QString &detail)
{
    if (state == m_state && detail == m_detail)
        return;
    m_state = state;
    m_detail = detail;
    Q_EMIT stateChanged(state);
}

QString KeyspaceNotifier::statusText() const
{
    switch (m_state) {
    case State::Stopped:
        return tr("keyspace notifications not used");
    case State::Checking:
        return tr("checking whether the server publishes keyspace notifications…");
    case State::Live:
        if (m_listener && !m_listener->isReady())
            return m_listenerWasReady ? tr("keyspace notifications: reconnecting to them")
                                      : tr("keyspace notifications: subscribing…");
        if (m_changed)
            return tr("live: keyspace notifications (turned on by LockScope: %1; put back when it stops)").arg(m_setFlags);
        return m_detail.isEmpty() ? tr("live: keyspace notifications (%1)").arg(m_serverFlags)
                                  : tr("live: keyspace notifications (%1)").arg(m_detail);
    case State::Off:
        return tr("keyspace notifications are off on the server (notify-keyspace-events \"%1\" lacks %2)")
            .arg(m_serverFlags, KeyspaceEventFlags::missing(m_serverFlags, QString::fromLatin1(KeyspaceEventFlags::required)));
    case State::Enabling:
        return tr("turning keyspace notifications on…");
    case State::Refused:
        return tr("the server refused to turn keyspace notifications on: %1").arg(m_detail);
    case State::Unverifiable:
        return tr("cannot tell whether keyspace notifications are on (CONFIG refused: %1); listening in case they are")
            .arg(m_detail.isEmpty() ? tr("no answer") : m_detail);
    }
    return {};
}
