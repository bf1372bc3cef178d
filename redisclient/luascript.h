#pragma once

#include "redisconnection.h"

#include <QByteArray>
#include <QString>

// A Lua script run by SHA (EVALSHA), falling back to EVAL when the server answers NOSCRIPT
// (after a restart or SCRIPT FLUSH); the EVAL caches it again for the next call.
class LuaScript final
{
public:
    LuaScript() = default;
    LuaScript(const QString &name, const QByteArray &source);
    // Loads a script file, typically from Qt resources (":/lua/…"). A missing file gives an
    // invalid script whose runs fail with a clear error.
    static LuaScript load(const QString &path);

    bool isValid() const { return !m_source.isEmpty(); }
    const QString &name() const { return m_name; }
    const QByteArray &source() const { return m_source; }
    const QByteArray &sha1() const { return m_sha1; }

    void run(RedisConnection *connection, const QList<QByteArray> &keys, const QList<QByteArray> &args,
             QObject *context, RedisConnection::ReplyHandler handler) const;

    RedisCommand evalShaCommand(const QList<QByteArray> &keys, const QList<QByteArray> &args) const;
    RedisCommand evalCommand(const QList<QByteArray> &keys, const QList<QByteArray> &args) const;

private:
    QString m_name;
    QByteArray m_source;
    QByteArray m_sha1;
};
