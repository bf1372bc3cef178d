#pragma once

#include "redistopology.h"

#include <QList>
#include <QPair>
#include <QElapsedTimer>
#include <QSet>
#include <QTimer>

// A master found through Redis Sentinel: the sentinels are asked where the master named
// masterName is (SENTINEL GET-MASTER-ADDR-BY-NAME), the node found there must say it is a
// master (ROLE: during a failover a sentinel may still name the old one), and +switch-master
// on a sentinel's channel moves the master's connection to the promoted node, with
// failover() saying so. A sentinel that stops answering is replaced by the next one; the
// sentinels' credentials are their own, not the data node's.
class SentinelTopology final : public RedisTopology
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SentinelTopology)

public:
    // data: how to reach the master once found (credentials, database, TLS); sentinel: the
    // first sentinel, with the sentinels' credentials; more: the other sentinels.
    SentinelTopology(const ConnectionOptions &data, const ConnectionOptions &sentinel, const QList<QPair<QString, quint16>> &more,
                     const QString &masterName, QObject *parent = nullptr);
    ~SentinelTopology() override;

    Kind kind() const override { return Kind::Sentinel; }
    void open() override;
    void close() override;
    QList<RedisConnection *> masters() const override;
    RedisConnection *nodeFor(QByteArrayView key) const override;
    QString summary() const override;
    QList<RedisConnection *> replicasOf(RedisConnection *master) override;

    const QString &masterName() const { return m_name; }
    // The sentinel asked now (host:port).
    QString sentinelName() const;

private:
    void askForMaster();
    void onMasterAddress(const QString &host, quint16 port);
    void verifyRole();
    void sentinelFailed();
    bool askAnother();
    void nextSentinel();
    void onSwitch(const QByteArray &payload);
    void learnSentinels();
    QString sentinelList() const;
    bool stillAsking() const;
    void updateState();

    ConnectionOptions m_data;
    ConnectionOptions m_sentinelOptions;
    QList<QPair<QString, quint16>> m_sentinels;
    int m_current = 0;
    QString m_name;
    RedisConnection *m_sentinel = nullptr; // asks
    RedisConnection *m_events = nullptr;   // listens for +switch-master
    RedisConnection *m_master = nullptr;
    QList<RedisConnection *> m_replicas;
    QTimer m_retry;
    // The master's role, asked again now and then: one demoted by hand (REPLICAOF) keeps its
    // connection and answers reads, and the sentinels may take half a minute to say so.
    QTimer m_roleCheck;
    bool m_roleAsked = false;
    bool m_open = false;
    bool m_verified = false;  // the master said ROLE master since it was last (re)connected
    bool m_everVerified = false;
    bool m_askNext = false; // the retry asks the next sentinel, not the same one again
    // Running since the node named as master could not be used as one: it says it is none, or,
    // never confirmed, it refused the connection or the login. Stopped when it says "master".
    QElapsedTimer m_unusableSince;
    bool m_learned = false;    // the other sentinels were asked for
    QSet<int> m_refusedBy;     // sentinels that answered without the master (askAnother())
    QSet<int> m_unansweredBy;  // and those that did not answer, since one last said where it is
    int m_deploymentSize = 0;  // sentinels watching the master, once one has said (0: not yet)
    bool m_announced = false;
};
