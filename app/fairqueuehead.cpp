#include "fairqueuehead.h"

#include "redistopology.h"

#include <QSet>

#include <memory>

namespace {
// Heads looked at: a queue with more stale waiters than this at its head cannot be told.
constexpr int headsRead = 100;

QString failure(const RedisReply &reply)
{
    return reply.isError() ? reply.errorMessage() : FairQueueHead::tr("unexpected answer: %1").arg(reply.toDebugString());
}
} // namespace

void FairQueueHead::read(RedisTopology *topology, const QByteArray &queue, const QByteArray &timeouts, QObject *context,
                         std::function<void(const Result &)> done)
{
    // TIME and LRANGE go to the queue's master one after the other, so the heads are judged
    // by the clock of the server that would run the acquire.
    auto nowMs = std::make_shared<qint64>(-1);
    auto timeError = std::make_shared<QString>();
    topology->send(queue, {"TIME"}, context, [nowMs, timeError](const RedisReply &time) {
        if (time.isArray() && time.size() == 2)
            *nowMs = time.at(0).bytes().toLongLong() * 1000 + time.at(1).bytes().toLongLong() / 1000;
        else
            *timeError = failure(time);
    });
    topology->send(queue, {"LRANGE", queue, "0", QByteArray::number(headsRead)}, context,
                   [topology, timeouts, context, done, nowMs, timeError](const RedisReply &heads) {
        if (!heads.isArray()) {
            done({{}, 0, failure(heads)});
            return;
        }
        if (*nowMs < 0) {
            done({{}, 0, *timeError});
            return;
        }
        if (heads.size() == 0) {
            done({});
            return;
        }
        // Each head's timeout, all asked at once; judged in queue order once every one is in.
        auto scores = std::make_shared<QList<RedisReply>>(heads.size());
        auto pending = std::make_shared<qsizetype>(heads.size());
        QList<QByteArray> names;
        for (qsizetype i = 0; i < heads.size(); ++i)
            names << heads.at(i).bytes();
        for (qsizetype i = 0; i < names.size(); ++i) {
            topology->send(timeouts, {"ZSCORE", timeouts, names.at(i)}, context,
                           [i, names, scores, pending, done, nowMs](const RedisReply &score) {
                (*scores)[i] = score;
                if (--*pending > 0)
                    return;
                Result result;
                QSet<QByteArray> counted;
                for (qsizetype j = 0; j < names.size(); ++j) {
                    const RedisReply &s = scores->at(j);
                    if (s.isError()) {
                        done({{}, 0, failure(s)});
                        return;
                    }
                    bool ok = false;
                    const double deadline = s.isNil() ? 0 : s.bytes().toDouble(&ok);
                    // As the script: a waiter listed twice, or one without a score, ends the
                    // drop; a score past now is a live waiter.
                    if (counted.contains(names.at(j)) || s.isNil() || !ok || deadline > double(*nowMs)) {
                        result.first = names.at(j);
                        done(result);
                        return;
                    }
                    counted.insert(names.at(j));
                    ++result.stale;
                }
                // Every head read was stale: nobody waits, unless the queue goes on beyond them.
                if (names.size() > headsRead)
                    result.error = FairQueueHead::tr("its first %1 waiters' timeouts have passed, and the queue goes on").arg(headsRead);
                done(result);
            });
        }
    });
}
