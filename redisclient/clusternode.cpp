#include "clusternode.h"

bool ClusterNode::isAt(const QString &where, quint16 atPort) const
{
    if (atPort == 0 || (atPort != port && atPort != tlsPort))
        return false;
    return host.isEmpty() || where == host || (!ip.isEmpty() && where == ip) || (!hostname.isEmpty() && where == hostname);
}

bool ClusterNode::isSameNode(const ClusterNode &other) const
{
    if (!id.isEmpty() && !other.id.isEmpty())
        return id == other.id;
    return host == other.host && port == other.port && tlsPort == other.tlsPort;
}

QString ClusterNode::address() const
{
    const QString shown = host.isEmpty() ? (ip.isEmpty() ? QStringLiteral("?") : ip) : host;
    const quint16 shownPort = port ? port : tlsPort;
    if (shown.contains(QLatin1Char(':')))
        return QLatin1Char('[') + shown + QStringLiteral("]:") + QString::number(shownPort);
    return shown + QLatin1Char(':') + QString::number(shownPort);
}

QString ClusterNode::healthName(Health health)
{
    switch (health) {
    case Health::Online:
        return QStringLiteral("online");
    case Health::Loading:
        return QStringLiteral("loading");
    case Health::Failed:
        return QStringLiteral("failed");
    case Health::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}
