#include "clusterslot.h"

#include <QTest>

// Slots of keys as redis-server 7.0's CLUSTER KEYSLOT gives them, the hash tag rules with the
// cluster specification's own examples, and the CRC's published check value.
class TestClusterSlot : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void crc16_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("crc");
        // The specification's check value for CRC-16/XMODEM.
        QTest::newRow("check value") << QByteArray("123456789") << 0x31C3;
        QTest::newRow("empty") << QByteArray() << 0x0000;
        QTest::newRow("one byte") << QByteArray("A") << 0x58E5;
        QTest::newRow("nul byte") << QByteArray(1, '\0') << 0x0000;
    }

    void crc16()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, crc);
        QCOMPARE(ClusterSlot::crc16(bytes), quint16(crc));
    }

    void hashedPart_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QByteArray>("hashed");
        QTest::newRow("no braces") << QByteArray("lock:order:42") << QByteArray("lock:order:42");
        QTest::newRow("tag at the start") << QByteArray("{user1000}.following") << QByteArray("user1000");
        QTest::newRow("tag in the middle") << QByteArray("foo{hash_tag}bar") << QByteArray("hash_tag");
        QTest::newRow("whole key is a tag") << QByteArray("{a}") << QByteArray("a");
        // The spec's examples: the first '{', then the first '}' after it.
        QTest::newRow("empty tag first: whole key") << QByteArray("foo{}{bar}") << QByteArray("foo{}{bar}");
        QTest::newRow("nested opening brace") << QByteArray("foo{{bar}}zap") << QByteArray("{bar");
        QTest::newRow("two tags: the first") << QByteArray("foo{bar}{zap}") << QByteArray("bar");
        QTest::newRow("leading {} opts out") << QByteArray("{}binary") << QByteArray("{}binary");
        QTest::newRow("only {}") << QByteArray("{}") << QByteArray("{}");
        QTest::newRow("trailing {}") << QByteArray("x{}") << QByteArray("x{}");
        QTest::newRow("unclosed") << QByteArray("a{b") << QByteArray("a{b");
        QTest::newRow("closing before opening") << QByteArray("}{") << QByteArray("}{");
        QTest::newRow("a '}' before the tag is ignored") << QByteArray("}x{tag}") << QByteArray("tag");
        QTest::newRow("lone opening brace") << QByteArray("{") << QByteArray("{");
        QTest::newRow("empty key") << QByteArray() << QByteArray();
        QTest::newRow("binary tag") << QByteArray("k{\x00\xff}v", 6) << QByteArray("\x00\xff", 2);
    }

    void hashedPart()
    {
        QFETCH(QByteArray, key);
        QFETCH(QByteArray, hashed);
        QCOMPARE(ClusterSlot::hashedPart(key).toByteArray(), hashed);
    }

    void forKey_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<int>("slot");
        // Every expected value here was asked of redis-server 7.0.15 with CLUSTER KEYSLOT.
        QTest::newRow("check string") << QByteArray("123456789") << 12739;
        QTest::newRow("somekey") << QByteArray("somekey") << 11058;
        QTest::newRow("tag foo") << QByteArray("foo{hash_tag}") << 2515;
        QTest::newRow("tag bar") << QByteArray("bar{hash_tag}") << 2515;
        QTest::newRow("following") << QByteArray("{user1000}.following") << 3443;
        QTest::newRow("followers") << QByteArray("{user1000}.followers") << 3443;
        QTest::newRow("empty tag first") << QByteArray("foo{}{bar}") << 8363;
        QTest::newRow("nested brace") << QByteArray("foo{{bar}}zap") << 4015;
        QTest::newRow("same as nested brace") << QByteArray("{bar") << 4015;
        QTest::newRow("two tags") << QByteArray("foo{bar}{zap}") << 5061;
        QTest::newRow("same as two tags") << QByteArray("bar") << 5061;
        QTest::newRow("my_key") << QByteArray("my_key") << 13711;
        QTest::newRow("contact") << QByteArray("{user1234}:contact") << 14020;
        QTest::newRow("leading {}") << QByteArray("{}binary") << 15206;
        QTest::newRow("unclosed") << QByteArray("a{b") << 13340;
        QTest::newRow("closing first") << QByteArray("}{") << 12793;
        QTest::newRow("{a}") << QByteArray("{a}") << 15495;
        QTest::newRow("a") << QByteArray("a") << 15495;
        QTest::newRow("lock key") << QByteArray("lock:order:42") << 1507;
        QTest::newRow("{") << QByteArray("{") << 4092;
        QTest::newRow("}") << QByteArray("}") << 12090;
        QTest::newRow("{}") << QByteArray("{}") << 15257;
        QTest::newRow("x{}") << QByteArray("x{}") << 2608;
        QTest::newRow("empty key") << QByteArray() << 0;
    }

    void forKey()
    {
        QFETCH(QByteArray, key);
        QFETCH(int, slot);
        QCOMPARE(ClusterSlot::forKey(key), quint16(slot));
    }

    void everySlotIsInRange()
    {
        for (int i = 0; i < 100000; ++i)
            QVERIFY(ClusterSlot::forKey(QByteArray::number(i)) < ClusterSlot::count);
    }
};

QTEST_APPLESS_MAIN(TestClusterSlot)
#include "tst_clusterslot.moc"
