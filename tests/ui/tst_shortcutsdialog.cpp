#include "auditlog.h"
#include "dialectregistry.h"
#include "mainwindow.h"
#include "shortcutsdialog.h"
#include "testwindow.h"

#include <QAction>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

// Every entry of the window's menus has a keyboard shortcut or is marked as deliberately
// without one, no two entries share one, and Help → Keyboard shortcuts lists them all.
class TestShortcutsDialog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    DialectRegistry m_registry;

    // The window as it opens with everything the program gives it (the demo's entry shows
    // only with a demo panel factory).
    std::unique_ptr<TestWindow> window()
    {
        static const AuditLog audit(m_dir.filePath(QStringLiteral("audit.log")));
        auto t = std::make_unique<TestWindow>(&m_registry, &audit);
        t->window.setDemoPanelFactory([](QWidget *parent) { return new QWidget(parent); });
        return t;
    }

private Q_SLOTS:
    void everyMenuEntryHasAShortcutOrIsExempt()
    {
        auto t = window();
        const QList<ShortcutsDialog::Entry> entries = ShortcutsDialog::entries(t->window.menuBar());
        QVERIFY(entries.size() > 20);
        QStringList missing;
        for (const ShortcutsDialog::Entry &e : entries)
            if (e.shortcut.isEmpty() && !e.exempt)
                missing << e.menu + QStringLiteral(" › ") + e.text;
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("menu entries without a shortcut (give them one, or mark "
                                                              "them ShortcutsDialog::setExempt): ")
                                               + missing.join(QStringLiteral("; "))));
    }

    void noTwoEntriesShareAShortcut()
    {
        auto t = window();
        QHash<QKeySequence, QString> seen;
        for (const ShortcutsDialog::Entry &e : ShortcutsDialog::entries(t->window.menuBar())) {
            for (const QKeySequence &key : e.action->shortcuts()) {
                const QString other = seen.value(key);
                QVERIFY2(other.isEmpty(), qPrintable(QStringLiteral("%1 is both %2 and %3").arg(key.toString(), other, e.text)));
                seen.insert(key, e.text);
            }
        }
    }

    // Exemptions are for choices among several and the like, not a way around the rule.
    void exemptionsAreFew()
    {
        auto t = window();
        QStringList exempt;
        for (const ShortcutsDialog::Entry &e : ShortcutsDialog::entries(t->window.menuBar()))
            if (e.exempt)
                exempt << e.text;
        QVERIFY2(exempt.size() <= 8, qPrintable(exempt.join(QStringLiteral("; "))));
    }

    void dialogListsEveryEntryWithItsShortcut()
    {
        auto t = window();
        auto *dialog = t->window.openShortcuts();
        QVERIFY(dialog);
        QTreeWidget *view = dialog->view();
        int rows = 0;
        for (int i = 0; i < view->topLevelItemCount(); ++i)
            rows += view->topLevelItem(i)->childCount();
        QCOMPARE(rows, ShortcutsDialog::entries(t->window.menuBar()).size());
        const QList<QTreeWidgetItem *> release = view->findItems(QStringLiteral("Force release"), Qt::MatchExactly | Qt::MatchRecursive);
        QCOMPARE(release.size(), 1);
        QCOMPARE(release.first()->text(1), QKeySequence(QKeySequence::Delete).toString(QKeySequence::NativeText));
        // Menus are groups, a submenu under its menu's name.
        QVERIFY(!view->findItems(QStringLiteral("Watch › Report a lock as stuck when held for"), Qt::MatchExactly).isEmpty());
        dialog->close();
    }

    // A new entry shows up without anyone editing a list.
    void aNewActionShowsUp()
    {
        auto t = window();
        QMenu *extra = t->window.menuBar()->addMenu(QStringLiteral("&Extra"));
        QAction *a = extra->addAction(QStringLiteral("&Frobnicate…"));
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F));
        bool found = false;
        for (const ShortcutsDialog::Entry &e : ShortcutsDialog::entries(t->window.menuBar()))
            found = found || (e.menu == QStringLiteral("Extra") && e.text == QStringLiteral("Frobnicate") && e.shortcut == a->shortcut());
        QVERIFY(found);
    }
};

QTEST_MAIN(TestShortcutsDialog)
#include "tst_shortcutsdialog.moc"
