#pragma once

#include "keypattern.h"
#include "monitorline.h"

#include <QHash>
#include <QList>

// Counts failed lock acquisitions in a MONITOR stream. A SET … NX that finds the key taken
// replies nil and changes nothing, so Redis itself keeps no trace of it; MONITOR shows the
// command but not the reply. The counter therefore replays key existence from the stream
// itself (SET, DEL, expiry from EX/PX/PEXPIRE, …), seeded with the locks the watch already
// knows: a SET NX or SETNX on a key that exists at that moment failed.
// Redisson's acquire script shows its own failure: inside one script, HEXISTS on the lock
// then PTTL without HINCRBY means the lock was held by someone else.
class AcquireAttemptCounter final
{
public:
    void setPatterns(const QList<KeyPattern> &patterns) { m_patterns = patterns; }
    void setDatabase(int database) { m_database = database; }
    // A lock held when sampling begins; deadlineMs since the epoch, -1 without expiry.
    void seed(const QByteArray &key, qint64 deadlineMs);

    void feed(const MonitorLine &line);
    // Failed attempts per lock since the last call.
    QHash<QByteArray, qint64> takeFailed();

    qint64 attempts() const { return m_attempts; }
    qint64 failures() const { return m_failures; }
    qint64 commandsSeen() const { return m_commands; }

private:
    struct KeyState
    {
        bool exists = false;
        qint64 deadlineUs = -1;
    };
    bool watched(const QByteArray &key) const;
    bool existsAt(const QByteArray &key, qint64 timeUs) const;
    void put(const QByteArray &key, qint64 deadlineUs);
    void expireAt(const QByteArray &key, qint64 deadlineUs, qint64 nowUs);
    void fail(const QByteArray &key);
    void feedSet(const MonitorLine &line);
    void feedScript(const MonitorLine &line);

    QList<KeyPattern> m_patterns;
    int m_database = 0;
    QHash<QByteArray, KeyState> m_keys;
    QHash<QByteArray, qint64> m_failed;
    qint64 m_attempts = 0;
    qint64 m_failures = 0;
    qint64 m_commands = 0;
    // The script running now (commands with client "lua" follow their EVAL line).
    QList<QByteArray> m_scriptChecked; // keys the script tested with HEXISTS
    QList<QByteArray> m_scriptWrote;   // keys it wrote the holder field of
};
