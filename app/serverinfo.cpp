#include "serverinfo.h"

#include "redisconnection.h"
#include "redisreply.h"

#include <QHash>
#include <QList>

namespace {
const QLatin1String runIdPrefix("run_id ");
}

QString ServerInfo::runId(const QByteArray &infoServer)
{
    for (const QByteArray &line : infoServer.split('\n')) {
        if (line.startsWith("run_id:"))
            return QString::fromLatin1(line.mid(7).trimmed());
    }
    return {};
}

QStringList ServerInfo::identities(const RedisConnection &connection, const RedisReply &info)
{
    QStringList out;
    if (const QString id = info.isString() ? runId(info.bytes()) : QString(); !id.isEmpty())
        out << runIdPrefix + id;
    if (const QString peer = connection.peer(); !peer.isEmpty())
        out << QStringLiteral("address ") + peer;
    return out;
}

QString ServerInfo::shown(const QString &identity)
{
    return identity.startsWith(runIdPrefix) ? identity.left(runIdPrefix.size() + 8) : identity;
}

QStringList ServerInfo::runIds(const QStringList &identities)
{
    QStringList out;
    for (const QString &identity : identities)
        if (identity.startsWith(runIdPrefix))
            out << identity;
    out.sort();
    return out;
}

QList<ServerInfo::Duplicate> ServerInfo::duplicates(const QList<QStringList> &identitiesByNode)
{
    QList<Duplicate> out;
    QHash<QString, int> owner; // identity → the first node that has it
    for (int node = 0; node < identitiesByNode.size(); ++node) {
        bool repeated = false;
        for (const QString &id : identitiesByNode.at(node)) {
            const int first = owner.value(id, node);
            if (first != node && !repeated) {
                out << Duplicate{node, first, id};
                repeated = true;
            }
            owner.insert(id, first);
        }
    }
    return out;
}
