#include "dialectprofile.h"

#include "keypattern.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

const QStringList DialectProfile::groupNames = {QStringLiteral("holder"), QStringLiteral("host"), QStringLiteral("pid"),
                                                QStringLiteral("thread"), QStringLiteral("time")};

const QList<RedisType> DialectProfile::types = {RedisType::String, RedisType::Hash, RedisType::Set, RedisType::ZSet};

QString DialectProfile::effectiveId() const
{
    if (!id.isEmpty())
        return id;
    QString slug;
    for (const QChar c : name.toLower()) {
        if (c.isLetterOrNumber() && c.unicode() < 128)
            slug += c;
        else if (!slug.isEmpty() && !slug.endsWith(QLatin1Char('-')))
            slug += QLatin1Char('-');
    }
    while (slug.endsWith(QLatin1Char('-')))
        slug.chop(1);
    return QStringLiteral("profile-") + slug;
}

QString DialectProfile::validate() const
{
    if (name.trimmed().isEmpty())
        return QObject::tr("A profile needs a name.");
    static const QRegularExpression idShape(QStringLiteral("^[a-z0-9][a-z0-9._-]*$"));
    if (!idShape.match(effectiveId()).hasMatch())
        return QObject::tr("Profile id \"%1\" may hold only lower-case letters, digits, '.', '_' and '-'.").arg(effectiveId());
    if (keyGlob.isEmpty() || KeyPattern::parse(keyGlob).glob().isEmpty())
        return QObject::tr("Profile \"%1\" needs a key glob.").arg(name);
    if (!types.contains(type))
        return QObject::tr("Profile \"%1\": type must be string, hash, set or zset.").arg(name);
    if (tokenRegex.isEmpty())
        return QObject::tr("Profile \"%1\" needs a token regex.").arg(name);
    const QRegularExpression re(tokenRegex);
    if (!re.isValid())
        return QObject::tr("Profile \"%1\": the token regex is invalid at offset %2: %3.")
            .arg(name)
            .arg(re.patternErrorOffset())
            .arg(re.errorString());
    for (const QString &group : re.namedCaptureGroups())
        if (!group.isEmpty() && !groupNames.contains(group))
            return QObject::tr("Profile \"%1\": unknown group (?<%2>); use %3.").arg(name, group, groupNames.join(QStringLiteral(", ")));
    return {};
}

QJsonObject DialectProfile::toJson() const
{
    QJsonObject o;
    if (!id.isEmpty())
        o.insert(QStringLiteral("id"), id);
    o.insert(QStringLiteral("name"), name);
    o.insert(QStringLiteral("key_glob"), keyGlob);
    o.insert(QStringLiteral("redis_type"), QString::fromLatin1(redisTypeName(type)));
    o.insert(QStringLiteral("token_regex"), tokenRegex);
    return o;
}

std::optional<DialectProfile> DialectProfile::fromJson(const QJsonObject &object, QString *error)
{
    DialectProfile p;
    const auto text = [&object](const char *name) { return object.value(QLatin1String(name)); };
    for (const char *required : {"name", "key_glob", "token_regex"}) {
        if (!text(required).isString()) {
            *error = QObject::tr("A profile needs \"%1\" as a string.").arg(QLatin1String(required));
            return std::nullopt;
        }
    }
    if (!text("id").isUndefined() && !text("id").isString()) {
        *error = QObject::tr("A profile's \"id\" must be a string.");
        return std::nullopt;
    }
    p.id = text("id").toString();
    p.name = text("name").toString();
    p.keyGlob = text("key_glob").toString();
    p.tokenRegex = text("token_regex").toString();
    const QJsonValue type = text("redis_type");
    if (!type.isUndefined()) {
        p.type = type.isString() ? redisTypeFromName(type.toString().toLatin1().toLower()) : RedisType::None;
        if (!types.contains(p.type)) {
            *error = QObject::tr("Profile \"%1\": \"redis_type\" must be string, hash, set or zset.").arg(p.name);
            return std::nullopt;
        }
    }
    if (const QString why = p.validate(); !why.isEmpty()) {
        *error = why;
        return std::nullopt;
    }
    return p;
}

std::optional<QList<DialectProfile>> DialectProfile::listFromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull()) {
        *error = QObject::tr("Not JSON: %1 at offset %2.").arg(parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    QJsonArray items;
    if (doc.isArray())
        items = doc.array();
    else if (doc.object().contains(QStringLiteral("profiles")) && doc.object().value(QStringLiteral("profiles")).isArray())
        items = doc.object().value(QStringLiteral("profiles")).toArray();
    else
        items = {doc.object()};

    QList<DialectProfile> profiles;
    QStringList ids;
    for (const QJsonValue &item : std::as_const(items)) {
        if (!item.isObject()) {
            *error = QObject::tr("Profile %1 is not a JSON object.").arg(profiles.size() + 1);
            return std::nullopt;
        }
        std::optional<DialectProfile> p = fromJson(item.toObject(), error);
        if (!p)
            return std::nullopt;
        if (ids.contains(p->effectiveId())) {
            *error = QObject::tr("Two profiles share the id \"%1\".").arg(p->effectiveId());
            return std::nullopt;
        }
        ids << p->effectiveId();
        profiles << *p;
    }
    return profiles;
}

QByteArray DialectProfile::listToJson(const QList<DialectProfile> &profiles)
{
    QJsonArray items;
    for (const DialectProfile &p : profiles)
        items.append(p.toJson());
    return QJsonDocument(QJsonObject{{QStringLiteral("profiles"), items}}).toJson(QJsonDocument::Indented);
}
