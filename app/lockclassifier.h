#pragma once

#include "lockinfo.h"

#include <QObject>

#include <functional>
#include <optional>

class DialectRegistry;
class RedisConnection;
class RedisTopology;

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

    // Probes go to the master that owns each lock (topology), or to the one node given.
    LockClassifier(RedisTopology *topology, const DialectRegistry *registry, QObject *parent = nullptr);
    LockClassifier(RedisConnection *node, const DialectRegistry *registry, QObject *parent = nullptr);

    void classify(const QList<KeySample> &samples, QObject *context, Handler handler);

private:
    RedisTopology *m_topology = nullptr;
    RedisConnection *m_node = nullptr;
    const DialectRegistry *m_registry;
};
