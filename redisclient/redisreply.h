#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// One Redis reply, owned by value. Built by ReplyParser from the wire; no hiredis type escapes.
class RedisReply final
{
public:
    enum class Type { Nil, Integer, String, Status, Error, Array };
    // Who made an error reply. Redis itself (Server), or the connection, standing in for an
    // answer that never came: NotSent, the command never left LockScope, so it certainly did
    // not run; Unanswered, it was written and the connection failed or timed out before the
    // answer, so it may or may not have run. Only errors carry it; it is not part of ==.
    enum class Origin { Server, NotSent, Unanswered };

    RedisReply() = default;

    static RedisReply nil() { return {}; }
    static RedisReply integer(qint64 value);
    static RedisReply string(const QByteArray &bytes);
    static RedisReply status(const QByteArray &text);
    static RedisReply error(const QByteArray &text);
    static RedisReply connectionError(const QByteArray &text, Origin origin);
    static RedisReply array(QList<RedisReply> elements);

    Type type() const { return m_type; }
    bool isNil() const { return m_type == Type::Nil; }
    bool isError() const { return m_type == Type::Error; }
    bool isString() const { return m_type == Type::String; }
    bool isInteger() const { return m_type == Type::Integer; }
    bool isArray() const { return m_type == Type::Array; }
    bool isStatus(const char *text) const;
    Origin origin() const { return m_origin; }

    qint64 integer() const { return m_integer; }
    // Bulk string bytes, or the text of a status or error reply.
    const QByteArray &bytes() const { return m_bytes; }
    const QList<RedisReply> &elements() const { return m_elements; }
    const RedisReply &at(qsizetype i) const;
    qsizetype size() const { return m_elements.size(); }

    // The reply as a number whether Redis sent an integer or a numeric bulk string.
    qint64 toInteger(bool *ok = nullptr) const;
    // True when the error reply starts with the given code, e.g. "NOSCRIPT" or "WRONGPASS".
    bool errorIs(const char *code) const;
    QString errorMessage() const;
    // An error the server gives while it cannot serve for now and will again without anyone's
    // help (CLUSTERDOWN, LOADING, TRYAGAIN, MASTERDOWN, BUSY), as opposed to a refusal
    // (NOPERM, WRONGTYPE) that asking again does not change.
    static bool isPassingError(const QString &message);
    QString toDebugString() const;

    bool operator==(const RedisReply &other) const;
    bool operator!=(const RedisReply &other) const { return !(*this == other); }

private:
    friend struct ReplyBuilder;

    Type m_type = Type::Nil;
    qint64 m_integer = 0;
    QByteArray m_bytes;
    QList<RedisReply> m_elements;
    Origin m_origin = Origin::Server;
};
