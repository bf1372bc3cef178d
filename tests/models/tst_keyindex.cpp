#include "keyindex.h"

#include <QTest>

// KeyIndex numbers keys in the order they come, whatever their hashes do: keys that share a
// hash (forced here with a hash of their length) are still told apart, found, and counted once.
class TestKeyIndex : public QObject
{
    Q_OBJECT

    static size_t byLength(const QByteArray &key) { return size_t(key.size()); }
    static size_t constant(const QByteArray &) { return 7; }

private Q_SLOTS:
    void numbersKeysOnce_data()
    {
        QTest::addColumn<int>("hash"); // 0: the real one, 1: by length, 2: one hash for all
        QTest::newRow("seeded hash") << 0;
        QTest::newRow("colliding by length") << 1;
        QTest::newRow("all colliding") << 2;
    }

    void numbersKeysOnce()
    {
        QFETCH(int, hash);
        KeyIndex index(hash == 1 ? &byLength : hash == 2 ? &constant : nullptr);
        const QList<QByteArray> keys = {"lock:a", "lock:b", "", "lock:a", "x", QByteArray("\x00\xff", 2), "lock:bb", "lock:b", "",
                                        QByteArray("\x00\xfe", 2), "x", "lock:c"};
        QList<QByteArray> firsts;
        for (const QByteArray &key : keys) {
            bool added = false;
            const qsizetype i = index.insert(key, &added);
            QCOMPARE(added, !firsts.contains(key));
            if (added)
                firsts << key;
            QCOMPARE(i, firsts.indexOf(key));
            QCOMPARE(index.key(i), key);
        }
        QCOMPARE(index.keys(), firsts);
        QCOMPARE(index.size(), firsts.size());
        for (qsizetype i = 0; i < firsts.size(); ++i)
            QCOMPARE(index.indexOf(firsts.at(i)), i);
        QCOMPARE(index.indexOf("lock:d"), qsizetype(-1));
        QCOMPARE(index.indexOf("lock:z"), qsizetype(-1)); // the same length as keys held
        QVERIFY(!index.contains(QByteArray("\x00\xfd", 2)));
        index.clear();
        QVERIFY(index.isEmpty());
        QCOMPARE(index.indexOf("lock:a"), qsizetype(-1));
        bool added = false;
        QCOMPARE(index.insert("lock:b", &added), qsizetype(0));
        QVERIFY(added);
    }

    void manyKeys()
    {
        KeyIndex index;
        index.reserve(1000);
        for (int round = 0; round < 2; ++round) {
            for (int i = 0; i < 50000; ++i) {
                bool added = false;
                QCOMPARE(index.insert("lock:" + QByteArray::number(i), &added), qsizetype(i));
                QCOMPARE(added, round == 0);
            }
        }
        QCOMPARE(index.size(), qsizetype(50000));
    }
};

QTEST_APPLESS_MAIN(TestKeyIndex)
#include "tst_keyindex.moc"
