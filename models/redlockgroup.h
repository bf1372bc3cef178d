#pragma once

#include "connectionprofile.h"
#include "redlockquorum.h"

#include <QList>
#include <QString>

// A Redlock group as the application that writes it is configured: N independent servers
// (each a connection of its own, with its own credentials and TLS), and the Redlock
// parameters the application's library uses. The defaults are node-redlock's.
struct RedlockGroup
{
    // The most the window and the command line let a group be set to.
    static constexpr double maxDriftFactor = 0.9999;
    static constexpr int maxRetryCount = 1000;
    static constexpr int maxRetryDelayMs = 600000;

    QString id;   // a saved group's (ConnectionStore); empty for one given on the command line
    QString name;
    QList<ConnectionProfile> nodes; // in the order given: how every result lists them
    double driftFactor = RedlockQuorum::defaultDriftFactor;
    int retryCount = 10;     // acquire: attempts after the first
    int retryDelayMs = 200;  // acquire: between attempts
    int retryJitterMs = 200; // acquire: a random 0..jitter added to each delay

    bool operator==(const RedlockGroup &) const = default;
    bool isEmpty() const { return nodes.isEmpty(); }
    int size() const { return int(nodes.size()); }
    int quorum() const { return RedlockQuorum::quorum(size()); }
    // host:port as the user gave it (unix:PATH for a node on a Unix socket): how a node is
    // named in results, up or down.
    QString nodeName(int node) const { return nodeName(nodes.at(node)); }
    static QString nodeName(const ConnectionProfile &node)
    {
        return node.socketPath.isEmpty() ? node.endpoint() : QStringLiteral("unix:") + node.socketPath;
    }
};
