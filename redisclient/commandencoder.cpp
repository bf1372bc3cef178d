#include "commandencoder.h"

#include <algorithm>
#include <charconv>

namespace {
// "<prefix><n>\r\n", as RESP frames counts and lengths.
void appendHeader(QByteArray &out, char prefix, qsizetype n)
{
    char text[24];
    text[0] = prefix;
    char *end = std::to_chars(text + 1, text + sizeof text - 2, qint64(n)).ptr;
    *end++ = '\r';
    *end++ = '\n';
    out.append(text, end - text);
}
} // namespace

QByteArray CommandEncoder::encode(const RedisCommand &command)
{
    QByteArray out;
    append(out, command);
    return out;
}

// Written here rather than by hiredis's redisFormatCommandArgv, whose sprintf-based
// formatting cost more than the rest of a pipelined read's client work.
void CommandEncoder::append(QByteArray &out, const RedisCommand &command)
{
    qsizetype size = out.size() + 16;
    for (const QByteArray &arg : command)
        size += arg.size() + 16;
    // Grown geometrically: a pipeline appends thousands of commands to one buffer.
    if (out.capacity() < size)
        out.reserve(std::max(size, 2 * out.capacity()));
    appendHeader(out, '*', command.size());
    for (const QByteArray &arg : command) {
        appendHeader(out, '$', arg.size());
        out.append(arg);
        out.append("\r\n", 2);
    }
}
