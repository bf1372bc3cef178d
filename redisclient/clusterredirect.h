#pragma once

#include <QByteArrayView>
#include <QString>

#include <optional>

class RedisReply;

// A cluster node's answer "this key is not mine", read from its error reply:
//   MOVED <slot> <endpoint>:<port>  the slot lives elsewhere now: send it there from now on;
//   ASK <slot> <endpoint>:<port>    the slot is being migrated: send only this command there,
//                                   preceded by ASKING, and keep the slot map as it is.
// The endpoint is an IP (v4 or v6, split from the port at the last colon), a hostname, or
// empty, which means the host the redirected command was sent to.
class ClusterRedirect final
{
public:
    enum class Kind { Moved, Ask };

    // Nothing unless the reply is an error that is exactly one of the two forms above.
    static std::optional<ClusterRedirect> fromReply(const RedisReply &reply);
    static std::optional<ClusterRedirect> parse(QByteArrayView errorText);

    Kind kind() const { return m_kind; }
    quint16 slot() const { return m_slot; }
    // Empty when the server does not know the node's endpoint: see hostOr().
    const QString &host() const { return m_host; }
    quint16 port() const { return m_port; }
    bool isSameHost() const { return m_host.isEmpty(); }
    // Where to go: the redirect's host, or the redirected command's own host when it gave none.
    QString hostOr(const QString &requestHost) const;

    // The redirect as the server wrote it, for logs.
    QString toString() const;

private:
    Kind m_kind = Kind::Moved;
    quint16 m_slot = 0;
    QString m_host;
    quint16 m_port = 0;
};
