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
    switch (kind) {
    case SecretKind::RedisPassword:
        return u"redis-password"_s;
    case SecretKind::SentinelPassword:
        return u"sentinel-password"_s;
    case SecretKind::SshPassword:
        return u"ssh-password"_s;
    case SecretKind::SshKeyPassphrase:
        return u"ssh-key-passphrase"_s;
    }
    Q_UNREACHABLE();
    return {};
}

QString SecretAddress::kindText(SecretKind kind)
{
    switch (kind) {
    case SecretKind::RedisPassword:
        return u"Redis password"_s;
    case SecretKind::SentinelPassword:
        return u"Sentinel password"_s;
    case SecretKind::SshPassword:
        return u"SSH password"_s;
    case SecretKind::SshKeyPassphrase:
        return u"SSH key passphrase"_s;
    }
    Q_UNREACHABLE();
    return {};
}

QList<SecretKind> SecretAddress::allKinds()
{
    return {SecretKind::RedisPassword, SecretKind::SentinelPassword, SecretKind::SshPassword,
            SecretKind::SshKeyPassphrase};
}
