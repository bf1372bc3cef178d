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
template<typename Args>
static void appendArgs(QByteArray &out, const Args &command)
{
    constexpr qsizetype headerRoom = 24; // a prefix, 20 digits, CR LF
    const qsizetype start = out.size();
    qsizetype room = headerRoom;
    for (const auto &arg : command)
        room += headerRoom + arg.size() + 2;
    // Grown geometrically: a pipeline appends thousands of commands to one buffer.
    if (out.capacity() < start + room)
        out.reserve(std::max(start + room, 2 * out.capacity()));
    out.resize(start + room);
    char *const begin = out.data();
    char *at = writeHeader(begin + start, '*', qsizetype(command.size()));
    for (const auto &arg : command) {
        at = writeHeader(at, '$', arg.size());
        if (!arg.isEmpty())
            std::memcpy(at, arg.data(), size_t(arg.size()));
        at += arg.size();
        *at++ = '\r';
        *at++ = '\n';
    }
    out.resize(at - begin);
}

void CommandEncoder::append(QByteArray &out, const RedisCommand &command)
{
    appendArgs(out, command);
}

void CommandEncoder::append(QByteArray &out, std::initializer_list<QByteArrayView> command)
{
    appendArgs(out, command);
}

namespace {
// Reads "<prefix><n>\r\n" at at; returns n, or -1 when the bytes are not that.
qsizetype readHeader(const QByteArray &bytes, qsizetype &at, char prefix)
{
    if (at >= bytes.size() || bytes.at(at) != prefix)
        return -1;
    const qsizetype end = bytes.indexOf("\r\n", at);
    if (end < 0)
        return -1;
    bool ok = false;
    const qsizetype n = bytes.mid(at + 1, end - at - 1).toLongLong(&ok);
    at = end + 2;
    return ok ? n : -1;
}
} // namespace

QByteArray CommandEncoder::nameAt(const QByteArray &bytes, qsizetype index)
{
    qsizetype at = 0;
    for (qsizetype command = 0; command <= index; ++command) {
        const qsizetype args = readHeader(bytes, at, '*');
        if (args < 0)
            return {};
        QList<QByteArray> words;
        for (qsizetype a = 0; a < args; ++a) {
            const qsizetype length = readHeader(bytes, at, '$');
            if (length < 0 || at + length + 2 > bytes.size())
                return {};
            if (command == index && a < 2)
                words << bytes.mid(at, length);
            at += length + 2;
        }
        if (command == index) {
            static const QByteArrayView containers[] = {"CLIENT", "CLUSTER", "CONFIG", "SENTINEL", "SCRIPT",
                                                        "OBJECT", "MEMORY", "XINFO", "ACL", "FUNCTION", "PUBSUB"};
            const bool container = words.size() > 1 && std::any_of(std::begin(containers), std::end(containers), [&](QByteArrayView c) {
                return words.first().compare(c, Qt::CaseInsensitive) == 0;
            });
            return container ? words.at(0) + ' ' + words.at(1) : words.value(0);
        }
    }
    return {};
}
