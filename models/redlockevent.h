#pragma once

#include "redlockobservation.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

// Something that happened to a Redlock group, as RedlockEventDeriver read it from successive
// readings of every node: a lock event of the group (the majority's token appeared, moved,
// changed or went), the majority going out of sight or back, or a node going down or up.
struct RedlockEvent
{
    Q_DECLARE_TR_FUNCTIONS(RedlockEvent)
public:
    enum class Kind { Acquired, Renewed, Released, Expired, HandedOver, Lost, QuorumLost, QuorumRegained, NodeDown, NodeUp, NodeRestarted };

    Kind kind = Kind::Acquired;
    qint64 timeMs = 0; // since the epoch
    QByteArray key;    // lock events
    QByteArray token;  // the majority's token (acquired, renewed, handed over, regained) or the one that went
    QByteArray previousToken; // handed over
    qint64 validityMs = -1;   // where a majority holds it: as RedlockObservation::Assessment says
    int node = -1;            // node down / up: its index in the group
    QString nodeName;         // node down / up: host:port
    QString error;            // node down: why
    QString message;          // node restarted, lost: what happened, in words
    RedlockObservation observation; // lock events: every node's reading when it was seen

    bool isNodeEvent() const { return kind == Kind::NodeDown || kind == Kind::NodeUp || kind == Kind::NodeRestarted; }
    // The stable ids of watch --events --json: acquired, renewed, released, expired,
    // handed-over, lost, quorum-lost, quorum-regained, node-down, node-up, node-restarted.
    static QString kindId(Kind kind);
    static QString kindText(Kind kind);
};
