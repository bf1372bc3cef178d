#include "commandencoder.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace {
// Writes "<prefix><n>\r\n", as RESP frames counts and lengths; returns the end.
char *writeHeader(char *at, char prefix, qsizetype n)
{
    *at++ = prefix;
    at = std::to_chars(at, at + 20, qint64(n)).ptr;
    *at++ = '\r';
    *at++ = '\n';
    return at;
}
} // namespace

QByteArray CommandEncoder::encode(const RedisCommand &command)
{
    QByteArray out;
    append(out, command);
    return out;
}

// Written here rather than by hiredis's redisFormatCommandArgv, whose sprintf-based
// formatting cost more than the rest of a pipelined read's client work; the bytes go
// straight into room made once per command.
void CommandEncoder::append(QByteArray &out, const RedisCommand &command)
{
    constexpr qsizetype headerRoom = 24; // a prefix, 20 digits, CR LF
    const qsizetype start = out.size();
    qsizetype room = headerRoom;
    for (const QByteArray &arg : command)
        room += headerRoom + arg.size() + 2;
    // Grown geometrically: a pipeline appends thousands of commands to one buffer.
    if (out.capacity() < start + room)
        out.reserve(std::max(start + room, 2 * out.capacity()));
    out.resize(start + room);
    char *const begin = out.data();
    char *at = writeHeader(begin + start, '*', command.size());
    for (const QByteArray &arg : command) {
        at = writeHeader(at, '$', arg.size());
        if (!arg.isEmpty())
            std::memcpy(at, arg.constData(), size_t(arg.size()));
        at += arg.size();
        *at++ = '\r';
        *at++ = '\n';
    }
    out.resize(at - begin);
}
