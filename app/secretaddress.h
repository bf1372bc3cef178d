#pragma once

#include "secretkind.h"

#include <QList>
#include <QString>

// Where one secret lives: a saved connection, which secret, and for a connection of several
// independent servers (a Redlock group, the sentinels) which one of them.
struct SecretAddress
{
    QString connectionId;
    SecretKind kind = SecretKind::RedisPassword;
    int node = -1; // -1: the connection as a whole; 0, 1, …: one node of it

    // The key in the keychain: "<connection id>/redis-password", or
    // "<connection id>/node-2/redis-password" for one node. The id is percent-encoded, so
    // an id with a '/' in it can never reach another connection's secrets.
    QString keychainKey() const;
    // What every key of the connection starts with.
    static QString keychainPrefix(const QString &connectionId);

    static QString kindKey(SecretKind kind); // "redis-password", …
    static QString kindText(SecretKind kind); // "Redis password", … for messages
    static QList<SecretKind> allKinds();

    friend bool operator==(const SecretAddress &, const SecretAddress &) = default;
};
