#include "linkproxy.h"

#include <QTcpSocket>

LinkProxy::LinkProxy(QObject *parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &LinkProxy::accept);
}

LinkProxy::~LinkProxy()
{
    cut();
}

bool LinkProxy::listen(quint16 targetPort)
{
    m_targetPort = targetPort;
    return m_server.listen(QHostAddress::LocalHost, 0);
}

LinkProxy::Link *LinkProxy::find(const QTcpSocket *socket)
{
    for (Link *link : std::as_const(m_links))
        if (link->client == socket || link->upstream == socket)
            return link;
    return nullptr;
}

void LinkProxy::accept()
{
    while (QTcpSocket *client = m_server.nextPendingConnection()) {
        auto *link = new Link;
        link->client = client;
        link->upstream = new QTcpSocket(this);
        m_links.append(link);
        QTcpSocket *upstream = link->upstream;
        connect(client, &QTcpSocket::readyRead, this, [this, client] {
            Link *l = find(client);
            if (!l)
                return;
            const QByteArray bytes = client->readAll();
            if (l->upstream->state() == QAbstractSocket::ConnectedState)
                l->upstream->write(bytes);
            else
                l->toUpstream += bytes;
        });
        connect(upstream, &QTcpSocket::connected, this, [this, upstream] {
            if (Link *l = find(upstream)) {
                upstream->write(l->toUpstream);
                l->toUpstream.clear();
            }
        });
        connect(upstream, &QTcpSocket::readyRead, this, [this, upstream] {
            Link *l = find(upstream);
            if (!l)
                return;
            const QByteArray bytes = upstream->readAll();
            if (m_held)
                l->held += bytes;
            else
                l->client->write(bytes);
        });
        for (QTcpSocket *socket : {client, upstream}) {
            connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
                if (Link *l = find(socket))
                    close(l);
            });
            connect(socket, &QTcpSocket::errorOccurred, this, [this, socket] {
                if (Link *l = find(socket))
                    close(l);
            });
        }
        upstream->connectToHost(QHostAddress::LocalHost, m_targetPort);
    }
}

void LinkProxy::close(Link *link)
{
    m_links.removeOne(link);
    for (QTcpSocket *socket : {link->client, link->upstream}) {
        socket->disconnect(this);
        socket->abort();
        socket->deleteLater();
    }
    delete link;
}

void LinkProxy::setHeld(bool held)
{
    m_held = held;
    if (held)
        return;
    for (Link *link : std::as_const(m_links)) {
        link->client->write(link->held);
        link->held.clear();
    }
}

qint64 LinkProxy::heldBytes() const
{
    qint64 total = 0;
    for (const Link *link : m_links)
        total += link->held.size();
    return total;
}

void LinkProxy::cut()
{
    m_server.close();
    while (!m_links.isEmpty())
        close(m_links.first());
}
