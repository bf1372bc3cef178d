#pragma once

#include "redlockgroup.h"
#include "testredis.h"

#include <array>

// A Redlock group of five real servers for one test: started once, emptied between tests,
// written as node-redlock writes a lock (the same key and token on each node it took).
class TestRedlockGroup final
{
public:
    static constexpr int size = 5;

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
    // The token each node holds for key now (empty: absent; "<down>" for a node not answering).
    QList<QByteArray> tokens(const QByteArray &key);

private:
    std::array<TestRedis, size> m_nodes;
};
