#include "secretkind.h"

using namespace Qt::StringLiterals;

QString SecretKinds::key(SecretKind kind)
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
    case SecretKind::TlsKeyPassphrase:
        return u"tls-key-passphrase"_s;
    }
    Q_UNREACHABLE();
    return {};
}

QString SecretKinds::text(SecretKind kind)
{
    switch (kind) {
    case SecretKind::RedisPassword:
        return tr("Redis password");
    case SecretKind::SentinelPassword:
        return tr("Sentinel password");
    case SecretKind::SshPassword:
        return tr("SSH password");
    case SecretKind::SshKeyPassphrase:
        return tr("SSH key passphrase");
    case SecretKind::TlsKeyPassphrase:
        return tr("TLS key passphrase");
    }
    Q_UNREACHABLE();
    return {};
}

std::optional<SecretKind> SecretKinds::fromKey(const QString &key)
{
    for (const SecretKind kind : all())
        if (SecretKinds::key(kind) == key)
            return kind;
    return std::nullopt;
}

QList<SecretKind> SecretKinds::all()
{
    return {SecretKind::RedisPassword, SecretKind::SentinelPassword, SecretKind::SshPassword,
            SecretKind::SshKeyPassphrase, SecretKind::TlsKeyPassphrase};
}
