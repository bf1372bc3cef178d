#pragma once

#include <QByteArray>
#include <QList>

// A Redis command as its arguments, each one binary-safe bytes.
using RedisCommand = QList<QByteArray>;

// RESP encoding of commands through hiredis's redisFormatCommandArgv.
class CommandEncoder final
{
public:
    static QByteArray encode(const RedisCommand &command);
    // Appends the encoding to out, so a pipeline becomes one buffer and one socket write.
    static void append(QByteArray &out, const RedisCommand &command);
};
