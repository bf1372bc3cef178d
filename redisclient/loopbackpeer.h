#pragma once

#include <QtGlobal>

#include <optional>

class QTcpSocket;

// Who owns the other end of a connection accepted on a loopback TCP port, from the kernel's
// socket table (/proc/net/tcp). An SSH tunnel's local ports are reachable by every user of
// the machine; checked here, they carry only this user's connections, as a Unix socket in a
// private directory would (a TLS connection needs TCP, so the tunnel listens on TCP).
class LoopbackPeer final
{
public:
    // The uid owning the IPv4 loopback socket whose local port is peerPort and whose remote
    // port is localPort; nothing when no such socket is listed (gone, or no /proc).
    static std::optional<uint> ownerOf(quint16 peerPort, quint16 localPort);
    // Whether socket, accepted on 127.0.0.1, comes from this process's user.
    static bool isThisUser(const QTcpSocket &socket);
};
