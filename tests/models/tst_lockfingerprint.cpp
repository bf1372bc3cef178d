#include "dialectregistry.h"
#include "lockfingerprint.h"

#include <QDateTime>
#include <QTest>

Q_DECLARE_METATYPE(KeySample)

namespace {
const QByteArray a = "8743c9c0-0795-4907-87fd-6c719a6b4586:1";
const QByteArray b = "348b69da-9e7c-447f-8826-bfc5e280d663:1";
const QByteArray c = "0b0e6a57-6bb1-4c8e-9b53-7d4f5e6a1c2d:7";

KeySample hash(const QByteArray &key, const QList<KeySample::Entry> &entries)
{
    KeySample s;
    s.key = key;
    s.type = RedisType::Hash;
    s.pttlMs = 30000;
    s.size = entries.size();
    s.entries = entries;
    return s;
}

KeySample string(const QByteArray &key, const QByteArray &value)
{
    KeySample s;
    s.key = key;
    s.type = RedisType::String;
    s.pttlMs = 30000;
    s.size = value.size();
    s.value = value;
    return s;
}

KeySample zset(const QByteArray &key, const QList<QByteArray> &members)
{
    KeySample s;
    s.key = key;
    s.type = RedisType::ZSet;
    s.pttlMs = 10000;
    s.size = members.size();
    for (const QByteArray &m : members)
        s.entries.append({m, QByteArray::number(QDateTime::currentMSecsSinceEpoch())});
    return s;
}
} // namespace

// The guard's value type: canonical bytes for the Lua guard, words for people, and what
// changed between two observations.
class TestLockFingerprint : public QObject
{
    Q_OBJECT

private:
    const DialectRegistry m_registry;

    LockInfo lock(const KeySample &sample) const { return m_registry.classify(sample).value_or(LockInfo()); }

private Q_SLOTS:
    void canonicalBytesAreSortedAndBinarySafe()
    {
        const LockInfo rw = lock(hash("rw", {{b, "1"}, {"mode", "read"}, {a, "1"}}));
        QCOMPARE(rw.dialect, QStringLiteral("redisson-rwlock"));
        const LockFingerprint f = LockFingerprint::whole(rw);
        QVERIFY(f.isValid());
        // Fields in byte order, whatever order HSCAN gave them in.
        QCOMPARE(f.serialise(), "lsfp1:hash:whole:3;" + QByteArray("38:") + b + "1:1" + "38:" + a + "1:1" + "4:mode4:read");
        // The same lock read in another order is the same fingerprint.
        QCOMPARE(LockFingerprint::whole(lock(hash("rw", {{"mode", "read"}, {a, "1"}, {b, "1"}}))).serialise(), f.serialise());

        const QByteArray binary("\x00\xff:\n;", 5);
        QCOMPARE(LockFingerprint::whole(lock(string("lock:bin", binary))).serialise(), "lsfp1:string:whole:1;0:5:" + binary);
        QCOMPARE(LockFingerprint::absent("k").serialise(), QByteArray("lsfp1:none:whole:0;"));
    }

    void wordsSayWhatIsGuarded()
    {
        const LockInfo rw = lock(hash("rw", {{"mode", "read"}, {a, "1"}, {b, "1"}}));
        QCOMPARE(LockFingerprint::whole(rw).text(),
                 QStringLiteral("2 holders: %1 ×1 (read), %2 ×1 (read); mode read").arg(QString::fromLatin1(b), QString::fromLatin1(a)));
        QCOMPARE(LockFingerprint::holder(rw, a).text(), QStringLiteral("holder %1 ×1 (read); mode read").arg(QString::fromLatin1(a)));
        QCOMPARE(LockFingerprint::whole(lock(string("lock:a", "tok"))).text(), QStringLiteral("token \"tok\""));
        QCOMPARE(LockFingerprint::absent("lock:a").text(), QStringLiteral("absent: nobody holds \"lock:a\""));
        // An unrecognised hash: no holders, its fields are what is guarded.
        KeySample odd = hash("lock:odd", {{"x", "1"}, {"y", "2"}});
        QCOMPARE(LockFingerprint::whole(lock(odd)).text(), QStringLiteral("2 fields: x = 1, y = 2"));
    }

    // A holder-scoped guard: that holder's entry and the lock's facts, nobody else's.
    void holderScope()
    {
        const LockInfo rw = lock(hash("rw", {{"mode", "read"}, {a, "2"}, {b, "1"}}));
        const LockFingerprint f = LockFingerprint::holder(rw, a);
        QVERIFY(f.isValid());
        QCOMPARE(f.scope(), LockFingerprint::Scope::Holder);
        QCOMPARE(f.serialise(), "lsfp1:hash:holder:2;38:" + a + "1:24:mode4:read");
        const LockFingerprint none = LockFingerprint::holder(rw, c);
        QVERIFY(!none.isValid());
        QVERIFY2(none.reason().contains(QLatin1String("does not hold")), qPrintable(none.reason()));

        const LockInfo sem = lock(zset("semaphore:pool", {"8743c9c0-0795-4907-87fd-6c719a6b4586", "348b69da-9e7c-447f-8826-bfc5e280d663"}));
        QCOMPARE(sem.dialect, QStringLiteral("redis-semaphore"));
        // Members only: a score is a refresh time, which the holder's own refresh moves.
        QCOMPARE(LockFingerprint::holder(sem, "8743c9c0-0795-4907-87fd-6c719a6b4586").serialise(),
                 QByteArray("lsfp1:zset:holder:1;36:8743c9c0-0795-4907-87fd-6c719a6b45860:"));
    }

