#include "redisconnection.h"

#include "replyparser.h"
#include "tlsfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QLocalSocket>
#include <QRandomGenerator>
#include <QSslSocket>
#include <QTcpSocket>

namespace {
constexpr int deadlineCheckMs = 250;
constexpr int reconnectBaseMs = 250;
// A TLS server answers a ClientHello within a round trip or two. A plain-text Redis never
// does: it reads the hello as the start of an inline command, finds a NUL byte before any
// newline and waits for the rest. After this long without a handshake, a side connection
// asks the port in plain RESP.
constexpr int plainTextProbeMs = 500;

QString seconds(int ms)
{
    return QString::number(ms / 1000.0, 'g', 3) + QStringLiteral(" s");
}
} // namespace

RedisConnection::RedisConnection(const ConnectionOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{
    m_clock.start();
    m_connectTimer.setSingleShot(true);
    m_connectTimer.setTimerType(Qt::PreciseTimer); // "within 1 s" is not 0.97 s
    connect(&m_connectTimer, &QTimer::timeout, this, [this] {
        // Reached but silent (a server that hangs, or one CLIENT PAUSE holds) is not unreachable.
        fail(ErrorKind::Timeout, (peer().isEmpty() ? RedisConnection::tr("No answer from %1 within %2: host unreachable, or not a Redis server")
                                                   : RedisConnection::tr("No answer from %1 within %2: it took the connection but did not answer "
                                                                         "(a server that hangs or is paused, or not a Redis server)"))
                                     .arg(endpoint(), seconds(m_options.connectTimeoutMs)));
    });
    m_deadlineTimer.setInterval(deadlineCheckMs);
    connect(&m_deadlineTimer, &QTimer::timeout, this, &RedisConnection::checkDeadlines);
    m_reconnectTimer.setSingleShot(true);
    connect(&m_reconnectTimer, &QTimer::timeout, this, &RedisConnection::startConnect);
    m_probeTimer.setSingleShot(true);
    connect(&m_probeTimer, &QTimer::timeout, this, &RedisConnection::startPlainTextProbe);
}

// Pending handlers are dropped unrun: their owners may be half-destroyed by now.
RedisConnection::~RedisConnection() = default;

QString RedisConnection::endpoint() const
{
    if (!m_options.shownAs.isEmpty())
        return m_options.shownAs;
    if (!m_options.socketPath.isEmpty())
        return m_options.socketPath;
    // An IPv6 address in brackets, or its last group would read as the port.
    const QString host = m_options.host.contains(QLatin1Char(':')) ? QLatin1Char('[') + m_options.host + QLatin1Char(']') : m_options.host;
    return host + QLatin1Char(':') + QString::number(m_options.port);
}

void RedisConnection::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void RedisConnection::retarget(const ConnectionOptions &options)
{
    const bool wasOpen = m_state != State::Disconnected;
    close();
    m_options = options;
    if (wasOpen)
        open();
}

void RedisConnection::open()
{
    if (m_state == State::Connecting || m_state == State::Ready)
        return;
    m_reconnectTimer.stop();
    m_attempt = 0;
    m_hasBeenReady = false;
    m_reportedError.clear();
    if (m_options.tls && m_options.socketPath.isEmpty()) {
        // Read once per open(), not per attempt: a file that cannot be used now will not be
        // usable on a retry either, and it must not be a new socket's silent default.
        QString why;
        const std::optional<QSslConfiguration> config = TlsFiles::configuration(m_options, &why);
        if (!config) {
            // Failed like any connection attempt, through the event loop, and never retried.
            const quint64 generation = ++m_generation;
            setState(State::Connecting);
            QMetaObject::invokeMethod(this, [this, generation, why] {
                if (generation == m_generation)
                    fail(ErrorKind::Tls, RedisConnection::tr("Cannot use TLS with %1: %2").arg(endpoint(), why));
            }, Qt::QueuedConnection);
            return;
        }
        m_tlsConfig = *config;
    }
    startConnect();
}

void RedisConnection::close()
{
    stopPlainTextProbe();
    m_reconnectTimer.stop();
    m_connectTimer.stop();
    m_deadlineTimer.stop();
    ++m_generation;
    abortSocket();
    m_attempt = 0;
    m_monitoring = false;
    m_stalled = false;
    setState(State::Disconnected);
    failAll("connection closed");
}

void RedisConnection::abortSocket()
{
    if (!m_socket)
        return;
    m_socket->disconnect(this);
    if (auto *tcp = qobject_cast<QAbstractSocket *>(m_socket))
        tcp->abort();
    else if (auto *local = qobject_cast<QLocalSocket *>(m_socket))
        local->abort();
    m_socket->deleteLater();
    m_socket = nullptr;
}

void RedisConnection::startConnect()
{
    ++m_generation;
    m_parser = std::make_unique<ReplyParser>();
    m_handshaking = false;
    if (!m_options.socketPath.isEmpty()) {
        startLocalConnect();
        return;
    }
    QTcpSocket *socket = nullptr;
    if (m_options.tls) {
        auto *ssl = new QSslSocket(this);
        ssl->setSslConfiguration(m_tlsConfig);
        // TCP is up and the ClientHello on its way: a TLS port answers it at once.
        connect(ssl, &QSslSocket::connected, this, [this] { m_probeTimer.start(std::min(plainTextProbeMs, m_options.connectTimeoutMs / 2)); });
        connect(ssl, &QSslSocket::encrypted, this, &RedisConnection::onConnected);
        connect(ssl, &QSslSocket::sslErrors, this, [this](const QList<QSslError> &errors) {
            QStringList texts;
            for (const QSslError &e : errors)
                texts << e.errorString();
            fail(ErrorKind::Tls, RedisConnection::tr("TLS handshake with %1 failed: %2").arg(endpoint(), texts.join(QStringLiteral("; "))));
        });
        socket = ssl;
    } else {
        socket = new QTcpSocket(this);
        connect(socket, &QTcpSocket::connected, this, &RedisConnection::onConnected);
    }
    m_socket = socket;
    connect(socket, &QTcpSocket::readyRead, this, &RedisConnection::onReadyRead);
    connect(socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
        const QString where = endpoint();
        switch (error) {
        case QAbstractSocket::ConnectionRefusedError:
            fail(ErrorKind::Refused, RedisConnection::tr("Connection refused by %1: is redis-server running there?").arg(where));
            break;
        case QAbstractSocket::HostNotFoundError:
            fail(ErrorKind::HostNotFound, RedisConnection::tr("Host not found: %1").arg(m_options.host));
            break;
        case QAbstractSocket::RemoteHostClosedError:
            // What the server said before it closed is its reason ("-ERR max number of clients
            // reached"): read first, and the handshake fails with it.
            if (const quint64 generation = m_generation; m_socket->bytesAvailable() > 0) {
                onReadyRead();
                if (generation != m_generation)
                    break;
            }
            if (m_state != State::Ready && !m_handshakeRefusal.isEmpty()) {
                fail(ErrorKind::Rejected, RedisConnection::tr("%1 refused the connection: %2").arg(where, m_handshakeRefusal));
                break;
            }
            // A TLS port drops a client that speaks plain RESP to it, without a word.
            fail(ErrorKind::ConnectionLost, m_state == State::Ready ? RedisConnection::tr("Connection to %1 lost: the server closed it").arg(where)
                                            : m_options.tls
                                                ? RedisConnection::tr("%1 closed the connection during the handshake").arg(where)
                                                : RedisConnection::tr("%1 closed the connection during the handshake: if it is a TLS port, "
                                                                 "connect with TLS (--tls, or rediss://)").arg(where));
            break;
        case QAbstractSocket::SocketTimeoutError:
            fail(ErrorKind::Timeout, RedisConnection::tr("Timed out talking to %1").arg(where));
            break;
        case QAbstractSocket::SslHandshakeFailedError:
        case QAbstractSocket::SslInternalError:
        case QAbstractSocket::SslInvalidUserDataError:
            fail(ErrorKind::Tls, RedisConnection::tr("TLS with %1 failed: %2").arg(where, m_socket->errorString()));
            break;
        default:
            fail(ErrorKind::Network, RedisConnection::tr("Network error with %1: %2").arg(where, m_socket->errorString()));
            break;
        }
    });
    connect(socket, &QTcpSocket::disconnected, this, [this] {
        fail(ErrorKind::ConnectionLost, RedisConnection::tr("Connection to %1 lost").arg(endpoint()));
    });

    setState(State::Connecting);
    m_connectTimer.start(m_options.connectTimeoutMs);
    if (auto *ssl = qobject_cast<QSslSocket *>(socket))
        ssl->connectToHostEncrypted(m_options.host, m_options.port, m_options.serverName);
    else
        socket->connectToHost(m_options.host, m_options.port);
}

