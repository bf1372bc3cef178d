#include "redisreply.h"

#include <algorithm>

#include <QRegularExpression>

RedisReply RedisReply::integer(qint64 value)
{
    RedisReply r;
    r.m_type = Type::Integer;
    r.m_integer = value;
    return r;
}

RedisReply RedisReply::string(const QByteArray &bytes)
{
    RedisReply r;
    r.m_type = Type::String;
    r.m_bytes = bytes;
    return r;
}

RedisReply RedisReply::status(const QByteArray &text)
{
    RedisReply r = string(text);
    r.m_type = Type::Status;
    return r;
}

RedisReply RedisReply::error(const QByteArray &text)
{
    RedisReply r = string(text);
    r.m_type = Type::Error;
    return r;
}

RedisReply RedisReply::connectionError(const QByteArray &text, Origin origin)
{
    RedisReply r = error(text);
    r.m_origin = origin;
    return r;
}

RedisReply RedisReply::array(QList<RedisReply> elements)
{
    RedisReply r;
    r.m_type = Type::Array;
    r.m_elements = std::move(elements);
    return r;
}

bool RedisReply::operator==(const RedisReply &other) const
{
    if (m_type != other.m_type || m_integer != other.m_integer || m_bytes != other.m_bytes
        || m_elements.size() != other.m_elements.size())
        return false;
    for (qsizetype i = 0; i < m_elements.size(); ++i)
        if (!(m_elements.at(i) == other.m_elements.at(i)))
            return false;
    return true;
}

bool RedisReply::isStatus(const char *text) const
{
    return m_type == Type::Status && m_bytes == text;
}

const RedisReply &RedisReply::at(qsizetype i) const
{
    static const RedisReply missing;
    return i >= 0 && i < m_elements.size() ? m_elements.at(i) : missing;
}

qint64 RedisReply::toInteger(bool *ok) const
{
    if (m_type == Type::Integer) {
        if (ok)
            *ok = true;
        return m_integer;
    }
    if (m_type == Type::String || m_type == Type::Status)
        return m_bytes.toLongLong(ok);
    if (ok)
        *ok = false;
    return 0;
}

bool RedisReply::errorIs(const char *code) const
{
    if (m_type != Type::Error)
        return false;
    const QByteArray prefix(code);
    return m_bytes.startsWith(prefix)
           && (m_bytes.size() == prefix.size() || m_bytes.at(prefix.size()) == ' ');
}

QString RedisReply::errorMessage() const
{
    if (m_type != Type::Error)
        return {};
    // An error raised inside a script ends with where in it ("script: <sha>, on
    // @user_script:12."): the script's own line numbers mean nothing to the reader.
    static const QRegularExpression where(QStringLiteral(" script: [0-9a-f]{40}, on @user_script:\\d+\\.?$"));
    QString message = QString::fromUtf8(m_bytes);
    message.remove(where);
    return message;
}

QString RedisReply::toDebugString() const
{
    switch (m_type) {
    case Type::Nil:
        return QStringLiteral("(nil)");
    case Type::Integer:
        return QStringLiteral("(integer) %1").arg(m_integer);
    case Type::String:
        return QLatin1Char('"') + QString::fromUtf8(m_bytes) + QLatin1Char('"');
    case Type::Status:
        return QString::fromUtf8(m_bytes);
    case Type::Error:
        return QStringLiteral("(error) ") + QString::fromUtf8(m_bytes);
    case Type::Array: {
        QStringList parts;
        for (const RedisReply &e : m_elements)
            parts << e.toDebugString();
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    }
    return {};
}

bool RedisReply::isPassingError(const QString &message)
{
    static const char *const passing[] = {"CLUSTERDOWN", "LOADING", "TRYAGAIN", "MASTERDOWN", "BUSY"};
    return std::any_of(std::begin(passing), std::end(passing), [&message](const char *code) {
        return message.startsWith(QLatin1String(code)) && (message.size() == qsizetype(qstrlen(code)) || message.at(qstrlen(code)) == QLatin1Char(' '));
    });
}
