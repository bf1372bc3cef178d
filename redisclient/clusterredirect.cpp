#include "clusterredirect.h"

#include "clusterslot.h"
#include "redisreply.h"

namespace {
// Decimal digits only, at most max: the lenient QByteArray::toInt would take a sign or
// surrounding blanks, which a server never writes here and a mangled reply might.
std::optional<int> strictNumber(QByteArrayView text, int max)
{
    if (text.isEmpty() || text.size() > 5)
        return std::nullopt;
    int value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    if (value > max)
        return std::nullopt;
    return value;
}

bool isHostCharacter(char c)
{
    // Printable ASCII: IPs, hostnames and IPv6 literals; no blanks or control bytes.
    return c > ' ' && c < 127;
}
} // namespace

std::optional<ClusterRedirect> ClusterRedirect::fromReply(const RedisReply &reply)
{
    if (!reply.isError())
        return std::nullopt;
    return parse(reply.bytes());
}

std::optional<ClusterRedirect> ClusterRedirect::parse(QByteArrayView text)
{
    const qsizetype firstSpace = text.indexOf(' ');
    if (firstSpace < 0)
        return std::nullopt;
    const qsizetype secondSpace = text.indexOf(' ', firstSpace + 1);
    if (secondSpace < 0 || text.indexOf(' ', secondSpace + 1) >= 0)
        return std::nullopt;
    const QByteArrayView word = text.first(firstSpace);
    const QByteArrayView slotText = text.sliced(firstSpace + 1, secondSpace - firstSpace - 1);
    const QByteArrayView endpoint = text.sliced(secondSpace + 1);

    ClusterRedirect r;
    if (word == "MOVED")
        r.m_kind = Kind::Moved;
    else if (word == "ASK")
        r.m_kind = Kind::Ask;
    else
        return std::nullopt;

    const std::optional<int> slot = strictNumber(slotText, ClusterSlot::count - 1);
    if (!slot)
        return std::nullopt;
    r.m_slot = quint16(*slot);

    // The port follows the last colon, so an IPv6 endpoint ("::1:7000") needs no brackets.
    const qsizetype colon = endpoint.lastIndexOf(':');
    if (colon < 0)
        return std::nullopt;
    const std::optional<int> port = strictNumber(endpoint.sliced(colon + 1), 65535);
    if (!port || *port == 0)
        return std::nullopt;
    r.m_port = quint16(*port);

    QByteArrayView host = endpoint.first(colon);
    // Redis writes IPv6 bare, but a bracketed literal means the same and is accepted.
    if (host.startsWith('[') || host.endsWith(']')) {
        if (host.size() < 3 || !host.startsWith('[') || !host.endsWith(']'))
            return std::nullopt;
        host = host.sliced(1, host.size() - 2);
    }
    for (const char c : host)
        if (!isHostCharacter(c) || c == '[' || c == ']')
            return std::nullopt;
    // "?" is what a node prints when it is meant to announce a hostname and has none: it names
    // no reachable node (unlike an empty endpoint), so there is nowhere to follow it to.
    if (host == "?")
        return std::nullopt;
    r.m_host = QString::fromLatin1(host);
    return r;
}

QString ClusterRedirect::hostOr(const QString &requestHost) const
{
    return m_host.isEmpty() ? requestHost : m_host;
}

QString ClusterRedirect::toString() const
{
    // One multi-argument arg(): a host is text from the server and may hold a '%'.
    return QStringLiteral("%1 %2 %3:%4")
        .arg(m_kind == Kind::Moved ? QStringLiteral("MOVED") : QStringLiteral("ASK"), QString::number(m_slot), m_host,
             QString::number(m_port));
}