void RedisConnection::startLocalConnect()
{
    auto *socket = new QLocalSocket(this);
    m_socket = socket;
    connect(socket, &QLocalSocket::connected, this, &RedisConnection::onConnected);
    connect(socket, &QLocalSocket::readyRead, this, &RedisConnection::onReadyRead);
    connect(socket, &QLocalSocket::errorOccurred, this, [this, socket](QLocalSocket::LocalSocketError error) {
        const QString where = endpoint();
        switch (error) {
        case QLocalSocket::ServerNotFoundError:
            fail(ErrorKind::HostNotFound, RedisConnection::tr("No Unix socket at %1: is redis-server running with unixsocket there?").arg(where));
            break;
        case QLocalSocket::ConnectionRefusedError:
            if (const QFileInfo file(socketPath()); file.isDir() || file.isFile())
                fail(ErrorKind::HostNotFound, RedisConnection::tr("%1 is a %2, not a Unix socket")
                                                  .arg(where, file.isDir() ? RedisConnection::tr("directory") : RedisConnection::tr("regular file")));
            else
                fail(ErrorKind::Refused, RedisConnection::tr("Connection refused by %1: is redis-server running there?").arg(where));
            break;
        case QLocalSocket::SocketAccessError:
            fail(ErrorKind::Rejected, RedisConnection::tr("Not allowed to use %1: %2 (see unixsocketperm)").arg(where, socket->errorString()));
            break;
        case QLocalSocket::PeerClosedError:
            if (m_state != State::Ready && !m_handshakeRefusal.isEmpty()) {
                fail(ErrorKind::Rejected, RedisConnection::tr("%1 refused the connection: %2").arg(where, m_handshakeRefusal));
                break;
            }
            fail(ErrorKind::ConnectionLost, m_state == State::Ready ? RedisConnection::tr("Connection to %1 lost: the server closed it").arg(where)
                                                                    : RedisConnection::tr("%1 closed the connection during the handshake").arg(where));
            break;
        case QLocalSocket::SocketTimeoutError:
            fail(ErrorKind::Timeout, RedisConnection::tr("Timed out talking to %1").arg(where));
            break;
        default:
            fail(ErrorKind::Network, RedisConnection::tr("Error with %1: %2").arg(where, socket->errorString()));
            break;
        }
    });
    connect(socket, &QLocalSocket::disconnected, this, [this] {
        fail(ErrorKind::ConnectionLost, RedisConnection::tr("Connection to %1 lost").arg(endpoint()));
    });

    setState(State::Connecting);
    m_connectTimer.start(m_options.connectTimeoutMs);
    // QLocalSocket reports a missing socket from inside connectToServer(); from the event
    // loop, a failure reaches whoever opened the connection as a TCP one does.
    QMetaObject::invokeMethod(socket, [socket, path = socketPath()] { socket->connectToServer(path); }, Qt::QueuedConnection);
}

