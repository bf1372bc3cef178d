#include "demorun.h"
#include "processprobe.h"
#include "testredis.h"

#include <QSignalSpy>
#include <QTest>

// Every training scenario, run for real against its own sandbox servers: the broken variant
// shows the harm every time, the fixed one never does — although its fault did strike —
// and no server outlives the run.
class TestDemoRun : public QObject
{
    Q_OBJECT

private:
    struct Outcome
    {
        DemoSummary summary;
        DemoStats stats;
    };

    // Runs a variant to its end and checks its servers come and go with it.
    static std::optional<Outcome> run(const QString &id, DemoVariant variant, qint64 durationMs, int stock = 0)
    {
        const DemoScenario *scenario = DemoScenario::find(id);
        if (!scenario || !scenario->hasVariant(variant))
            return std::nullopt;
        DemoParameters p = scenario->variant(variant)->defaults;
        p.durationMs = durationMs;
        p.seed = 20240611;
        if (stock > 0)
            p.stock = stock;
        std::optional<Outcome> outcome;
        auto *demo = new DemoRun(*scenario, variant, p);
        QSignalSpy ready(demo, &DemoRun::ready);
        QSignalSpy finished(demo, &DemoRun::finished);
        QSignalSpy failed(demo, &DemoRun::failed);
        demo->start();
        if (!ready.wait(20000)) {
            qWarning() << "not ready:" << failed;
            delete demo;
            return std::nullopt;
        }
        const QList<qint64> pids = demo->serverProcessIds();
        if (pids.size() != demo->recipe().servers) {
            qWarning() << "servers:" << pids;
            delete demo;
            return std::nullopt;
        }
        for (qint64 pid : pids)
            if (!ProcessProbe::isRunning(pid))
                return std::nullopt;
        if (!finished.wait(int(durationMs) + 20000)) {
            delete demo;
            return std::nullopt;
        }
        outcome = Outcome{demo->summary(), demo->stats()};
        QSignalSpy down(demo, &DemoRun::shutDown);
        demo->shutdown();
        const bool wentDown = down.wait(10000);
        delete demo;
        if (!wentDown || !QTest::qWaitFor([&pids] {
                return std::none_of(pids.begin(), pids.end(), [](qint64 pid) { return ProcessProbe::isRunning(pid); });
            }, 10000)) {
            qWarning() << "servers outlived the run:" << pids;
            return std::nullopt;
        }
        return outcome;
    }

private Q_SLOTS:
    void variants_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<int>("variant");
        QTest::addColumn<qint64>("durationMs");
        // Long enough for the fault to strike and, in the broken run, to do harm.
        const QList<QPair<const char *, qint64>> runs = {
            {"safe", 2500}, {"no-ttl-crash", 3500}, {"non-atomic-acquire", 3500}, {"unsafe-release", 3000},
            {"expiry-while-held", 2500}, {"fencing", 2800}, {"oversell", 15000}, {"retry-backoff", 2000},
            {"reentrant", 2500}, {"redlock", 5200}, {"failover", 3500}};
        for (const auto &[id, ms] : runs)
            for (const DemoScenario::Variant &v : DemoScenario::find(QString::fromLatin1(id))->variants)
                QTest::addRow("%s-%s", id, qPrintable(DemoScenario::variantId(v.variant)))
                    << QString::fromLatin1(id) << int(v.variant) << ms;
    }

    void variants()
    {
        QFETCH(QString, scenario);
        QFETCH(int, variant);
        QFETCH(qint64, durationMs);
        const DemoVariant v = DemoVariant(variant);
        const std::optional<Outcome> o = run(scenario, v, durationMs, scenario == QLatin1String("oversell") ? 10 : 0);
        QVERIFY(o);
        const DemoStats &st = o->stats;
        QCOMPARE(o->summary.scenario, scenario);
        QCOMPARE(o->summary.variant, DemoScenario::variantId(v));
        QCOMPARE(o->summary.violations, st.violations);
        QVERIFY2(st.acquisitions > 0, "the workers got nowhere");
        const QByteArray report = o->summary.toJson();

        if (scenario == QLatin1String("retry-backoff")) {
            QCOMPARE(st.violations, qint64(0)); // both variants use the safe lock
            return;
        }
        if (v != DemoVariant::Fixed) {
            QVERIFY2(st.violations >= 1, report.constData());
            return;
        }
        QVERIFY2(st.violations == 0, report.constData());
        // Zero must not be because nothing happened: the fault struck and was survived.
        const DemoRecipe recipe = DemoScenario::find(scenario)->variant(v)->recipe;
        if (recipe.fault != DemoRecipe::Fault::None)
            QVERIFY2(st.faults >= 1, report.constData());
        if (scenario == QLatin1String("no-ttl-crash") || scenario == QLatin1String("non-atomic-acquire")) {
            QVERIFY2(st.crashes >= 1, report.constData());
            QCOMPARE(st.stuck, qint64(0));
        } else if (scenario == QLatin1String("unsafe-release")) {
            QVERIFY2(st.releasesRefused >= 1, report.constData());
            QCOMPARE(st.foreignDeletes, qint64(0));
        } else if (scenario == QLatin1String("expiry-while-held") || scenario == QLatin1String("safe")) {
            QCOMPARE(st.expiredWhileHeld, qint64(0));
        } else if (scenario == QLatin1String("fencing")) {
            QVERIFY2(st.staleWritesRejected >= 1, report.constData());
            QVERIFY2(st.overlaps >= 1, report.constData()); // the lock did expire; no damage though
        } else if (scenario == QLatin1String("oversell")) {
            QCOMPARE(st.sold, qint64(10));
            QCOMPARE(o->summary.oversold.value_or(-1), qint64(0));
        } else if (scenario == QLatin1String("reentrant")) {
            QVERIFY(st.reentries >= 1);
        } else if (scenario == QLatin1String("redlock")) {
            QVERIFY2(st.quorumFailures >= 1, report.constData()); // three servers down: no majority
        } else if (scenario == QLatin1String("failover")) {
            QVERIFY2(st.notReplicated >= 1, report.constData());
        }
    }

    void retryBackoffSendsFewerCommandsForTheSameWork()
    {
        const std::optional<Outcome> fixedInterval = run(QStringLiteral("retry-backoff"), DemoVariant::Broken, 2500);
        const std::optional<Outcome> backoff = run(QStringLiteral("retry-backoff"), DemoVariant::Fixed, 2500);
        QVERIFY(fixedInterval && backoff);
        const double perAcquisitionFixed = fixedInterval->summary.extra(QStringLiteral("attempts_per_acquisition"));
        const double perAcquisitionBackoff = backoff->summary.extra(QStringLiteral("attempts_per_acquisition"));
        QVERIFY2(perAcquisitionFixed > 3 * perAcquisitionBackoff,
                 qPrintable(QStringLiteral("%1 vs %2").arg(perAcquisitionFixed).arg(perAcquisitionBackoff)));
        QVERIFY(fixedInterval->summary.waitP99Ms && backoff->summary.waitP99Ms);
    }

    void runsOnAServerItIsGivenWithoutTouchingOtherKeys()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "user:1", "data"});
        redis.command({"SET", "lock:orders", "t", "PX", "60000"});
        DemoParameters p = DemoScenario::find(QStringLiteral("safe"))->variant(DemoVariant::Fixed)->defaults;
        p.durationMs = 1000;
        DemoRun demo(*DemoScenario::find(QStringLiteral("safe")), DemoVariant::Fixed, p);
        demo.useServer(redis.profile());
        QSignalSpy finished(&demo, &DemoRun::finished);
        demo.start();
        QVERIFY(finished.wait(15000));
        QVERIFY(demo.serverProcessIds().isEmpty());
        QVERIFY(demo.stats().acquisitions > 0);
        QCOMPARE(demo.primaryServer().port, redis.port());
        QCOMPARE(redis.command({"GET", "user:1"}).bytes(), QByteArray("data"));
        QCOMPARE(redis.command({"EXISTS", "lock:orders"}).integer(), qint64(1));
        QVERIFY(redis.calls("set") > 2);
        QSignalSpy down(&demo, &DemoRun::shutDown);
        demo.shutdown();
        QVERIFY(down.wait(5000));
    }

    void liveControlsReachTheWorkers()
    {
        const DemoScenario *scenario = DemoScenario::find(QStringLiteral("expiry-while-held"));
        DemoParameters p = scenario->variant(DemoVariant::Broken)->defaults;
        p.durationMs = 0;
        p.automaticFaults = false;
        p.restartAfterMs = 0;
        DemoRun demo(*scenario, DemoVariant::Broken, p);
        QSignalSpy ready(&demo, &DemoRun::ready);
        QSignalSpy violations(&demo, &DemoRun::violationOccurred);
        demo.start();
        QVERIFY(ready.wait(15000));
        QTRY_COMPARE(demo.workers().size(), 4);
        QTRY_VERIFY(demo.stats().acquisitions >= 3);
        QTRY_COMPARE(demo.nodes().size(), 1);
        QTRY_VERIFY(demo.nodes().first().up && demo.nodes().first().role == QLatin1String("master"));
        QCOMPARE(violations.count(), 0); // no fault on schedule: the broken lock holds up, for now

        demo.setWorkerCount(6);
        QCOMPARE(demo.workers().size(), 6);
        demo.setWorkerCount(3);
        QCOMPARE(demo.workers().size(), 3);

        demo.setTtlMs(8000);
        QTRY_VERIFY_WITH_TIMEOUT(demo.nodes().first().pttlMs > 2000, 10000); // new holders take the new TTL
        demo.setTtlMs(300);
        demo.setPauseMs(1200);
        demo.injectFault(); // the next holder stalls past its TTL
        QTRY_VERIFY_WITH_TIMEOUT(violations.count() >= 1, 15000);
        QVERIFY(demo.stats().faults >= 1);

        QTRY_VERIFY(demo.section().occupancy() > 0); // a holder to kill
        const qint64 before = demo.stats().crashes;
        const int crashed = demo.crashWorker();
        QVERIFY(crashed > 0);
        QCOMPARE(demo.stats().crashes, before + 1);
        const QList<DemoWorkerInfo> workers = demo.workers();
        QVERIFY(std::any_of(workers.begin(), workers.end(), [](const DemoWorkerInfo &w) { return w.state == DemoWorkerState::Crashed; }));
        QCOMPARE(demo.crashWorker(999), -1);

        const qint64 pid = demo.serverProcessIds().value(0);
        QVERIFY(ProcessProbe::isRunning(pid));
        demo.setServerUp(0, false);
        QTRY_VERIFY(!ProcessProbe::isRunning(pid));
        QTRY_VERIFY(!demo.nodes().first().up);
        demo.setServerUp(0, true);
        QTRY_VERIFY_WITH_TIMEOUT(demo.nodes().first().up, 10000);
        demo.stop();
        QVERIFY(!demo.isRunning());
        QVERIFY(demo.isFinished());
    }
};

QTEST_GUILESS_MAIN(TestDemoRun)
#include "tst_demorun.moc"
