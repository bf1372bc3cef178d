#include "redistopology.h"

#include "clusterredirect.h"
#include "clusterslot.h"
#include "luascript.h"

#include <QPointer>

namespace {
// A command redirected more often than this is given up: the slot map is changing faster
// than it can be followed, and the caller hears so.
constexpr int maxHops = 4;

QString endpointOf(const ConnectionOptions &o)
{
    return (o.host.contains(QLatin1Char(':')) ? QLatin1Char('[') + o.host + QLatin1Char(']') : o.host) + QLatin1Char(':')
           + QString::number(o.port);
}

// A server reached on a Unix socket is named by its path (host:port would name another
// server); one through a tunnel by the address it was given.
QString nameOf(const ConnectionOptions &target, const ConnectionOptions &routed)
{
    return routed.socketPath.isEmpty() ? endpointOf(target) : routed.socketPath;
}

void failLater(QObject *queue, QObject *context, RedisTopology::AnsweredHandler handler, const QByteArray &message)
{
    const QPointer<QObject> owner(context);
    const bool hasOwner = context != nullptr;
    QMetaObject::invokeMethod(queue, [owner, hasOwner, handler, message] {
        if (!hasOwner || owner)
            handler(RedisReply::connectionError(message, RedisReply::Origin::NotSent), nullptr);
    }, Qt::QueuedConnection);
}

RedisTopology::AnsweredHandler ignoringNode(RedisConnection::ReplyHandler handler)
{
    return [handler = std::move(handler)](const RedisReply &reply, const RedisConnection *) { handler(reply); };
}
} // namespace

RedisTopology::RedisTopology(const ConnectionOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{
}

RedisTopology::~RedisTopology() = default;

RedisConnection *RedisTopology::follow(const ClusterRedirect &, RedisConnection *)
{
    return nullptr;
}

QList<RedisConnection *> RedisTopology::replicasOf(RedisConnection *)
{
    return {};
}

QString RedisTopology::nodeName(const RedisConnection *connection) const
{
    return m_names.value(connection);
}

bool RedisTopology::sameSlot(const QList<QByteArray> &) const
{
    return true;
}

QList<const RedisConnection *> RedisTopology::slotOwners() const
{
    return {};
}

ConnectionOptions RedisTopology::optionsFor(const QString &host, quint16 port) const
{
    ConnectionOptions o = m_options;
    o.host = host;
    o.port = port;
    return o;
}

RedisConnection *RedisTopology::makeConnection(const ConnectionOptions &target)
{
    const ConnectionOptions routed = m_transport ? m_transport(target) : target;
    auto *connection = new RedisConnection(routed, this);
    m_names.insert(connection, nameOf(target, routed));
    return connection;
}

void RedisTopology::retarget(RedisConnection *connection, const ConnectionOptions &target)
{
    const ConnectionOptions routed = m_transport ? m_transport(target) : target;
    m_names.insert(connection, nameOf(target, routed));
    connection->retarget(routed);
}

void RedisTopology::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void RedisTopology::send(const QByteArray &key, const RedisCommand &command, QObject *context, RedisConnection::ReplyHandler handler)
{
    send(key, command, context, ignoringNode(std::move(handler)));
}

void RedisTopology::send(const QByteArray &key, const RedisCommand &command, QObject *context, AnsweredHandler handler)
{
    sendTo(nodeFor(key), command, false, 0, context, std::move(handler));
}

void RedisTopology::runScript(const LuaScript &script, const QList<QByteArray> &keys, const QList<QByteArray> &args, QObject *context,
                              RedisConnection::ReplyHandler handler)
{
    runScript(script, keys, args, context, ignoringNode(std::move(handler)));
}

void RedisTopology::runScript(const LuaScript &script, const QList<QByteArray> &keys, const QList<QByteArray> &args, QObject *context,
                              AnsweredHandler handler)
{
    if (!script.isValid()) {
        failLater(this, context, handler, "ERR LockScope could not load the Lua script " + script.name().toUtf8());
        return;
    }
    if (!sameSlot(keys)) {
        // Redis would refuse it with CROSSSLOT anyway; saying so first names the keys.
        QByteArray names;
        for (const QByteArray &k : keys)
            names += (names.isEmpty() ? "" : ", ") + k + " (slot " + QByteArray::number(ClusterSlot::forKey(k)) + ')';
        failLater(this, context, handler,
                  "CROSSSLOT LockScope will not run " + script.name().toUtf8() + ": its keys are in different hash slots of the cluster: "
                      + names + ". A script may touch the keys of one slot only; the library's keys should share a {hash tag}");
        return;
    }
    const QByteArray key = keys.value(0);
    const RedisCommand fallback = script.evalCommand(keys, args);
    const QPointer<RedisTopology> self(this);
    const QPointer<QObject> owner(context);
    sendTo(nodeFor(key), script.evalShaCommand(keys, args), false, 0, context,
           [self, owner, key, fallback, handler](const RedisReply &reply, const RedisConnection *answeredBy) {
               // After a restart, a failover or SCRIPT FLUSH: the source once, which caches it again.
               if (reply.errorIs("NOSCRIPT") && self)
                   self->sendTo(self->nodeFor(key), fallback, false, 0, owner.data(), handler);
               else
                   handler(reply, answeredBy);
           });
}

void RedisTopology::sendTo(RedisConnection *node, const RedisCommand &command, bool asking, int hops, QObject *context,
                           AnsweredHandler handler)
{
    if (!node) {
        failLater(this, context, handler, "CLUSTERDOWN no master serves this key now");
        return;
    }
    const QPointer<RedisTopology> self(this);
    const QPointer<QObject> owner(context);
    auto onReply = [self, owner, node, command, hops, handler](const RedisReply &reply) {
        const std::optional<ClusterRedirect> redirect = self ? ClusterRedirect::fromReply(reply) : std::nullopt;
        if (redirect && hops < maxHops) {
            if (RedisConnection *target = self->follow(*redirect, node)) {
                self->sendTo(target, command, redirect->kind() == ClusterRedirect::Kind::Ask, hops + 1, owner.data(), handler);
                return;
            }
        }
        handler(reply, node);
    };
    if (!asking) {
        node->send(command, context, onReply);
        return;
    }
    // ASKING lets the importing node serve the very next command only: both go together.
    node->pipeline({{"ASKING"}, command}, context, [onReply](const QList<RedisReply> &replies) { onReply(replies.value(1)); });
}
