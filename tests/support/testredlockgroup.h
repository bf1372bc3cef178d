#pragma once

#include "redlockadminservice.h"
#include "redlockgroup.h"
#include "redlockobservation.h"
#include "testredis.h"

#include <QTemporaryDir>

#include <array>
#include <memory>

// A Redlock group of five real redis-servers for one test, and locks written on it as
// node-redlock and redsync write them: SET key token NX PX ttl on each node named, the same
// token everywhere.
class TestRedlockGroup final
{
public:
    static constexpr int size = 5;
    // Two node-redlock tokens: randomBytes(16).toString("hex").
    static inline const QByteArray tokenA = "fbe243bd8034c5406498dfe459014205";
    static inline const QByteArray tokenB = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";

    // persistent: each server keeps an append-only file (fsync always), so a server killed
    // and restarted comes back with its locks, as a production node with AOF does.
    bool start(bool persistent = false);
    void flushAll();

    TestRedis &node(int i) { return m_nodes[size_t(i)]; }
    QList<ConnectionProfile> profiles() const;
    // The group as the CLI would build it, with no retries.
    RedlockGroup group() const;
    // --redlock's value: the nodes' redis:// URLs, comma-separated, in order.
    QString urls() const;
    // host:port, as results name node i.
    QString nodeName(int i) const { return QStringLiteral("127.0.0.1:%1").arg(m_nodes[size_t(i)].port()); }

    // SET key token NX PX ttl on the nodes named; false (with a warning) if one of them
    // refused: the lock is not what the test meant.
    bool lock(const QByteArray &key, const QByteArray &token, const QList<int> &on, qint64 ttlMs = 60000);
    // DEL on the nodes named (every node when empty): a release.
    void unlock(const QByteArray &key, const QList<int> &on = {});
    // The token each node holds for key now (empty: absent; "<down>" for a node not answering).
    QList<QByteArray> tokens(const QByteArray &key);

    // key as the operator sees it: one group scan (an empty observation when it is not found).
    RedlockObservation observe(const QByteArray &key, const DialectRegistry *registry) const;
    // Runs plan and waits for its result (a "failed" one after 30 s without).
    static RedlockAdminResult run(RedlockAdminService &admin, const RedlockAdminPlan &plan);

private:
    std::array<TestRedis, size> m_nodes;
    std::array<std::unique_ptr<QTemporaryDir>, size> m_dirs;
};
