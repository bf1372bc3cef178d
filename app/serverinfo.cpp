#include "serverinfo.h"

#include <QList>

QString ServerInfo::runId(const QByteArray &infoServer)
{
    for (const QByteArray &line : infoServer.split('\n')) {
        if (line.startsWith("run_id:"))
            return QString::fromLatin1(line.mid(7).trimmed());
    }
    return {};
}
