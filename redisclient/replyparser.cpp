#include "replyparser.h"

#include <hiredis/hiredis.h>
#include <hiredis/read.h>
#include <QCoreApplication>

// Builds RedisReply objects from hiredis reader callbacks. The root reply is heap-allocated
// and handed to next(); children are written straight into their parent's pre-sized list,
// so a SCAN reply of thousands of keys costs one QByteArray per key and no redisReply copies.
struct ReplyBuilder
{
    static void *place(const redisReadTask *task, RedisReply value)
    {
        if (task->parent) {
            auto *parent = static_cast<RedisReply *>(task->parent->obj);
            RedisReply &slot = parent->m_elements[task->idx];
            slot = std::move(value);
            return &slot;
        }
        return new RedisReply(std::move(value));
    }

    static void *createString(const redisReadTask *task, char *str, size_t len)
    {
        const RedisReply::Type type = task->type == REDIS_REPLY_ERROR    ? RedisReply::Type::Error
                                      : task->type == REDIS_REPLY_STATUS ? RedisReply::Type::Status
                                                                         : RedisReply::Type::String;
        if (task->parent) {
            // Written in place: a SCAN page's thousands of keys cost one QByteArray each, and
            // no temporary reply to build, move and destroy.
            RedisReply &slot = static_cast<RedisReply *>(task->parent->obj)->m_elements[task->idx];
            slot.m_type = type;
            slot.m_bytes = QByteArray(str, qsizetype(len));
            return &slot;
        }
        RedisReply *reply = new RedisReply;
        reply->m_type = type;
        reply->m_bytes = QByteArray(str, qsizetype(len));
        return reply;
    }

    static void *createArray(const redisReadTask *task, int elements)
    {
        RedisReply array = RedisReply::array({});
        array.m_elements.resize(elements);
        return place(task, std::move(array));
    }

    static void *createInteger(const redisReadTask *task, long long value)
    {
        return place(task, RedisReply::integer(value));
    }

    static void *createNil(const redisReadTask *task) { return place(task, RedisReply::nil()); }

    // hiredis only ever frees the root object.
    static void freeObject(void *reply) { delete static_cast<RedisReply *>(reply); }
};

namespace {
redisReplyObjectFunctions replyFunctions = {
    ReplyBuilder::createString, ReplyBuilder::createArray, ReplyBuilder::createInteger,
    ReplyBuilder::createNil,    ReplyBuilder::freeObject,
};
} // namespace

void ReplyParser::ReaderDeleter::operator()(redisReader *reader) const
{
    redisReaderFree(reader);
}

ReplyParser::ReplyParser()
    : m_reader(redisReaderCreateWithFunctions(&replyFunctions))
{
    // Keep the reader's buffer once it has grown: large pipelined replies are the norm here.
    m_reader->maxbuf = 0;
}

ReplyParser::~ReplyParser() = default;

namespace {
// hiredis moves what it holds unread each time it has read 1 KB of it: small slices keep each
// move small (4 KB took a fifth fewer instructions than 16 KB on a pipeline of short replies).
constexpr qsizetype sliceSize = 4 * 1024;
}

void ReplyParser::feed(const char *data, qsizetype size)
{
    if (hasError() || size <= 0)
        return;
    if (m_pendingAt > 0) {
        m_pending.remove(0, m_pendingAt);
        m_pendingAt = 0;
    }
    m_pending.append(data, size);
}

std::optional<RedisReply> ReplyParser::next()
{
    if (hasError())
        return std::nullopt;
    void *raw = nullptr;
    for (;;) {
        if (redisReaderGetReply(m_reader.get(), &raw) != REDIS_OK) {
            m_error = QCoreApplication::translate("ReplyParser", "Redis protocol error: %1").arg(QString::fromUtf8(m_reader->errstr));
            return std::nullopt;
        }
        if (raw || m_pendingAt >= m_pending.size())
            break;
        const qsizetype n = std::min(sliceSize, m_pending.size() - m_pendingAt);
        if (redisReaderFeed(m_reader.get(), m_pending.constData() + m_pendingAt, size_t(n)) != REDIS_OK) {
            m_error = QString::fromUtf8(m_reader->errstr);
            return std::nullopt;
        }
        m_pendingAt += n;
    }
    if (m_pendingAt >= m_pending.size()) {
        m_pending.clear();
        m_pendingAt = 0;
    }
    if (!raw)
        return std::nullopt;
    std::unique_ptr<RedisReply> reply(static_cast<RedisReply *>(raw));
    return std::move(*reply);
}
