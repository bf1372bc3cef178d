#include "keyspacenotifier.h"

#include "dialectregistry.h"
#include "keyspaceeventflags.h"
#include "monotonicclock.h"
#include "notificationrestorer.h"
#include "redisconnection.h"

#include <QCoreApplication>
#include <QPointer>
#include <QRandomGenerator>

#include <utility>

namespace {
// Someone may turn notifications off on the server while we listen: look again this often.
constexpr int recheckMs = 5000;

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
} // namespace

KeyspaceNotifier::KeyspaceNotifier(RedisConnection *commands, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_commands(commands)
    , m_options(std::make_unique<ConnectionOptions>(commands->options()))
    , m_registry(registry)
    , m_instance(QByteArray::number(QRandomGenerator::global()->generate64(), 36))
{
    m_channelPrefix = "__keyspace@" + QByteArray::number(m_options->database) + "__:";
    m_recheck.setInterval(recheckMs);
    connect(&m_recheck, &QTimer::timeout, this, &KeyspaceNotifier::check);
    connect(m_commands, &RedisConnection::ready, this, [this] {
        // After a reconnect the server may be another one (a restart, a failover): listen
        // there, and ask again.
        if (m_listener) {
            const ConnectionOptions &now = m_commands->options();
            if (m_listener->options().host != now.host || m_listener->options().port != now.port) {
                // Put back what was changed on the server before, where it was changed.
                handOffRestore(nullptr);
                closeListener();
            }
        }
        if (m_state != State::Stopped)
            check();
    });
}

// Nothing here touches the server: the session hands the restore off before it goes.
KeyspaceNotifier::~KeyspaceNotifier() = default;

QByteArray KeyspaceNotifier::listenerName(const QByteArray &instance, const std::optional<QString> &restoreTo)
{
    QByteArray name = "lockscope-events:" + instance;
    // Hex, since a client name may hold no spaces and the flags may be empty.
    if (restoreTo)
        name += ":restore:" + restoreTo->toLatin1().toHex();
    return name;
}

std::optional<QString> KeyspaceNotifier::restoreDuty(const QByteArray &clientName)
{
    if (!clientName.startsWith("lockscope-events:"))
        return std::nullopt;
    const qsizetype at = clientName.indexOf(":restore:");
    if (at < 0)
        return std::nullopt;
    return QString::fromLatin1(QByteArray::fromHex(clientName.mid(at + 9)));
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
    m_changed = false;
    // Our own listener must not count as another watcher that still needs them.
    closeListener();
    const QString original = m_originalFlags;
    NotificationRestorer::putBack(m_commands, duty(), this, [this, owner, done, original](const QString &error) {
        if (error.isEmpty())
            m_serverFlags = original;
        if (owner)
            done(error.isEmpty());
    });
}

NotificationRestorer::Duty KeyspaceNotifier::duty() const
{
    return NotificationRestorer::Duty{m_instance, m_setFlags, m_originalFlags};
}

NotificationRestorer *KeyspaceNotifier::handOffRestore(QObject *parent)
{
    if (!m_changed)
        return nullptr;
    m_changed = false;
    closeListener();
    auto *restorer = new NotificationRestorer(*m_options, duty(), parent ? parent : QCoreApplication::instance());
    connect(restorer, &NotificationRestorer::failed, this, &KeyspaceNotifier::restoreFailed);
    return restorer;
}

bool KeyspaceNotifier::isLive() const
{
    return m_state == State::Live && m_listener && m_listener->isSubscribed();
}

bool KeyspaceNotifier::isSettled() const
{
    if (m_state == State::Checking || m_state == State::Enabling)
        return false;
    return m_state != State::Live || !m_listener || m_listenerWasSubscribed;
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
    const bool covered = KeyspaceEventFlags::covers(flags, QString::fromLatin1(KeyspaceEventFlags::required));
    if (m_state == State::Unheard) {
        // This user may not hear them: tried again when the server publishes them anyway (an
        // ACL may have changed), live once the subscription is confirmed. Never turned on for
        // a listener that was refused.
        if (covered)
            listen();
        return;
    }
    if (covered) {
        if (m_changed || m_state == State::Live) {
            listen();
            setState(State::Live);
        } else {
            // Until whose they are is known: not "off" with flags that are on.
            setState(State::Checking);
            adoptDuty(flags);
        }
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

void KeyspaceNotifier::adoptDuty(const QString &flags)
{
    // Notifications are on: maybe another LockScope watcher turned them on and will put them
    // back when it leaves. If it leaves first, the duty passes to whoever still listens.
    m_commands->send({"CLIENT", "LIST", "TYPE", "pubsub"}, this, [this, flags](const RedisReply &list) {
        if (m_state == State::Stopped || m_state == State::Enabling || m_changed)
            return;
        for (const QByteArray &line : list.isString() ? list.bytes().split('\n') : QList<QByteArray>()) {
            const qsizetype at = line.indexOf(" name=");
            if (at < 0)
                continue;
            const std::optional<QString> original = restoreDuty(line.mid(at + 6, line.indexOf(' ', at + 6) - at - 6));
            if (!original)
                continue;
            m_changed = true;
            m_originalFlags = *original;
            m_setFlags = flags;
            closeListener(); // listen again under a name that carries the duty
            break;
        }
        listen();
        setState(State::Live);
    });
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
            *m_options = m_commands->options(); // the server to put back, wherever the connection goes later
            closeListener(); // its name must carry the duty to put them back
            listen();
            setState(State::Live);
        });
    });
}

