#pragma once

#include <QByteArray>
#include <QList>

#include <optional>

// One line of MONITOR output, e.g.
//     1700000000.123456 [0 127.0.0.1:50122] "SET" "lock:a" "t" "NX" "PX" "30000"
// with the arguments unquoted into bytes (Redis writes them as sdscatrepr does: \" \\ \n \r
// \t \a \b and \xHH). Commands a script runs show "lua" as their client.
struct MonitorLine
{
    qint64 timeUs = 0; // server time, microseconds since the epoch
    int database = 0;
    QByteArray client;
    QList<QByteArray> args;

    bool fromScript() const { return client == "lua"; }
    QByteArray command() const { return args.isEmpty() ? QByteArray() : args.first().toLower(); }

    static std::optional<MonitorLine> parse(const QByteArray &line);
};
