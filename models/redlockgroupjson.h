#pragma once

#include "redlockgroup.h"

#include <QByteArray>
#include <optional>

// How saved Redlock groups are kept in the settings: a JSON array of {"id", "name", "nodes"
// (the ids of saved connections, in the group's order), "drift_factor", "retry_count",
// "retry_delay_ms", "retry_jitter_ms"}. A node is a saved connection, so its host, TLS and
// credentials (the secrets in the keychain) are kept once, where every connection keeps them.
class RedlockGroupJson final
{
public:
    static QByteArray listToJson(const QList<RedlockGroup> &groups);
    // connections: the saved connections the nodes' ids name. A group naming one that is no
    // longer saved, or a malformed entry, gives nothing and *error.
    static std::optional<QList<RedlockGroup>> listFromJson(const QByteArray &json, const QList<ConnectionProfile> &connections,
                                                           QString *error);
};
