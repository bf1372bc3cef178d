#include "adminconfirmdialog.h"
#include "auditlog.h"
#include "connectionstore.h"
#include "dialectregistry.h"
#include "redlockadminservice.h"
#include "redlockgroupdialog.h"
#include "redlockgroupmodel.h"
#include "redlockgroupview.h"
#include "redlockwatchservice.h"
#include "secretstore.h"
#include "testredlockgroup.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

namespace {
const QByteArray tokenA = "fbe243bd8034c5406498dfe459014205";
const QByteArray tokenB = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";
} // namespace

// The group view over five real servers, as `lockscope --redlock URL,...` opens it.
class TestRedlockGroupView : public QObject
{
    Q_OBJECT

private:
    TestRedlockGroup m_group;
    DialectRegistry m_registry;

    static QString widths(const QTableView *table)
    {
        QStringList out;
        for (int c = 0; c < table->model()->columnCount(); ++c)
            out << QString::number(table->columnWidth(c));
        return out.join(QLatin1Char(' '));
    }

    static QString cell(const RedlockGroupModel *m, const QByteArray &key, int column)
    {
        const int row = m->rowOf(key);
        return row < 0 ? QString() : m->index(row, column).data().toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_group.start());
        QVERIFY(m_group.lock("locks:held", tokenA, {0, 1, 2, 3, 4}));
        QVERIFY(m_group.lock("locks:degraded", tokenA, {0, 2, 4}));
        QVERIFY(m_group.lock("locks:split", tokenA, {0, 1}));
        QVERIFY(m_group.lock("locks:split", tokenB, {2, 3}));
        QVERIFY(m_group.lock("locks:leftover", tokenB, {3}));
    }

    // A lock group saved from its dialog: five saved connections ticked as its nodes, a name
    // and a drift factor; opened, it is the group as saved.
    void aSavedGroup()
    {
        QTemporaryDir dir;
        SecretStore secrets;
        ConnectionStore store(&secrets, dir.filePath(QStringLiteral("lockscope.ini")));
        QString error;
        QList<ConnectionProfile> saved;
        for (int i = 0; i < TestRedlockGroup::size; ++i) {
            ConnectionProfile p = m_group.profiles().at(i);
            p.id.clear();
            p.name = QStringLiteral("lock node %1").arg(i + 1);
            const std::optional<ConnectionProfile> s = store.save(p, &error);
            QVERIFY2(s, qPrintable(error));
            saved << *s;
        }
        store.save(ConnectionProfile::newSaved(QStringLiteral("cache")), &error); // not a node

        RedlockGroupDialog dialog(&store);
        QCOMPARE(dialog.nodeList()->count(), 6);
        dialog.findChild<QLineEdit *>()->setText(QStringLiteral("payments"));
        for (int i = 0; i < TestRedlockGroup::size; ++i)
            dialog.nodeList()->item(i)->setCheckState(Qt::Checked);
        QVERIFY2(dialog.saveGroup(), qPrintable(dialog.statusText()));
        QVERIFY(dialog.statusText().contains(QStringLiteral("quorum 3")));
        const std::optional<QList<RedlockGroup>> groups = store.loadGroups(&error);
        QVERIFY(groups && groups->size() == 1);
        QCOMPARE(groups->first().name, QStringLiteral("payments"));
        QCOMPARE(groups->first().nodes, saved);

        QSignalSpy opened(&dialog, &RedlockGroupDialog::openRequested);
        dialog.openGroup();
        QCOMPARE(opened.size(), 1);
        const RedlockGroup group = opened.first().first().value<RedlockGroup>();
        QCOMPARE(group.nodes, saved);

        // What it opens watches those servers.
        RedlockWatchService watch(group, &m_registry);
        QSignalSpy observed(&watch, &RedlockWatchService::observed);
        watch.start();
        QVERIFY(observed.wait(20000));
        QCOMPARE(watch.observations().size(), 4);
    }

    // One very long key does not push the state and the nodes out of sight: the key and the
    // holder share what the short columns leave, cut in the middle, whole in their tooltips.
    void aLongKeyLeavesTheNodesInSight()
    {
        const QByteArray longKey = "locks:tenant-0042:" + QByteArray(300, 'x') + ":end";
        QVERIFY(m_group.lock(longKey, tokenA, {0, 1, 2, 3, 4}));
        const auto cleanup = qScopeGuard([this, longKey] {
            for (int i = 0; i < TestRedlockGroup::size; ++i)
                m_group.node(i).command({"DEL", longKey});
        });
        RedlockWatchService watch(m_group.group(), &m_registry);
        RedlockGroupView view;
        view.follow(&watch);
        view.resize(1280, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy observed(&watch, &RedlockWatchService::observed);
        watch.start();
        QVERIFY(observed.wait(20000));
        const RedlockGroupModel *m = view.model();
        QTableView *table = view.table();
        QVERIFY(m->rowOf(longKey) >= 0);
        const int last = m->columnCount() - 1;
        QTRY_VERIFY2(table->columnViewportPosition(last) + table->columnWidth(last) <= table->viewport()->width(),
                     qPrintable(QStringLiteral("the last node ends at %1 of %2 (widths %3)")
                                    .arg(table->columnViewportPosition(last) + table->columnWidth(last))
                                    .arg(table->viewport()->width())
                                    .arg(widths(table))));
        for (int c = RedlockGroupModel::StateColumn; c <= last; ++c)
            if (c != RedlockGroupModel::HolderColumn)
                QVERIFY2(table->columnWidth(c) >= static_cast<QAbstractItemView *>(table)->sizeHintForColumn(c), qPrintable(QString::number(c)));
        QCOMPARE(m->index(m->rowOf(longKey), RedlockGroupModel::KeyColumn).data(Qt::ToolTipRole).toString(), QString::fromLatin1(longKey));
        // A narrower view shares anew: the nodes stay in sight.
        view.resize(1100, 600);
        QTRY_VERIFY2(table->columnViewportPosition(last) + table->columnWidth(last) <= table->viewport()->width(), qPrintable(widths(table)));
        // The user sizes a column: from then on the widths are theirs.
        table->setColumnWidth(RedlockGroupModel::KeyColumn, 100);
        view.resize(1400, 600);
        QVERIFY(observed.wait(20000));
        QCOMPARE(table->columnWidth(RedlockGroupModel::KeyColumn), 100);
    }

    // Last: it stops a server.
    void aGroupOnScreen()
    {
        RedlockWatchService watch(m_group.group(), &m_registry);
        watch.setInterval(100);
        RedlockGroupView view;
        view.follow(&watch);
        view.resize(1400, 600);
        view.show();
        QSignalSpy observed(&watch, &RedlockWatchService::observed);
        watch.start();
        QVERIFY(observed.wait(20000));
        const RedlockGroupModel *m = view.model();
        QCOMPARE(m->rowCount(), 4);
        QCOMPARE(m->columnCount(), RedlockGroupModel::FirstNodeColumn + 5);
        QCOMPARE(m->index(m->rowOf("locks:held"), 0).data(RedlockGroupModel::QuorumIdRole).toString(), QStringLiteral("held"));
        QCOMPARE(m->index(m->rowOf("locks:degraded"), 0).data(RedlockGroupModel::QuorumIdRole).toString(), QStringLiteral("degraded"));
        QCOMPARE(m->index(m->rowOf("locks:split"), 0).data(RedlockGroupModel::QuorumIdRole).toString(), QStringLiteral("split"));
        QCOMPARE(m->index(m->rowOf("locks:leftover"), 0).data(RedlockGroupModel::QuorumIdRole).toString(), QStringLiteral("leftover"));
        QVERIFY(cell(m, "locks:held", RedlockGroupModel::FirstNodeColumn).startsWith(QStringLiteral("= "))); // the majority token
        QCOMPARE(cell(m, "locks:degraded", RedlockGroupModel::FirstNodeColumn + 1), QStringLiteral("–"));
        QVERIFY(cell(m, "locks:split", RedlockGroupModel::FirstNodeColumn + 2).startsWith(QString::fromLatin1(tokenB.left(8))));
        QVERIFY(!cell(m, "locks:held", RedlockGroupModel::ValidityColumn).isEmpty());
        QCOMPARE(cell(m, "locks:held", RedlockGroupModel::HolderColumn), QString::fromLatin1(tokenA));

        // The validity counts down between readings.
        watch.stop();
        const QString before = cell(m, "locks:held", RedlockGroupModel::ValidityColumn);
        QTRY_VERIFY_WITH_TIMEOUT(cell(m, "locks:held", RedlockGroupModel::ValidityColumn) != before, 5000);
        watch.start();

        // No column cut: each is at least as wide as its header and its widest cell.
        QTableView *table = view.table();
        QTRY_VERIFY(table->isVisible());
        for (int c = 0; c < m->columnCount(); ++c) {
            int need = table->horizontalHeader()->sectionSizeHint(c);
            for (int r = 0; r < m->rowCount(); ++r)
                need = std::max(need, table->fontMetrics().horizontalAdvance(m->index(r, c).data().toString()));
            QVERIFY2(table->columnWidth(c) >= need, qPrintable(QStringLiteral("column %1: %2 < %3").arg(c).arg(table->columnWidth(c)).arg(need)));
        }

        // A node down: unreadable in its column, named in its header and in the events.
        m_group.node(1).kill();
        QTRY_COMPARE_WITH_TIMEOUT(cell(m, "locks:held", RedlockGroupModel::FirstNodeColumn + 1), QStringLiteral("unreadable"), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(m->headerData(RedlockGroupModel::FirstNodeColumn + 1, Qt::Horizontal).toString().contains(QStringLiteral("unreadable")), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!view.eventList()->findItems(QStringLiteral("node down"), Qt::MatchContains).isEmpty(), 15000);
        QCOMPARE(m->index(m->rowOf("locks:held"), 0).data(RedlockGroupModel::QuorumIdRole).toString(), QStringLiteral("held"));
        QVERIFY(view.eventList()->findItems(QStringLiteral("released"), Qt::MatchContains).isEmpty());
    }
    // Last (node 2 is down since the test before): a force-release from the view. Each node is
    // guarded by the token the operator saw there: a node that changed hands before "Run"
    // refuses and is named, the node down is left alone, the others are released.
    void forceReleaseFromTheView()
    {
        QVERIFY(m_group.lock("locks:contested", tokenA, {0, 2, 3, 4}));
        QTemporaryDir dir;
        const AuditLog audit(dir.filePath(QStringLiteral("audit.jsonl")));
        RedlockWatchService watch(m_group.group(), &m_registry);
        watch.setInterval(100);
        RedlockAdminService admin(m_group.group(), &m_registry, &audit);
        RedlockGroupView view;
        view.follow(&watch);
        view.setAdmin(&admin);
        view.resize(1100, 600);
        view.show();
        QSignalSpy observed(&watch, &RedlockWatchService::observed);
        watch.start();
        QVERIFY(observed.wait(20000));
        QVERIFY(view.acquireButton()->isVisible());
        QVERIFY(!view.releaseButton()->isEnabled()); // nothing selected
        const RedlockGroupModel *m = view.model();
        QTRY_VERIFY(m->rowOf("locks:contested") >= 0);
        view.table()->selectRow(m->rowOf("locks:contested"));
        QVERIFY(view.releaseButton()->isEnabled());
        QVERIFY(view.extendButton()->isEnabled());
        watch.stop(); // the reading the operator acts on stays as it is

        view.requestForceRelease();
        auto *confirm = view.findChild<AdminConfirmDialog *>();
        QVERIFY(confirm);
        m_group.node(0).command({"SET", "locks:contested", tokenB, "PX", "60000"});
        confirm->accept();
        // "Running force-release …" first, then the outcome.
        QTRY_VERIFY_WITH_TIMEOUT(view.statusLabel()->text().startsWith(QStringLiteral("force-release locks:contested: ")), 15000);
        QCOMPARE(m_group.node(0).command({"GET", "locks:contested"}).bytes(), tokenB);
        for (int i : {2, 3, 4})
            QVERIFY(m_group.node(i).command({"EXISTS", "locks:contested"}).integer() == 0);
        // Under the outcome, a line per node, in the group's order.
        QStringList lines;
        for (int i = 0; i <= TestRedlockGroup::size; ++i)
            lines << view.eventList()->item(i)->text();
        QVERIFY2(lines.at(0).contains(QStringLiteral("force-release locks:contested")), qPrintable(lines.join(u'\n')));
        QVERIFY2(lines.at(1).contains(m_group.nodeName(0) + QStringLiteral("  refused")) && lines.at(1).contains(QString::fromLatin1(tokenB)),
                 qPrintable(lines.join(u'\n')));
        QVERIFY2(lines.at(2).contains(m_group.nodeName(1)) && !lines.at(2).contains(QStringLiteral("done")), qPrintable(lines.join(u'\n')));
        for (int i : {2, 3, 4})
            QVERIFY2(lines.at(i + 1).contains(m_group.nodeName(i) + QStringLiteral("  done")), qPrintable(lines.join(u'\n')));

        // Read-only: every action refused before anything is asked.
        admin.setReadOnly(true);
        view.setAdmin(&admin);
        QVERIFY(!view.acquireButton()->isEnabled());
        QVERIFY(!view.releaseButton()->isEnabled());
    }
};

QTEST_MAIN(TestRedlockGroupView)
#include "tst_redlockgroupview.moc"
