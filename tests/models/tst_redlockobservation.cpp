#include "redlockobservation.h"

#include <QTest>

namespace {
// One node per word: "-" absent, "!" unreadable, "T:ttl" token T with ttl ms left, "T" token
// T without expiry; "?" for T: held with no token (a key no dialect decodes).
RedlockObservation group(const QString &spec)
{
    RedlockObservation o;
    o.key = "locks:orders";
    int i = 0;
    for (const QString &word : spec.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString name = QStringLiteral("127.0.0.1:%1").arg(7000 + i++);
        if (word == QLatin1String("-"))
            o.nodes << RedlockObservation::Node::absent(name);
        else if (word == QLatin1String("!"))
            o.nodes << RedlockObservation::Node::unreadable(name, QStringLiteral("connection refused"));
        else
            o.nodes << RedlockObservation::Node::holding(name, word.startsWith(QLatin1Char('?')) ? QByteArray() : word.section(QLatin1Char(':'), 0, 0).toUtf8(),
                                                         word.contains(QLatin1Char(':')) ? word.section(QLatin1Char(':'), 1).toLongLong() : -1);
    }
    return o;
}
} // namespace

class TestRedlockObservation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void assess_data()
    {
        QTest::addColumn<QString>("nodes");
        QTest::addColumn<double>("driftFactor");
        QTest::addColumn<QString>("quorum");
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<qint64>("validity");
        QTest::addColumn<int>("tokenNodes");

        const double d = RedlockQuorum::defaultDriftFactor;
        // Five nodes, quorum 3. validity = smallest TTL of the token's nodes − (round(ttl × f) + 2).
        QTest::newRow("5: all five") << "a:9000 a:9500 a:10000 a:9800 a:9900" << d << "held" << QByteArray("a") << qint64(9000 - 92) << 5;
        QTest::newRow("5: four, one absent: one more failure still leaves three")
            << "a:10000 - a:10000 a:10000 a:10000" << d << "held" << QByteArray("a") << qint64(9898) << 4;
        QTest::newRow("5: four, one unreadable") << "a:10000 ! a:10000 a:10000 a:10000" << d << "held" << QByteArray("a") << qint64(9898) << 4;
        QTest::newRow("5: bare majority, two absent") << "a:10000 a:10000 a:10000 - -" << d << "degraded" << QByteArray("a") << qint64(9898) << 3;
        QTest::newRow("5: bare majority, two down") << "! a:10000 ! a:10000 a:10000" << d << "degraded" << QByteArray("a") << qint64(9898) << 3;
        QTest::newRow("5: bare majority, the others another token") << "a:10000 b:10000 a:10000 b:10000 a:10000" << d << "degraded"
                                                                   << QByteArray("a") << qint64(9898) << 3;
        QTest::newRow("5: two of five, rest absent") << "a:10000 a:10000 - - -" << d << "leftover" << QByteArray("a") << qint64(-1) << 2;
        QTest::newRow("5: one of five") << "- - - - a:500" << d << "leftover" << QByteArray("a") << qint64(-1) << 1;
        QTest::newRow("5: tie 2-2-1") << "a:100 a:100 b:100 b:100 c:100" << d << "split" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("5: tie 2-2, one absent") << "a:100 b:100 - a:100 b:100" << d << "split" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("5: five tokens") << "a b c d e" << d << "split" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("5: all absent") << "- - - - -" << d << "free" << QByteArray() << qint64(-1) << 0;
        // An unreadable node is never "not holding": two seen plus one unreadable may be three.
        QTest::newRow("5: two seen, one unreadable") << "a:9000 a:9000 ! - -" << d << "unknown" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("5: one seen, one unreadable: a minority either way") << "a:9000 ! - - -" << d << "leftover" << QByteArray("a")
                                                                             << qint64(-1) << 1;
        QTest::newRow("5: unreadable majority") << "! ! ! a:9000 -" << d << "unknown" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("5: all unreadable") << "! ! ! ! !" << d << "unknown" << QByteArray() << qint64(-1) << 0;
        // One unreadable node of five cannot make a majority: a lock released or expired
        // while it is down is free, not unknown for as long as it stays down.
        QTest::newRow("5: none seen, one unreadable") << "- - ! - -" << d << "free" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("5: none seen, two unreadable") << "- ! ! - -" << d << "free" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("5: none seen, three unreadable") << "! - ! - !" << d << "unknown" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("5: split, unreadable could decide") << "a b a ! b" << d << "unknown" << QByteArray() << qint64(-1) << 0;

        // Three nodes, quorum 2.
        QTest::newRow("3: all three") << "a:3000 a:2000 a:2500" << d << "held" << QByteArray("a") << qint64(2000 - 22) << 3;
        QTest::newRow("3: two, one absent") << "a:3000 - a:2500" << d << "degraded" << QByteArray("a") << qint64(2500 - 27) << 2;
        QTest::newRow("3: two, one down") << "a:3000 a:2500 !" << d << "degraded" << QByteArray("a") << qint64(2500 - 27) << 2;
        QTest::newRow("3: two, one another token") << "a:3000 b:2500 a:1000" << d << "degraded" << QByteArray("a") << qint64(1000 - 12) << 2;
        QTest::newRow("3: three tokens") << "a:3000 b:3000 c:3000" << d << "split" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("3: one, two absent") << "- a:3000 -" << d << "leftover" << QByteArray("a") << qint64(-1) << 1;
        QTest::newRow("3: one, one down") << "- a:3000 !" << d << "unknown" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("3: unreadable majority") << "! ! a:3000" << d << "unknown" << QByteArray() << qint64(-1) << 0;
        // Held with no token the dialects know (a list, a value cut to the read cap): it
        // blocks an acquire all the same, so a majority of it is held, not leftover.
        QTest::newRow("3: undecoded on all three") << "?:3000 ?:3000 ?:3000" << d << "held" << QByteArray() << qint64(3000 - 32) << 3;
        QTest::newRow("3: undecoded on two, a on one") << "?:3000 a:3000 ?:2000" << d << "degraded" << QByteArray() << qint64(2000 - 22) << 2;
        QTest::newRow("3: undecoded on one") << "- ?:3000 -" << d << "leftover" << QByteArray() << qint64(-1) << 1;

        // The drift allowance: rounding as node-redlock's Math.round, other factors, the floor.
        QTest::newRow("drift rounds half up") << "a:150 a:150 a:150" << d << "held" << QByteArray("a") << qint64(150 - 4) << 3;
        QTest::newRow("drift rounds down") << "a:149 a:149 a:149" << d << "held" << QByteArray("a") << qint64(149 - 3) << 3;
        QTest::newRow("drift factor 0.05") << "a:10000 a:10000 a:10000" << 0.05 << "held" << QByteArray("a") << qint64(10000 - 502) << 3;
        QTest::newRow("drift factor 0") << "a:10000 a:10000 a:10000" << 0.0 << "held" << QByteArray("a") << qint64(9998) << 3;
        QTest::newRow("no validity left: 0, not negative") << "a:1 a:2 a:3" << d << "held" << QByteArray("a") << qint64(0) << 3;
        QTest::newRow("no expiry anywhere") << "a a a" << d << "held" << QByteArray("a") << qint64(-1) << 3;
        QTest::newRow("no expiry on one: the others bound it") << "a a:5000 a:6000" << d << "held" << QByteArray("a") << qint64(5000 - 52) << 3;

        // Degenerate groups.
        QTest::newRow("no nodes") << "" << d << "free" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("1: one node holds") << "a:1000" << d << "held" << QByteArray("a") << qint64(988) << 1;
        QTest::newRow("2: both") << "a:1000 a:1000" << d << "held" << QByteArray("a") << qint64(988) << 2;
        QTest::newRow("2: one of two") << "a:1000 -" << d << "leftover" << QByteArray("a") << qint64(-1) << 1;
        QTest::newRow("4: 2-2 tie") << "a b a b" << d << "split" << QByteArray() << qint64(-1) << 0;
        QTest::newRow("4: three of four is a bare majority") << "a - a a" << d << "degraded" << QByteArray("a") << qint64(-1) << 3;
        QTest::newRow("tokens differing in one byte are two tokens") << "x1:100 x2:100 x1:100" << d << "degraded" << QByteArray("x1") << qint64(97) << 2;
    }

    void assess()
    {
        QFETCH(QString, nodes);
        QFETCH(double, driftFactor);
        QFETCH(QString, quorum);
        QFETCH(QByteArray, token);
        QFETCH(qint64, validity);
        QFETCH(int, tokenNodes);
        const RedlockObservation::Assessment a = group(nodes).assess(driftFactor);
        QCOMPARE(RedlockObservation::quorumId(a.quorum), quorum);
        QCOMPARE(a.token, token);
        QCOMPARE(a.validityMs, validity);
        QCOMPARE(int(a.tokenNodes.size()), tokenNodes);
        QCOMPARE(a.quorumSize, RedlockQuorum::quorum(int(group(nodes).nodes.size())));
    }

    void countsWhatItSaw()
    {
        const RedlockObservation::Assessment a = group(QStringLiteral("a:1 ! - b:2 a:3")).assess();
        QCOMPARE(a.holding, 3);
        QCOMPARE(a.absent, 1);
        QCOMPARE(a.unreadable, 1);
        QCOMPARE(a.tokens, 2);
        QCOMPARE(a.tokenNodes, QList<int>());
    }

    // Each node's token as the tables show it: long enough to tell it from the others.
    void shortToken_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("node");
        QTest::addColumn<QString>("expected");
        QTest::newRow("alone, cut") << QStringLiteral("0123456789abcdef:1 - -") << 0 << QStringLiteral("01234567…");
        QTest::newRow("short, whole") << QStringLiteral("t1:1 t2:1") << 0 << QStringLiteral("t1");
        QTest::newRow("early difference") << QStringLiteral("aaaaaaaaaa:1 bbbbbbbbbb:1") << 1 << QStringLiteral("bbbbbbbb…");
        QTest::newRow("late difference, whole") << QStringLiteral("tok-23031:1 tok-23032:1 tok-23033:1") << 2 << QStringLiteral("tok-23033");
        QTest::newRow("late difference, cut after it")
            << QStringLiteral("aaaaaaaaaaaa1xxxxxx:1 aaaaaaaaaaaa2xxxxxx:1") << 0 << QStringLiteral("aaaaaaaaaaaa1…");
        QTest::newRow("same token elsewhere ignored") << QStringLiteral("abcdefghijk:1 abcdefghijk:1 ! -") << 1 << QStringLiteral("abcdefgh…");
    }

    void shortToken()
    {
        QFETCH(QString, spec);
        QFETCH(int, node);
        QTEST(group(spec).shortToken(node), "expected");
    }

    // Escaped bytes count as the text shown; the cut keeps the difference visible.
    void shortTokenOfBytes()
    {
        RedlockObservation o;
        o.nodes << RedlockObservation::Node::holding(QStringLiteral("a:1"), QByteArray("\x00\xff\x01", 3), 1)
                << RedlockObservation::Node::holding(QStringLiteral("b:1"), QByteArray("\x00\xff\x02", 3), 1);
        QCOMPARE(o.shortToken(0), QStringLiteral("\\x00\\xff\\x01"));
        QCOMPARE(o.shortToken(1), QStringLiteral("\\x00\\xff\\x02"));
    }

    void binaryTokens()
    {
        RedlockObservation o;
        o.key = QByteArray("k\xff", 2);
        const QByteArray t("\x00\xff\x01", 3);
        o.nodes << RedlockObservation::Node::holding(QStringLiteral("a:1"), t, 5000)
                << RedlockObservation::Node::holding(QStringLiteral("b:1"), QByteArray("\x00\xff\x02", 3), 5000)
                << RedlockObservation::Node::holding(QStringLiteral("c:1"), t, 4000);
        const RedlockObservation::Assessment a = o.assess();
        QCOMPARE(a.quorum, RedlockObservation::Quorum::Degraded);
        QCOMPARE(a.token, t);
        QCOMPARE(a.tokenNodes, (QList<int>{0, 2}));
        QCOMPARE(a.validityMs, qint64(4000 - 42));
    }
};

QTEST_APPLESS_MAIN(TestRedlockObservation)
#include "tst_redlockobservation.moc"
