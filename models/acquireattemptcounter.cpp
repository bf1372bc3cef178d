#include "acquireattemptcounter.h"

void AcquireAttemptCounter::seed(const QByteArray &key, qint64 deadlineMs)
{
    m_keys.insert(key, {true, deadlineMs < 0 ? -1 : deadlineMs * 1000});
}

bool AcquireAttemptCounter::watched(const QByteArray &key) const
{
    if (m_patterns.isEmpty())
        return true;
    for (const KeyPattern &p : m_patterns)
        if (p.matches(key))
            return true;
    return false;
}

bool AcquireAttemptCounter::existsAt(const QByteArray &key, qint64 timeUs) const
{
    const auto it = m_keys.constFind(key);
    return it != m_keys.cend() && it->exists && (it->deadlineUs < 0 || timeUs < it->deadlineUs);
}

void AcquireAttemptCounter::put(const QByteArray &key, qint64 deadlineUs)
{
    m_keys.insert(key, {true, deadlineUs});
}

void AcquireAttemptCounter::expireAt(const QByteArray &key, qint64 deadlineUs, qint64 nowUs)
{
    const auto it = m_keys.find(key);
    if (it == m_keys.end() || !existsAt(key, nowUs))
        return;
    if (deadlineUs <= nowUs)
        m_keys.erase(it);
    else
        it->deadlineUs = deadlineUs;
}

void AcquireAttemptCounter::fail(const QByteArray &key)
{
    ++m_failed[key];
    ++m_failures;
}

QHash<QByteArray, qint64> AcquireAttemptCounter::takeFailed()
{
    QHash<QByteArray, qint64> out;
    out.swap(m_failed);
    return out;
}

void AcquireAttemptCounter::feed(const MonitorLine &line)
{
    ++m_commands;
    if (line.database != m_database)
        return;
    const QByteArray cmd = line.command();
    if (!line.fromScript() && (cmd == "eval" || cmd == "evalsha" || cmd == "eval_ro" || cmd == "evalsha_ro" || cmd == "fcall")) {
        m_scriptChecked.clear();
        m_scriptWrote.clear();
        return;
    }
    if (cmd == "flushall" || cmd == "flushdb") {
        m_keys.clear();
        return;
    }
    if (line.args.size() < 2)
        return;
    const QByteArray &key = line.args.at(1);
    const qint64 now = line.timeUs;
    if (line.fromScript())
        feedScript(line);

    if (cmd == "del" || cmd == "unlink") {
        for (qsizetype i = 1; i < line.args.size(); ++i)
            m_keys.remove(line.args.at(i));
        return;
    }
    if (cmd == "rename" || cmd == "renamenx") {
        if (line.args.size() >= 3 && existsAt(key, now)) {
            m_keys.insert(line.args.at(2), m_keys.value(key));
            m_keys.remove(key);
        }
        return;
    }
    if (!watched(key))
        return;
    bool ok = false;
    if (cmd == "set") {
        feedSet(line);
    } else if (cmd == "setnx") {
        ++m_attempts;
        if (existsAt(key, now))
            fail(key);
        else
            put(key, -1);
    } else if ((cmd == "setex" || cmd == "psetex") && line.args.size() >= 3) {
        const qint64 n = line.args.at(2).toLongLong(&ok);
        if (ok)
            put(key, now + (cmd == "setex" ? n * 1'000'000 : n * 1000));
    } else if (cmd == "getdel") {
        m_keys.remove(key);
    } else if ((cmd == "expire" || cmd == "pexpire" || cmd == "expireat" || cmd == "pexpireat") && line.args.size() >= 3) {
        const qint64 n = line.args.at(2).toLongLong(&ok);
        if (!ok)
            return;
        qint64 deadline = 0;
        if (cmd == "expire")
            deadline = now + n * 1'000'000;
        else if (cmd == "pexpire")
            deadline = now + n * 1000;
        else if (cmd == "expireat")
            deadline = n * 1'000'000;
        else
            deadline = n * 1000;
        expireAt(key, deadline, now);
    } else if (cmd == "persist") {
        if (existsAt(key, now))
            m_keys[key].deadlineUs = -1;
    } else if (cmd == "hset" || cmd == "hmset" || cmd == "hsetnx" || cmd == "hincrby" || cmd == "zadd" || cmd == "sadd"
               || cmd == "rpush" || cmd == "lpush") {
        if (!existsAt(key, now))
            put(key, -1);
    }
}

void AcquireAttemptCounter::feedSet(const MonitorLine &line)
{
    const QByteArray &key = line.args.at(1);
    const qint64 now = line.timeUs;
    bool nx = false, xx = false, keepTtl = false;
    qint64 deadline = -1;
    for (qsizetype i = 3; i < line.args.size(); ++i) {
        const QByteArray opt = line.args.at(i).toUpper();
        const auto next = [&](qint64 scaleUs, bool absolute) {
            if (i + 1 >= line.args.size())
                return;
            bool ok = false;
            const qint64 n = line.args.at(++i).toLongLong(&ok);
            if (ok)
                deadline = absolute ? n * scaleUs : now + n * scaleUs;
        };
        if (opt == "NX")
            nx = true;
        else if (opt == "XX")
            xx = true;
        else if (opt == "KEEPTTL")
            keepTtl = true;
        else if (opt == "EX")
            next(1'000'000, false);
        else if (opt == "PX")
            next(1000, false);
        else if (opt == "EXAT")
            next(1'000'000, true);
        else if (opt == "PXAT")
            next(1000, true);
    }
    const bool exists = existsAt(key, now);
    if (nx) {
        ++m_attempts;
        if (exists)
            fail(key);
        else
            put(key, deadline);
        return;
    }
    if (xx && !exists)
        return;
    if (keepTtl && exists)
        deadline = m_keys.value(key).deadlineUs;
    put(key, deadline);
}

void AcquireAttemptCounter::feedScript(const MonitorLine &line)
{
    const QByteArray cmd = line.command();
    const QByteArray &key = line.args.at(1);
    if (!watched(key))
        return;
    if (cmd == "hexists") {
        m_scriptChecked << key;
    } else if (cmd == "hincrby" || cmd == "hset") {
        m_scriptWrote << key;
    } else if (cmd == "pttl" && m_scriptChecked.contains(key) && !m_scriptWrote.contains(key)) {
        // Redisson's tryLock: held by another thread, so it returns the PTTL to wait.
        ++m_attempts;
        fail(key);
        m_scriptChecked.removeAll(key);
    }
}
