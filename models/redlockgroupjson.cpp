#include "redlockgroupjson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

QByteArray RedlockGroupJson::listToJson(const QList<RedlockGroup> &groups)
{
    QJsonArray out;
    for (const RedlockGroup &g : groups) {
        QJsonArray nodes;
        for (const ConnectionProfile &n : g.nodes)
            nodes << n.id;
        out << QJsonObject{{u"id"_s, g.id},
                           {u"name"_s, g.name},
                           {u"nodes"_s, nodes},
                           {u"drift_factor"_s, g.driftFactor},
                           {u"retry_count"_s, g.retryCount},
                           {u"retry_delay_ms"_s, g.retryDelayMs},
                           {u"retry_jitter_ms"_s, g.retryJitterMs}};
    }
    return QJsonDocument(out).toJson(QJsonDocument::Compact);
}

std::optional<QList<RedlockGroup>> RedlockGroupJson::listFromJson(const QByteArray &json, const QList<ConnectionProfile> &connections,
                                                                  QString *error)
{
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parse);
    if (!doc.isArray()) {
        *error = parse.error != QJsonParseError::NoError ? parse.errorString()
                                                         : QCoreApplication::translate("RedlockGroupJson", "not a list of groups");
        return std::nullopt;
    }
    QList<RedlockGroup> out;
    for (const QJsonValue &v : doc.array()) {
        const QJsonObject o = v.toObject();
        RedlockGroup g;
        g.id = o.value(u"id"_s).toString();
        g.name = o.value(u"name"_s).toString();
        g.driftFactor = o.value(u"drift_factor"_s).toDouble(g.driftFactor);
        g.retryCount = o.value(u"retry_count"_s).toInt(g.retryCount);
        g.retryDelayMs = o.value(u"retry_delay_ms"_s).toInt(g.retryDelayMs);
        g.retryJitterMs = o.value(u"retry_jitter_ms"_s).toInt(g.retryJitterMs);
        if (g.id.isEmpty() || g.name.isEmpty() || !o.value(u"nodes"_s).isArray() || g.driftFactor < 0 || g.driftFactor >= 1
            || g.retryCount < 0 || g.retryDelayMs < 0 || g.retryJitterMs < 0) {
            *error = QCoreApplication::translate("RedlockGroupJson", "a Redlock group without an id, a name or its nodes, or with a value out of range");
            return std::nullopt;
        }
        for (const QJsonValue &id : o.value(u"nodes"_s).toArray()) {
            const auto found = std::find_if(connections.cbegin(), connections.cend(),
                                            [&](const ConnectionProfile &c) { return c.id == id.toString(); });
            if (found == connections.cend()) {
                *error = QCoreApplication::translate("RedlockGroupJson", "the Redlock group %1 names a connection that is no longer saved")
                             .arg(g.name);
                return std::nullopt;
            }
            g.nodes << *found;
        }
        out << g;
    }
    return out;
}
