#include "secretaddress.h"

#include <QUrl>

using namespace Qt::StringLiterals;

QString SecretAddress::keychainKey() const
{
    QString key = keychainPrefix(connectionId);
    if (node >= 0)
        key += u"node-%1/"_s.arg(node);
    return key + kindKey(kind);
}

QString SecretAddress::keychainPrefix(const QString &connectionId)
{
    // Spaces and the usual name characters stay readable in a keyring browser (Seahorse).
    return QString::fromLatin1(QUrl::toPercentEncoding(connectionId, " ()[]@:+,;=!$'*")) + u'/';
}

QString SecretAddress::kindKey(SecretKind kind)
{
    return SecretKinds::key(kind);
}

QString SecretAddress::kindText(SecretKind kind)
{
    return SecretKinds::text(kind);
}

QList<SecretKind> SecretAddress::allKinds()
{
    return SecretKinds::all();
}