    // Only a whole observation can be guarded on.
    void partialReadsMakeNoFingerprint()
    {
        KeySample big = string("lock:big", QByteArray(4096, 'x'));
        big.size = 10'000'000;
        big.truncated = true;
        const LockFingerprint s = LockFingerprint::whole(lock(big));
        QVERIFY(!s.isValid());
        QVERIFY2(s.reason().contains(QLatin1String("only the first 4096 of the 10000000 bytes")), qPrintable(s.reason()));

        KeySample many = hash("rw", {{"mode", "read"}, {a, "1"}});
        many.size = 500;
        many.truncated = true;
        const LockFingerprint h = LockFingerprint::whole(lock(many));
        QVERIFY(!h.isValid());
        QVERIFY2(h.reason().contains(QLatin1String("2 of its 500 entries")), qPrintable(h.reason()));
        QVERIFY(!LockFingerprint::holder(lock(many), a).isValid());

        LockInfo gone = lock(string("lock:a", "t"));
        gone.goneAs = LockState::Released;
        QVERIFY(!LockFingerprint::whole(gone).isValid());
    }

    void changesInWords_data()
    {
        QTest::addColumn<KeySample>("seen");
        QTest::addColumn<QByteArray>("holder"); // empty: the whole lock
        QTest::addColumn<KeySample>("now");
        QTest::addColumn<QString>("words");
        const KeySample rw = hash("rw", {{"mode", "read"}, {a, "1"}, {b, "1"}});
        QTest::newRow("a reader joined") << rw << QByteArray() << hash("rw", {{"mode", "read"}, {a, "1"}, {b, "1"}, {c, "1"}})
                                         << QStringLiteral("a reader %1 joined (×1)").arg(QString::fromLatin1(c));
        QTest::newRow("re-acquired") << rw << QByteArray() << hash("rw", {{"mode", "read"}, {a, "2"}, {b, "1"}})
                                     << QStringLiteral("%1 re-acquired: hold count 1 → 2").arg(QString::fromLatin1(a));
        QTest::newRow("mode") << rw << QByteArray() << hash("rw", {{"mode", "write"}, {a, "1"}, {b, "1"}})
                              << QStringLiteral("mode read → write");
        QTest::newRow("a reader left") << rw << QByteArray() << hash("rw", {{"mode", "read"}, {b, "1"}})
                                       << QStringLiteral("reader %1 is gone").arg(QString::fromLatin1(a));
        // Holder scope: another reader is none of its business…
        QTest::newRow("holder: its hold changed") << rw << a << hash("rw", {{"mode", "read"}, {a, "3"}, {c, "1"}})
                                                  << QStringLiteral("%1 re-acquired: hold count 1 → 3").arg(QString::fromLatin1(a));
        QTest::newRow("string") << string("lock:a", "first") << QByteArray() << string("lock:a", "second")
                                << QStringLiteral("it changed hands: the token is now \"second\" (you saw \"first\")");
        QTest::newRow("type") << string("lock:a", "first") << QByteArray() << hash("lock:a", {{"x", "1"}})
                              << QStringLiteral("it is now a hash, not the string you saw");
        QTest::newRow("gone") << string("lock:a", "first") << QByteArray() << KeySample()
                              << QStringLiteral("it no longer exists: it expired or was released");
        QTest::newRow("permit added") << zset("semaphore:pool", {"8743c9c0-0795-4907-87fd-6c719a6b4586"}) << QByteArray()
                                      << zset("semaphore:pool", {"8743c9c0-0795-4907-87fd-6c719a6b4586", "348b69da-9e7c-447f-8826-bfc5e280d663"})
                                      << QStringLiteral("a holder 348b69da-9e7c-447f-8826-bfc5e280d663 joined");
    }

    void changesInWords()
    {
        QFETCH(KeySample, seen);
        QFETCH(QByteArray, holder);
        QFETCH(KeySample, now);
        const LockInfo before = lock(seen);
        const LockFingerprint f = holder.isEmpty() ? LockFingerprint::whole(before) : LockFingerprint::holder(before, holder);
        QVERIFY(f.isValid());
        LockInfo after;
        if (now.exists())
            after = lock(now);
        else
            after.goneAs = LockState::Released;
        const QStringList changes = f.changesTo(LockFingerprint::found(after));
        QTEST(changes.join(QStringLiteral("; ")), "words");
    }
};

QTEST_GUILESS_MAIN(TestLockFingerprint)
#include "tst_lockfingerprint.moc"
