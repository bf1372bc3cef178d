#pragma once

#include "keysample.h"

#include <QHash>
#include <QObject>

#include <functional>
#include <memory>

class RedisConnection;
class RedisReply;
class RedisTopology;

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
//
// On a topology, each key is read on the master that owns it (one pipeline per master per
// round trip); a MOVED or ASK answer sends that key's read to the right node in the next
// round, with ASKING where the slot is being migrated.
class KeyInspector final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyInspector)

public:
    // error is set when the whole read failed (every sample is Failed, for that reason).
    using SamplesHandler = std::function<void(const QList<KeySample> &samples, const QString &error)>;

    // Keys are read where topology routes them.
    explicit KeyInspector(RedisTopology *topology, QObject *parent = nullptr);
    // Keys are read on this one server, whoever owns them (a replica's copy, a test).
    explicit KeyInspector(RedisConnection *node, QObject *parent = nullptr);
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
    void finish(const std::shared_ptr<Job> &job);
    Step collectionStep() const;
    RedisConnection *route(const QByteArray &key) const;
    void watch(RedisConnection *node);
    bool followRedirect(Job &job, qsizetype i, const RedisReply &reply);
    void onPlain(KeySample &s, Step &step, const RedisReply &pttl, const RedisReply &value, qint64 now) const;
    void onLength(KeySample &s, Step &step, const RedisReply &length) const;
    void onScript(KeySample &s, Step &step, const RedisReply &reply, RedisConnection *node, qint64 now);
    void onFallback(KeySample &s, Step &step, const QList<RedisReply> &replies) const;
    void fillEntries(KeySample &s, const QList<RedisReply> &view, bool pairs) const;

    RedisTopology *m_topology = nullptr;
    RedisConnection *m_node = nullptr;
    int m_valueCap = 4096;
    int m_elementCap = 64;
    QHash<const RedisConnection *, bool> m_scriptLoaded; // per node, since it was last ready
    bool m_scriptsRefused = false;
};