// A relative path is the current directory's, as redis-cli takes it: QLocalSocket would look
// for it in the temporary directory, where another server's socket of that name may be.
QString RedisConnection::socketPath() const
{
    return QDir::current().absoluteFilePath(m_options.socketPath);
}

// Asks the port "PING" in plain RESP on a connection of its own. A Redis that talks plain
// text answers +PONG, or an error such as -NOAUTH or -DENIED, in plain text; a TLS port
// answers with a TLS alert or closes, and the handshake goes on waiting as before.
void RedisConnection::startPlainTextProbe()
{
    stopPlainTextProbe();
    m_probe = new QTcpSocket(this);
    connect(m_probe, &QTcpSocket::connected, this, [this] { m_probe->write("PING\r\n"); });
    connect(m_probe, &QTcpSocket::readyRead, this, [this] {
        const QByteArray answer = m_probe->peek(1);
        stopPlainTextProbe();
        if (answer == "+" || answer == "-") {
            fail(ErrorKind::Tls, RedisConnection::tr("%1 answered in plain text: it is not a TLS port; connect without TLS "
                                                "(no --tls, redis:// rather than rediss://)").arg(endpoint()));
        }
    });
    connect(m_probe, &QTcpSocket::errorOccurred, this, [this] { stopPlainTextProbe(); });
    m_probe->connectToHost(m_options.host, m_options.port);
}

