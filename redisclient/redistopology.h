#pragma once

#include "commandencoder.h"
#include "connectionoptions.h"
#include "redisconnection.h"

#include <QByteArrayView>
#include <QHash>
#include <QObject>

#include <functional>

class ClusterRedirect;
class LuaScript;

// The servers behind one deployment, as the services that read and operate locks need them:
// every master (to scan and to listen on), and the owner of a key (to read and change it).
// Services do not branch on the kind: a standalone server is a topology of one master, a
// Redis Cluster one of a master per shard, Sentinel one master that moves.
//
// A master's connection is a stable object for as long as its shard exists: when a failover
// promotes another node, the same connection is pointed at it (failover() says so), so
// whoever holds it keeps holding the right one. Commands sent through send() and runScript()
// go to the key's owner and follow MOVED and ASK redirects.
//
// Every connection a topology makes goes through its transport, which may rewrite where it
// really connects (an SSH tunnel's local port), so all of a session's connections share it.
class RedisTopology : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RedisTopology)

public:
    enum class Kind { Standalone, Cluster, Sentinel };
    Q_ENUM(Kind)
    // Degraded: some masters cannot be reached; Down: none can.
    enum class State { Connecting, Ready, Degraded, Down, Failed };
    Q_ENUM(State)

    // A reply and the node that gave it, after any redirect (nullptr when no node was asked).
    using AnsweredHandler = std::function<void(const RedisReply &reply, const RedisConnection *answeredBy)>;
    // Where a connection to target really goes.
    using Transport = std::function<ConnectionOptions(const ConnectionOptions &target)>;

    explicit RedisTopology(const ConnectionOptions &options, QObject *parent = nullptr);
    ~RedisTopology() override;

    // Set before open().
    void setTransport(Transport transport) { m_transport = std::move(transport); }

    virtual Kind kind() const = 0;
    virtual void open() = 0;
    virtual void close() = 0;
    // The masters serving keys now, each a stable connection (see above).
    virtual QList<RedisConnection *> masters() const = 0;
    // The master that owns key now.
    virtual RedisConnection *nodeFor(QByteArrayView key) const = 0;
    // A node answered MOVED or ASK: where to send the command now (nullptr when nowhere).
    // MOVED updates the slot map; ASK is for the one command, sent after ASKING.
    virtual RedisConnection *follow(const ClusterRedirect &redirect, RedisConnection *from);
    // One line: "standalone", "cluster: 3 masters, 3 replicas", "sentinel: mymaster at …".
    virtual QString summary() const = 0;
    // What the user should know about what they see here, in one sentence (a standalone
    // replica: its data may lag); empty when nothing.
    virtual QString caveat() const { return {}; }
    // Connections to the replicas of a master, made on first use (read-only use).
    virtual QList<RedisConnection *> replicasOf(RedisConnection *master);

    State state() const { return m_state; }
    bool isReady() const { return m_state == State::Ready || m_state == State::Degraded; }
    QString lastError() const { return m_lastError; }
    // The options of the server the user named (the seed, the first sentinel).
    const ConnectionOptions &options() const { return m_options; }
    // host:port of the server a connection is on now, whatever route the transport takes.
    QString nodeName(const RedisConnection *connection) const;
    // Whether keys may go to Redis in one command: one hash slot in a cluster.
    virtual bool sameSlot(const QList<QByteArray> &keys) const;
    // On a cluster: the master serving each of the 16384 slots now (nullptr for none);
    // empty elsewhere. A scan compares it before and after to find slots that moved.
    virtual QList<const RedisConnection *> slotOwners() const;

    // Sends command to the owner of key, following redirects (a few hops at most).
    void send(const QByteArray &key, const RedisCommand &command, QObject *context, RedisConnection::ReplyHandler handler);
    void send(const QByteArray &key, const RedisCommand &command, QObject *context, AnsweredHandler handler);
    // Runs script on the owner of its keys (by SHA, with the EVAL fallback), following
    // redirects. Keys of several slots are refused with an error reply, before anything goes.
    void runScript(const LuaScript &script, const QList<QByteArray> &keys, const QList<QByteArray> &args, QObject *context,
                   RedisConnection::ReplyHandler handler);
    void runScript(const LuaScript &script, const QList<QByteArray> &keys, const QList<QByteArray> &args, QObject *context,
                   AnsweredHandler handler);

Q_SIGNALS:
    // The masters are known and reachable; again after each recovery.
    void ready();
    void stateChanged(RedisTopology::State state);
    // The first failure of a connection attempt, or a master lost.
    void errorOccurred(const QString &message);
    void reconnectScheduled(int attempt, int delayMs);
    // A master joined or left masters() (a shard added or removed).
    void mastersChanged();
    // master's shard is served by another node now: from and to are host:port.
    void failover(RedisConnection *master, const QString &from, const QString &to);
    // A node redirected a command for slot (a resharding under way).
    void redirected(quint16 slot);

protected:
    // A connection to target through the transport, owned by the topology.
    RedisConnection *makeConnection(const ConnectionOptions &target);
    // Points connection at target (through the transport).
    void retarget(RedisConnection *connection, const ConnectionOptions &target);
    ConnectionOptions optionsFor(const QString &host, quint16 port) const;
    void setState(State state);
    void setLastError(const QString &message) { m_lastError = message; }

private:
    void sendTo(RedisConnection *node, const RedisCommand &command, bool asking, int hops, QObject *context,
                AnsweredHandler handler);

    ConnectionOptions m_options;
    Transport m_transport;
    QHash<const RedisConnection *, QString> m_names;
    State m_state = State::Connecting;
    QString m_lastError;
};