void KeyspaceNotifier::listen()
{
    if (m_listener)
        return;
    // The server the commands go to now (after a failover, the promoted node).
    ConnectionOptions options = m_commands->options();
    options.clientName = QString::fromLatin1(listenerName(m_instance, m_changed ? std::optional(m_originalFlags) : std::nullopt));
    options.autoReconnect = true;
    m_listener = new RedisConnection(options, this);
    m_listenerWasSubscribed = false;
    connect(m_listener, &RedisConnection::messageReceived, this,
            [this](const QByteArray &channel, const QByteArray &payload, const QByteArray &) { onMessage(channel, payload); });
    // Live once the server confirms the patterns, not when the connection is up: a refusal
    // (below) may still come, and nothing must be called live before it could.
    connect(m_listener, &RedisConnection::subscribed, this, [this] {
        // Heard again after a gap (this listener's reconnect, or another listener's close):
        // what changed meanwhile was not heard.
        if (m_listenerWasSubscribed || std::exchange(m_listenerReplaced, false))
            Q_EMIT resubscribed();
        m_listenerWasSubscribed = true;
        if (m_state == State::Unheard)
            setState(State::Live); // allowed again
        Q_EMIT stateChanged(m_state);
    });
    connect(m_listener, &RedisConnection::stateChanged, this, [this](RedisConnection::State s) {
        if (s != RedisConnection::State::Ready)
            Q_EMIT stateChanged(m_state);
    });
    // An ACL without the channels (Redis 7's default for a new user): nothing would ever come,
    // so the watch must not count on it.
    // Notifications LockScope turned on for it are put back: the server would publish for
    // nobody.
    connect(m_listener, &RedisConnection::subscriptionRefused, this, [this](const QString &why) {
        closeListener();
        setState(State::Unheard, why);
        if (m_changed)
            restore(this, [](bool) {});
    });
    m_listener->psubscribe(channelPatterns(m_patterns, options.database));
    m_listener->open();
}

void KeyspaceNotifier::closeListener()
{
    if (!m_listener)
        return;
    m_listenerReplaced = m_listenerReplaced || m_listenerWasSubscribed;
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
        if (m_listener && !m_listener->isSubscribed())
            return m_listenerWasSubscribed ? tr("keyspace notifications: reconnecting to them")
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
    case State::Unheard:
        return tr("the server refused to let this user subscribe to keyspace notifications: %1").arg(m_detail);
    case State::Unverifiable:
        // Asked to turn them on, it could not even look: say that it did not.
        if (m_mayEnable)
            return tr("cannot tell whether keyspace notifications are on, nor turn them on (CONFIG refused: %1); listening "
                      "in case they are")
                .arg(m_detail.isEmpty() ? tr("no answer") : m_detail);
        return tr("cannot tell whether keyspace notifications are on (CONFIG refused: %1); listening in case they are")
            .arg(m_detail.isEmpty() ? tr("no answer") : m_detail);
    }
    return {};
}
