#include "commandencoder.h"

#include <hiredis/hiredis.h>

#include <vector>

QByteArray CommandEncoder::encode(const RedisCommand &command)
{
    QByteArray out;
    append(out, command);
    return out;
}

void CommandEncoder::append(QByteArray &out, const RedisCommand &command)
{
    std::vector<const char *> argv;
    std::vector<size_t> argvlen;
    argv.reserve(command.size());
    argvlen.reserve(command.size());
    for (const QByteArray &arg : command) {
        argv.push_back(arg.constData());
        argvlen.push_back(size_t(arg.size()));
    }
    char *encoded = nullptr;
    const int length = redisFormatCommandArgv(&encoded, int(argv.size()), argv.data(), argvlen.data());
    if (length > 0)
        out.append(encoded, length);
    redisFreeCommand(encoded);
}
