#pragma once

#include "connectionprofile.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>

#include <optional>

// Saved connections as JSON: the user's settings hold this, and the connection list exports
// and imports it. A secret value has no field here at all: what is written is
// profile.withoutSecrets(), plus the names of the secrets the connection has stored
// ("secrets": ["redis-password"]) so that whoever reads it knows what to ask for. A file
// that carries a secret field is refused, not half-read: a password pasted into a shared
// file is a mistake to point out.
//
//   {"lockscope": "connections", "version": 1, "connections": [{"id": …, "name": …}, …]}
class ConnectionProfileJson final
{
public:
    static QJsonObject toJson(const ConnectionProfile &profile);
    // A connection without an id gets a new one; a missing readOnly is true (as every new
    // saved connection is).
    static std::optional<ConnectionProfile> fromJson(const QJsonObject &object, QString *error);

    static QByteArray listToJson(const QList<ConnectionProfile> &profiles);
    // Refuses a document that is not a connection list, a connection it cannot read, and two
    // connections of one name or id (the command line picks a connection by its name).
    static std::optional<QList<ConnectionProfile>> listFromJson(const QByteArray &json, QString *error);
};