void RedisConnection::stopPlainTextProbe()
{
    m_probeTimer.stop();
    if (!m_probe)
        return;
    m_probe->disconnect(this);
    m_probe->abort();
    m_probe->deleteLater();
    m_probe = nullptr;
}

void RedisConnection::onConnected()
{
    stopPlainTextProbe();
    if (auto *tcp = qobject_cast<QAbstractSocket *>(m_socket)) {
        tcp->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        tcp->setSocketOption(QAbstractSocket::KeepAliveOption, 1);
    }

    // One pipelined handshake; the trailing PING proves the server answers and lets us in.
    QList<RedisCommand> handshake;
    if (!m_options.password.isEmpty()) {
        if (m_options.user.isEmpty())
            handshake.append({"AUTH", m_options.password.toUtf8()});
        else
            handshake.append({"AUTH", m_options.user.toUtf8(), m_options.password.toUtf8()});
    }
    if (m_options.database != 0)
        handshake.append({"SELECT", QByteArray::number(m_options.database)});
    if (!m_options.clientName.isEmpty())
        handshake.append({"CLIENT", "SETNAME", m_options.clientName.toUtf8()});
    if (m_options.readOnlyReplica)
        handshake.append({"READONLY"});
    handshake.append({"PING"});

    m_handshaking = true;
    m_handshakeRefusal.clear();
    auto firstFailure = std::make_shared<RedisReply>();
    for (qsizetype i = 0; i < handshake.size(); ++i) {
        const bool last = i == handshake.size() - 1;
        const bool optional = handshake.at(i).value(0) == "CLIENT";
        Pending pending;
        pending.context = this;
        pending.hasContext = true;
        pending.encoded = CommandEncoder::encode(handshake.at(i));
        pending.handler = [this, firstFailure, last, optional](const RedisReply &reply) {
            if (reply.isError() && m_handshakeRefusal.isEmpty())
                m_handshakeRefusal = reply.errorMessage(); // the reason, should the server close now
            if (reply.isError() && !optional && !firstFailure->isError())
                *firstFailure = reply;
            if (last)
                onHandshakeDone(*firstFailure);
        };
        writeNow(std::move(pending), m_options.connectTimeoutMs);
    }
}

void RedisConnection::onHandshakeDone(const RedisReply &failure)
{
    m_handshaking = false;
    if (failure.isError()) {
        const QString server = failure.errorMessage();
        if (failure.errorIs("NOAUTH"))
            fail(ErrorKind::Authentication, RedisConnection::tr("%1 requires a password (NOAUTH): give it with -a or REDISCLI_AUTH, in its redis:// URL (a Redlock "
                                                                    "group's node), or in the connection dialog").arg(endpoint()));
        else if (failure.errorIs("WRONGPASS") || server.contains(QLatin1String("password"), Qt::CaseInsensitive)
                 || server.contains(QLatin1String("AUTH")))
            fail(ErrorKind::Authentication, RedisConnection::tr("Authentication failed on %1: %2").arg(endpoint(), server));
        else if (failure.errorIs("NOPERM"))
            fail(ErrorKind::Authentication, RedisConnection::tr("Permission denied on %1: %2").arg(endpoint(), server));
        else
            fail(ErrorKind::Rejected, RedisConnection::tr("%1 refused the connection setup: %2").arg(endpoint(), server));
        return;
    }
    m_connectTimer.stop();
    m_attempt = 0;
    m_hasBeenReady = true;
    m_reportedError.clear();
    m_reportedKind = ErrorKind::None;
    m_lastErrorKind = ErrorKind::None;
    m_lastError.clear();
    m_unconfirmed = 0; // what the last connection was waiting for will not come
    writeSubscriptions(); // first: nobody told of Ready may take them for confirmed
    setState(State::Ready);
    std::deque<Queued> queued;
    queued.swap(m_queued);
    for (Queued &q : queued)
        writeNow(std::move(q.pending), q.timeoutMs);
    Q_EMIT ready();
}

