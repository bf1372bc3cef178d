#include "demoscenario.h"

#include <QRegularExpression>
#include <QTest>

// The catalogue is what trainers and scripts rely on: exactly the scenarios of the issue,
// each with a broken and a fixed variant whose recipes differ in the one piece it teaches.
class TestDemoScenario : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void catalogueHasTheClassicFailuresInOrder()
    {
        QStringList ids;
        for (const DemoScenario &s : DemoScenario::catalog())
            ids << s.id;
        QCOMPARE(ids, (QStringList{QStringLiteral("safe"), QStringLiteral("no-ttl-crash"), QStringLiteral("non-atomic-acquire"),
                                   QStringLiteral("unsafe-release"), QStringLiteral("expiry-while-held"), QStringLiteral("fencing"),
                                   QStringLiteral("oversell"), QStringLiteral("retry-backoff"), QStringLiteral("reentrant"),
                                   QStringLiteral("redlock"), QStringLiteral("failover")}));
    }

    void everyScenarioExplainsBothVariants()
    {
        for (const DemoScenario &s : DemoScenario::catalog()) {
            QVERIFY2(s.hasVariant(DemoVariant::Broken) && s.hasVariant(DemoVariant::Fixed), qPrintable(s.id));
            QVERIFY(!s.title.isEmpty());
            QVERIFY2(!s.summary.isEmpty() && !s.summary.contains(QLatin1Char('\n')), qPrintable(s.id));
            QVERIFY2(s.lesson.size() > 200, qPrintable(s.id));
            for (const DemoScenario::Variant &v : s.variants) {
                const QString text = s.variantText(v.variant, v.defaults);
                QVERIFY2(text.size() > 40, qPrintable(s.id));
                QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("%[a-z]+%"))), qPrintable(text));
                QVERIFY(!v.recipe.describe(v.defaults.ttlMs).isEmpty());
                QVERIFY(v.defaults.workers >= 2); // contention needs company
            }
        }
        QVERIFY(DemoScenario::find(QStringLiteral("oversell"))->hasVariant(DemoVariant::Unlocked));
        QVERIFY(!DemoScenario::find(QStringLiteral("safe"))->hasVariant(DemoVariant::Unlocked));
    }

    void brokenRemovesOnePieceOfTheSafePattern()
    {
        auto recipe = [](const char *id, DemoVariant v) { return DemoScenario::find(QString::fromLatin1(id))->variant(v)->recipe; };
        using R = DemoRecipe;
        const R safe = recipe("safe", DemoVariant::Fixed);
        QCOMPARE(safe.acquire, R::Acquire::SetNxPx);
        QCOMPARE(safe.release, R::Release::CompareAndDelete);
        QVERIFY(safe.watchdog);
        QCOMPARE(recipe("safe", DemoVariant::Broken).lock, R::Lock::None);
        QCOMPARE(recipe("no-ttl-crash", DemoVariant::Broken).acquire, R::Acquire::SetNxNoTtl);
        QCOMPARE(recipe("non-atomic-acquire", DemoVariant::Broken).acquire, R::Acquire::SetNxThenExpire);
        QCOMPARE(recipe("non-atomic-acquire", DemoVariant::Fixed).fault, recipe("non-atomic-acquire", DemoVariant::Broken).fault);
        QCOMPARE(recipe("unsafe-release", DemoVariant::Broken).release, R::Release::PlainDel);
        QCOMPARE(recipe("unsafe-release", DemoVariant::Fixed).release, R::Release::CompareAndDelete);
        QVERIFY(!recipe("expiry-while-held", DemoVariant::Broken).watchdog);
        QVERIFY(recipe("expiry-while-held", DemoVariant::Fixed).watchdog);
        QVERIFY(!recipe("fencing", DemoVariant::Broken).resourceChecksFence);
        QVERIFY(recipe("fencing", DemoVariant::Fixed).resourceChecksFence);
        QVERIFY(recipe("fencing", DemoVariant::Fixed).stallFreezesWatchdog);
        QCOMPARE(recipe("retry-backoff", DemoVariant::Broken).retry.kind(), RetryPolicy::Kind::Fixed);
        QCOMPARE(recipe("retry-backoff", DemoVariant::Fixed).retry.kind(), RetryPolicy::Kind::Exponential);
        QVERIFY(recipe("reentrant", DemoVariant::Broken).ownTokenShortcut);
        QCOMPARE(recipe("reentrant", DemoVariant::Fixed).lock, R::Lock::Reentrant);
        QCOMPARE(recipe("redlock", DemoVariant::Fixed).lockServers, 5);
        QCOMPARE(recipe("redlock", DemoVariant::Fixed).servers, 5);
        QCOMPARE(recipe("redlock", DemoVariant::Broken).lockServers, 1);
        QVERIFY(recipe("failover", DemoVariant::Broken).replicated);
        QCOMPARE(recipe("failover", DemoVariant::Fixed).waitReplicas, 1);
    }

    void faultsOutlastTheLockByConstruction()
    {
        // The broken runs fail by construction, not by luck: a stall longer than the TTL, a
        // stuck threshold well above the fixed variant's TTL, a purchase longer than its lock.
        auto defaults = [](const char *id, DemoVariant v) { return DemoScenario::find(QString::fromLatin1(id))->variant(v)->defaults; };
        for (const char *id : {"expiry-while-held", "fencing", "unsafe-release"}) {
            const DemoParameters p = defaults(id, DemoVariant::Broken);
            QVERIFY2(p.pauseMs > p.ttlMs, id);
        }
        const DemoParameters failover = defaults("failover", DemoVariant::Broken);
        QVERIFY(failover.pauseMs > failover.ttlMs + 500);
        for (const char *id : {"no-ttl-crash", "non-atomic-acquire"}) {
            const DemoParameters p = defaults(id, DemoVariant::Fixed);
            QVERIFY2(p.stuckAfterMs >= 2 * p.ttlMs, id);
        }
        const DemoParameters oversell = defaults("oversell", DemoVariant::Broken);
        QVERIFY(oversell.ttlMs * 2 < oversell.workMs);
    }

    void parsesVariants_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<int>("variant");
        QTest::newRow("broken") << QStringLiteral("broken") << true << int(DemoVariant::Broken);
        QTest::newRow("fixed") << QStringLiteral("fixed") << true << int(DemoVariant::Fixed);
        QTest::newRow("unlocked") << QStringLiteral("unlocked") << true << int(DemoVariant::Unlocked);
        QTest::newRow("case matters") << QStringLiteral("Fixed") << false << 0;
        QTest::newRow("empty") << QString() << false << 0;
        QTest::newRow("padded") << QStringLiteral(" fixed") << false << 0;
        QTest::newRow("other") << QStringLiteral("safe") << false << 0;
    }

    void parsesVariants()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(int, variant);
        const std::optional<DemoVariant> v = DemoScenario::parseVariant(text);
        QCOMPARE(v.has_value(), valid);
        if (valid) {
            QCOMPARE(int(*v), variant);
            QCOMPARE(DemoScenario::variantId(*v), text);
        }
    }

    void unknownScenariosAreNotFound()
    {
        QVERIFY(!DemoScenario::find(QStringLiteral("SAFE")));
        QVERIFY(!DemoScenario::find(QString()));
        QVERIFY(DemoScenario::find(QStringLiteral("redlock")));
    }
};

QTEST_APPLESS_MAIN(TestDemoScenario)
#include "tst_demoscenario.moc"
