#include "demonodetablemodel.h"
#include "demoworkertablemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

// The workers list and the per-server holder matrix of the demo panel.
class TestDemoWorkerTableModel : public QObject
{
    Q_OBJECT

private:
    static DemoWorkerInfo worker(int id, DemoWorkerState state, qint64 held = 0)
    {
        DemoWorkerInfo w;
        w.id = id;
        w.state = state;
        w.acquisitions = held;
        return w;
    }

private Q_SLOTS:
    void growsShrinksAndSignalsOnlyWhatChanged()
    {
        DemoWorkerTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setWorkers({worker(1, DemoWorkerState::Waiting), worker(2, DemoWorkerState::Holding, 3)});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, DemoWorkerTableModel::WorkerColumn).data().toString(), QStringLiteral("w1"));
        QVERIFY(model.index(1, DemoWorkerTableModel::StateColumn).data().toString().contains(QLatin1String("holding")));
        QCOMPARE(model.index(1, DemoWorkerTableModel::AcquisitionsColumn).data().toLongLong(), qint64(3));
        QCOMPARE(model.index(0, DemoWorkerTableModel::LastWaitColumn).data().toString(), QString());

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setWorkers({worker(1, DemoWorkerState::Waiting), worker(2, DemoWorkerState::Holding, 3)});
        QCOMPARE(changed.count(), 0);
        model.setWorkers({worker(1, DemoWorkerState::Crashed), worker(2, DemoWorkerState::Holding, 3), worker(3, DemoWorkerState::Paused)});
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), 0);
        QCOMPARE(changed.first().at(1).toModelIndex().row(), 0);
        QCOMPARE(model.index(0, DemoWorkerTableModel::StateColumn).data(DemoWorkerTableModel::StateRole).toInt(), int(DemoWorkerState::Crashed));
        QCOMPARE(model.rowCount(), 3);
        model.setWorkers({worker(1, DemoWorkerState::Crashed)});
        QCOMPARE(model.rowCount(), 1);
        model.setWorkers({});
        QCOMPARE(model.rowCount(), 0);
    }

    void stateNames_data()
    {
        QTest::addColumn<int>("state");
        QTest::addColumn<QString>("name");
        QTest::newRow("idle") << int(DemoWorkerState::Idle) << QStringLiteral("idle");
        QTest::newRow("waiting") << int(DemoWorkerState::Waiting) << QStringLiteral("waiting");
        QTest::newRow("holding") << int(DemoWorkerState::Holding) << QStringLiteral("holding");
        QTest::newRow("paused") << int(DemoWorkerState::Paused) << QStringLiteral("paused");
        QTest::newRow("crashed") << int(DemoWorkerState::Crashed) << QStringLiteral("crashed");
        QTest::newRow("done") << int(DemoWorkerState::Done) << QStringLiteral("done");
    }

    void stateNames()
    {
        QFETCH(int, state);
        QFETCH(QString, name);
        QCOMPARE(DemoWorkerInfo::stateName(DemoWorkerState(state)), name);
    }

    void nodeMatrixShowsHoldersAndDownServers()
    {
        DemoNodeTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<DemoNodeInfo> nodes;
        for (int i = 0; i < 5; ++i) {
            DemoNodeInfo n;
            n.index = i;
            n.port = quint16(7000 + i);
            n.up = i != 3;
            n.role = QStringLiteral("master");
            n.holder = i < 3 ? 2 : DemoNodeInfo::noHolder;
            n.holdCount = 1;
            n.pttlMs = 900;
            nodes << n;
        }
        nodes[4].holder = DemoNodeInfo::unknownHolder;
        nodes[1].holdCount = 2;
        model.setNodes(nodes);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.index(0, DemoNodeTableModel::NodeColumn).data().toString(), QStringLiteral("node 1 :7000"));
        QCOMPARE(model.index(0, DemoNodeTableModel::HolderColumn).data().toString(), QStringLiteral("w2"));
        QCOMPARE(model.index(1, DemoNodeTableModel::HolderColumn).data().toString(), QStringLiteral("w2 ×2"));
        QCOMPARE(model.index(3, DemoNodeTableModel::StateColumn).data().toString(), QStringLiteral("● down"));
        QCOMPARE(model.index(3, DemoNodeTableModel::HolderColumn).data().toString(), QString());
        QCOMPARE(model.index(4, DemoNodeTableModel::HolderColumn).data().toString(), QStringLiteral("?"));
        QCOMPARE(model.index(2, DemoNodeTableModel::TtlColumn).data().toString(), QStringLiteral("900 ms"));
        nodes[0].pttlMs = -1;
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setNodes(nodes);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.index(0, DemoNodeTableModel::TtlColumn).data().toString(), QStringLiteral("no expiry"));
        model.setNodes(nodes.mid(0, 2));
        QCOMPARE(model.rowCount(), 2);
    }
};

QTEST_MAIN(TestDemoWorkerTableModel)
#include "tst_demoworkertablemodel.moc"
