#pragma once

#include "keysample.h"

#include <QJsonObject>
#include <QList>
#include <QString>

// A user's description of an in-house lock layout: which keys (a Redis glob), of which type,
// and a regular expression the token must match in full. Named groups holder, host, pid,
// thread and time become the holder's decoded fields. Plain data, stored as JSON.
struct DialectProfile
{
    QString id;        // what --dialect and the "dialect" JSON field use; from the name when empty
    QString name;
    QString keyGlob;   // as --pattern takes it: "billing:lock:*", "i:*Mutex*"
    RedisType type = RedisType::String;
    QString tokenRegex;

    // The group names a token regex may use; others are rejected so typos do not pass silently.
    static const QStringList groupNames;
    // The Redis types a profile can describe: the token is a string's value, a hash field or a
    // set or sorted-set member.
    static const QList<RedisType> types;

    // The id used when none is given: "profile-" and the name in lower case, words joined by '-'.
    QString effectiveId() const;
    // Empty when usable; otherwise what is wrong, in one sentence.
    QString validate() const;

    QJsonObject toJson() const;
    // Nothing and *error set when the object is not a usable profile.
    static std::optional<DialectProfile> fromJson(const QJsonObject &object, QString *error);

    // A file holds {"profiles": [...]}, a bare array, or a single profile object.
    static std::optional<QList<DialectProfile>> listFromJson(const QByteArray &json, QString *error);
    static QByteArray listToJson(const QList<DialectProfile> &profiles);

    bool operator==(const DialectProfile &other) const = default;
};
