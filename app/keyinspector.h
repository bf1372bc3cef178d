#pragma once

#include "keysample.h"

#include <QObject>

#include <functional>

class RedisConnection;
class RedisReply;

// Reads KeySamples for a batch of keys with pipelined commands: one round trip of PTTL and a
// capped GETRANGE per key, which settles the common case (lock keys are short strings), and a
// second round trip only for the keys that need it (TYPE and typed reads for hashes, zsets,
// lists and sets; STRLEN for strings longer than the cap). A 10 MB value is never pulled whole.
// Plain commands cost Redis half the CPU of a Lua loop doing the same, and need no scripting
// permission.
class KeyInspector final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyInspector)

public:
    using SamplesHandler = std::function<void(const QList<KeySample> &samples, const QString &error)>;

    explicit KeyInspector(RedisConnection *connection, QObject *parent = nullptr);

    void setCaps(int valueCap, int elementCap);

    // Samples come back in the order of keys; keys that vanished have type None.
    void inspect(const QList<QByteArray> &keys, QObject *context, SamplesHandler handler);

private:
    void readCollections(QList<KeySample> samples, const QList<qsizetype> &todo, QObject *context, SamplesHandler handler);
    void fillCollection(KeySample &sample, const QList<RedisReply> &replies) const;

    RedisConnection *m_connection;
    int m_valueCap = 4096;
    int m_elementCap = 64;
};
