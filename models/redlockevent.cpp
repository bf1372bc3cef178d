#include "redlockevent.h"

QString RedlockEvent::kindId(Kind kind)
{
    switch (kind) {
    case Kind::Acquired:
        return QStringLiteral("acquired");
    case Kind::Renewed:
        return QStringLiteral("renewed");
    case Kind::Released:
        return QStringLiteral("released");
    case Kind::Expired:
        return QStringLiteral("expired");
    case Kind::HandedOver:
        return QStringLiteral("handed-over");
    case Kind::Lost:
        return QStringLiteral("lost");
    case Kind::QuorumLost:
        return QStringLiteral("quorum-lost");
    case Kind::QuorumRegained:
        return QStringLiteral("quorum-regained");
    case Kind::NodeDown:
        return QStringLiteral("node-down");
    case Kind::NodeRestarted:
        return QStringLiteral("node-restarted");
    case Kind::NodeUp:
        break;
    }
    return QStringLiteral("node-up");
}

QString RedlockEvent::kindText(Kind kind)
{
    switch (kind) {
    case Kind::Acquired:
        return tr("acquired");
    case Kind::Renewed:
        return tr("renewed");
    case Kind::Released:
        return tr("released");
    case Kind::Expired:
        return tr("expired");
    case Kind::HandedOver:
        return tr("handed over");
    case Kind::Lost:
        return tr("lost");
    case Kind::QuorumLost:
        return tr("quorum lost");
    case Kind::QuorumRegained:
        return tr("quorum regained");
    case Kind::NodeDown:
        return tr("node down");
    case Kind::NodeRestarted:
        return tr("node restarted");
    case Kind::NodeUp:
        break;
    }
    return tr("node up");
}
