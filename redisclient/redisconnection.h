#pragma once

#include "commandencoder.h"
#include "connectionoptions.h"
#include "redisreply.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QSslConfiguration>
#include <QTimer>

#include <deque>
#include <functional>
#include <memory>

class QIODevice;
class QTcpSocket;
class ReplyParser;

// One connection to one Redis server, living on the Qt event loop: commands are written at
// once (pipelining) and answered in order through a FIFO of handlers. It owns the connect
// deadline, per-command deadlines, AUTH/SELECT, TLS, reconnects with backoff and pub/sub.
// Errors reach callers as error replies and reach the UI once, through errorOccurred().
class RedisConnection final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RedisConnection)

public:
    enum class State { Disconnected, Connecting, Ready, WaitingToReconnect };
    Q_ENUM(State)
    enum class ErrorKind { None, Refused, HostNotFound, Timeout, Authentication, Rejected, ConnectionLost, Protocol, Tls, Network };
    Q_ENUM(ErrorKind)

    using ReplyHandler = std::function<void(const RedisReply &)>;
    using PipelineHandler = std::function<void(const QList<RedisReply> &)>;

    explicit RedisConnection(const ConnectionOptions &options, QObject *parent = nullptr);
    ~RedisConnection() override;

    const ConnectionOptions &options() const { return m_options; }
    State state() const { return m_state; }
    bool isReady() const { return m_state == State::Ready; }
    ErrorKind lastErrorKind() const { return m_lastErrorKind; }
    QString lastError() const { return m_lastError; }
    // Commands written or queued whose replies have not come yet.
    qsizetype pendingCount() const;
    // Where the connected socket really goes: "ip:port" (an IPv4-mapped address as IPv4) or
    // "unix:path"; empty when not connected. Two connections with the same peer reach the
    // same server, whatever host names led there.
    QString peer() const;

    void open();
    void close();
    // Points the connection at another server (a failover's new master) and reconnects
    // there if it was open: whoever holds this connection keeps holding the right one.
    void retarget(const ConnectionOptions &options);

    // Runs handler with the reply, unless context has been destroyed by then. Commands sent
    // while connecting go out once the handshake is done; without a connection they fail
    // (asynchronously) with an error reply. timeoutMs < 0 uses the connection's default.
    void send(const RedisCommand &command, QObject *context, ReplyHandler handler, int timeoutMs = -1);
    // Sends the commands back to back (the socket coalesces them into one write);
    // handler gets every reply, in order.
    void pipeline(const QList<RedisCommand> &commands, QObject *context, PipelineHandler handler);
    // The same for count commands already encoded back to back (CommandEncoder::append).
    void pipeline(const QByteArray &encoded, qsizetype count, QObject *context, PipelineHandler handler);

    // Hands written commands to the socket now rather than when control returns to the event
    // loop: lets Redis work on the next request while the caller processes this reply.
    void flush();

    // A command that has waited this long for its reply means the server has stopped
    // answering for now (DEBUG SLEEP, CLIENT PAUSE, a long script, a dead link), well before
    // its deadline gives up on the connection.
    void setStallThresholdMs(int ms) { m_stallThresholdMs = ms; }
    bool isStalled() const { return m_stalled; }

    // Turns this connection into a subscriber. Subscriptions survive reconnects.
    void subscribe(const QList<QByteArray> &channels);
    void psubscribe(const QList<QByteArray> &patterns);
    // Every channel and pattern asked for is confirmed by the server on this connection.
    bool isSubscribed() const { return isReady() && m_unconfirmed == 0 && (!m_channels.isEmpty() || !m_patterns.isEmpty()); }
    // Turns this connection into a MONITOR stream: after MONITOR's +OK (given to handler),
    // every command the server runs arrives through monitorLine(). Not renewed on reconnect:
    // MONITOR is costly on the server, so a caller must ask again on purpose.
    void monitor(QObject *context, ReplyHandler handler);
    bool isMonitoring() const { return m_monitoring; }