void RedisConnection::send(const RedisCommand &command, QObject *context, ReplyHandler handler, int timeoutMs)
{
    Pending pending;
    pending.context = context;
    pending.hasContext = context != nullptr;
    pending.handler = std::move(handler);
    pending.encoded = CommandEncoder::encode(command);
    write(std::move(pending), timeoutMs);
}

void RedisConnection::pipeline(const QList<RedisCommand> &commands, QObject *context, PipelineHandler handler)
{
    if (commands.isEmpty()) {
        QMetaObject::invokeMethod(this, [context = QPointer<QObject>(context), hasContext = context != nullptr, handler] {
            if (!hasContext || context)
                handler({});
        }, Qt::QueuedConnection);
        return;
    }
    // One buffer, and one entry waiting for all the replies: a batch of a thousand reads
    // costs one socket write, and no handler, guard or queue entry per command.
    QByteArray encoded;
    for (const RedisCommand &command : commands)
        CommandEncoder::append(encoded, command);
    pipeline(encoded, commands.size(), context, std::move(handler));
}

void RedisConnection::pipeline(const QByteArray &encoded, qsizetype count, QObject *context, PipelineHandler handler)
{
    if (count <= 0) {
        pipeline(QList<RedisCommand>(), context, std::move(handler));
        return;
    }
    auto collector = std::make_shared<Collector>();
    collector->replies.reserve(count);
    collector->context = context;
    collector->hasContext = context != nullptr;
    collector->handler = std::move(handler);
    Pending pending;
    pending.collector = std::move(collector);
    pending.count = count;
    pending.encoded = encoded;
    write(std::move(pending), m_options.commandTimeoutMs);
}

qsizetype RedisConnection::pendingCount() const
{
    qsizetype n = 0;
    for (const Pending &p : m_pending)
        n += p.count;
    for (const Queued &q : m_queued)
        n += q.pending.count;
    return n;
}

void RedisConnection::deliver(Pending &pending, RedisReply reply)
{
    --pending.count;
    if (Collector *c = pending.collector.get()) {
        c->replies.append(std::move(reply));
        if (pending.count == 0 && (!c->hasContext || c->context))
            c->handler(c->replies);
        return;
    }
    if (!pending.hasContext || pending.context)
        pending.handler(reply);
}

void RedisConnection::deliverAll(Pending &pending, const RedisReply &reply)
{
    while (pending.count > 0)
        deliver(pending, reply);
}

void RedisConnection::write(Pending pending, int timeoutMs)
{
    if (timeoutMs < 0)
        timeoutMs = m_options.commandTimeoutMs;
    if (m_state == State::Ready && !m_handshaking) {
        writeNow(std::move(pending), timeoutMs);
    } else if (m_state == State::Connecting) {
        m_queued.push_back({std::move(pending), timeoutMs});
    } else {
        // Fail later, never inside the caller's own call.
        const QByteArray reason = m_lastError.isEmpty() ? QByteArray("not connected") : m_lastError.toUtf8();
        QMetaObject::invokeMethod(this, [pending = std::move(pending), reason]() mutable {
            deliverAll(pending, RedisReply::connectionError(reason, RedisReply::Origin::NotSent));
        }, Qt::QueuedConnection);
    }
}

void RedisConnection::writeNow(Pending pending, int timeoutMs)
{
    pending.deadline = m_clock.elapsed() + timeoutMs;
    pending.timeoutMs = timeoutMs;
    const QByteArray bytes = pending.encoded;
    m_pending.push_back(std::move(pending)); // first: a write that fails at once fails it too
    m_socket->write(bytes);
    if (!m_deadlineTimer.isActive())
        m_deadlineTimer.start();
}

