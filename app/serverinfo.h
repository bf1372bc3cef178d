#pragma once

#include <QByteArray>
#include <QString>

// What INFO server says of a Redis server that LockScope relies on.
class ServerInfo
{
public:
    // run_id: random per server process. Another one on the same address is a restart; the
    // same one behind two addresses is one server.
    static QString runId(const QByteArray &infoServer);
};
