#include "loopbackpeer.h"

#include <QFile>
#include <QHostAddress>
#include <QTcpSocket>
#include <QtEndian>

#include <unistd.h>

std::optional<uint> LoopbackPeer::ownerOf(quint16 peerPort, quint16 localPort)
{
    QFile table(QStringLiteral("/proc/net/tcp"));
    if (!table.open(QIODevice::ReadOnly))
        return std::nullopt;
    // The kernel prints an address as its bytes in memory read as a native integer, in hex,
    // and a port as a number: 127.0.0.1:6379 is "0100007F:18EB" on a little-endian machine.
    const QByteArray loopback = QByteArray::number(qToBigEndian<quint32>(0x7F000001u), 16).rightJustified(8, '0').toUpper();
    const QByteArray peer = loopback + ':' + QByteArray::number(peerPort, 16).rightJustified(4, '0').toUpper();
    const QByteArray local = loopback + ':' + QByteArray::number(localPort, 16).rightJustified(4, '0').toUpper();
    table.readLine(); // the header
    while (!table.atEnd()) {
        // "sl local rem st tx:rx tr:when retrnsmt uid timeout inode …"
        const QList<QByteArray> fields = table.readLine().simplified().split(' ');
        if (fields.size() > 7 && fields.at(1) == peer && fields.at(2) == local) {
            bool ok = false;
            const uint uid = fields.at(7).toUInt(&ok);
            if (ok)
                return uid;
        }
    }
    return std::nullopt;
}

bool LoopbackPeer::isThisUser(const QTcpSocket &socket)
{
    if (socket.peerAddress() != QHostAddress(QHostAddress::LocalHost))
        return false;
    const std::optional<uint> owner = ownerOf(socket.peerPort(), socket.localPort());
    return owner && *owner == uint(::geteuid());
}
