#pragma once

#include "keysample.h"
#include "luascript.h"

#include <QObject>

#include <functional>

class RedisConnection;

// Reads KeySamples for a batch of keys in one round trip: the inspect.lua script when the
// server allows scripting, else two pipelined round trips (TYPE+PTTL, then typed reads)
// for servers or ACL users without EVAL.
class KeyInspector final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyInspector)

public:
    using SamplesHandler = std::function<void(const QList<KeySample> &samples, const QString &error)>;

    explicit KeyInspector(RedisConnection *connection, QObject *parent = nullptr);

    void setCaps(int valueCap, int elementCap);
    void setUseScript(bool use) { m_useScript = use; }
    bool usesScript() const { return m_useScript; }

    // Samples come back in the order of keys; keys that vanished have type None.
    void inspect(const QList<QByteArray> &keys, QObject *context, SamplesHandler handler);

private:
    void inspectWithScript(const QList<QByteArray> &keys, QObject *context, SamplesHandler handler);
    void inspectWithPipeline(const QList<QByteArray> &keys, QObject *context, SamplesHandler handler);
    KeySample fromScriptReply(const QByteArray &key, const RedisReply &reply, qint64 now) const;

    RedisConnection *m_connection;
    LuaScript m_script;
    bool m_useScript = true;
    int m_valueCap = 4096;
    int m_elementCap = 64;
};
