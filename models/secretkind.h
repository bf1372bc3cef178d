#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

// The secrets a connection can need. One enum for every layer, so the connection profile,
// the connection dialog, the CLI and the keychain agree on what "the SSH password" is. The
// values themselves never leave memory except for the keychain (see SecretStore).
enum class SecretKind {
    RedisPassword,
    SentinelPassword,
    SshPassword,
    SshKeyPassphrase,
    TlsKeyPassphrase,
};

// The names of each kind: its key (in the keychain and in a saved connection's list of the
// secrets it has) and its words for messages.
class SecretKinds final
{
    Q_DECLARE_TR_FUNCTIONS(SecretKinds) // its words for people are translated
public:
    static QString key(SecretKind kind);  // "redis-password", …
    static QString text(SecretKind kind); // "Redis password", …
    static std::optional<SecretKind> fromKey(const QString &key);
    static QList<SecretKind> all();
};
