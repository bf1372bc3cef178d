#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <initializer_list>

// A Redis command as its arguments, each one binary-safe bytes.
using RedisCommand = QList<QByteArray>;

// RESP encoding of commands through hiredis's redisFormatCommandArgv.
class CommandEncoder final
{
public:
    static QByteArray encode(const RedisCommand &command);
    // Appends the encoding to out, so a pipeline becomes one buffer and one socket write.
    static void append(QByteArray &out, const RedisCommand &command);
    // The same from views of the arguments: a pipeline of a thousand reads builds no list per
    // command.
    static void append(QByteArray &out, std::initializer_list<QByteArrayView> command);
    // The name of the index-th command encoded in bytes (its first word, and for a container
    // command such as CLIENT its second), or empty: says which command went unanswered.
    static QByteArray nameAt(const QByteArray &bytes, qsizetype index);
};
