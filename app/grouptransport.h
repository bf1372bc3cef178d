#pragma once

#include "connectionprofile.h"

#include <QHash>
#include <QList>
#include <QObject>

#include <functional>

class SessionTransport;
struct ConnectionOptions;

// How every node of a Redlock group reaches its server, as its saved connection says:
// straight to host:port, through its Unix socket, or through an SSH tunnel from its bastion
// (one SessionTransport per node). The group's services share one, so a window's watch and
// its admin actions go through the same tunnels, and an unknown bastion key is asked about
// once, whichever nodes stand behind it.
//
// A node's connections may be opened once it isReady(): at once without a tunnel, after
// the tunnel is up with one. settled() says every node is ready or has failed: a scan that
// began before would read a node still waiting for its tunnel as holding nothing.
class GroupTransport final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GroupTransport)

public:
    explicit GroupTransport(const QList<ConnectionProfile> &nodes, QObject *parent = nullptr);
    ~GroupTransport() override;

    int size() const { return int(m_nodes.size()); }
    // Starts the tunnels, once; the nodes without one are ready at once.
    void start();
    bool isStarted() const { return m_started; }
    bool isReady(int node) const { return m_nodes.at(node).state == State::Ready; }
    // Why the node cannot be reached (its tunnel failed, was refused or went down); empty
    // otherwise.
    QString failure(int node) const { return m_nodes.at(node).failure; }
    // Every node ready or failed.
    bool isSettled() const;

    // Where a connection to the node's server (or, for a cluster node, to any of its
    // servers) really goes: as a topology's transport (RedisTopology::Transport), or for one
    // connection. (redisclient's types stay out of this header: the window includes it.)
    std::function<ConnectionOptions(const ConnectionOptions &)> route(int node) const;
    ConnectionOptions route(int node, const ConnectionOptions &target) const;

    // Answers hostKeyUnknown() for every node waiting on that bastion's key.
    void acceptHostKey(int node, bool record);
    void rejectHostKey(int node);

Q_SIGNALS:
    void nodeReady(int node);
    // Before nodeReady(): the node cannot be reached; after it: its tunnel went down.
    void nodeFailed(int node, const QString &message);
    void settled();
    // Once per bastion key, for the first node that met it; the answer holds for the others.
    void hostKeyUnknown(int node, const QString &destination, const QString &fingerprint, const QString &keyType);
    void hostKeyRecorded(const QString &message);

private:
    enum class State { Idle, Waiting, Ready, Failed };
    struct Node
    {
        SessionTransport *transport = nullptr;
        State state = State::Idle;
        QString failure;
        QString question; // the unknown key it waits on: destination and fingerprint
    };

    void setState(int node, State state, const QString &failure = {});
    QList<int> askingTheSame(int node) const;

    QList<Node> m_nodes;
    QHash<QString, bool> m_answers; // question → accepted: the same key behind another node
    bool m_started = false;
};