Q_SIGNALS:
    void stateChanged(RedisConnection::State state);
    void ready();
    void errorOccurred(RedisConnection::ErrorKind kind, const QString &message);
    void reconnectScheduled(int attempt, int delayMs);
    // The oldest command has waited stallThresholdMs; answering() follows the next reply.
    void stalled(qint64 waitingMs);
    void answering();
    void messageReceived(const QByteArray &channel, const QByteArray &payload, const QByteArray &pattern);
    // The server confirmed every subscription asked for (after each connect: ready() comes
    // first, when they are only sent), or refused one (NOPERM: an ACL without the channels).
    void subscribed();
    void subscriptionRefused(const QString &message);
    void monitorLine(const QByteArray &line);

private:
    // A pipeline's replies, gathered for its one handler.
    struct Collector {
        QList<RedisReply> replies;
        QPointer<QObject> context;
        bool hasContext = false;
        PipelineHandler handler;
    };
    // What waits for replies: one command, or a whole pipeline (count replies, in order), so
    // a batch of a thousand reads is one entry rather than a thousand.
    struct Pending {
        QPointer<QObject> context;
        bool hasContext = false;
        ReplyHandler handler;
        std::shared_ptr<Collector> collector; // set instead of handler for a pipeline
        qsizetype count = 1;                  // replies still owed
        qint64 deadline = 0;
        int timeoutMs = 0;
        QByteArray encoded; // as written (shared, not copied): names a command that times out
    };
    struct Queued {
        Pending pending;
        int timeoutMs = 0;
    };

    void startConnect();
    void startPlainTextProbe();
    void stopPlainTextProbe();
    void onConnected();
    void onHandshakeDone(const RedisReply &failure);
    void onReadyRead();
    void dispatch(RedisReply &&reply);
    // Gives pending its next reply; a pipeline's handler runs with the last one.
    static void deliver(Pending &pending, RedisReply reply);
    // Every reply pending still owes, as this one.
    static void deliverAll(Pending &pending, const RedisReply &reply);
    void checkDeadlines();
    void fail(ErrorKind kind, const QString &message);
    void failAll(const QByteArray &reason);
    void setState(State state);
    void write(Pending pending, int timeoutMs);
    void writeNow(Pending pending, int timeoutMs);
    void writeSubscriptions();
    QString endpoint() const;

    ConnectionOptions m_options;
    State m_state = State::Disconnected;
    void startLocalConnect();
    QString socketPath() const;
    void abortSocket();

    // A QTcpSocket, a QSslSocket or (a Unix socket) a QLocalSocket: the protocol only
    // reads and writes bytes.
    QIODevice *m_socket = nullptr;
    std::unique_ptr<ReplyParser> m_parser;
    std::deque<Pending> m_pending;
    std::deque<Queued> m_queued;
    QTimer m_connectTimer;
    QTimer m_deadlineTimer;
    QTimer m_reconnectTimer;
    // TLS: the configuration read from the options' files when the connection is opened, and
    // the side connection that asks a port slow to answer our ClientHello whether it talks
    // plain RESP instead.
    QSslConfiguration m_tlsConfig;
    QTimer m_probeTimer;
    QTcpSocket *m_probe = nullptr;
    QElapsedTimer m_clock;
    quint64 m_generation = 0;
    int m_attempt = 0;
    bool m_handshaking = false;
    ErrorKind m_lastErrorKind = ErrorKind::None;
    QString m_lastError;
    QString m_reportedError;
    QString m_handshakeRefusal; // the first error the handshake got
    ErrorKind m_reportedKind = ErrorKind::None;
    bool m_hasBeenReady = false; // once: a refusal later may be temporary
    QList<QByteArray> m_channels;
    QList<QByteArray> m_patterns;
    qsizetype m_unconfirmed = 0; // subscriptions sent on this connection and not yet confirmed
    bool m_monitoring = false;
    int m_stallThresholdMs = 2000;
    bool m_stalled = false;
};
