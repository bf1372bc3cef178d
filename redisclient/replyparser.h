#pragma once

#include "redisreply.h"

#include <memory>
#include <optional>

struct redisReader;

// Turns RESP bytes, fed in whatever chunks the socket delivers, into RedisReply values.
// hiredis's redisReader does the parsing; its object callbacks build RedisReply directly.
// The reader gets the bytes in slices: hiredis 0.14 moves its whole unread buffer each time
// a reply is taken, so one large socket read of many small replies would cost quadratic time.
class ReplyParser final
{
public:
    ReplyParser();
    ~ReplyParser();
    ReplyParser(const ReplyParser &) = delete;
    ReplyParser &operator=(const ReplyParser &) = delete;

    void feed(const char *data, qsizetype size);
    void feed(const QByteArray &bytes) { feed(bytes.constData(), bytes.size()); }

    // The next complete reply, or nothing until more bytes arrive. After a protocol
    // error hasError() is true and the stream cannot be resynchronised.
    std::optional<RedisReply> next();

    bool hasError() const { return !m_error.isEmpty(); }
    QString errorString() const { return m_error; }

private:
    struct ReaderDeleter {
        void operator()(redisReader *reader) const;
    };
    std::unique_ptr<redisReader, ReaderDeleter> m_reader;
    QByteArray m_pending; // bytes not yet handed to the reader
    qsizetype m_pendingAt = 0;
    QString m_error;
};
