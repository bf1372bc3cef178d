#include "lockalert.h"

QString LockAlert::kindId(Kind kind)
{
    switch (kind) {
    case Kind::Stuck:
        return QStringLiteral("stuck");
    case Kind::NearMiss:
        return QStringLiteral("near-miss");
    case Kind::Hot:
        return QStringLiteral("hot");
    }
    return {};
}

QString LockAlert::kindText(Kind kind)
{
    switch (kind) {
    case Kind::Stuck:
        return tr("Stuck lock");
    case Kind::NearMiss:
        return tr("Near miss");
    case Kind::Hot:
        return tr("Hot lock");
    }
    return {};
}
