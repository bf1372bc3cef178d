#pragma once

#include "lockinfo.h"

#include <QObject>

#include <functional>
#include <optional>

class DialectRegistry;
class RedisConnection;

// Turns inspected KeySamples into locks: each dialect decodes its keys, then one pipelined
// round trip asks Redis what the dialects can see of waiters (subscribers of an unlock channel,
// the length of a fair lock's queue). Batches without such locks cost no round trip at all.
class LockClassifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LockClassifier)

public:
    // One entry per sample, in order; nullopt for keys that no longer exist.
    using Handler = std::function<void(QList<std::optional<LockInfo>> locks)>;

    LockClassifier(RedisConnection *connection, const DialectRegistry *registry, QObject *parent = nullptr);

    void classify(const QList<KeySample> &samples, QObject *context, Handler handler);

private:
    RedisConnection *m_connection;
    const DialectRegistry *m_registry;
};
