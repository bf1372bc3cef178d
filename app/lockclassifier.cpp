#include "lockclassifier.h"

#include "dialectregistry.h"
#include "redisconnection.h"
#include "redistopology.h"

#include <QPointer>

namespace {
bool isShardedCount(const RedisCommand &probe)
{
    return probe.size() >= 2 && probe.at(1).compare("SHARDNUMSUB", Qt::CaseInsensitive) == 0;
}

// PUBSUB NUMSUB answers [channel, count]; LLEN and friends answer an integer. A probe Redis
// refused (an ACL without PUBSUB, say) leaves the waiters unknown rather than zero. A server
// without sharded pub/sub (before Redis 7) has nobody waiting that way.
qint64 probeAnswer(const RedisCommand &probe, const RedisReply &reply)
{
    if (reply.isInteger())
        return reply.integer();
    if (reply.isArray() && reply.size() == 2 && reply.at(1).isInteger())
        return reply.at(1).integer();
    if (isShardedCount(probe) && reply.isError() && reply.errorMessage().contains(QLatin1String("subcommand"), Qt::CaseInsensitive))
        return 0;
    return -1;
}
} // namespace

LockClassifier::LockClassifier(RedisTopology *topology, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_topology(topology)
    , m_registry(registry)
{
}

LockClassifier::LockClassifier(RedisConnection *node, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_node(node)
    , m_registry(registry)
{
}

void LockClassifier::classify(const QList<KeySample> &samples, QObject *context, Handler handler)
{
    QList<std::optional<LockInfo>> locks;
    locks.reserve(samples.size());
    // Per node: its probes, and for each lock probed there, its index and where its answers
    // are among the replies (-1: not asked, none).
    struct Probed
    {
        qsizetype lock;
        const Dialect *dialect;
        QList<qsizetype> replies;
    };
    struct Batch
    {
        QList<RedisCommand> probes;
        QList<Probed> probed;
    };
    // Sharded pub/sub is a cluster's (Redisson uses it there only): elsewhere nobody waits
    // that way, and an ACL without PUBSUB SHARDNUMSUB must not make the waiters unknown.
    const bool sharded = m_topology && m_topology->kind() == RedisTopology::Kind::Cluster;
    QHash<RedisConnection *, Batch> batches;
    for (const KeySample &sample : samples) {
        const Dialect *dialect = nullptr;
        locks.append(m_registry->classify(sample, &dialect));
        if (!locks.last() || !dialect)
            continue;
        const QList<QList<QByteArray>> mine = dialect->waiterProbes(*locks.last());
        if (mine.isEmpty())
            continue;
        RedisConnection *node = m_topology ? m_topology->nodeFor(sample.key) : m_node;
        if (!node)
            continue;
        Batch &b = batches[node];
        Probed probed{locks.size() - 1, dialect, {}};
        for (const QList<QByteArray> &probe : mine) {
            if (!sharded && isShardedCount(probe)) {
                probed.replies << -1;
                continue;
            }
            probed.replies << b.probes.size();
            b.probes.append(RedisCommand(probe));
        }
        b.probed.append(probed);
    }
    if (batches.isEmpty()) {
        handler(std::move(locks));
        return;
    }
    // Answers land in a shared copy; the handler runs once every node has answered.
    auto shared = std::make_shared<QList<std::optional<LockInfo>>>(std::move(locks));
    auto pending = std::make_shared<int>(int(batches.size()));
    const quint64 dialects = m_registry->generation();
    const QPointer<QObject> owner(context);
    const bool hasOwner = context != nullptr;
    for (auto it = batches.cbegin(); it != batches.cend(); ++it) {
        it.key()->pipeline(it->probes, this, [this, shared, pending, dialects, probes = it->probes, probed = it->probed, owner, hasOwner, handler](const QList<RedisReply> &replies) {
            if (hasOwner && !owner)
                return;
            for (const auto &[index, dialect, at] : probed) {
                QList<qint64> answers;
                for (qsizetype reply : at)
                    answers.append(reply < 0 ? 0 : probeAnswer(probes.at(reply), replies.value(reply)));
                LockInfo &lock = *(*shared)[index];
                // The user's profiles may have changed meanwhile: then the dialect is found anew.
                const Dialect *decoder = m_registry->generation() == dialects ? dialect : m_registry->find(lock.dialect);
                if (decoder)
                    decoder->applyWaiterProbes(lock, answers);
            }
            if (--*pending == 0)
                handler(std::move(*shared));
        });
    }
}