QString RedisConnection::peer() const
{
    if (const auto *tcp = qobject_cast<const QAbstractSocket *>(m_socket); tcp && tcp->state() == QAbstractSocket::ConnectedState) {
        QHostAddress address = tcp->peerAddress();
        bool v4 = false;
        if (const quint32 ip = address.toIPv4Address(&v4); v4)
            address = QHostAddress(ip);
        return address.protocol() == QAbstractSocket::IPv6Protocol ? QStringLiteral("[%1]:%2").arg(address.toString()).arg(tcp->peerPort())
                                                                   : QStringLiteral("%1:%2").arg(address.toString()).arg(tcp->peerPort());
    }
    if (const auto *local = qobject_cast<const QLocalSocket *>(m_socket); local && local->state() == QLocalSocket::ConnectedState)
        return QStringLiteral("unix:") + local->fullServerName();
    return {};
}

void RedisConnection::flush()
{
    if (!m_socket || m_state != State::Ready)
        return;
    if (auto *tcp = qobject_cast<QAbstractSocket *>(m_socket))
        tcp->flush();
    else if (auto *local = qobject_cast<QLocalSocket *>(m_socket))
        local->flush();
}

void RedisConnection::subscribe(const QList<QByteArray> &channels)
{
    for (const QByteArray &c : channels)
        if (!m_channels.contains(c))
            m_channels.append(c);
    if (isReady())
        writeSubscriptions();
}

void RedisConnection::psubscribe(const QList<QByteArray> &patterns)
{
    for (const QByteArray &p : patterns)
        if (!m_patterns.contains(p))
            m_patterns.append(p);
    if (isReady())
        writeSubscriptions();
}

void RedisConnection::monitor(QObject *context, ReplyHandler handler)
{
    send({"MONITOR"}, context, [this, handler](const RedisReply &reply) {
        m_monitoring = !reply.isError();
        handler(reply);
    });
}

// Subscription confirmations are not matched to handlers: dispatch() recognises them.
void RedisConnection::writeSubscriptions()
{
    // The server confirms each channel and pattern, even one this connection already has.
    if (!m_channels.isEmpty())
        m_socket->write(CommandEncoder::encode(RedisCommand{"SUBSCRIBE"} + m_channels));
    if (!m_patterns.isEmpty())
        m_socket->write(CommandEncoder::encode(RedisCommand{"PSUBSCRIBE"} + m_patterns));
    m_unconfirmed += m_channels.size() + m_patterns.size();
}

void RedisConnection::onReadyRead()
{
    const quint64 generation = m_generation;
    m_parser->feed(m_socket->readAll());
    while (generation == m_generation) {
        std::optional<RedisReply> reply = m_parser->next();
        if (!reply)
            break;
        dispatch(std::move(*reply));
    }
    if (generation == m_generation && m_parser->hasError())
        fail(ErrorKind::Protocol, RedisConnection::tr("%1 sent something that is not Redis protocol: %2").arg(endpoint(), m_parser->errorString()));
}

void RedisConnection::dispatch(RedisReply &&reply)
{
    if ((!m_channels.isEmpty() || !m_patterns.isEmpty()) && reply.isArray() && reply.size() >= 3) {
        const QByteArray &kind = reply.at(0).bytes();
        if (kind == "message") {
            Q_EMIT messageReceived(reply.at(1).bytes(), reply.at(2).bytes(), QByteArray());
            return;
        }
        if (kind == "pmessage" && reply.size() >= 4) {
            Q_EMIT messageReceived(reply.at(2).bytes(), reply.at(3).bytes(), reply.at(1).bytes());
            return;
        }
        if (kind == "subscribe" || kind == "psubscribe") {
            if (m_unconfirmed > 0 && --m_unconfirmed == 0)
                Q_EMIT subscribed();
            return;
        }
        if (kind == "unsubscribe" || kind == "punsubscribe")
            return;
    }
    // Nothing else is sent on a subscribed connection: an error is the subscription's.
    if ((!m_channels.isEmpty() || !m_patterns.isEmpty()) && reply.isError() && m_pending.empty()) {
        // One error answers a whole SUBSCRIBE: what it asked for stays unconfirmed.
        Q_EMIT subscriptionRefused(reply.errorMessage());
        return;
    }
    if (m_monitoring && m_pending.empty() && reply.type() == RedisReply::Type::Status) {
        Q_EMIT monitorLine(reply.bytes());
        return;
    }
    if (m_pending.empty())
        return; // an unsolicited reply; nothing waits for it
    if (Pending &front = m_pending.front(); front.count > 1) {
        deliver(front, std::move(reply)); // a pipeline's, not its last: no handler runs yet
        // Said once the queue is in order again: whoever hears it may close the connection.
        if (std::exchange(m_stalled, false))
            Q_EMIT answering();
        return;
    }
    // The last reply this entry waits for: off the queue before its handler runs, which may
    // send more or close the connection.
    Pending pending = std::move(m_pending.front());
    m_pending.pop_front();
    if (m_pending.empty())
        m_deadlineTimer.stop();
    if (std::exchange(m_stalled, false))
        Q_EMIT answering();
    deliver(pending, std::move(reply));
}

