#include "keysample.h"

RedisType redisTypeFromName(const QByteArray &name)
{
    if (name == "string")
        return RedisType::String;
    if (name == "hash")
        return RedisType::Hash;
    if (name == "list")
        return RedisType::List;
    if (name == "set")
        return RedisType::Set;
    if (name == "zset")
        return RedisType::ZSet;
    if (name == "stream")
        return RedisType::Stream;
    if (name == "none" || name.isEmpty())
        return RedisType::None;
    return RedisType::Other;
}

QByteArray redisTypeName(RedisType type)
{
    switch (type) {
    case RedisType::None:
        return "none";
    case RedisType::String:
        return "string";
    case RedisType::Hash:
        return "hash";
    case RedisType::List:
        return "list";
    case RedisType::Set:
        return "set";
    case RedisType::ZSet:
        return "zset";
    case RedisType::Stream:
        return "stream";
    case RedisType::Other:
        return "other";
    }
    return "other";
}

KeySample KeySample::failed(const QByteArray &key, const QString &why, qint64 atMs)
{
    KeySample s;
    s.key = key;
    s.status = ObservationStatus::Failed;
    s.error = why;
    s.observedAtMs = atMs;
    return s;
}

QString KeySample::statusId(ObservationStatus status)
{
    switch (status) {
    case ObservationStatus::Ok:
        return QStringLiteral("ok");
    case ObservationStatus::Vanished:
        return QStringLiteral("vanished");
    case ObservationStatus::Failed:
        return QStringLiteral("failed");
    }
    return {};
}
