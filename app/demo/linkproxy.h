#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QTcpServer>

class QTcpSocket;

// A TCP relay on a loopback port in front of another one, run on the event loop. The sandbox
// puts it on the replication link between a master and its replica, so the link can be held
// deterministically: while held, what the master sends is kept here instead of reaching the
// replica, which is how a lock can be written on the master and never replicated.
class LinkProxy final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LinkProxy)

public:
    explicit LinkProxy(QObject *parent = nullptr);
    ~LinkProxy() override;

    // Listens on a free loopback port and relays every connection to targetPort.
    bool listen(quint16 targetPort);
    quint16 port() const { return m_server.serverPort(); }

    // Holds (or lets through again) the bytes flowing from the target to the client side.
    void setHeld(bool held);
    bool isHeld() const { return m_held; }
    qint64 heldBytes() const;
    // Drops every connection and whatever was held, and stops listening.
    void cut();
    int connectionCount() const { return int(m_links.size()); }

private:
    struct Link
    {
        QTcpSocket *client = nullptr;   // the side that connected to us (the replica)
        QTcpSocket *upstream = nullptr; // our connection to the target (the master)
        QByteArray toUpstream;          // from the client, before upstream is connected
        QByteArray held;                // from upstream, while the link is held
    };

    void accept();
    void close(Link *link);
    Link *find(const QTcpSocket *socket);

    QTcpServer m_server;
    quint16 m_targetPort = 0;
    QList<Link *> m_links;
    bool m_held = false;
};
