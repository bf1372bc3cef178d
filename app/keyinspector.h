#pragma once

#include "keysample.h"

#include <QObject>

#include <functional>
#include <memory>

class RedisConnection;
class RedisReply;

// Reads KeySamples for a batch of keys with pipelined commands, every read bounded:
// - a string (the common lock) costs PTTL plus a capped GETRANGE, and STRLEN only when it
//   is longer than the cap: a 10 MB value is never pulled whole;
// - a collection is read by one Lua script (resources/lua/inspect/collection.lua) that
//   looks at its type, PTTL, size and at most elementCap members of at most valueCap bytes
//   each, atomically: a 200k-member hash costs what a small one does. A key known to be a
//   collection (hints) gets the script in the first round trip; others in the second.
// - where scripting is not allowed (an ACL without EVAL), plain bounded reads stand in:
//   member counts are still capped, member sizes are cut here after the transfer.
//
// Every key gets a sample with a status: Ok, Vanished (gone), or Failed with the reason (an
// error reply, a timeout, a lost connection, a read that could not complete). A failed read
// is never turned into data.
class KeyInspector final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyInspector)

public:
    // error is set when the whole read failed (every sample is Failed, for that reason).
    using SamplesHandler = std::function<void(const QList<KeySample> &samples, const QString &error)>;

    explicit KeyInspector(RedisConnection *connection, QObject *parent = nullptr);
    ~KeyInspector() override;

    void setCaps(int valueCap, int elementCap);
    int valueCap() const { return m_valueCap; }
    int elementCap() const { return m_elementCap; }
    // Whether the server refused the inspection script (its plain stand-in is used since).
    bool scriptsRefused() const { return m_scriptsRefused; }

    // Samples come back in the order of keys. hints, when given, holds the type each key had
    // at its last read (RedisType::None when unknown).
    void inspect(const QList<QByteArray> &keys, QObject *context, SamplesHandler handler,
                 const QList<RedisType> &hints = {});

private:
    struct Job;
    enum class Step { Plain, Length, Script, Fallback, Done };

    void round(const std::shared_ptr<Job> &job);
    Step collectionStep() const;
    void onPlain(KeySample &s, Step &step, const RedisReply &pttl, const RedisReply &value, qint64 now) const;
    void onLength(KeySample &s, Step &step, const RedisReply &length) const;
    void onScript(KeySample &s, Step &step, const RedisReply &reply, qint64 now);
    void onFallback(KeySample &s, Step &step, const QList<RedisReply> &replies) const;
    void fillEntries(KeySample &s, const QList<RedisReply> &view, bool pairs) const;

    RedisConnection *m_connection;
    int m_valueCap = 4096;
    int m_elementCap = 64;
    bool m_scriptLoaded = false; // on this connection, since it was last ready
    bool m_scriptsRefused = false;
};
