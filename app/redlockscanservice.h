#pragma once

#include "connectionprofile.h"
#include "discoveryoptions.h"
#include "keyindex.h"
#include "lockinfo.h"
#include "redlockobservation.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QStringList>

class DialectRegistry;
class DiscoveryService;
class GroupTransport;
class RedisTopology;

// One scan of a Redlock group: N independent deployments (usually five standalone masters),
// each walked at once by its own DiscoveryService, and the locks found merged by key into one
// RedlockObservation per key, with every node in the order given.
//
// SCAN only promises the keys that existed for the whole walk, and the nodes are walked at
// different moments: a key found on one node is therefore read again, by key, on every node
// whose walk did not list it. "Absent" then means that node was asked and did not have it.
// A node that could not be walked or read (down, refused, an error reply) marks its entries
// unreadable, never absent: the quorum must not count it as "not holding". Nor may one server
// vote twice: a node whose server (by its run_id, or the address its connection reached) is
// another node's too, under another name, is refused as unreadable, and said so. A node that
// stops answering (a stopped process, a link that drops packets) keeps its connection open:
// once a command has waited the connection's stall threshold, the scan goes on without it, and
// it stays unreadable until it answers again.
class RedlockScanService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RedlockScanService)

public:
    // Each node is reached as transport says (its socket or SSH tunnel); without one, the
    // service makes its own from the nodes' profiles.
    RedlockScanService(const QList<ConnectionProfile> &nodes, const DialectRegistry *registry, QObject *parent = nullptr,
                       GroupTransport *transport = nullptr);
    ~RedlockScanService() override;

    // Applied to every node's discovery (patterns, caps).
    void setOptions(const DiscoveryOptions &options);
    int nodeCount() const { return int(m_nodes.size()); }
    // host:port as the user gave it: how a node is named in results, up or down.
    QString nodeName(int node) const;
    bool isRunning() const { return m_running; }
    // The run_ids of a node's servers as the last scan found them (ServerInfo::runIds;
    // several for a cluster), empty where it could not be asked: others later are a restart.
    QStringList runIds(int node) const;

    // Keys every scan reads on every node besides what the walks find (a watch's locks, which
    // must be read where their nodes are up even if the walks of the others no longer list
    // them): each appears in finished(), absent where no node has it.
    void setKnownKeys(const QList<QByteArray> &keys) { m_known = keys; }

    // Connects (on first use) and scans every node at once. Without walk, no node is walked:
    // only the known keys are read, by key, on every node (a watch's cheap round between
    // two walks). The first scan waits for the nodes' SSH tunnels to be up or to fail.
    void start(bool walk = true);
    // Closes every connection; a running scan ends without finished().
    void close();

Q_SIGNALS:
    // Sorted by key.
    void finished(const QList<RedlockObservation> &observations);
    // A node whose walk failed as a whole (not reachable, SCAN refused): every key of the
    // group reads as unreadable there, with message.
    void nodeFailed(int node, const QString &message);

private:
    // One key across the group, as this scan found it: filled in place as each node's walk
    // lists it, so the merge looks nothing up again.
    struct Seen
    {
        // Absent until its node lists the key. A holding node's ttlMs is, until the merge, the
        // deadline it is counted down from (-1: none), so that every node is brought to one instant.
        QList<RedlockObservation::Node> nodes;
    };

    struct Node
    {
        QString name;
        RedisTopology *topology = nullptr;
        DiscoveryService *discovery = nullptr;
        QString failure;        // the whole walk failed
        QStringList identities; // of its servers (ServerInfo), this scan
        QString stall;          // why it is not answering, while one of its connections is stalled
        bool walked = false;
    };

    void followStalls(int node);
    void onStalled(int node, qint64 waitingMs);
    bool isStalled(int node) const;

    void onWalked();
    Seen &seen(const QByteArray &key);
    void keep(int node, const LockInfo &lock);
    void markUnreadable(int node, const QByteArray &key, const QString &why);
    void identify();
    void refuseDuplicates();
    void readMissing();
    void merge();

    QList<Node> m_nodes;
    QSet<const QObject *> m_followed; // connections whose stalls are followed
    GroupTransport *m_transport;
    QMetaObject::Connection m_waitForTransport;
    QList<QByteArray> m_known;
    KeyIndex m_seenKeys;  // every key this scan found, numbered ...
    QList<Seen> m_seen;   // ... as what it found of each
    qsizetype m_lastSeen = 0; // keys of the last scan: the next one reserves as much
    bool m_running = false;
    bool m_walking = false; // this scan walks the nodes (start(walk))
    bool m_opened = false;
    quint64 m_generation = 0;
    int m_pendingReads = 0;
};
