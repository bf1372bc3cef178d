#include "hotlockmodel.h"
#include "lockalertmodel.h"
#include "lockeventlog.h"
#include "lockinfo.h"
#include "watchrecorder.h"

#include <QSignalSpy>
#include <QTest>

class TestWatchRecorder : public QObject
{
    Q_OBJECT

private:
    static LockEvent ev(LockEventKind kind, const QByteArray &key, qint64 t)
    {
        LockEvent e;
        e.kind = kind;
        e.key = key;
        e.timeMs = t;
        e.ttlMs = 1000;
        return e;
    }

private Q_SLOTS:
    void eventsReachEveryViewTheLogInBatches()
    {
        WatchRecorder recorder;
        QSignalSpy recorded(&recorder, &WatchRecorder::recorded);
        QSignalSpy inserted(recorder.log(), &QAbstractItemModel::rowsInserted);
        const qint64 t = 1'700'000'000'000;
        LockEvent stuck = ev(LockEventKind::Stuck, "lock:s", t);
        stuck.heldMs = 40'000;
        stuck.reason = QStringLiteral("no-ttl");
        for (int i = 0; i < 10; ++i)
            recorder.record({ev(LockEventKind::Acquired, "lock:a", t + i), ev(LockEventKind::Released, "lock:a", t + i)});
        recorder.record({stuck});
        QCOMPARE(recorded.size(), 11);
        // Charts' data at once...
        QCOMPARE(recorder.rates().total(LockEventKind::Acquired), quint64(10));
        QVERIFY(recorder.timelines().find("lock:a"));
        QCOMPARE(recorder.alerts()->rowCount(), 1);
        // ...the log in one batch a moment later.
        QCOMPARE(recorder.log()->rowCount(), 0);
        QTRY_COMPARE(recorder.log()->rowCount(), 21);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(recorder.recordedTotal(), quint64(21));
        recorder.clear();
        QCOMPARE(recorder.log()->rowCount(), 0);
        QCOMPARE(recorder.rates().total(LockEventKind::Acquired), quint64(0));
    }

    void waitersAndHotAlerts()
    {
        WatchRecorder recorder;
        recorder.alerts()->setHotScore(50);
        LockInfo queued;
        queued.sample.key = "orderLock";
        queued.sample.observedAtMs = 100;
        queued.waiters = 7;
        recorder.observe({queued}, 1'000'000);
        recorder.advanceTo(1'000'100);
        QCOMPARE(recorder.hotLocks()->rowCount(), 1);
        QCOMPARE(recorder.hotLocks()->ranking().first().waiters, qint64(7));
        QCOMPARE(recorder.alerts()->openCount(), 1); // 7 waiters score 70
        queued.waiters = 0;
        recorder.observe({queued}, 1'000'000);
        recorder.advanceTo(1'001'100);
        QCOMPARE(recorder.alerts()->openCount(), 0); // cooled: left the ranking
    }

    void commandRates()
    {
        WatchRecorder recorder;
        CommandStats a;
        a.commands.insert("set", {10, 0, 0, 0});
        CommandStats b;
        b.commands.insert("set", {30, 0, 0, 0});
        recorder.recordCommandStats(a, 0);
        recorder.recordCommandStats(b, 1000);
        QCOMPARE(recorder.commandRates().lastRate("set"), 20.0);
    }

    // A long watch at a steady 1,000 events a second: what the recorder holds stops growing
    // once a window is full. A 10 s window stands in for the 1 h one (same code, 360x less).
    void memoryIsBoundedByTheWindow()
    {
        WatchRecorder recorder;
        const qint64 window = 10'000;
        recorder.setWindow(window);
        recorder.log()->setCapacity(1'000'000); // bounded by time here, not count
        qint64 t = 1'700'000'000'000;
        QList<qsizetype> logRows, timelines, rateSeries, hot;
        for (int second = 0; second < 12 * 10; ++second) {
            QList<LockEvent> batch;
            for (int i = 0; i < 1000; ++i) {
                const QByteArray key = "job:" + QByteArray::number(second * 1000 + i); // never the same lock twice
                batch << ev(LockEventKind::Acquired, key, t + i) << ev(LockEventKind::Released, key, t + i);
            }
            recorder.record(batch);
            recorder.flushLog();
            t += 1000;
            recorder.advanceTo(t);
            if (second % 10 == 9) {
                logRows << recorder.log()->rowCount();
                timelines << recorder.timelines().size();
                rateSeries << recorder.rates().series(LockEventKind::Acquired).size();
                hot << recorder.hotLocks()->trackedCount();
            }
        }
        qInfo() << "per window: log" << logRows << "timelines" << timelines << "rate points" << rateSeries << "hot" << hot;
        // Once the longest window (the ranking's minute) is full, every figure is flat.
        for (const QList<qsizetype> *sizes : {&logRows, &timelines, &rateSeries, &hot}) {
            const qsizetype steady = *std::max_element(sizes->begin() + 7, sizes->end());
            QVERIFY(steady <= sizes->at(7) * 11 / 10 + 1);
        }
        QVERIFY(logRows.last() <= 2 * 1000 * (window + window / 10) / 1000 + 2000); // window + removal slack
        QVERIFY(timelines.last() <= 2000 + 1000 * 10); // the cap, plus what a trim period adds
        QVERIFY(rateSeries.last() <= window / 1000 + 2);
        QVERIFY(hot.last() <= 60 * 1000 + 1000); // a minute of distinct locks
    }
};

QTEST_GUILESS_MAIN(TestWatchRecorder)
#include "tst_watchrecorder.moc"
