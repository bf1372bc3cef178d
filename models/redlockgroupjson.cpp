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
        // A value of another type, or out of the range the window allows, is an error: never a
        // default in its place, nor a delay of weeks that leaves an acquire waiting.
        bool inRange = true;
        const auto number = [&](const QString &field, double current, double most) {
            const QJsonValue value = o.value(field);
            if (value.isUndefined())
                return current;
            inRange = inRange && value.isDouble() && value.toDouble() >= 0 && value.toDouble() <= most;
            return value.toDouble();
        };
        g.driftFactor = number(u"drift_factor"_s, g.driftFactor, RedlockGroup::maxDriftFactor);
        g.retryCount = int(number(u"retry_count"_s, g.retryCount, RedlockGroup::maxRetryCount));
        g.retryDelayMs = int(number(u"retry_delay_ms"_s, g.retryDelayMs, RedlockGroup::maxRetryDelayMs));
        g.retryJitterMs = int(number(u"retry_jitter_ms"_s, g.retryJitterMs, RedlockGroup::maxRetryDelayMs));
        for (const QString &whole : {u"retry_count"_s, u"retry_delay_ms"_s, u"retry_jitter_ms"_s})
            inRange = inRange && (!o.contains(whole) || o.value(whole).toDouble() == double(qint64(o.value(whole).toDouble())));
        if (g.id.isEmpty() || g.name.isEmpty() || !o.value(u"nodes"_s).isArray() || !inRange) {
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
