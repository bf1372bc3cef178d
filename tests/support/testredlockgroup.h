#pragma once

#include "redlockadminservice.h"
#include "redlockgroup.h"
#include "redlockobservation.h"
#include "testredis.h"

#include <array>

// A Redlock group of five real servers for one test: started once, emptied between tests,
// written as node-redlock writes a lock (the same key and token on each node it took).
class TestRedlockGroup final
{
public:
    static constexpr int size = 5;
    // Two node-redlock tokens: randomBytes(16).toString("hex").
    static inline const QByteArray tokenA = "fbe243bd8034c5406498dfe459014205";
    static inline const QByteArray tokenB = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";

    bool start();
    void flushAll();

    TestRedis &node(int i) { return m_nodes[size_t(i)]; }
    QList<ConnectionProfile> profiles() const;
    // The group as the CLI would build it, with no retries unless asked.
    RedlockGroup group() const;
    // --redlock's value: the nodes' URLs, comma-separated.
    QString urls() const;

    // SET key token NX PX ttl on the nodes named; false if one of them refused.
    bool lock(const QByteArray &key, const QByteArray &token, const QList<int> &on, qint64 ttlMs = 60000);
    // key as the operator sees it: one group scan (an empty observation when it is not found).
    RedlockObservation observe(const QByteArray &key, const DialectRegistry *registry) const;
    // Runs plan and waits for its result (a "failed" one after 30 s without).
    static RedlockAdminResult run(RedlockAdminService &admin, const RedlockAdminPlan &plan);

    // The token each node holds for key now (empty: absent; "<down>" for a node not answering).
    QList<QByteArray> tokens(const QByteArray &key);

private:
    std::array<TestRedis, size> m_nodes;
};