void RedisConnection::checkDeadlines()
{
    const qint64 now = m_clock.elapsed();
    if (!m_pending.empty() && !m_stalled) {
        // Replies come in order: the front command is the one waiting longest.
        const Pending &oldest = m_pending.front();
        const qint64 waiting = now - (oldest.deadline - oldest.timeoutMs);
        if (waiting >= m_stallThresholdMs) {
            m_stalled = true;
            Q_EMIT stalled(waiting);
        }
    }
    for (const Pending &p : m_pending) {
        if (p.deadline <= now) {
            // The command waited for: a pipeline's first one not answered yet.
            const QByteArray name = CommandEncoder::nameAt(p.encoded, p.collector ? p.collector->replies.size() : 0);
            // Replies arrive in order, so one lost answer desynchronises the whole stream.
            fail(ErrorKind::Timeout, RedisConnection::tr("%1 did not answer %2 within %3")
                                         .arg(endpoint(), QString::fromUtf8(name.left(32).toUpper()), seconds(p.timeoutMs)));
            return;
        }
    }
}

void RedisConnection::fail(ErrorKind kind, const QString &message)
{
    if (m_state == State::Disconnected || m_state == State::WaitingToReconnect)
        return;
    ++m_generation;
    m_connectTimer.stop();
    m_deadlineTimer.stop();
    stopPlainTextProbe();
    m_handshaking = false;
    abortSocket();
    m_lastErrorKind = kind;
    m_lastError = message;
    m_monitoring = false;
    m_stalled = false;

    // Retrying cannot fix a wrong password, a refused SELECT or a bad certificate: the first
    // connection gives up. One that has worked retries on (slowly, as it backs off), as a
    // password being rotated or a server restarted with other settings may come right.
    const bool refusal = kind == ErrorKind::Authentication || kind == ErrorKind::Rejected || kind == ErrorKind::Tls;
    const bool permanent = refusal && !m_hasBeenReady;
    // Report the first failure of a connection, not every failed retry after it; but a retry
    // refused for another reason (the password changed meanwhile) is news.
    const bool report = message != m_reportedError && (m_attempt == 0 || (refusal && kind != m_reportedKind));
    if (m_options.autoReconnect && !permanent) {
        const int exponent = std::min(m_attempt, 10);
        const int base = std::min(m_options.reconnectMaxMs, reconnectBaseMs << exponent);
        const int delay = int(base * (0.8 + 0.4 * QRandomGenerator::global()->generateDouble()));
        ++m_attempt;
        setState(State::WaitingToReconnect);
        m_reconnectTimer.start(delay);
        if (report) {
            m_reportedError = message;
            m_reportedKind = kind;
            Q_EMIT errorOccurred(kind, message);
        }
        Q_EMIT reconnectScheduled(m_attempt, delay);
    } else {
        setState(State::Disconnected);
        if (report) {
            m_reportedError = message;
            m_reportedKind = kind;
            Q_EMIT errorOccurred(kind, message);
        }
    }
    failAll(message.toUtf8());
}

void RedisConnection::failAll(const QByteArray &reason)
{
    std::deque<Pending> pending;
    pending.swap(m_pending);
    std::deque<Queued> queued;
    queued.swap(m_queued);
    // Written commands may have run before the connection went; queued ones never left.
    const RedisReply unanswered = RedisReply::connectionError(reason, RedisReply::Origin::Unanswered);
    const RedisReply notSent = RedisReply::connectionError(reason, RedisReply::Origin::NotSent);
    for (Pending &p : pending)
        deliverAll(p, unanswered);
    for (Queued &q : queued)
        deliverAll(q.pending, notSent);
}
