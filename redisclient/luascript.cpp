#include "luascript.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>

LuaScript::LuaScript(const QString &name, const QByteArray &source)
    : m_name(name)
    , m_source(source)
    , m_sha1(QCryptographicHash::hash(source, QCryptographicHash::Sha1).toHex())
{
}

LuaScript LuaScript::load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return LuaScript(path, QByteArray());
    return LuaScript(QFileInfo(path).completeBaseName(), file.readAll());
}

namespace {
RedisCommand scriptCommand(const QByteArray &verb, const QByteArray &body, const QList<QByteArray> &keys,
                           const QList<QByteArray> &args)
{
    RedisCommand command;
    command.reserve(3 + keys.size() + args.size());
    command << verb << body << QByteArray::number(keys.size());
    command << keys << args;
    return command;
}
} // namespace

RedisCommand LuaScript::evalShaCommand(const QList<QByteArray> &keys, const QList<QByteArray> &args) const
{
    return scriptCommand("EVALSHA", m_sha1, keys, args);
}

RedisCommand LuaScript::evalCommand(const QList<QByteArray> &keys, const QList<QByteArray> &args) const
{
    return scriptCommand("EVAL", m_source, keys, args);
}

void LuaScript::run(RedisConnection *connection, const QList<QByteArray> &keys, const QList<QByteArray> &args,
                    QObject *context, RedisConnection::ReplyHandler handler) const
{
    if (!isValid()) {
        const QByteArray message = "ERR LockScope could not load the Lua script " + m_name.toUtf8();
        QMetaObject::invokeMethod(connection, [handler, message] { handler(RedisReply::connectionError(message, RedisReply::Origin::NotSent)); },
                                  Qt::QueuedConnection);
        return;
    }
    // Copies, not references: the reply may arrive after this LuaScript is gone.
    const RedisCommand fallback = evalCommand(keys, args);
    QPointer<RedisConnection> conn(connection);
    QPointer<QObject> owner(context);
    connection->send(evalShaCommand(keys, args), context,
                     [conn, owner, fallback, handler](const RedisReply &reply) {
                         if (reply.errorIs("NOSCRIPT") && conn)
                             conn->send(fallback, owner.data(), handler);
                         else
                             handler(reply);
                     });
}
